/** XMPP over WebSocket (RFC 7395): one element per text frame, the stream opened and closed by framing elements. */
import type { Socket } from "node:net";
import type { WebSocket } from "ws";
import { NS_FRAMING } from "@moa/shared";
import { StreamError } from "./errors.js";
import type { FrameParser } from "./parser.js";
import {
  outputOverflowed,
  type ChannelBinding,
  type StreamTransport,
  type TransportSink,
} from "./transport.js";

export class WebSocketTransport implements StreamTransport {
  readonly canStartTls = false;
  private corked = false;
  private closing = false;
  private sink: TransportSink | undefined;

  /**
   * @param ws the accepted socket.
   * @param parser the endpoint's frame parser.
   * @param secure whether the upgrade request came over https.
   * @param remoteAddress the client's address.
   */
  constructor(
    private readonly ws: WebSocket,
    /** Shared by the endpoint's connections (a parser per connection held about 1.5 kB per idle connection). */
    private readonly parser: FrameParser,
    readonly secure: boolean,
    readonly remoteAddress: string,
  ) {}

  start(sink: TransportSink): void {
    this.sink = sink;
    this.ws.on("message", (data, isBinary) => {
      try {
        if (isBinary) throw new StreamError("bad-format", "text frames only");
        const frame = Buffer.isBuffer(data)
          ? data
          : Buffer.concat(data as Buffer[]);
        if (frame.byteLength > sink.maxBytes())
          throw new StreamError("policy-violation", "stanza too big");
        sink.input(frame.byteLength, () =>
          this.parser.parse(frame.toString("utf8")),
        );
      } catch (err) {
        sink.failed(err);
      }
    });
    this.ws.on("close", () => sink.closed());
    this.ws.on("error", () => sink.closed());
  }

  /** The TLS (if any) ends at a proxy or at the HTTP server, not in this stream: no binding to offer. */
  channelBinding(): ChannelBinding | undefined {
    return undefined;
  }

  openStream(from: string, id: string): void {
    this.send(
      `<open xmlns="${NS_FRAMING}" from="${from}" id="${id}" version="1.0" xml:lang="en"/>`,
    );
  }

  send(xml: string): void {
    if (this.closing || this.ws.readyState !== this.ws.OPEN) return;
    this.cork();
    this.ws.send(xml);
  }

  closeStream(): void {
    this.send(`<close xmlns="${NS_FRAMING}"/>`);
    this.closing = true;
    this.ws.close(1000);
  }

  restart(): void {}

  startTls(): Promise<void> {
    return Promise.reject(new StreamError("unsupported-feature"));
  }

  pause(): void {
    this.ws.pause();
  }

  resume(): void {
    this.ws.resume();
  }

  get isPaused(): boolean {
    return this.ws.isPaused;
  }

  /**
   * Fan-out sends many small frames, and a syscall per frame costs more than building them. ws exposes no cork,
   * so its socket is reached directly.
   */
  cork(): void {
    if (this.corked) return;
    const socket = (this.ws as unknown as { _socket?: Socket })._socket;
    if (!socket) return;
    this.corked = true;
    socket.cork();
    process.nextTick(() => {
      this.corked = false;
      socket.uncork();
      // ws queues nothing of its own without compression: the socket holds all that waits.
      if (outputOverflowed(socket, this.sink)) this.ws.terminate();
    });
  }
}
