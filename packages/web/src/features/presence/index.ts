export { PresenceFollower, type PresenceTransport } from "./presence-follower";
