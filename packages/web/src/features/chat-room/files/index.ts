/** Files in the room window (spec §2.11): uploads with their dialogs, the drop area and FILE message bodies. */
export { FileMessageBody } from "./FileMessageBody";
export { RoomUploadsProvider, useRoomUploads } from "./RoomUploads";
export type { RoomUploads } from "./RoomUploads";
export { FileDropArea } from "./FileDropArea";
