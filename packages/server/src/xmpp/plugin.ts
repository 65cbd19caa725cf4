/**
 * Serves XMPP over WebSocket (RFC 7395) at /ws/ on the app's HTTP server (subprotocol `xmpp`, Origin check on
 * upgrade) and, when asked, over TCP (RFC 6120, STARTTLS and direct TLS): one XmppConnection per socket over its
 * transport. Builds the router with every handler.
 */
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import type { PresenceTracker } from "../cluster/node-liveness.js";
import type { BusEvent, ChatBus } from "../bus/bus.js";
import type { Db } from "../db/database.js";
import { InFlight } from "../in-flight.js";
import type { Logger } from "../logger.js";
import type { UpgradeRequestInfo } from "../http/upgrade-request.js";
import type { AccessTokenVerifier } from "../services/auth/actor.js";
import type { ChatLoginService } from "../services/auth/chat-login.service.js";
import {
  createChatServices,
  type ChatServices,
} from "../services/chat/chat-services.js";
import type { AccountHooks, XmppContext } from "./context.js";
import { registerMam } from "./handlers/iq/mam.js";
import { registerPing } from "./handlers/iq/ping.js";
import { registerRoomQueries } from "./handlers/iq/rooms.js";
import { registerSearch } from "./handlers/iq/search.js";
import { registerUserData } from "./handlers/iq/user-data.js";
import { changeNickname, registerAccount } from "./handlers/account.js";
import { registerMessages } from "./handlers/message.js";
import { registerPresence } from "./handlers/presence.js";
import { DiscoFeatures } from "./disco-features.js";
import type { ImDirectory } from "./im/colleagues.js";
import { IM_DISCO_FEATURES } from "./im/namespaces.js";
import { userArchive } from "./im/one-to-one.js";
import { registerIm } from "./im/register-im.js";
import { registerDisco } from "./muc/disco.js";
import { renderEvent } from "./render.js";
import { Router } from "./router.js";
import type { ChatSession } from "./stream/chat-session.js";
import { XmppConnection } from "./stream/connection.js";
import { StreamError } from "./stream/errors.js";
import { keepConnectionsAlive } from "./stream/keep-alive.js";
import { DEFAULT_XMPP_LIMITS, type XmppLimits } from "./stream/limits.js";
import { SessionRegistry } from "./stream/session-registry.js";
import { FrameParser } from "./stream/parser.js";
import { WebSocketTransport } from "./stream/ws-transport.js";
import type { TcpTransport } from "./stream/tcp-transport.js";
import {
  listenTcp,
  type TcpListenOptions,
  type TcpPorts,
} from "./tcp-listener.js";

export const XMPP_PATH = "/ws/";
/** How often sessions are checked for an expired access token. */
const EXPIRY_CHECK_INTERVAL_MS = 250;

export type XmppEndpointOptions = {
  db: Db;
  bus: ChatBus;
  verifier: AccessTokenVerifier;
  chatLogin: ChatLoginService;
  account: AccountHooks;
  logger: Logger;
  /** Origins allowed to open the socket from a browser, besides the server's own host (PUBLIC_URL, XMPP_WS_ORIGINS). */
  allowedOrigins?: readonly string[];
  /** Reads the client's address and whether it came over https (then passwords may be sent) from an upgrade. */
  requestInfo?: UpgradeRequestInfo;
  limits?: Partial<XmppLimits>;
  now?: () => number;
  /** Other server nodes share the database and bus (REDIS_URL): messages are committed under a shared lock. */
  multiNode?: boolean;
  /** The node registry (several nodes): told which presences this node holds. */
  presenceTracker?: PresenceTracker;
  /** Friends and org for the roster and vCards of stock clients (im/); without it those queries are unavailable. */
  directory?: () => ImDirectory;
};

/** The running endpoint, for tests and the composition root. */
export type XmppEndpoint = {
  chat: ChatServices;
  sessions: SessionRegistry;
  /** Starts the TCP listeners (STARTTLS and direct TLS). */
  listenTcp(options: TcpListenOptions): Promise<TcpPorts>;
  /** Ends every session (system-shutdown) and stops accepting sockets. */
  close(): Promise<void>;
};

