/**
 * One bound resource of a user: receives the user's events from the bus, and keeps XEP-0198 stream
 * management state (counters, unacknowledged queue) so a dropped connection can be resumed.
 */
import { randomBytes } from "node:crypto";
import {
  NS_SM,
  fullJid,
  parseJid,
  type BareJid,
  type FullJid,
} from "@moa/shared";
import { userTopic, type BusEvent } from "../../bus/bus.js";
import {
  SESSION_RENEWED,
  SESSION_REVOKED,
} from "../../services/auth/session-events.js";
import type { Actor } from "../../services/auth/actor.js";
import type { XmppContext } from "../context.js";
import { credentialsExpired, sessionRevoked, StreamError } from "./errors.js";

/** The socket side a session writes to; swapped on resumption. */
export interface SessionTransport {
  sendRaw(xml: string): void;
  closeWithError(error: StreamError): void;
}

const UINT32 = 2 ** 32;
/**
 * When the server asks for an ack (`<r/>`): after this many unacknowledged stanzas, or ACK_REQUEST_DELAY_MS after the
 * first stanza it has not asked about. The count is large because each request costs the client an answer and the
 * server one more stanza to parse: with requests every 32 the chat bench missed its 40,000 stanzas/s step in three
 * runs of three, with 128 it passed in two of three. The delay trims the queue of a session that gets fewer stanzas.
 * It runs from the first stanza, not from the last: a quiet period that every stanza restarted was never reached by a
 * session that got one more often (keep-alive pings included), which then was asked only every 128.
 */
const ACK_REQUEST_EVERY = 128;
const ACK_REQUEST_DELAY_MS = 2_000;

/** Handlers that react to a session's life (presence), registered by the XMPP plugin. */
export type SessionHooks = {
  /** Turns a bus event into a stanza for this session, or undefined to ignore it. */
  render: (event: BusEvent, session: ChatSession) => string | undefined;
  onStart: (session: ChatSession) => void;
  onEnd: (session: ChatSession) => void;
};

export class ChatSession {
  /**
   * Unique per session across nodes; the bind conflict check compares it. One flat string (randomUUID's is built of
   * fourteen joined pieces, about 480 bytes per idle connection).
   */
  readonly id = randomBytes(16).toString("base64url");
  readonly bare: BareJid;
  readonly jid: FullJid;
  /** The user's XMPP domain, parsed once: every delivery renders with it. */
  readonly domain: string;
  transport: SessionTransport | undefined;
  resumeId: string | undefined;
  /** Stanzas received from the client and fully handled (XEP-0198 `h`). */
  inboundHandled = 0;
  private smEnabled = false;
  private outbound = 0;
  private readonly unacked: string[] = [];
  private sinceAckRequest = 0;
  private ackRequestTimer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  private resumeTimer: NodeJS.Timeout | undefined;
  private ended = false;
  /** Ended because a newer session bound the same full JID (conflict): that one now holds the resource. */
  replaced = false;
  /** The last of the stanzas still being handled, in arrival order (see track). */
  private inboundTail: Promise<void> = Promise.resolve();
  private inboundPending = 0;
  /**
   * Extra bus topics this session follows (presence of the users it shows, login notices); made on the first, as
   * many sessions (bots, stock clients without contacts) follow none.
   */
  private topics: Map<string, () => void> | undefined;
  /** Which login notifications the client wants: none, the whole organisation, or the users it follows. */
  loginScope: "off" | "org" | "frnd" = "off";
  /** Bus events held back while a snapshot that must reach the client first is prepared (see holdEvents). */
  private held: BusEvent[] | undefined;
  private holds = 0;

  constructor(
    readonly actor: Actor,
    readonly resource: string,
    private readonly ctx: XmppContext,
    private readonly hooks: SessionHooks,
    /** When the access token it authenticated with expires (ms since the epoch); renewals move it later. */
    private credentialsExpireAt: number,
  ) {
    this.bare = actor.jid.toLowerCase() as BareJid;
    this.jid = fullJid(this.bare, resource);
    this.domain = parseJid(this.bare)?.domain ?? "";
  }

  /** Subscribes to the user's events and takes over the resource from any other session (conflict). */
  start(transport: SessionTransport): void {
    this.transport = transport;
    this.ctx.sessions.add(this);
    this.unsubscribe = this.ctx.bus.subscribe(
      userTopic(this.actor.userId),
      (e) => this.onBusEvent(e),
    );
    this.ctx.bus.publish(userTopic(this.actor.userId), {
      kind: "bind",
      resource: this.resource,
      sessionId: this.id,
    });
  }

