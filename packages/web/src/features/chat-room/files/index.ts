export { FileMessageBody } from "./FileMessageBody";
export { RoomUploadsProvider, useRoomUploads } from "./RoomUploads";
export { FileDropArea } from "./FileDropArea";
