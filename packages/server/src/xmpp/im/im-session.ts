/**
 * Per-session state of the IM part (carbons, roster interest, presence following) and the rule that tells a Moa
 * client from a stock one. Kept beside the session (a WeakMap) so the stream layer stays unaware of it.
 */
import { PRESENCE_TARGETS } from "@moa/shared";
import type { ChatSession } from "../stream/chat-session.js";

export type ImState = {
  /** XEP-0280: the client enabled carbons. */
  carbons: boolean;
  /** The roster as last sent (jid → serialised item), once the client asked for it: it then gets roster pushes. */
  roster: Map<string, string> | undefined;
  /** The contacts whose presence the session follows (user ids), once it sent its initial presence. */
  contacts: Set<number> | undefined;
  /** Origin ids of 1:1 messages this session sent and is storing: it gets no copy of them (no reflection in 1:1). */
  sending: Set<string>;
  /** Stanzas that need a look-up before delivery go out in order through this chain. */
  chain: Promise<void>;
};

const states = new WeakMap<ChatSession, ImState>();

/**
 * The IM state of a session, created on first use.
 * @param session the session.
 * @returns its state.
 */
export function imState(session: ChatSession): ImState {
  let state = states.get(session);
  if (!state) {
    state = {
      carbons: false,
      roster: undefined,
      contacts: undefined,
      sending: new Set(),
      chain: Promise.resolve(),
    };
    states.set(session, state);
  }
  return state;
}

/**
 * Whether a session is a Moa client: its resource starts with a Moa presence target (`webchat`, `pc-…`, `web-…`,
 * `mobile-…`), as every Moa client binds. Moa clients get dual-room messages as room (groupchat) deliveries; every
 * other session is a stock client and gets them as RFC 6121 `type="chat"` messages. The resource decides at bind
 * time, so no message can arrive before the kind is known.
 * @param session the session.
 * @returns true for a Moa client.
 */
export function isMoaSession(session: ChatSession): boolean {
  const prefix = session.resource.split("-")[0] ?? "";
  return (PRESENCE_TARGETS as readonly string[]).includes(prefix);
}

/**
 * Runs a delivery task after the session's earlier ones, so look-ups never reorder its stanzas.
 * @param session the session.
 * @param task builds the stanzas to deliver.
 * @param onError logs a failure (the chain goes on).
 * @param options.holdEvents hold the session's bus events while the task runs and until its stanzas are delivered
 *   (for a task that follows topics and delivers their current state: ChatSession.holdEvents).
 */
export function enqueue(
  session: ChatSession,
  task: () => Promise<string[]>,
  onError: (err: unknown) => void,
  { holdEvents = false }: { holdEvents?: boolean } = {},
): void {
  const state = imState(session);
  state.chain = (async () => {
    await state.chain;
    const release = holdEvents ? session.holdEvents() : undefined;
    try {
      for (const xml of await task()) session.deliver(xml);
    } catch (err) {
      onError(err);
    } finally {
      release?.();
    }
  })();
}
