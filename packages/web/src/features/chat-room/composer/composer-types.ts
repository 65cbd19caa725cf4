/** Data the composer receives from the room window. */

/** The message being answered (spec §3 reply fields). */
export type ReplyTarget = {
  messageKey: string;
  senderName: string;
  text: string;
};

/** A member the composer can mention. */
export type ComposerMember = {
  jid: string;
  name: string;
  /** Shown after the name in the mention list, e.g. "과장 · 개발팀". */
  detail?: string;
};
