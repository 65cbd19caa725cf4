/**
 * XMPP over TCP (RFC 6120): the stream is one XML document; STARTTLS (§5) upgrades the socket in place, and a
 * direct TLS socket (XEP-0368) is encrypted from the start. SCRAM-PLUS binds to the TLS session: tls-exporter
 * (RFC 9266) under TLS 1.3, tls-server-end-point (RFC 5929) under older versions.
 */
import { createHash } from "node:crypto";
import { once } from "node:events";
import type { Socket } from "node:net";
import { StringDecoder } from "node:string_decoder";
import { TLSSocket, type SecureContext } from "node:tls";
import { NS_STREAM } from "@moa/shared";
import type { XmppLimits } from "./limits.js";
import { TcpStreamParser } from "./tcp-parser.js";
import {
  outputOverflowed,
  type ChannelBinding,
  type StreamTransport,
  type TransportSink,
} from "./transport.js";

/** How long a client may take to finish the TLS handshake after `<proceed/>`. */
const TLS_HANDSHAKE_TIMEOUT_MS = 10_000;

export class TcpTransport implements StreamTransport {
  private sink: TransportSink | undefined;
  private parser: TcpStreamParser | undefined;
  private decoder = new StringDecoder("utf8");
  private headerSent = false;
  private corked = false;
  private ended = false;
  /** Input arrived since the last keep-alive round. */
  private heard = false;
  /** The last keep-alive round pinged the client. */
  private pinged = false;
  private readonly onData = (chunk: Buffer) => this.read(chunk);
  private readonly onEnd = () => this.sink?.closed();

  /**
   * @param socket the accepted socket (a TLSSocket for direct TLS).
   * @param limits parser limits.
   * @param tls the server's TLS context, for STARTTLS.
   */
  constructor(
    private socket: Socket,
    private readonly limits: XmppLimits,
    private readonly tls: SecureContext,
  ) {}

  get secure(): boolean {
    return this.socket instanceof TLSSocket;
  }

  get canStartTls(): boolean {
    return !this.secure;
  }

  get remoteAddress(): string {
    return this.socket.remoteAddress ?? "";
  }

  start(sink: TransportSink): void {
    this.sink = sink;
    this.restart();
    this.attach();
  }

  channelBinding(): ChannelBinding | undefined {
    const socket = this.socket;
    if (!(socket instanceof TLSSocket)) return undefined;
    if (socket.getProtocol() === "TLSv1.3")
      return {
        type: "tls-exporter",
        // RFC 9266 uses no context; under TLS 1.3 an empty one is the same (RFC 8446 §7.5).
        data: socket.exportKeyingMaterial(
          32,
          "EXPORTER-Channel-Binding",
          Buffer.alloc(0),
        ),
      };
    const cert = socket.getCertificate();
    if (!cert || !("raw" in cert)) return undefined;
    // RFC 5929 §4.1: SHA-256 for certificates signed with SHA-256 or weaker, which the embedded one is.
    return {
      type: "tls-server-end-point",
      data: createHash("sha256").update(cert.raw).digest(),
    };
  }

  openStream(from: string, id: string): void {
    this.write(this.header(`from="${from}" id="${id}" `));
    this.headerSent = true;
  }

  send(xml: string): void {
    // RFC 6120 §4.9.1.1: an error before the client's header still goes inside a stream.
    if (!this.headerSent) {
      this.write(this.header(""));
      this.headerSent = true;
    }
    this.write(xml);
  }

  closeStream(): void {
    if (this.ended) return;
    this.send("</stream:stream>");
    this.ended = true;
    this.socket.end();
  }

  restart(): void {
    const sink = this.sink;
    if (!sink) return;
    this.headerSent = false;
    this.decoder = new StringDecoder("utf8");
    // A stream restart ends the document: what the old parser still finds in the chunk it is reading (sent before
    // the client could know the outcome, e.g. in the clear after <starttls/>) is dropped.
    const parser: TcpStreamParser = new TcpStreamParser(
      this.limits,
      () => sink.maxBytes(),
      (el) => {
        if (this.parser === parser) sink.input(0, () => el);
      },
    );
    this.parser = parser;
  }

  async startTls(): Promise<void> {
    this.parser = undefined;
    const raw = this.socket;
    raw.off("data", this.onData);
    raw.off("close", this.onEnd);
    const secure = new TLSSocket(raw, {
      isServer: true,
      secureContext: this.tls,
    });
    this.socket = secure;
    const timer = setTimeout(() => secure.destroy(), TLS_HANDSHAKE_TIMEOUT_MS);
    try {
      await Promise.race([once(secure, "secure"), once(secure, "close")]);
    } finally {
      clearTimeout(timer);
    }
    this.restart();
    this.attach();
    if (secure.destroyed) this.sink?.closed();
  }

  pause(): void {
    this.socket.pause();
  }

  resume(): void {
    this.socket.resume();
  }

  get isPaused(): boolean {
    return this.socket.isPaused();
  }

  cork(): void {
    if (this.corked) return;
    const socket = this.socket;
    this.corked = true;
    socket.cork();
    process.nextTick(() => {
      this.corked = false;
      socket.uncork();
      if (outputOverflowed(socket, this.sink)) socket.destroy();
    });
  }

  /**
   * One keep-alive round (keep-alive.ts). Any input since the previous round's ping counts as a sign of life: an
   * answer to it (a result or an error), whitespace, any stanza. A client silent since then is cut off, with no stream
   * error (it would wait behind the output the client is not reading); its session ends as after any drop. Every
   * other client is pinged, once its stream is bound, talking or not, as WebSockets are: a client that spoke just
   * after a round and then vanished is asked in the next one (cut off within two rounds, not three), and the server's
   * side is never silent for longer than a round (a balancer's idle timeout sees traffic both ways).
   * @returns false when the client was cut off.
   */
  keepAlive(): boolean {
    if (this.pinged && !this.heard) {
      this.socket.destroy();
      return false;
    }
    this.heard = false;
    this.pinged = this.sink?.ping() ?? false;
    return true;
  }

  /** Forcibly closes a socket that did not finish closing. */
  destroy(): void {
    this.socket.destroy();
  }

  /** Resolves when the socket has closed. */
  get closed(): Promise<void> {
    return this.whenClosed();
  }

  private async whenClosed(): Promise<void> {
    if (this.socket.destroyed) return;
    await once(this.socket, "close");
  }

  private attach(): void {
    this.socket.on("data", this.onData);
    this.socket.on("close", this.onEnd);
    this.socket.on("error", () => this.socket.destroy());
  }

  private read(chunk: Buffer): void {
    // All the keep-alive costs per read.
    this.heard = true;
    if (this.ended) return;
    try {
      this.parser?.write(this.decoder.write(chunk));
    } catch (err) {
      this.sink?.failed(err);
    }
  }

  private write(xml: string): void {
    if (this.ended || this.socket.destroyed) return;
    this.cork();
    this.socket.write(xml);
  }

  private header(ids: string): string {
    return `<?xml version='1.0'?><stream:stream xmlns="jabber:client" xmlns:stream="${NS_STREAM}" ${ids}version="1.0" xml:lang="en">`;
  }
}
