/** The friend tab (spec §2.5): groups, friends with live presence, group editing and adding through the org picker. */
export { FriendTab, type FriendMode } from "./FriendTab";
