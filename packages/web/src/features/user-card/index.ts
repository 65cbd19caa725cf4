/**
 * The user info card (spec §2.3, §2.11), opened from any list that shows people.
 *
 * Main window: wrap it in `<UserCardProvider>` (inside the chat provider, the bridge and the react-query client),
 * then `const card = useUserCard(); card.open(jid)` from the org tab, friend list, search results or member lists.
 * `open` returns false (and shows nothing) for a JID the org tree does not list, or outside a provider.
 * Room windows: render `<RoomUserCard jid presence onClose />`; it asks the main window over the bridge.
 * `UserAvatar` draws a person's avatar (photo, else initials) the way every list should.
 * Adding or removing a friend invalidates the react-query key `FRIENDS_QUERY_KEY` (["friends"]).
 */
export { cardActions, type CardAction } from "./card-session";
export { findCardUser, type CardUser } from "./card-user";
export { RoomUserCard } from "./RoomUserCard";
export { UserAvatar } from "./UserAvatar";
export { UserCard } from "./UserCard";
export {
  UserCardContext,
  UserCardProvider,
  useUserCard,
  type UserCardApi,
} from "./UserCardProvider";
export { FRIENDS_QUERY_KEY } from "./user-card-api";
