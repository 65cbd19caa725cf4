/** Searching the messages of every room (issue #18): the chatting tab's results and the search itself, on demand. */
export { MessageSearchResults } from "./MessageSearchResults";
export { searchMessages } from "./search-api";
