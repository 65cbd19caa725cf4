/**
 * Keep-alive of chat connections (docs/protocol.md, "Keep-alive"). A peer that vanished without closing (a laptop put
 * to sleep, a network that dropped) sends no FIN, and a frozen one keeps its TCP connection up: unasked, its session
 * and presence would last until its access token expired. So every round each connection is asked for a sign of life,
 * and one that gave none since the previous round's question is cut off; its session ends as after any drop.
 * WebSockets are asked with ping frames, which browsers and WebSocket libraries answer themselves; TCP streams with
 * XEP-0199 pings, which stock XMPP libraries answer themselves (see TcpTransport.keepAlive).
 */
import type { WebSocket, WebSocketServer } from "ws";
import type { Logger } from "../../logger.js";
import type { TcpTransport } from "./tcp-transport.js";

export type KeepAlive = {
  /** Starts listening for a new WebSocket's pongs. */
  watch(ws: WebSocket): void;
  stop(): void;
};

/**
 * Starts the rounds: one timer for every connection of the endpoint, none per connection.
 * @param wss the server whose WebSockets are pinged.
 * @param tcp the open TCP transports (the endpoint adds and removes them).
 * @param intervalMs how often.
 * @param logger where cut-offs are noted.
 * @returns `watch` for each new WebSocket, and `stop`.
 */
export function keepConnectionsAlive(
  wss: WebSocketServer,
  tcp: ReadonlySet<TcpTransport>,
  intervalMs: number,
  logger: Logger,
): KeepAlive {
  // Weak: a closed connection leaves wss.clients and needs no clean-up here.
  const unanswered = new WeakSet<WebSocket>();
  // One listener function for every connection (no closure per connection: idle connections stay small).
  function answered(this: WebSocket): void {
    unanswered.delete(this);
  }
  const sweep = () => {
    pingWebSockets(wss, unanswered, logger);
    pingTcpStreams(tcp, logger);
  };
  // Timers run before sockets are read: after a stall of this process, answers that arrived meanwhile are read first.
  const timer = setInterval(() => setImmediate(sweep), intervalMs);
  timer.unref();
  return {
    watch: (ws) => ws.on("pong", answered),
    stop: () => clearInterval(timer),
  };
}

/**
 * One round over the WebSockets: cuts off those that did not answer the previous round's ping, pings the others.
 * @param wss the server.
 * @param unanswered the sockets pinged and not answered since (a pong removes them).
 * @param logger where cut-offs are noted.
 */
function pingWebSockets(
  wss: WebSocketServer,
  unanswered: WeakSet<WebSocket>,
  logger: Logger,
): void {
  for (const ws of wss.clients) {
    if (unanswered.has(ws)) {
      logger.info("a chat WebSocket did not answer a ping; cut off");
      ws.terminate();
      continue;
    }
    unanswered.add(ws);
    ws.ping();
  }
}

/**
 * One round over the TCP streams.
 * @param tcp the open transports.
 * @param logger where cut-offs are noted.
 */
function pingTcpStreams(tcp: ReadonlySet<TcpTransport>, logger: Logger): void {
  for (const transport of tcp) {
    if (!transport.keepAlive())
      logger.info("a chat TCP connection did not answer a ping; cut off");
  }
}
