/**
 * A message text with its search matches marked: the text is split into plain strings and `<mark>` elements (React
 * text nodes, never HTML), the current match marked apart with `aria-current`.
 */
import type { ReactNode } from "react";
import type { SearchHit } from "./room-search";

type HighlightedTextProps = {
  text: string;
  hits: readonly SearchHit[];
  current: SearchHit | null;
};

export function HighlightedText({ text, hits, current }: HighlightedTextProps) {
  if (hits.length === 0) return text;
  const parts: ReactNode[] = [];
  let at = 0;
  for (const hit of hits) {
    if (hit.start > at) parts.push(text.slice(at, hit.start));
    const isCurrent = hit === current;
    parts.push(
      <mark
        key={hit.start}
        className={
          isCurrent ? "moa-room__hit moa-room__hit--current" : "moa-room__hit"
        }
        {...(isCurrent ? { "aria-current": "true" as const } : {})}
      >
        {text.slice(hit.start, hit.end)}
      </mark>,
    );
    at = hit.end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}
