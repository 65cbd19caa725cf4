/**
 * One WebSocket connection speaking XMPP (RFC 7395): framing, limits, the pre-bind state machine
 * (open → SASL PLAIN → open → bind or resume) and the sequential inbound queue. Stanzas after binding
 * go to the router; stream management nonzas to the session.
 */
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import type { Socket } from "node:net";
import type { Element } from "@xmpp/xml";
import type { WebSocket } from "ws";
import {
  NS_BIND,
  NS_CLIENT,
  NS_FRAMING,
  NS_SASL,
  NS_SM,
  NS_STREAM,
  toBareJid,
} from "@moa/shared";
import type { XmppContext } from "../context.js";
import {
  ChatSession,
  type SessionHooks,
  type SessionTransport,
} from "./chat-session.js";
import {
  credentialsExpired,
  sessionRevoked,
  StreamError,
  type StanzaError,
} from "./errors.js";
import { TokenBucket } from "./limits.js";
import { FrameParser } from "./parser.js";
import { authenticatePlain } from "../features/sasl.js";
import { bindResource } from "../features/bind.js";
import { ROSTER_VER_FEATURE } from "../im/namespaces.js";

type State = "start" | "sasl" | "authed" | "bind" | "ready" | "closed";

const STANZAS = new Set(["message", "presence", "iq"]);

export class XmppConnection implements SessionTransport {
  private state: State = "start";
  /** The domain the client opened the stream to; the user's XMPP domain must match it. */
  private domain: string | undefined;
  private readonly parser: FrameParser;
  private readonly bucket: TokenBucket;
  private readonly queue: Element[] = [];
  /** Frames received while over the rate, admitted as the bucket refills (reading is paused meanwhile). */
  private readonly held: Buffer[] = [];
  private heldBytes = 0;
  private refillTimer: NodeJS.Timeout | undefined;
  private pumping = false;
  private corked = false;
  private authFailures = 0;
  private actor: ChatSession["actor"] | undefined;
  /** The access token the stream authenticated with, and its expiry (ms since the epoch). */
  private token = "";
  private credentialsExpireAt = 0;
  private session: ChatSession | undefined;
  private readonly preAuthTimer: NodeJS.Timeout;

  constructor(
    private readonly ws: WebSocket,
    private readonly ctx: XmppContext,
    private readonly hooks: SessionHooks,
  ) {
    this.parser = new FrameParser(ctx.limits);
    // Real elapsed time, not the injectable clock: the limit protects this process's CPU.
    this.bucket = new TokenBucket(
      ctx.limits.ratePerSecond,
      ctx.limits.rateBurst,
      performance.now(),
    );
    this.preAuthTimer = setTimeout(
      () => this.fail(new StreamError("connection-timeout")),
      ctx.limits.preAuthTimeoutMs,
    );
    this.preAuthTimer.unref();
    ws.on("message", (data, isBinary) => this.onFrame(data, isBinary));
    ws.on("close", () => this.onSocketClosed());
    ws.on("error", () => this.onSocketClosed());
  }

  sendRaw(xml: string): void {
    if (this.state === "closed" || this.ws.readyState !== this.ws.OPEN) return;
    this.cork();
    this.ws.send(xml);
  }

  /**
   * Batches this tick's frames into one socket write: fan-out sends many small frames, and a syscall per frame
   * costs more than building them. ws exposes no cork, so its socket is reached directly.
   */
  private cork(): void {
    if (this.corked) return;
    const socket = (this.ws as unknown as { _socket?: Socket })._socket;
    if (!socket) return;
    this.corked = true;
    socket.cork();
    process.nextTick(() => {
      this.corked = false;
      socket.uncork();
    });
  }

  closeWithError(error: StreamError): void {
    this.fail(error);
  }

  private onFrame(data: unknown, isBinary: boolean): void {
    if (this.state === "closed") return;
    try {
      if (isBinary) throw new StreamError("bad-format", "text frames only");
      const frame = Buffer.isBuffer(data)
        ? data
        : Buffer.concat(data as Buffer[]);
      const max = this.session
        ? this.ctx.limits.maxStanzaBytes
        : this.ctx.limits.maxPreAuthBytes;
      if (frame.byteLength > max)
        throw new StreamError("policy-violation", "stanza too big");
      this.held.push(frame);
      this.heldBytes += frame.byteLength;
      if (this.heldBytes > this.ctx.limits.maxBufferedBytes)
        throw new StreamError("policy-violation", "too much unread input");
      this.admit();
    } catch (err) {
      this.fail(err);
    }
  }

  /**
   * Parses held frames while the rate allows. Over the rate, reading pauses (the sender's TCP window fills and it
   * slows down) until the bucket has a token again, so a fast sender is slowed rather than disconnected.
   */
  private admit(): void {
    if (this.state === "closed") return;
    try {
      for (let frame = this.held[0]; frame; frame = this.held[0]) {
        if (!this.bucket.take(performance.now())) break;
        this.held.shift();
        this.heldBytes -= frame.byteLength;
        this.queue.push(this.parser.parse(frame.toString("utf8")));
      }
    } catch (err) {
      this.fail(err);
      return;
    }
    if (this.held.length > 0) {
      this.ws.pause();
      this.refillTimer ??= setTimeout(() => {
        this.refillTimer = undefined;
        this.admit();
      }, this.bucket.msUntilToken());
    } else if (this.ws.isPaused) {
      this.ws.resume();
    }
    if (!this.pumping && this.queue.length > 0) void this.pump();
  }

