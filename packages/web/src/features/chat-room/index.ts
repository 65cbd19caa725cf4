/** Chat room window. */
export { ChatRoomPage } from "./ChatRoomPage";
