export { RoomMenu } from "./RoomMenu";
