/** The message search over the main window's chat connection: one page of hits per call. */
import {
  parseSearchResult,
  searchQuery,
  SEARCH_PAGE_SIZE,
  type SearchPage,
  type SearchParams,
} from "./search-stanzas";

/**
 * Sends an iq over the chat connection with the caller's timeout and resolves with its result (rejects on an error
 * answer or timeout).
 */
export type SendIq = (iq: Element) => Promise<Element>;

/**
 * Asks the server for one page of messages matching the query.
 * @param sendIq - the chat connection.
 * @param params - the query, filters and the cursor of the page.
 * @returns the hits, newest first, and the cursor of the next page.
 */
export async function searchMessages(
  sendIq: SendIq,
  params: SearchParams,
): Promise<SearchPage> {
  const max = params.max ?? SEARCH_PAGE_SIZE;
  const answer = await sendIq(searchQuery({ ...params, max }));
  return parseSearchResult(answer, max);
}
