/**
 * A message text as React text, never HTML (messages are untrusted): http(s) and mailto addresses become links that
 * open in a new tab without opener or referrer (any other scheme stays text, see `findTextLinks`), the reader's own
 * `@Name` is emphasised when the message mentions them, and Ctrl+F matches are marked, the current one apart with
 * `aria-current`.
 */
import { findMentionTokens, findTextLinks } from "@moa/shared";
import type { ReactNode } from "react";
import type { SearchHit } from "./room-search";

type MessageTextProps = {
  text: string;
  hits: readonly SearchHit[];
  current: SearchHit | null;
  /** The reader's name when the message mentions the reader (by JID), else null. */
  mentionedName: string | null;
};

type Segment = {
  start: number;
  end: number;
  kind: "plain" | "link" | "mention";
  href?: string;
};

/** Links first; mentions where no link is; plain text in the gaps. */
function segmentsOf(text: string, mentionedName: string | null): Segment[] {
  const links: Segment[] = findTextLinks(text).map((l) => ({
    ...l,
    kind: "link",
  }));
  // Mention positions are found in the NFC text: only use them when that is the text shown.
  const mentions: Segment[] =
    mentionedName && text === text.normalize("NFC")
      ? findMentionTokens(text, mentionedName)
          .filter((m) => !links.some((l) => m.start < l.end && l.start < m.end))
          .map((m) => ({ ...m, kind: "mention" }))
      : [];
  const marked = [...links, ...mentions].sort((a, b) => a.start - b.start);
  const out: Segment[] = [];
  let at = 0;
  for (const s of marked) {
    if (s.start > at) out.push({ start: at, end: s.start, kind: "plain" });
    out.push(s);
    at = s.end;
  }
  if (at < text.length)
    out.push({ start: at, end: text.length, kind: "plain" });
  return out;
}

/** The text of [from, to) with the search matches inside it marked (a match across a segment edge is split). */
function withHits(
  text: string,
  from: number,
  to: number,
  hits: readonly SearchHit[],
  current: SearchHit | null,
): ReactNode[] {
  const parts: ReactNode[] = [];
  let at = from;
  for (const hit of hits) {
    const start = Math.max(hit.start, from);
    const end = Math.min(hit.end, to);
    if (end <= start) continue;
    if (start > at) parts.push(text.slice(at, start));
    const isCurrent = hit === current;
    parts.push(
      <mark
        key={start}
        className={
          isCurrent ? "moa-room__hit moa-room__hit--current" : "moa-room__hit"
        }
        {...(isCurrent ? { "aria-current": "true" as const } : {})}
      >
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  if (at < to) parts.push(text.slice(at, to));
  return parts;
}

export function MessageText({
  text,
  hits,
  current,
  mentionedName,
}: MessageTextProps) {
  const segments = segmentsOf(text, mentionedName);
  if (hits.length === 0 && segments.every((s) => s.kind === "plain"))
    return text;
  return segments.map((s) => {
    const content = withHits(text, s.start, s.end, hits, current);
    if (s.kind === "link")
      return (
        <a
          key={s.start}
          className="moa-msg__link"
          href={s.href}
          target="_blank"
          rel="noopener noreferrer"
        >
          {content}
        </a>
      );
    if (s.kind === "mention")
      return (
        <strong key={s.start} className="moa-msg__mention">
          {content}
        </strong>
      );
    return <span key={s.start}>{content}</span>;
  });
}
