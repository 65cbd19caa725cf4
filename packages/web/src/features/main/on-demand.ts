/**
 * What the main window loads on demand, as one chunk: the panels of the tabs other than chatting, and the message
 * search (issue #18). One dynamic entry for both keeps the modules they share with the first load (React, i18n) in
 * the chunks they are in today; a separate entry would split them into more, larger-in-sum first-load chunks.
 */
export { TabPanel } from "./TabPanel";
export { MessageSearchResults, searchMessages } from "../message-search";
