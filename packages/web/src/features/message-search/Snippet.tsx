/** A search hit's snippet: its text with the matches marked, built as text nodes (the server's markup is never HTML). */
import type { SnippetPart } from "./search-stanzas";

export function Snippet({ parts }: { parts: readonly SnippetPart[] }) {
  return (
    <span className="moa-search__snippet">
      {parts.map((part, i) =>
        part.match ? <mark key={i}>{part.text}</mark> : part.text,
      )}
    </span>
  );
}
