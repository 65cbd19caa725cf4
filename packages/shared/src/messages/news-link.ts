/**
 * Links of news room entries (spec §3 ALROOM `link`): the groupware's page for the entry, opened as an external
 * link. Only absolute http(s) addresses qualify, so no script, data, relative or protocol-relative link is ever
 * relayed by the server or rendered by a client (the client checks again: history written before this rule may hold
 * anything).
 */
import { z } from "zod";

// The raw text must already be a plain absolute address: URL parsing alone would accept "https:host" or strip tabs,
// newlines and surrounding spaces, so a link could read differently to a person than to the browser.
const ABSOLUTE_WEB_ADDRESS = /^https?:\/\/[^\s\\/?#]/i;
// eslint-disable-next-line no-control-regex -- control characters are exactly what must be refused
const CONTROL_OR_SPACE = /[\s\u0000-\u001f\u007f]/;

// The address must also parse as a URL with a host (zod's check runs the platform's URL parser).
const webUrl = z.url({ protocol: /^https?$/ });

/**
 * Resolves a news entry's link.
 * @param link - the link as posted.
 * @returns the link to open (an absolute http(s) URL), or null when the link is not one (empty included).
 */
export function newsLinkHref(link: string): string | null {
  return ABSOLUTE_WEB_ADDRESS.test(link) &&
    !CONTROL_OR_SPACE.test(link) &&
    webUrl.safeParse(link).success
    ? link
    : null;
}

/** The message invalid_input gives for a link that is not an absolute http(s) URL. */
export const NEWS_LINK_ERROR = "must be an absolute http: or https: URL";

/** A news entry's link as the groupware posts it: empty (no link) or an absolute http(s) URL. */
export const newsLinkSchema = z
  .string()
  .max(2000)
  .refine((link) => link === "" || newsLinkHref(link) !== null, NEWS_LINK_ERROR)
  .default("");
