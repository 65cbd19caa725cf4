/** The shared chat rules the XMPP protocol relies on, re-exported for protocol code (same bindings as their modules). */
export { ALARM_TYPE_CODES, type AlarmKind } from "../codes/alarm.js";
export {
  HISTORY_PAGE_SIZE,
  LOGIN_NOTICE_MIN_INTERVAL_MS,
  LONG_MESSAGE_MAX_LENGTH,
  MESSAGE_DELETE_WINDOW_MS,
  NICKNAME_MAX_LENGTH,
  ROOM_TITLE_MAX_LENGTH,
} from "../constants.js";
export {
  CONTENT_TYPES,
  isContentType,
  type ContentType,
} from "../messages/content-type.js";
export { AFFILIATIONS, type Affiliation } from "../messages/unread.js";
export { previewMessage } from "../messages/long-message.js";
export {
  OWN_PRESENCE_STATES,
  PRESENCE_TARGETS,
  type OwnPresenceState,
  type PresenceTarget,
} from "../presence.js";
export { createRoomName } from "../rooms/room-name.js";
export {
  ROOM_NAME_PREFIXES,
  ROOM_TYPES,
  isMultiRoom,
  roomTypeFromName,
  type CreatableRoomType,
  type RoomType,
} from "../rooms/room-type.js";
