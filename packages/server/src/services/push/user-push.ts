/**
 * Pushes workplace events (badge counts, groupware alarms, notices, incoming calls) to every online chat
 * connection of a user. Implemented over the chat bus's user topic; the XMPP layer renders `workplace.push`.
 */
import { userTopic, type BusEvent, type ChatBus } from "../../bus/bus.js";

/** Kinds of workplace push, as the client tells them apart. */
export type PushType =
  "count" | "alarm" | "notice" | "noticePopup" | "incomingCall";

/** The bus event a push travels as (kind `workplace.push`); `payload` is plain JSON. */
export type WorkplacePushEvent = BusEvent & {
  kind: "workplace.push";
  type: PushType;
  payload: Record<string, unknown>;
};

/** Event kind on the user topic. */
export const WORKPLACE_PUSH_KIND = "workplace.push";

/** Delivers a push to a user's online connections (dropped when none is online). */
export interface UserPush {
  /**
   * Pushes to one user.
   * @param userId the recipient.
   * @param type what changed.
   * @param payload the data, plain JSON.
   */
  toUser(
    userId: number,
    type: PushType,
    payload: Record<string, unknown>,
  ): void;
}

/**
 * The push over the chat bus: one publish on the user's topic reaches every node holding a connection.
 * @param bus the chat bus.
 * @returns the push.
 */
export function createBusUserPush(bus: ChatBus): UserPush {
  return {
    toUser(userId, type, payload) {
      const event: WorkplacePushEvent = {
        kind: WORKPLACE_PUSH_KIND,
        type,
        payload,
      };
      bus.publish(userTopic(userId), event);
    },
  };
}
