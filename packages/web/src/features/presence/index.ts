/** Presence of other users (docs/protocol.md §5): the follower, its React context and the presence icon. */
export { PresenceFollower, type PresenceTransport } from "./presence-follower";
export {
  PresenceContext,
  usePresence,
  usePresenceFollower,
} from "./PresenceContext";
export { PresenceIcon } from "./PresenceIcon";
