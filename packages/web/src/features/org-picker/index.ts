/** The org picker layer (spec §2.9), its org sources and the room-type dialog that follows a pick of several people. */
export { OrgPicker } from "./OrgPicker";
export { createOrgCacheSource } from "./org-cache-source";
export { openOrgPickers } from "./open-pickers";
export type {
  OrgPickerProps,
  OrgPickerSource,
  PickerDepartment,
  PickerUser,
} from "./org-picker-types";
export {
  RoomTypeDialog,
  type NewRoomType,
  type RoomTypeChoice,
} from "./RoomTypeDialog";
