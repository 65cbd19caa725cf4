/** The chatting tab and the main window's room list sync (spec §2.4, §4 Rooms). */
export { ChatProvider, useChatSync, useRoomList } from "./ChatContext";
export { ChattingTab } from "./ChattingTab";
