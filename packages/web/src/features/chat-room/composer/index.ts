export { Composer } from "./Composer";
export type { ComposerMember, ComposerProps, ReplyTarget } from "./Composer";
