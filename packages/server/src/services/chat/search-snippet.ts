/**
 * The snippet of a search hit: about 120 characters of the message around its first match, every match marked.
 * Matching here mirrors the index's (NFC, lower case), so what the database found is what gets marked.
 */
import { lowerAsIndexed } from "@moa/shared";

export type SnippetPart = { text: string; match: boolean };

const WINDOW = 120;
/** Characters of context kept before the first match. */
const LEAD = 40;
const ELLIPSIS = "…";

/**
 * Cuts the snippet of a text around a query.
 * @param text the message body (or file name).
 * @param query the searched text, NFC-normalised.
 * @returns text parts in order; `match` parts are occurrences of the query.
 */
export function snippetOf(text: string, query: string): SnippetPart[] {
  // Code points, each lower-cased on its own, so positions in the lowered text map back to the original.
  const chars = Array.from(text.normalize("NFC").replace(/\s+/gu, " "));
  const lowered = chars.map(lowerAsIndexed);
  const needle = Array.from(
    query.normalize("NFC").replace(/\s+/gu, " "),
    lowerAsIndexed,
  );
  const matches: number[] = [];
  for (let i = 0; i + needle.length <= lowered.length; i++) {
    if (needle.every((c, k) => lowered[i + k] === c)) {
      matches.push(i);
      i += needle.length - 1;
    }
  }
  const first = matches[0] ?? 0;
  const start = Math.max(0, Math.min(first - LEAD, chars.length - WINDOW));
  const end = Math.min(chars.length, start + WINDOW);
  const parts: SnippetPart[] = [];
  let at = start;
  const plain = (to: number) => {
    if (to > at)
      parts.push({ text: chars.slice(at, to).join(""), match: false });
  };
  for (const m of matches) {
    if (m < start || m + needle.length > end) continue;
    plain(m);
    parts.push({
      text: chars.slice(m, m + needle.length).join(""),
      match: true,
    });
    at = m + needle.length;
  }
  plain(end);
  if (start > 0) parts.unshift({ text: ELLIPSIS, match: false });
  if (end < chars.length) parts.push({ text: ELLIPSIS, match: false });
  return mergePlain(parts);
}

/** Joins neighbouring plain parts (the ellipses), so the snippet reads as text, match, text, … */
function mergePlain(parts: SnippetPart[]): SnippetPart[] {
  const merged: SnippetPart[] = [];
  for (const p of parts) {
    const last = merged[merged.length - 1];
    if (last && !last.match && !p.match) last.text += p.text;
    else merged.push({ ...p });
  }
  return merged;
}
