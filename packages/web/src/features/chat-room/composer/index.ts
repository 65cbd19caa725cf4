/** The room window's input area and its view settings (zoom, chat font size, opacity). */
export { Composer } from "./Composer";
export type { ComposerMember, ComposerProps, ReplyTarget } from "./Composer";
export { RoomViewControls } from "./RoomViewControls";
export {
  CHAT_FONT_SIZE_VAR,
  useRoomViewSettings,
  type RoomView,
  type RoomViewStyle,
} from "./use-room-view-settings";
