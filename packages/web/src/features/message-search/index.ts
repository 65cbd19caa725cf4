/** Searching the messages of every room (issue #18): the chatting tab's results, loaded on demand. */
export { MessageSearchResults } from "./MessageSearchResults";