  /** Handles inbound elements strictly in order; a stanza counts as handled once its handler finished. */
  private async pump(): Promise<void> {
    this.pumping = true;
    try {
      for (
        let el = this.queue.shift();
        el && this.state !== "closed";
        el = this.queue.shift()
      ) {
        await this.handle(el);
      }
    } catch (err) {
      this.fail(err);
    } finally {
      this.pumping = false;
    }
  }

  private async handle(el: Element): Promise<void> {
    const ns = el.getNS();
    if (el.name === "open" && ns === NS_FRAMING) {
      this.onOpen(el);
    } else if (el.name === "close" && ns === NS_FRAMING) {
      this.onClose();
    } else if (this.state === "sasl" && el.name === "auth" && ns === NS_SASL) {
      await this.onAuth(el);
    } else if (this.state === "bind" && ns === NS_SM && el.name === "resume") {
      this.onResume(el);
    } else if (
      this.state === "bind" &&
      el.name === "iq" &&
      el.getChild("bind", NS_BIND)
    ) {
      await this.onBind(el);
    } else if (this.state === "ready") {
      await this.onReady(el, ns);
    } else {
      throw new StreamError("not-authorized");
    }
  }

  private onOpen(el: Element): void {
    if (this.state !== "start" && this.state !== "authed")
      throw new StreamError("bad-format", "unexpected open");
    if (el.attrs.version !== "1.0")
      throw new StreamError("unsupported-version");
    const to = typeof el.attrs.to === "string" ? el.attrs.to.toLowerCase() : "";
    if (
      !/^[a-z0-9.-]+$/.test(to) ||
      (this.domain !== undefined && to !== this.domain)
    ) {
      throw new StreamError("host-unknown");
    }
    this.domain = to;
    // randomUUID draws from a buffered pool: no system call on every stream (re)open of a login.
    const id = randomUUID();
    this.sendRaw(
      `<open xmlns="${NS_FRAMING}" from="${to}" id="${id}" version="1.0" xml:lang="en"/>`,
    );
    if (this.state === "start") {
      this.state = "sasl";
      this.sendRaw(
        `<stream:features xmlns:stream="${NS_STREAM}"><mechanisms xmlns="${NS_SASL}"><mechanism>PLAIN</mechanism></mechanisms></stream:features>`,
      );
    } else {
      this.state = "bind";
      this.sendRaw(
        `<stream:features xmlns:stream="${NS_STREAM}"><bind xmlns="${NS_BIND}"/><sm xmlns="${NS_SM}"/>${ROSTER_VER_FEATURE}</stream:features>`,
      );
    }
  }

  private onClose(): void {
    this.session?.end();
    this.sendRaw(`<close xmlns="${NS_FRAMING}"/>`);
    this.shutdown();
  }

  private async onAuth(el: Element): Promise<void> {
    const result = await authenticatePlain(el, this.ctx, this.domain ?? "");
    if (this.state === "closed") return;
    if (!result.ok) {
      this.sendRaw(
        `<failure xmlns="${NS_SASL}"><${result.condition}/></failure>`,
      );
      if (++this.authFailures >= this.ctx.limits.maxAuthFailures)
        throw new StreamError("not-authorized");
      return;
    }
    this.actor = result.actor;
    this.token = result.token;
    this.credentialsExpireAt = result.expiresAt.getTime();
    this.state = "authed";
    this.sendRaw(`<success xmlns="${NS_SASL}"/>`);
  }

  private async onBind(iq: Element): Promise<void> {
    if (!this.actor) throw new StreamError("not-authorized");
    const resource = bindResource(iq);
    if (!resource.ok) {
      this.sendIqError(iq, resource.error);
      return;
    }
    // The client may wait up to the pre-auth timeout between SASL and bind; a login that ended meanwhile announced
    // it before any session listened, so the token is checked again right before the session starts listening.
    const still = await this.ctx.verifier.verify(this.token);
    if (this.state === "closed") return;
    if (!still.ok)
      throw still.reason === "expired"
        ? credentialsExpired()
        : sessionRevoked("session_ended");
    const session = new ChatSession(
      this.actor,
      resource.resource,
      this.ctx,
      this.hooks,
      this.credentialsExpireAt,
    );
    this.session = session;
    this.state = "ready";
    clearTimeout(this.preAuthTimer);
    session.start(this);
    // With several nodes the session's subscription travels to Redis: answer once it receives events.
    await this.ctx.bus.ready();
    if (session.isEnded || session.transport !== this) return;
    this.sendRaw(
      `<iq xmlns="${NS_CLIENT}" type="result" id="${escapeAttr(String(iq.attrs.id ?? ""))}"><bind xmlns="${NS_BIND}"><jid>${session.jid}</jid></bind></iq>`,
    );
    this.hooks.onStart(session);
  }

