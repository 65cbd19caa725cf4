/** The chatting tab and the main window's room list sync (spec §2.4, §4 Rooms). */
export {
  ChatContext,
  ChatProvider,
  useChatSync,
  usePresenceFollower,
  useRoomList,
} from "./ChatContext";
export { ChatNotifier } from "./ChatNotifier";
export { ChattingTab } from "./ChattingTab";
export { isRoomWindowFocused, type SearchMessages } from "./room-windows";
export { useRoomCommands } from "./use-room-commands";
