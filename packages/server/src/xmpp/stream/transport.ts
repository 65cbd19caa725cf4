/**
 * The socket beneath an XMPP connection. WebSocket (RFC 7395: one element per frame, `<open/>`/`<close/>`) and TCP
 * (RFC 6120: one XML document, `<stream:stream>`, STARTTLS) differ only in framing and TLS; both hand the
 * connection the same elements, with the stream header as an RFC 7395 `<open/>`, so one state machine, one set of
 * limits and one set of stream errors serve both.
 */
import type { Socket } from "node:net";
import type { Element } from "@xmpp/xml";

/** Channel binding data for SCRAM-PLUS: the one type this TLS session offers. */
export type ChannelBinding = {
  type: "tls-exporter" | "tls-server-end-point";
  data: Buffer;
};

/** Where a transport delivers input. */
export type TransportSink = {
  /**
   * Received input: one element, parsed when the connection admits it (so the rate limit also bounds parsing).
   * @param bytes its size on the wire.
   * @param parse returns the element; throws a StreamError for bad input.
   */
  input(bytes: number, parse: () => Element): void;
  /** The input was refused before it became an element (too big, binary frame, broken XML). */
  failed(err: unknown): void;
  /** The socket closed. */
  closed(): void;
  /** The largest element accepted now, in bytes (smaller before authentication). */
  maxBytes(): number;
  /** Output the client may leave unread in this process, in bytes, before the transport cuts the socket off. */
  readonly maxOutputBytes: number;
  /**
   * The client left more than maxOutputBytes unread; the transport cuts the socket off next (closed() follows).
   * @param bytes the unread output.
   */
  outputOverflowed(bytes: number): void;
  /**
   * Asks the client for a sign of life (XEP-0199 ping), for transports whose framing has no ping of its own (TCP).
   * @returns false when nothing was sent: the stream is not bound yet.
   */
  ping(): boolean;
};

export interface StreamTransport {
  /** The stream is encrypted: TLS to this server, or a WebSocket whose request came over https (docs/protocol.md §1). */
  readonly secure: boolean;
  /** The client's address, for the login throttle and the audit log. */
  readonly remoteAddress: string;
  /** TCP before TLS: STARTTLS is offered, and required before SASL. */
  readonly canStartTls: boolean;
  start(sink: TransportSink): void;
  /** The binding SCRAM-SHA-256-PLUS uses, when the TLS session ends at this server. */
  channelBinding(): ChannelBinding | undefined;
  /** Answers the client's stream header (`<open/>` or `<stream:stream>`). */
  openStream(from: string, id: string): void;
  send(xml: string): void;
  /** Ends the stream (`<close/>` or `</stream:stream>`) and closes the socket. */
  closeStream(): void;
  /** Expects a new stream header (after SASL success; RFC 7395 needs nothing, RFC 6120 starts a new document). */
  restart(): void;
  /** Upgrades to TLS after `<proceed/>` was sent. */
  startTls(): Promise<void>;
  pause(): void;
  resume(): void;
  readonly isPaused: boolean;
  /** Batches this tick's writes into one socket write. */
  cork(): void;
}

/**
 * Whether a client left more output unread than its sink allows, checked after a write burst was handed to the socket:
 * what the socket did not take now waits in this process. Tells the sink; the caller then cuts the socket off.
 * @param socket the connection's socket, just uncorked.
 * @param sink the connection, once started.
 * @returns true when the socket must be cut off.
 */
export function outputOverflowed(
  socket: Socket,
  sink: TransportSink | undefined,
): boolean {
  if (!sink || socket.writableLength <= sink.maxOutputBytes) return false;
  sink.outputOverflowed(socket.writableLength);
  return true;
}