/** How long a shutting-down node waits for clients to finish the WebSocket close handshake. */
const CLOSE_GRACE_MS = 2_000;

/**
 * Waits for sockets to close, terminating those still open after a grace period.
 * @param sockets the sockets (already asked to close).
 * @param graceMs the grace period.
 */
async function closedOrCut(
  sockets: readonly WebSocket[],
  graceMs: number,
): Promise<void> {
  const open = sockets.filter((ws) => ws.readyState !== ws.CLOSED);
  if (open.length === 0) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(
      open.map(
        (ws) =>
          new Promise<void>((resolve) => ws.once("close", () => resolve())),
      ),
    ),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, graceMs);
    }),
  ]);
  clearTimeout(timer);
  for (const ws of open) if (ws.readyState !== ws.CLOSED) ws.terminate();
}

/**
 * Waits for TCP streams to close after `</stream:stream>`, destroying those still open after a grace period.
 * @param transports the transports (already asked to close).
 * @param graceMs the grace period.
 */
async function tcpClosedOrCut(
  transports: readonly TcpTransport[],
  graceMs: number,
): Promise<void> {
  if (transports.length === 0) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(transports.map((t) => t.closed)),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, graceMs);
    }),
  ]);
  clearTimeout(timer);
  for (const t of transports) t.destroy();
}

function originAllowed(
  req: IncomingMessage,
  allowed: readonly string[],
): boolean {
  const origin = req.headers.origin;
  // Non-browser clients send no Origin; browsers always do, so cross-site pages are caught here.
  if (origin === undefined) return true;
  if (allowed.includes(origin)) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

function reject(socket: Duplex, status: number, text: string): void {
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
  );
}

/**
 * Attaches the XMPP endpoint to the HTTP server's upgrade requests.
 * @param server the HTTP server (Fastify's `app.server`).
 * @param options database, bus, token verifier, logger and limits.
 * @returns the chat services and session registry it runs, and its closer.
 */