  private onResume(el: Element): void {
    const previd = String(el.attrs.previd ?? "");
    const h = Number(el.attrs.h);
    const old = this.ctx.sessions.findResumable(previd);
    // Only the same login may resume: a session whose login ended was ended with it, and is not found.
    if (
      !old ||
      old.isEnded ||
      old.actor.userId !== this.actor?.userId ||
      old.actor.sessionId !== this.actor.sessionId ||
      !Number.isInteger(h) ||
      h < 0
    ) {
      this.sendRaw(
        `<failed xmlns="${NS_SM}"><item-not-found xmlns="urn:ietf:params:xml:ns:xmpp-stanzas"/></failed>`,
      );
      return;
    }
    // The old connection may not have noticed it is dead yet; take the session from it.
    const previous = old.transport;
    if (previous instanceof XmppConnection && previous !== this)
      previous.release();
    if (!old.resume(this, h)) {
      this.sendRaw(
        `<failed xmlns="${NS_SM}"><unexpected-request xmlns="urn:ietf:params:xml:ns:xmpp-stanzas"/></failed>`,
      );
      old.end();
      return;
    }
    old.extendCredentials(this.credentialsExpireAt);
    this.session = old;
    this.state = "ready";
    clearTimeout(this.preAuthTimer);
  }

  private async onReady(el: Element, ns: string | undefined): Promise<void> {
    const session = this.session;
    if (!session) throw new StreamError("not-authorized");
    if (ns === NS_SM) {
      this.onStreamManagement(session, el);
      return;
    }
    if (!STANZAS.has(el.name) || (ns !== undefined && ns !== NS_CLIENT)) {
      throw new StreamError("unsupported-stanza-type");
    }
    const from = el.attrs.from as string | undefined;
    if (
      from !== undefined &&
      from !== session.jid &&
      toBareJid(from) !== session.bare
    ) {
      throw new StreamError("invalid-from");
    }
    await this.ctx.router.route(session, el);
    session.handled();
  }

  private onStreamManagement(session: ChatSession, el: Element): void {
    if (el.name === "enable") {
      if (session.isSmEnabled) {
        this.sendRaw(
          `<failed xmlns="${NS_SM}"><unexpected-request xmlns="urn:ietf:params:xml:ns:xmpp-stanzas"/></failed>`,
        );
        return;
      }
      const resume = el.attrs.resume === "true" || el.attrs.resume === "1";
      const id = session.enableSm(resume);
      this.sendRaw(
        id
          ? `<enabled xmlns="${NS_SM}" id="${id}" resume="true" max="${this.ctx.limits.resumeTimeoutSeconds}"/>`
          : `<enabled xmlns="${NS_SM}"/>`,
      );
    } else if (el.name === "r") {
      this.sendRaw(`<a xmlns="${NS_SM}" h="${session.inboundHandled}"/>`);
    } else if (el.name === "a") {
      const h = Number(el.attrs.h);
      if (!Number.isInteger(h) || h < 0 || !session.acknowledge(h)) {
        throw new StreamError("undefined-condition", "handled-count-too-high");
      }
    } else {
      throw new StreamError("unsupported-stanza-type");
    }
  }

  private sendIqError(iq: Element, error: StanzaError): void {
    const id = escapeAttr(String(iq.attrs.id ?? ""));
    this.sendRaw(
      `<iq xmlns="${NS_CLIENT}" type="error" id="${id}">${error.toElement().toString()}</iq>`,
    );
  }

  /** Sends the stream error (RFC 7395 §3.6) and closes; the session is ended, not kept for resumption. */
  private fail(err: unknown): void {
    if (this.state === "closed") return;
    const streamError =
      err instanceof StreamError
        ? err
        : new StreamError("internal-server-error");
    if (!(err instanceof StreamError))
      this.ctx.logger.error({ err }, "xmpp connection failed");
    this.sendRaw(streamError.toXml());
    this.sendRaw(`<close xmlns="${NS_FRAMING}"/>`);
    const session = this.session;
    this.shutdown();
    if (session?.transport === this) session.end();
  }

  /** Stops using the socket without ending the session (it moves to another connection). */
  private release(): void {
    this.session = undefined;
    this.shutdown();
  }

  private shutdown(): void {
    if (this.state === "closed") return;
    this.state = "closed";
    this.dropInput();
    this.ws.close(1000);
  }

  private onSocketClosed(): void {
    const session = this.session;
    this.session = undefined;
    this.state = "closed";
    this.dropInput();
    if (session?.transport === this) session.detach();
  }

  private dropInput(): void {
    clearTimeout(this.preAuthTimer);
    clearTimeout(this.refillTimer);
    this.queue.length = 0;
    this.held.length = 0;
    this.heldBytes = 0;
    // The closing handshake still has to be read.
    if (this.ws.isPaused) this.ws.resume();
  }
}

/**
 * Escapes a value for an XML attribute.
 * @param value the raw value.
 * @returns the escaped value.
 */
export function escapeAttr(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
