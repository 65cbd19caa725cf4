/** Resource limits of one XMPP connection (docs/protocol.md §Limits). */
import type { ParserLimits } from "./parser.js";

export type XmppLimits = ParserLimits & {
  /** Largest frame before authentication, in bytes (UTF-8). */
  maxPreAuthBytes: number;
  /** Largest stanza after authentication, in bytes. */
  maxStanzaBytes: number;
  /** Hard cap on a WebSocket message; above it ws closes the socket itself (1009). */
  maxPayloadBytes: number;
  /** A connection that has not bound a resource by then is closed with connection-timeout. */
  preAuthTimeoutMs: number;
  /** Sustained inbound stanzas per second (token bucket refill); a faster sender is slowed by pausing the socket. */
  ratePerSecond: number;
  /** Inbound burst size (token bucket capacity). */
  rateBurst: number;
  /**
   * Received but not yet admitted input (frames that arrived while reading was paused), in bytes; beyond it the
   * stream closes with policy-violation. Pausing stops the socket, so only a client that ignores TCP flow control's
   * effect (a burst already in flight) can reach it.
   */
  maxBufferedBytes: number;
  /** Failed SASL attempts before the stream is closed. */
  maxAuthFailures: number;
  /** How long a dropped stream-management session waits for resumption, in seconds. */
  resumeTimeoutSeconds: number;
  /** Unacknowledged outbound stanzas kept for resumption; beyond it the session is not resumable. */
  maxUnacked: number;
  /**
   * Every this often each WebSocket connection is sent a ping frame, and each bound TCP stream that sent nothing since
   * the previous round an XEP-0199 ping; one that has not answered the previous ping by then is cut off, and its
   * session ends as if the connection had dropped.
   */
  keepAliveMs: number;
  /**
   * Output waiting in the server for a client that does not read it (beyond what the operating system's socket buffers
   * hold), in bytes; beyond it the connection is cut off, and its session ends as if the connection had dropped.
   */
  maxOutputBytes: number;
};

/** Defaults sized for the spec's use: 256 KiB stanzas after auth, 8 KiB before. */
export const DEFAULT_XMPP_LIMITS: XmppLimits = {
  maxDepth: 16,
  maxElements: 2_000,
  maxAttributes: 64,
  maxPreAuthBytes: 8 * 1024,
  maxStanzaBytes: 256 * 1024,
  maxPayloadBytes: 512 * 1024,
  preAuthTimeoutMs: 10_000,
  // Well above the chat bench's senders (at most 200 stanzas/s each, at its ramp's top): only a flood is slowed.
  ratePerSecond: 500,
  rateBurst: 1_000,
  maxBufferedBytes: 1024 * 1024,
  maxAuthFailures: 3,
  resumeTimeoutSeconds: 120,
  maxUnacked: 5_000,
  // A vanished peer is noticed within two of these; proxies that close idle upgrades after 60 s see traffic.
  keepAliveMs: 30_000,
  // Many MAM pages of long messages: only a client that stopped reading (or reads far slower than its rooms talk) gets
  // there, and what it misses is in the archive for its catch-up.
  maxOutputBytes: 4 * 1024 * 1024,
};

/** Token bucket for the inbound rate limit; the clock (monotonic ms) is passed in. */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    now: number,
  ) {
    this.tokens = burst;
    this.last = now;
  }

  /**
   * Takes one token.
   * @param now the current time in ms.
   * @returns false when the bucket is empty.
   */
  take(now: number): boolean {
    this.tokens = Math.min(
      this.burst,
      this.tokens + ((now - this.last) * this.perSecond) / 1000,
    );
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /**
   * How long until a token is available, after a failed take.
   * @returns milliseconds, at least 1.
   */
  msUntilToken(): number {
    return Math.max(1, Math.ceil(((1 - this.tokens) * 1000) / this.perSecond));
  }
}
