/**
 * Follows the presence of the users this main window shows (docs/protocol.md §5): every consumer (a room window's
 * members, later the friend list and the open department) names its users, the union is sent as one `subscribe`
 * (which replaces the previous set), and presence pushes keep a per-user summary current. After a reconnect the set is
 * sent again, since the server forgets it with the old connection.
 */
import {
  NS_MOA_PRESENCE,
  summarizePresence,
  type Presence,
  type TargetPresence,
} from "@moa/shared";
import { $iq } from "strophe.js";
import { child, children } from "../../lib/xml";

/** What the follower needs from the session. */
export type PresenceTransport = {
  sendIq(iq: Element, timeoutMs: number): Promise<Element>;
  onPresence(fn: (presence: Element) => void): () => void;
  onResume(fn: () => void): () => void;
};

// The server accepts at most this many users per subscription.
const MAX_FOLLOWED = 5000;
// Consumers often change together (a window opening loads its members); one subscription covers the burst.
const SUBSCRIBE_DELAY_MS = 50;
const SUBSCRIBE_TIMEOUT_MS = 10_000;

type Listener = (jid: string, presence: Presence) => void;

export class PresenceFollower {
  private readonly interests = new Map<string, readonly string[]>();
  /** Online targets per followed user. */
  private readonly online = new Map<string, Map<string, TargetPresence>>();
  private readonly listeners = new Set<Listener>();
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly transport: PresenceTransport) {}

  /**
   * Starts listening to presence pushes and reconnects.
   * @returns stops.
   */
  start(): () => void {
    const offPresence = this.transport.onPresence((el) => {
      this.onPush(el);
    });
    const offResume = this.transport.onResume(() => {
      this.schedule();
    });
    return () => {
      offPresence();
      offResume();
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
    };
  }

  /**
   * Sets the users one consumer shows (replacing what it named before).
   * @param consumer - who asks, e.g. `room:<name>`.
   * @param jids - bare JIDs.
   */
  follow(consumer: string, jids: readonly string[]): void {
    this.interests.set(consumer, jids);
    this.schedule();
  }

  /** Stops following the users of one consumer. */
  unfollow(consumer: string): void {
    if (this.interests.delete(consumer)) this.schedule();
  }

  /** The presence shown for a user (off until known). */
  presenceOf(jid: string): Presence {
    return summarizePresence([...(this.online.get(jid)?.values() ?? [])]);
  }

  /**
   * Calls `fn` whenever a followed user's shown presence changes.
   * @returns stops calling.
   */
  onChange(fn: Listener): () => void {
    this.listeners.add(fn);
    return () => {
      this.listeners.delete(fn);
    };
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.subscribe();
    }, SUBSCRIBE_DELAY_MS);
  }

  private async subscribe(): Promise<void> {
    const followed = [...new Set([...this.interests.values()].flat())].slice(
      0,
      MAX_FOLLOWED,
    );
    const iq = $iq({ type: "set" }).c("subscribe", { xmlns: NS_MOA_PRESENCE });
    for (const jid of followed) iq.c("item", { jid }).up();
    let answer: Element;
    try {
      answer = await this.transport.sendIq(iq.tree(), SUBSCRIBE_TIMEOUT_MS);
    } catch {
      // Offline or refused: the next reconnect or change subscribes again.
      return;
    }
    const before = new Map(followed.map((jid) => [jid, this.presenceOf(jid)]));
    this.online.clear();
    const list = child(answer, "subscribe", NS_MOA_PRESENCE);
    for (const item of list ? children(list, "item") : []) {
      const jid = item.getAttribute("jid");
      const target = item.getAttribute("target");
      if (jid && target) this.setTarget(jid, target, item.getAttribute("show"));
    }
    for (const [jid, was] of before) this.notifyIfChanged(jid, was);
  }

  private onPush(el: Element): void {
    const info = child(el, "presence", NS_MOA_PRESENCE);
    const from = el.getAttribute("from") ?? "";
    const jid = from.split("/")[0] ?? "";
    const target =
      info?.getAttribute("target") ?? from.split("/")[1]?.split("-")[0];
    if (!info || !jid || !target) return;
    const was = this.presenceOf(jid);
    if (el.getAttribute("type") === "unavailable") {
      this.online.get(jid)?.delete(target);
    } else this.setTarget(jid, target, info.getAttribute("show"));
    this.notifyIfChanged(jid, was);
  }

  private setTarget(jid: string, target: string, show: string | null): void {
    const targets = this.online.get(jid) ?? new Map<string, TargetPresence>();
    targets.set(target, { target, show: show ?? undefined });
    this.online.set(jid, targets);
  }

  private notifyIfChanged(jid: string, was: Presence): void {
    const now = this.presenceOf(jid);
    if (now !== was) for (const fn of this.listeners) fn(jid, now);
  }
}
