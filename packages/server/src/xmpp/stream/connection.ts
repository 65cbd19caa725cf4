/**
 * One XMPP connection over any transport (WebSocket or TCP, see transport.ts): limits, the pre-bind state machine
 * (open → [STARTTLS → open] → SASL → open → bind or resume) and the sequential inbound queue. Stanzas after binding
 * go to the router; stream management nonzas to the session.
 */
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import xml, { type Element } from "@xmpp/xml";
import {
  NS_BIND,
  NS_CLIENT,
  NS_FRAMING,
  NS_PING,
  NS_RETRACT,
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
import type { StreamTransport } from "./transport.js";
import {
  offeredMechanisms,
  SaslNegotiation,
  type SaslStep,
} from "../features/sasl.js";
import { bindResource } from "../features/bind.js";
import { ROSTER_VER_FEATURE } from "../im/namespaces.js";

type State =
  "start" | "starttls" | "sasl" | "authed" | "bind" | "ready" | "closed";

const NS_TLS = "urn:ietf:params:xml:ns:xmpp-tls";
/** XEP-0440: which channel binding type SCRAM-PLUS uses here. */
const NS_SASL_CB = "urn:xmpp:sasl-cb:0";

/** Sessions whose stream authenticated with a password: they own their login session and end it when they end. */
const passwordSessions = new WeakSet<ChatSession>();

const STANZAS = new Set(["message", "presence", "iq"]);

/**
 * Chat messages of one connection in flight at once (queued or committing). Enough for a batch per commit to take
 * what a fast sender sent meanwhile; beyond it the connection stops reading until they are handled.
 */
const MAX_PIPELINED = 32;

/**
 * Whether a stanza is a chat message whose handling may overlap the next stanza's: a groupchat or 1:1 message with a
 * body and no retraction (a retraction may name a message still committing, so it waits like any other stanza).
 */
function isChatMessage(el: Element): boolean {
  const type = el.attrs.type as unknown;
  return (
    el.name === "message" &&
    (type === "groupchat" || type === "chat") &&
    el.getChild("body") !== undefined &&
    el.getChild("retract", NS_RETRACT) === undefined
  );
}

export class XmppConnection implements SessionTransport {
  private state: State = "start";
  /** The domain the client opened the stream to; the user's XMPP domain must match it. */
  private domain: string | undefined;
  private readonly bucket: TokenBucket;
  private readonly queue: Element[] = [];
  /** Input received while over the rate, admitted as the bucket refills (reading is paused meanwhile). */
  private readonly held: { bytes: number; parse: () => Element }[] = [];
  private heldBytes = 0;
  private refillTimer: NodeJS.Timeout | undefined;
  private pumping = false;
  private authFailures = 0;
  private sasl: SaslNegotiation | undefined;
  private actor: ChatSession["actor"] | undefined;
  /** The access token the stream authenticated with, and its expiry (ms since the epoch). */
  private token = "";
  private credentialsExpireAt = 0;
  private passwordLogin = false;
  private session: ChatSession | undefined;
  private preAuthTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly transport: StreamTransport,
    private readonly ctx: XmppContext,
    private readonly hooks: SessionHooks,
    /** Told when the connection is gone (the endpoint keeps its open connections for shutdown). */
    private readonly onGone: (c: XmppConnection) => void = () => {},
  ) {
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
    transport.start({
      input: (bytes, parse) => this.onInput(bytes, parse),
      failed: (err) => this.fail(err),
      closed: () => this.onSocketClosed(),
      maxBytes: () =>
        this.session
          ? this.ctx.limits.maxStanzaBytes
          : this.ctx.limits.maxPreAuthBytes,
      maxOutputBytes: ctx.limits.maxOutputBytes,
      outputOverflowed: (bytes) =>
        this.ctx.logger.warn(
          { jid: this.session?.jid, unreadBytes: bytes },
          "chat client is not reading its connection: cut off",
        ),
      ping: () => this.ping(),
    });
  }

  sendRaw(xml: string): void {
    if (this.state === "closed") return;
    this.transport.send(xml);
  }

  closeWithError(error: StreamError): void {
    this.fail(error);
  }

  private onInput(bytes: number, parse: () => Element): void {
    if (this.state === "closed") return;
    try {
      this.held.push({ bytes, parse });
      this.heldBytes += bytes;
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
      for (let unit = this.held[0]; unit; unit = this.held[0]) {
        if (!this.bucket.take(performance.now())) break;
        this.held.shift();
        this.heldBytes -= unit.bytes;
        this.queue.push(unit.parse());
      }
    } catch (err) {
      this.fail(err);
      return;
    }
    if (this.held.length > 0) {
      this.transport.pause();
      this.refillTimer ??= setTimeout(() => {
        this.refillTimer = undefined;
        this.admit();
      }, this.bucket.msUntilToken());
    } else if (this.transport.isPaused) {
      this.transport.resume();
    }
    if (!this.pumping && this.queue.length > 0) void this.pump();
  }

  /**
   * Handles inbound elements in order. A chat message lets the next element start once it is queued for the archive
   * (so one connection's messages can share a commit); anything else waits until every message before it is handled.
   * A stanza counts as handled (XEP-0198) once it and everything before it finished.
   */
  private async pump(): Promise<void> {
    this.pumping = true;
    try {
      for (
        let el = this.queue.shift();
        el && this.state !== "closed";
        el = this.queue.shift()
      ) {
        const session = this.session;
        if (this.state === "ready" && session && isChatMessage(el)) {
          await this.pipeline(session, el);
          continue;
        }
        if (session && session.pendingInbound > 0) {
          await session.inboundSettled();
          // A message before it may have failed the stream.
          if (this.isClosed()) break;
        }
        await this.handle(el);
      }
    } catch (err) {
      this.fail(err);
    } finally {
      this.pumping = false;
    }
  }

  /**
   * Starts handling a chat message and returns once it is queued for the archive (or handled, if it never queues).
   * At most MAX_PIPELINED messages of one connection are in flight; beyond that reading waits for them.
   */
  private async pipeline(session: ChatSession, el: Element): Promise<void> {
    let queued: () => void = () => {};
    const accepted = new Promise<void>((resolve) => {
      queued = resolve;
    });
    const done = this.routeStanza(session, el, queued);
    session.track(done, (err) => this.fail(err));
    await Promise.race([accepted, done.catch(() => {})]);
    if (session.pendingInbound >= MAX_PIPELINED) await session.inboundSettled();
  }

  private async handle(el: Element): Promise<void> {
    const ns = el.getNS();
    if (el.name === "open" && ns === NS_FRAMING) {
      this.onOpen(el);
    } else if (el.name === "close" && ns === NS_FRAMING) {
      this.onClose();
    } else if (
      this.state === "starttls" &&
      el.name === "starttls" &&
      ns === NS_TLS
    ) {
      await this.onStartTls();
    } else if (this.state === "sasl" && ns === NS_SASL) {
      await this.onSasl(el);
    } else if (this.state === "bind" && ns === NS_SM && el.name === "resume") {
      await this.onResume(el);
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
    this.transport.openStream(to, randomUUID());
    const features = (inner: string) =>
      this.sendRaw(
        `<stream:features xmlns:stream="${NS_STREAM}">${inner}</stream:features>`,
      );
    if (this.state === "authed") {
      this.state = "bind";
      features(
        `<bind xmlns="${NS_BIND}"/><sm xmlns="${NS_SM}"/>${ROSTER_VER_FEATURE}`,
      );
    } else if (this.transport.canStartTls) {
      // RFC 6120 §5.3.1: TLS is mandatory here, so STARTTLS is the only feature before it.
      this.state = "starttls";
      features(`<starttls xmlns="${NS_TLS}"><required/></starttls>`);
    } else {
      this.state = "sasl";
      this.sasl = new SaslNegotiation(this.ctx, to, this.transport);
      const binding = this.transport.channelBinding();
      features(
        `<mechanisms xmlns="${NS_SASL}">${offeredMechanisms(this.transport)
          .map((m) => `<mechanism>${m}</mechanism>`)
          .join("")}</mechanisms>${
          binding
            ? `<sasl-channel-binding xmlns="${NS_SASL_CB}"><channel-binding type="${binding.type}"/></sasl-channel-binding>`
            : ""
        }`,
      );
    }
  }

  private async onStartTls(): Promise<void> {
    // Anything the client sent after <starttls/> came in the clear: it must not count as sent over TLS (the
    // STARTTLS command injection attack), so it is dropped.
    this.queue.length = 0;
    this.held.length = 0;
    this.heldBytes = 0;
    this.sendRaw(`<proceed xmlns="${NS_TLS}"/>`);
    this.state = "start";
    await this.transport.startTls();
  }

  private onClose(): void {
    this.session?.end();
    this.transport.closeStream();
    this.shutdown();
  }

  private async onSasl(el: Element): Promise<void> {
    const sasl = this.sasl;
    if (!sasl) throw new StreamError("not-authorized");
    let step: SaslStep;
    if (el.name === "auth" && !sasl.inProgress) step = await sasl.auth(el);
    else if (el.name === "response" && sasl.inProgress)
      step = await sasl.response(el);
    else if (el.name === "abort") step = sasl.abort();
    else throw new StreamError("not-authorized");
    if (this.state === "closed") return;
    if (step.kind === "challenge") {
      this.sendRaw(`<challenge xmlns="${NS_SASL}">${step.data}</challenge>`);
      return;
    }
    if (step.kind === "failure") {
      const text = step.text
        ? xml("text", { "xml:lang": "en" }, step.text).toString()
        : "";
      this.sendRaw(
        `<failure xmlns="${NS_SASL}"><${step.condition}/>${text}</failure>`,
      );
      if (step.counts && ++this.authFailures >= this.ctx.limits.maxAuthFailures)
        throw new StreamError("not-authorized");
      return;
    }
    this.actor = step.actor;
    this.token = step.token;
    this.passwordLogin = step.password;
    // A password login holds no token for the client to renew: it lasts until its login session is revoked.
    this.credentialsExpireAt = step.password
      ? Number.POSITIVE_INFINITY
      : step.expiresAt.getTime();
    this.state = "authed";
    this.sasl = undefined;
    this.sendRaw(
      step.data
        ? `<success xmlns="${NS_SASL}">${step.data}</success>`
        : `<success xmlns="${NS_SASL}"/>`,
    );
    this.transport.restart();
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
      this.passwordLogin ? this.passwordHooks() : this.hooks,
      this.credentialsExpireAt,
    );
    if (this.passwordLogin) passwordSessions.add(session);
    this.session = session;
    this.state = "ready";
    this.dropPreBindState();
    session.start(this);
    // With several nodes the session's subscription travels to Redis: answer once it receives events.
    await this.ctx.bus.ready();
    if (session.isEnded || session.transport !== this) return;
    this.sendRaw(
      `<iq xmlns="${NS_CLIENT}" type="result" id="${escapeAttr(String(iq.attrs.id ?? ""))}"><bind xmlns="${NS_BIND}"><jid>${session.jid}</jid></bind></iq>`,
    );
    this.hooks.onStart(session);
  }

  private async onResume(el: Element): Promise<void> {
    const previd = String(el.attrs.previd ?? "");
    const h = Number(el.attrs.h);
    const old = this.ctx.sessions.findResumable(previd);
    // Only the same login may resume: a session whose login ended was ended with it, and is not found. A password
    // login opens a new login each time, so another password login of the same user may resume a password session.
    const sameLogin =
      old !== undefined &&
      (old.actor.sessionId === this.actor?.sessionId ||
        (this.passwordLogin && passwordSessions.has(old)));
    if (
      !old ||
      old.isEnded ||
      old.actor.userId !== this.actor?.userId ||
      !sameLogin ||
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
    // Messages the old connection was still committing count in the h the client is told, so it resends none of them.
    await old.inboundSettled();
    const outcome = old.resume(this, h);
    if (outcome !== "resumed") {
      const condition =
        outcome === "backlog" ? "resource-constraint" : "unexpected-request";
      this.sendRaw(
        `<failed xmlns="${NS_SM}"><${condition} xmlns="urn:ietf:params:xml:ns:xmpp-stanzas"/></failed>`,
      );
      old.end();
      return;
    }
    old.extendCredentials(this.credentialsExpireAt);
    // The resumed session keeps its own login; the one this stream opened is not needed.
    if (this.passwordLogin && this.actor.sessionId !== old.actor.sessionId)
      void this.endLogin(this.actor);
    this.session = old;
    this.state = "ready";
    this.dropPreBindState();
  }

  /**
   * Lets go of what only the login needed, for as long as the connection stays open: the token (a slice of the
   * whole SASL message) and the pre-auth timer (a Timeout outlives its clearTimeout while referenced).
   */
  private dropPreBindState(): void {
    clearTimeout(this.preAuthTimer);
    this.preAuthTimer = undefined;
    this.token = "";
  }

  private async onReady(el: Element, ns: string | undefined): Promise<void> {
    const session = this.session;
    if (!session) throw new StreamError("not-authorized");
    if (ns === NS_SM) {
      this.onStreamManagement(session, el);
      return;
    }
    await this.routeStanza(session, el);
    session.handled();
  }

  /** Checks a bound session's stanza and routes it; queued as for Router.route. */
  private async routeStanza(
    session: ChatSession,
    el: Element,
    queued?: () => void,
  ): Promise<void> {
    const ns = el.getNS();
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
    await this.ctx.router.route(session, el, queued);
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

  /**
   * Sends the client an XEP-0199 ping as the session sends any stanza: XEP-0198 counts every stanza the server sends,
   * so under stream management the ping counts in the client's `h` and is kept for resumption like the rest (an
   * uncounted one would make the client acknowledge more than was sent).
   * @returns false before a resource is bound: nothing is sent (the pre-auth timeout closes such streams).
   */
  private ping(): boolean {
    const session = this.session;
    if (this.state !== "ready" || !session) return false;
    session.deliver(
      xml(
        "iq",
        {
          xmlns: NS_CLIENT,
          type: "get",
          from: session.domain,
          to: session.jid,
          id: randomUUID(),
        },
        xml("ping", { xmlns: NS_PING }),
      ).toString(),
    );
    return true;
  }

  /** Session hooks that also end the password login the session owns. */
  private passwordHooks(): SessionHooks {
    return {
      ...this.hooks,
      onEnd: (session) => {
        this.hooks.onEnd(session);
        void this.endLogin(session.actor);
      },
    };
  }

  private async endLogin(actor: ChatSession["actor"]): Promise<void> {
    try {
      await this.ctx.account.endLogin(actor);
    } catch (err) {
      this.ctx.logger.warn({ err }, "ending a password login failed");
    }
  }

  /** Sends the stream error (RFC 6120 §4.9, RFC 7395 §3.6) and closes; the session is ended, not kept for resumption. */
  private fail(err: unknown): void {
    if (this.state === "closed") return;
    const streamError =
      err instanceof StreamError
        ? err
        : new StreamError("internal-server-error");
    if (!(err instanceof StreamError))
      this.ctx.logger.error({ err }, "xmpp connection failed");
    this.sendRaw(streamError.toXml());
    this.transport.closeStream();
    const session = this.session;
    this.shutdown();
    if (session?.transport === this) session.end();
  }

  /** Stops using the socket without ending the session (it moves to another connection). */
  private release(): void {
    this.session = undefined;
    this.transport.closeStream();
    this.shutdown();
  }

  private shutdown(): void {
    if (this.state === "closed") return;
    this.state = "closed";
    this.dropInput();
  }

  private isClosed(): boolean {
    return this.state === "closed";
  }

  private onSocketClosed(): void {
    const session = this.session;
    this.session = undefined;
    this.state = "closed";
    this.dropInput();
    this.onGone(this);
    if (session?.transport === this) session.detach();
  }

  private dropInput(): void {
    clearTimeout(this.preAuthTimer);
    clearTimeout(this.refillTimer);
    this.queue.length = 0;
    this.held.length = 0;
    this.heldBytes = 0;
    // The closing handshake still has to be read.
    if (this.transport.isPaused) this.transport.resume();
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
