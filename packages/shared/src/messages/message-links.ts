/**
 * Links in message texts (issue #12): messages are untrusted, so only what reads as an absolute http(s) address or a
 * mailto: address becomes a link, and only when the browser parses it as exactly that scheme. Anything else —
 * javascript:, data:, file:, relative addresses — stays plain text.
 */

/** A link found in a text: where it is and the address to open. */
export type TextLink = { start: number; end: number; href: string };

// A candidate starts at a word boundary and runs to the next blank or character that cannot be part of an address
// in running text (quotes and angle brackets).
const CANDIDATE = /(?<![\p{L}\p{N}])(?:https?:\/\/|mailto:)[^\s<>"'`]+/giu;
// Sentence punctuation right after an address belongs to the sentence, not the address.
const TRAILING = /[.,;:!?)\]}]+$/u;
const ALLOWED = new Set(["http:", "https:", "mailto:"]);

type ParsedUrl = {
  protocol: string;
  hostname: string;
  pathname: string;
  href: string;
};
// The platform's WHATWG URL parser (browsers and Node): what the browser will open is what it parses.
const PlatformUrl = (
  globalThis as unknown as { URL: new (input: string) => ParsedUrl }
).URL;

function parse(address: string): ParsedUrl | null {
  try {
    return new PlatformUrl(address);
  } catch {
    return null;
  }
}

/**
 * Finds the links of a text.
 * @param text - a message text.
 * @returns the links in text order; their href is the parsed address (http, https or mailto only).
 */
export function findTextLinks(text: string): TextLink[] {
  const links: TextLink[] = [];
  for (const match of text.matchAll(CANDIDATE)) {
    let address = match[0];
    const trailing = TRAILING.exec(address);
    // A closing bracket stays when the address opened one, as in wiki addresses "…/Foo_(bar)".
    if (trailing && !(address.includes("(") && trailing[0] === ")"))
      address = address.slice(0, -trailing[0].length);
    const url = parse(address);
    const web = url?.protocol === "http:" || url?.protocol === "https:";
    if (!url || !ALLOWED.has(url.protocol) || (web && url.hostname === ""))
      continue;
    if (url.protocol === "mailto:" && url.pathname === "") continue;
    links.push({
      start: match.index,
      end: match.index + address.length,
      href: url.href,
    });
  }
  return links;
}
