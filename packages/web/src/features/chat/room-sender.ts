/**
 * Sends room messages from the main window (docs/protocol.md §2): each carries a fresh origin id (XEP-0359) and is
 * acknowledged by its reflection, which the server sends after the archive commit. An unanswered message is sent
 * again as the same stanza, so the server stores it once however often it arrives.
 */
import {
  parseMessageError,
  parseReflection,
  roomMessage,
  type OutgoingReply,
} from "./room-stanzas";
import type { RoomTransport } from "./room-transport";

// Two tries of 4 s stay inside the bridge's 10 s request timeout of the room window asking.
const ACK_WAIT_MS = 4000;
const SEND_TRIES = 2;

/** Why a message was not sent: `offline`, `timeout`, or the server's error code (e.g. `not_member`). */
export class SendError extends Error {
  constructor(readonly code: string) {
    super(`message not sent: ${code}`);
    this.name = "SendError";
  }
}

type Waiter = (outcome: { time: number } | { error: string }) => void;

/** A random origin id; `getRandomValues` works outside secure contexts too (unlike `randomUUID`). */
function newOriginId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export type RoomSender = {
  /**
   * Sends a text to a room (a FILE message when `extension` is its extensions JSON).
   * @returns the message's log time (its key) once the server stored it; rejects with {@link SendError}.
   */
  send(
    roomJid: string,
    text: string,
    reply: OutgoingReply | null,
    extension?: string,
  ): Promise<number>;
  dispose(): void;
};

/**
 * Creates the sender over the session's chat connection.
 * @param transport - the chat connection.
 */
export function createRoomSender(transport: RoomTransport): RoomSender {
  const waiting = new Map<string, Waiter>();
  const off = transport.onMessage((el) => {
    const error = parseMessageError(el);
    if (error) {
      waiting.get(error.id)?.({ error: error.code });
      return;
    }
    const ack = parseReflection(el);
    if (ack) waiting.get(ack.id)?.({ time: ack.time });
  });

  const attempt = (id: string, stanza: Element) =>
    new Promise<{ time: number } | { error: string }>((resolve) => {
      const timer = setTimeout(() => {
        waiting.delete(id);
        resolve({ error: "timeout" });
      }, ACK_WAIT_MS);
      waiting.set(id, (outcome) => {
        clearTimeout(timer);
        waiting.delete(id);
        resolve(outcome);
      });
      if (!transport.send(stanza)) waiting.get(id)?.({ error: "offline" });
    });

  return {
    async send(roomJid, text, reply, extension) {
      const originId = newOriginId();
      const id = `c-${originId}`;
      const stanza = roomMessage({
        roomJid,
        id,
        originId,
        text,
        reply,
        ...(extension === undefined ? {} : { extension }),
      });
      let outcome: { time: number } | { error: string } = { error: "timeout" };
      for (let tries = 0; tries < SEND_TRIES; tries += 1) {
        outcome = await attempt(id, stanza);
        if (!("error" in outcome) || outcome.error !== "timeout") break;
      }
      if ("error" in outcome) throw new SendError(outcome.error);
      return outcome.time;
    },
    dispose() {
      off();
    },
  };
}