  /**
   * Sends a stanza (counted and queued for stream management).
   * @param xml the serialised stanza.
   */
  deliver(xml: string): void {
    if (this.ended) return;
    if (this.smEnabled) {
      this.outbound = (this.outbound + 1) % UINT32;
      this.unacked.push(xml);
      if (this.unacked.length > this.ctx.limits.maxUnacked) {
        // A client that never acknowledges cannot grow our memory without bound.
        this.close(new StreamError("policy-violation"));
        return;
      }
    }
    if (!this.transport) return;
    this.transport.sendRaw(xml);
    if (!this.smEnabled) return;
    if (++this.sinceAckRequest >= ACK_REQUEST_EVERY) this.requestAck();
    else if (!this.ackRequestTimer) {
      this.ackRequestTimer = setTimeout(() => {
        this.requestAck();
      }, ACK_REQUEST_DELAY_MS);
      this.ackRequestTimer.unref();
    }
  }

  /** Asks the client to acknowledge what it received (XEP-0198 `<r/>`), so the unacknowledged queue can shrink. */
  private requestAck(): void {
    this.forgetAckRequest();
    this.transport?.sendRaw(`<r xmlns="${NS_SM}"/>`);
  }

  /** Starts counting towards the next ack request afresh, with no delay timer running. */
  private forgetAckRequest(): void {
    clearTimeout(this.ackRequestTimer);
    this.ackRequestTimer = undefined;
    this.sinceAckRequest = 0;
  }

  /**
   * Enables stream management (XEP-0198 §3).
   * @param resume whether the client asked for resumption.
   * @returns the resumption id, if resumable.
   */
  enableSm(resume: boolean): string | undefined {
    this.smEnabled = true;
    if (!resume) return undefined;
    this.resumeId = randomBytes(12).toString("base64url");
    this.ctx.sessions.setResumable(this, this.resumeId);
    return this.resumeId;
  }

  get isSmEnabled(): boolean {
    return this.smEnabled;
  }

  /**
   * Handles the client's `<a h/>`: drops what it has received.
   * @param h the client's count of handled stanzas.
   * @returns false when h acknowledges more than was sent.
   */
  acknowledge(h: number): boolean {
    const acked = (this.outbound - this.unacked.length + UINT32) % UINT32;
    const delta = (h - acked + UINT32) % UINT32;
    if (delta > this.unacked.length) return false;
    this.unacked.splice(0, delta);
    // The client acknowledged everything on its own: nothing left to ask about.
    if (this.unacked.length === 0) this.forgetAckRequest();
    return true;
  }

  /** Counts a handled inbound stanza. */
  handled(): void {
    if (this.smEnabled)
      this.inboundHandled = (this.inboundHandled + 1) % UINT32;
  }

  /**
   * Takes a stanza whose handling goes on while the next ones start (a chat message queued for the archive): it is
   * counted as handled once it and every stanza tracked before it are done, so `h` only ever covers committed work.
   * @param done settles when the stanza is handled; a rejection goes to failed (which ends the stream, so what is
   * counted after it no longer matters).
   * @param failed ends the stream.
   */
  track(done: Promise<void>, failed: (err: unknown) => void): void {
    const before = this.inboundTail;
    this.inboundPending += 1;
    this.inboundTail = (async () => {
      try {
        await done;
        await before;
        this.handled();
      } catch (err) {
        failed(err);
      } finally {
        this.inboundPending -= 1;
      }
    })();
  }

  /** Tracked stanzas not yet handled. */
  get pendingInbound(): number {
    return this.inboundPending;
  }

  /** @returns when every tracked stanza is handled (or failed). */
  inboundSettled(): Promise<void> {
    return this.inboundTail;
  }

  /** The connection dropped without `<close/>`: wait for resumption if enabled, else end. */
  detach(): void {
    this.transport = undefined;
    if (!this.resumeId || this.ended) {
      this.end();
      return;
    }
    this.resumeTimer = setTimeout(
      () => this.end(),
      this.ctx.limits.resumeTimeoutSeconds * 1000,
    );
    this.resumeTimer.unref();
  }

  /**
   * Moves the session onto a new connection (XEP-0198 §5) and retransmits what the client missed.
   * @param transport the new connection.
   * @param h the client's count of handled stanzas.
   * @returns "resumed"; "bad-h" when h is impossible; "backlog" when what the client missed is more than a connection
   *   may leave unread: sent at once it would get the new connection cut off too (and every retry after it), so the
   *   client binds anew and catches up through MAM, in pages that fit.
   */
  resume(
    transport: SessionTransport,
    h: number,
  ): "resumed" | "bad-h" | "backlog" {
    if (this.ended || !this.acknowledge(h)) return "bad-h";
    let backlog = 0;
    for (const xml of this.unacked) backlog += Buffer.byteLength(xml);
    if (backlog > this.ctx.limits.maxOutputBytes / 2) return "backlog";
    clearTimeout(this.resumeTimer);
    this.resumeTimer = undefined;
    this.transport = transport;
    transport.sendRaw(
      `<resumed xmlns="${NS_SM}" previd="${this.resumeId ?? ""}" h="${this.inboundHandled}"/>`,
    );
    for (const xml of this.unacked) transport.sendRaw(xml);
    return "resumed";
  }

