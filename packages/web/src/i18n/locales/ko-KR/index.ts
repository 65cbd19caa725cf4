/**
 * The ko-KR catalog, one JSON file per area of the app so features add their messages without touching each other's
 * files; `catalogs.test.ts` checks that no key is defined twice and that both languages hold the same keys.
 */
import app from "./app.json";
import chatList from "./chat-list.json";
import chatRoom from "./chat-room.json";
import composer from "./composer.json";
import commute from "./commute.json";
import files from "./files.json";
import friends from "./friends.json";
import groupware from "./groupware-menus.json";
import layout from "./layout.json";
import messageSearch from "./message-search.json";
import orgPicker from "./org-picker.json";
import phone from "./phone.json";
import org from "./org.json";
import roomManage from "./room-manage.json";
import sessionWindows from "./session-windows.json";
import settings from "./settings.json";
import userCard from "./user-card.json";
import webhard from "./webhard.json";

/** Every file of this catalog, for the duplicate-key check. */
export const parts = {
  app,
  chatList,
  chatRoom,
  composer,
  org,
  orgPicker,
  files,
  layout,
  messageSearch,
  roomManage,
  sessionWindows,
  settings,
  friends,
  commute,
  groupware,
  userCard,
  phone,
  webhard,
};

/** The whole catalog. */
export const catalog = {
  ...app,
  ...chatList,
  ...chatRoom,
  ...composer,
  ...org,
  ...orgPicker,
  ...files,
  ...layout,
  ...messageSearch,
  ...roomManage,
  ...sessionWindows,
  ...settings,
  ...friends,
  ...commute,
  ...groupware,
  ...userCard,
  ...phone,
  ...webhard,
};