export function registerXmppEndpoint(
  server: Server,
  options: XmppEndpointOptions,
): XmppEndpoint {
  const now = options.now ?? Date.now;
  const limits = { ...DEFAULT_XMPP_LIMITS, ...options.limits };
  const logger = options.logger.child({ name: "xmpp" });
  const chat = createChatServices({
    db: options.db,
    bus: options.bus,
    now,
    multiNode: options.multiNode ?? false,
    presenceTracker: options.presenceTracker,
  });
  const router = new Router(logger);
  const sessions = new SessionRegistry();
  // Password logins being ended because their streams did: a stopping node waits for them before its database closes.
  const endingLogins = new InFlight();
  const account: AccountHooks = {
    ...options.account,
    endLogin: (actor) => endingLogins.track(options.account.endLogin(actor)),
  };
  const ctx: XmppContext = {
    account,
    verifier: options.verifier,
    chatLogin: options.chatLogin,
    bus: options.bus,
    chat,
    limits,
    now,
    logger,
    router,
    sessions,
  };
  // Modules add what they implement; disco answers with exactly that (XEP-0030).
  const features = new DiscoFeatures();
  registerPing(router, features);
  // RFC 6121 IM for stock clients: 1:1 chat, carbons, roster, presence subscriptions, vCard (im/).
  const imDeps = {
    db: options.db,
    chat,
    bus: options.bus,
    logger,
    directory: options.directory,
  };
  const im = registerIm(router, imDeps);
  for (const ns of IM_DISCO_FEATURES) features.addServer(ns);
  // A quarter of what a connection may leave unread: a page of long messages never gets a reader cut off.
  registerMam(
    router,
    chat,
    features,
    limits.maxOutputBytes / 4,
    userArchive(imDeps),
  );
  registerDisco(router, chat, features);
  registerRoomQueries(router, chat);
  registerUserData(router, chat);
  registerSearch(router, chat);
  registerAccount(router, ctx);
  registerMessages(
    router,
    chat,
    (session, msg) => changeNickname(ctx, session, msg),
    im.chat,
  );
  const presence = registerPresence(router, ctx, im);
  const hooks = {
    render: (event: BusEvent, session: ChatSession) => {
      const rendered = im.render(event, session);
      return rendered === undefined
        ? renderEvent(event, session)
        : (rendered ?? undefined);
    },
    onStart: presence.onStart,
    onEnd: presence.onEnd,
  };

  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: limits.maxPayloadBytes,
    perMessageDeflate: false,
    // RFC 7395 §3.1: the subprotocol is "xmpp"; a client that does not offer it is refused.
    handleProtocols: (protocols) => (protocols.has("xmpp") ? "xmpp" : false),
  });
  // Every open connection, authenticated or not, so shutdown can end them all.
  const connections = new Set<XmppConnection>();
  const tcpTransports = new Set<TcpTransport>();
  const gone = (c: XmppConnection) => connections.delete(c);
  const frames = new FrameParser(limits);
  const keepAlive = keepConnectionsAlive(
    wss,
    tcpTransports,
    limits.keepAliveMs,
    logger,
  );
  wss.on("connection", (ws, req: IncomingMessage) => {
    keepAlive.watch(ws);
    const transport = new WebSocketTransport(
      ws,
      frames,
      options.requestInfo?.isSecure(req) ?? false,
      options.requestInfo?.clientAddress(req) ?? req.socket.remoteAddress ?? "",
    );
    connections.add(new XmppConnection(transport, ctx, hooks, gone));
  });
  let tcp: Awaited<ReturnType<typeof listenTcp>> | undefined;
  const startTcp = async (tcpOptions: TcpListenOptions) => {
    tcp = await listenTcp(tcpOptions, limits, (transport) => {
      tcpTransports.add(transport);
      void transport.closed.finally(() => tcpTransports.delete(transport));
      connections.add(new XmppConnection(transport, ctx, hooks, gone));
    });
    return tcp.ports;
  };

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? "").split("?")[0];
    const offered = (req.headers["sec-websocket-protocol"] ?? "")
      .split(",")
      .map((p) => p.trim());
    if (path !== XMPP_PATH && path !== "/ws") {
      reject(socket, 404, "Not Found");
    } else if (!originAllowed(req, options.allowedOrigins ?? [])) {
      reject(socket, 403, "Forbidden");
    } else if (!offered.includes("xmpp")) {
      reject(socket, 400, "Bad Request");
    } else {
      wss.handleUpgrade(req, socket, head, (ws) => {
        wss.emit("connection", ws, req);
      });
    }
  };
  server.on("upgrade", onUpgrade);
  // Sessions end when their access token expires unrenewed; polling the (injectable) clock rather than a timer per
  // session lets tests move time forward, and keeps the delay under a second.
  const expiry = setInterval(
    () => sessions.expire(now()),
    EXPIRY_CHECK_INTERVAL_MS,
  );
  expiry.unref();
  const close = async () => {
    clearInterval(expiry);
    keepAlive.stop();
    server.off("upgrade", onUpgrade);
    // Stops accepting now; resolves once the open streams below have closed.
    const tcpStopped = tcp?.close();
    // Graceful drain: messages already accepted are committed and acknowledged before their streams close, so the
    // clients resend nothing twice when they move to another node.
    await chat.settled();
    await new Promise((resolve) => setImmediate(resolve));
    for (const s of sessions.list()) {
      s.transport?.closeWithError(new StreamError("system-shutdown"));
      s.end();
    }
    for (const c of connections)
      c.closeWithError(new StreamError("system-shutdown"));
    // The stream errors and close frames go out first (writes are corked until the next tick); a client that does
    // not answer the close handshake soon is cut off.
    await Promise.all([
      closedOrCut([...wss.clients], CLOSE_GRACE_MS),
      tcpClosedOrCut([...tcpTransports], CLOSE_GRACE_MS),
    ]);
    await new Promise<void>((resolve) => wss.close(() => resolve()));
    await tcpStopped;
    await presence.drain();
    await endingLogins.drain();
    chat.close();
  };
  return { chat, sessions, listenTcp: startTcp, close };
}