  /**
   * Starts receiving a bus topic (idempotent).
   * @param topic the topic.
   */
  follow(topic: string): void {
    if (this.ended) return;
    this.topics ??= new Map();
    if (this.topics.has(topic)) return;
    this.topics.set(
      topic,
      this.ctx.bus.subscribe(topic, (e) => {
        this.onBusEvent(e);
      }),
    );
  }

  /**
   * Stops receiving a bus topic.
   * @param topic the topic.
   */
  unfollow(topic: string): void {
    this.topics?.get(topic)?.();
    this.topics?.delete(topic);
  }

  /**
   * Whether the session follows a topic.
   * @param topic the topic.
   * @returns true when subscribed.
   */
  follows(topic: string): boolean {
    return this.topics?.has(topic) ?? false;
  }

  /** The followed topics. */
  followed(): string[] {
    return [...(this.topics?.keys() ?? [])];
  }

  /**
   * Moves the session's deadline to a newer access token's expiry (token renew, HTTP refresh, resumption).
   * @param expiresAt the new token's expiry in ms; an earlier one is ignored.
   */
  extendCredentials(expiresAt: number): void {
    this.credentialsExpireAt = Math.max(this.credentialsExpireAt, expiresAt);
  }

  /**
   * Ends the session when its access token expired unrenewed (credentials-expired); not resumable afterwards.
   * @param now the current time in ms.
   */
  expireIfDue(now: number): void {
    if (this.ended || now < this.credentialsExpireAt) return;
    this.close(credentialsExpired());
  }

  /**
   * Holds back the session's bus events until the returned function is called, then delivers them in arrival order.
   * A handler that follows topics and then sends their current state (presence) holds them meanwhile: a change
   * pushed before that state would be overwritten by it on the client. Events that act on the session itself
   * (revocation, renewal, a conflicting bind) are not held.
   * @returns the release; calling it again does nothing.
   */
  holdEvents(): () => void {
    this.holds += 1;
    this.held ??= [];
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds -= 1;
      if (this.holds > 0) return;
      const events = this.held ?? [];
      this.held = undefined;
      for (const event of events) this.deliverEvent(event);
    };
  }

  /** Whether the session still waits for resumption or is attached. */
  get isEnded(): boolean {
    return this.ended;
  }

  /**
   * Closes the stream with an error and ends the session (not resumable).
   * @param error the stream error.
   */
  close(error: StreamError): void {
    this.transport?.closeWithError(error);
    this.end();
  }

  /** Ends the session for good: unsubscribes and forgets resumption state. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.resumeTimer);
    this.forgetAckRequest();
    this.unsubscribe?.();
    for (const off of this.topics?.values() ?? []) off();
    this.topics = undefined;
    this.ctx.sessions.remove(this);
    this.unacked.length = 0;
    this.held = undefined;
    this.hooks.onEnd(this);
  }

  private onBusEvent(event: BusEvent): void {
    if (event.kind === SESSION_REVOKED) {
      // No sessionId: every login of the user ended (lock, password change, deactivation).
      if (
        event.sessionId === undefined ||
        event.sessionId === this.actor.sessionId
      ) {
        this.close(sessionRevoked(String(event.reason)));
      }
      return;
    }
    if (event.kind === SESSION_RENEWED) {
      if (
        event.sessionId === this.actor.sessionId &&
        typeof event.expiresAt === "number"
      )
        this.extendCredentials(event.expiresAt);
      return;
    }
    if (event.kind === "bind") {
      if (event.resource === this.resource && event.sessionId !== this.id) {
        // RFC 6120 §7.7.2.2: the newer login of the same full JID wins.
        this.replaced = true;
        this.close(new StreamError("conflict"));
      }
      return;
    }
    if (this.held) this.held.push(event);
    else this.deliverEvent(event);
  }

  private deliverEvent(event: BusEvent): void {
    // A retry's copy for the other sessions (MessagesService): the retrying session is answered directly.
    if (event.kind === "chat.message" && event.skipSession === this.id) return;
    const xml = this.hooks.render(event, this);
    if (xml !== undefined) this.deliver(xml);
  }
}
