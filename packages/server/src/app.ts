/** Builds the HTTP application from its dependencies. No I/O happens at import time, so tests build it without listening. */
import { existsSync } from "node:fs";
import Fastify from "fastify";
import { sql } from "kysely";
import { systemClock, type Clock } from "./clock.js";
import type { Config } from "./config.js";
import type { Db } from "./db/database.js";
import { registerAuthHook } from "./http/auth-hook.js";
import { registerErrorHandler } from "./http/error-handler.js";
import { registerWebClient } from "./http/web-client.js";
import { registerSecurityHeaders } from "./http/security-headers.js";
import { registerBodyGuards } from "./http/body-guards.js";
import { registerAuthRoutes } from "./http/routes/auth/auth.routes.js";
import { registerOrgRoutes } from "./http/routes/org/org.routes.js";
import { registerAppPasswordRoutes } from "./http/routes/auth/app-passwords.routes.js";
import { AppPasswordService } from "./services/auth/app-passwords.js";
import type { Logger } from "./logger.js";
import { userTopic, type ChatBus } from "./bus/bus.js";
import { createMemoryBus } from "./bus/memory-bus.js";
import { registerXmppEndpoint } from "./xmpp/plugin.js";
import type { TcpPorts } from "./xmpp/tcp-listener.js";
import {
  loadTlsCredentials,
  tlsCredentialsOptions,
} from "./xmpp/tls-credentials.js";
import { ChatLoginService } from "./services/auth/chat-login.service.js";
import { upgradeRequestInfo } from "./http/upgrade-request.js";
import type { XmppLimits } from "./xmpp/stream/limits.js";
import { registerNewsRoutes } from "./http/routes/news/news.routes.js";
import {
  createIdentityServices,
  type IdentityServices,
} from "./services/services.js";
import { registerWorkplaceRoutes } from "./http/routes/workplace.routes.js";
import { createBusUserPush } from "./services/push/user-push.js";
import {
  createWorkplaceServices,
  type WorkplaceOptions,
} from "./services/workplace-services.js";
import { LocalFileStorage } from "./storage/local-file-storage.js";
import { join } from "node:path";
import { createThrottling } from "./services/throttle/throttling.js";
import { registerThrottleHooks } from "./http/throttle-hooks.js";
import type { Redis } from "ioredis";
import { RedisRateLimitStore } from "./services/throttle/redis-store.js";
import { RedisPbx } from "./services/centrex/redis-pbx.js";
import { NodeLiveness } from "./cluster/node-liveness.js";
import { ROSTER_CHANGED } from "./xmpp/im/roster.js";

export type AppDeps = {
  config: Config;
  db: Db;
  logger: Logger;
  /** The clock services read (tests move it forward); the system clock by default. */
  clock?: Clock;
  /** Prebuilt identity services (so the server and its seeding share one set), built over `chatBus`; built here when absent. */
  identity?: IdentityServices;
  /** Chat fan-out between server nodes; in-process (single node) when absent. */
  chatBus?: ChatBus;
  /** The Redis every node shares (REDIS_URL): rate limits count there and /readyz checks it. */
  redis?: Redis;
  /** XMPP connection limits over the defaults (tests use small ones to reach them quickly). */
  xmppLimits?: Partial<XmppLimits>;
  /** Workplace overrides (file storage, upload limits); DATA_DIR/files and the spec's limits when absent. */
  workplace?: WorkplaceOptions;
};

/**
 * Creates the Fastify app with every route registered.
 * @param deps configuration, database and logger.
 * @returns the app, ready to `listen` or `inject`.
 */
export async function createApp(deps: AppDeps) {
  const app = Fastify({
    loggerInstance: deps.logger,
    trustProxy: deps.config.trustProxy,
  });
  // Headers on every answer; body limits delivered and stalled bodies timed out (docs/security.md).
  registerSecurityHeaders(app, deps.config);
  registerBodyGuards(app, deps.config);
  const clock = deps.clock ?? systemClock;
  const chatBus = deps.chatBus ?? createMemoryBus();
  const identity =
    deps.identity ?? (await createIdentityServices(deps.db, clock, chatBus));
  registerErrorHandler(app);
  registerAuthHook(app, identity.tokens);
  // Rate limits (issue #11, docs/auth.md "Lock policy and throttling").
  const throttling = createThrottling(
    deps.config.throttle,
    deps.clock,
    deps.redis
      ? new RedisRateLimitStore(deps.redis, `${deps.config.redisPrefix}rl:`)
      : undefined,
  );
  registerThrottleHooks(app, throttling.limiter, deps.config.throttle);
  registerAuthRoutes(app, {
    services: identity,
    config: deps.config,
    throttle: throttling.auth,
  });
  registerOrgRoutes(app, { services: identity });
  registerAppPasswordRoutes(
    app,
    new AppPasswordService(
      identity.repositories.chatCredentials,
      identity.sessions,
    ),
  );

  // Several nodes: each announces itself and the presences it holds, and takes off those of a node that died.
  const liveness = deps.redis
    ? new NodeLiveness(
        deps.redis,
        deps.config.redisPrefix,
        deps.config.nodeTimeoutMs,
      )
    : undefined;
  // Chat engine (issue #4): XMPP over WebSocket at /ws/, and over TCP for standard clients (issue #16).
  const xmpp = registerXmppEndpoint(app.server, {
    db: deps.db,
    bus: chatBus,
    verifier: identity.tokens,
    chatLogin: new ChatLoginService(
      identity.repositories.companies,
      identity.repositories.users,
      identity.repositories.chatCredentials,
      identity.gate,
      identity.sessions,
      throttling.auth,
      identity.repositories.audit,
      clock,
      { appPasswordsOnly: deps.config.xmpp.appPasswordsOnly },
    ),
    account: {
      renewToken: (actor) => identity.tokens.issue(actor),
      // The home service is built below; the connection calls this only after startup.
      setNickname: (actor, nickname) =>
        workplace.home.updateNickname(actor, nickname),
      endLogin: (actor) => identity.sessions.logout(actor, ""),
    },
    logger: deps.logger,
    allowedOrigins: [
      ...(deps.config.publicUrl ? [new URL(deps.config.publicUrl).origin] : []),
      ...deps.config.xmpp.wsOrigins,
    ],
    requestInfo: upgradeRequestInfo(deps.config.trustProxy),
    now: () => clock().getTime(),
    multiNode: deps.chatBus !== undefined && deps.config.redisUrl !== undefined,
    ...(liveness ? { presenceTracker: liveness } : {}),
    limits: {
      ratePerSecond: deps.config.xmpp.inboundRate,
      rateBurst: deps.config.xmpp.inboundBurst,
      keepAliveMs: deps.config.xmpp.pingSeconds * 1000,
      maxOutputBytes: deps.config.xmpp.outputLimitKb * 1024,
      ...deps.xmppLimits,
    },
    // Built below; the roster and vCards are read only after startup.
    directory: () => ({
      friends: workplace.friends,
      orgIndex: workplace.orgIndex,
    }),
  });
  const { port: xmppPort, tlsPort: xmppTlsPort } = deps.config.xmpp;
  if (xmppPort !== undefined || xmppTlsPort !== undefined) {
    const ports = await xmpp.listenTcp({
      host: deps.config.host,
      port: xmppPort,
      tlsPort: xmppTlsPort,
      credentials: await loadTlsCredentials(tlsCredentialsOptions(deps.config)),
    });
    xmppPorts.set(app.server, ports);
    deps.logger.info(ports, "xmpp tcp listening");
  }
  app.addHook("preClose", async () => {
    await xmpp.close();
    await liveness?.stop();
  });
  await liveness?.start((dead) => xmpp.chat.presence.takeOff(dead));

  // Workplace features (issue #5): home, groupware integration, friends, attendance, files, phone, webhard.
  const workplace = createWorkplaceServices({
    db: deps.db,
    identity,
    push: createBusUserPush(chatBus),
    clock,
    storage:
      deps.workplace?.storage ??
      new LocalFileStorage(join(deps.config.dataDir, "files")),
    uploadLimits: deps.workplace?.uploadLimits,
    // Several nodes share the simulated PBX's line states in Redis: a line busy through one node is busy through all.
    phone:
      deps.workplace?.phone ??
      (deps.redis
        ? new RedisPbx(deps.redis, `${deps.config.redisPrefix}pbx:`)
        : undefined),
    news: xmpp.chat.news,
    friendsChanged: (userId) =>
      chatBus.publish(userTopic(userId), { kind: ROSTER_CHANGED }),
  });
  await registerWorkplaceRoutes(app, {
    services: workplace,
    config: deps.config,
  });
  // Chat engine (issue #4): groupware posts to news rooms with its integration key.
  registerNewsRoutes(app, {
    authenticate: (key) => workplace.integration.authenticate(key),
    news: xmpp.chat.news,
  });

  app.get("/healthz", async (_req, reply) => {
    try {
      await sql`select 1`.execute(deps.db);
      return { status: "ok", db: "ok" };
    } catch (err) {
      deps.logger.error({ err }, "health check failed");
      return reply.code(503).send({ status: "fail", db: "unreachable" });
    }
  });

  // Readiness for a load balancer: this node can serve only with its database and (several nodes) Redis. While the
  // node shuts down Fastify answers 503 to every request, this one included, so traffic moves elsewhere.
  app.get("/readyz", async (_req, reply) => {
    const [db, redis] = await Promise.all([
      probe(async () => {
        await sql`select 1`.execute(deps.db);
      }),
      deps.redis
        ? probe(async () => {
            await deps.redis?.ping();
          })
        : Promise.resolve("not used" as const),
    ]);
    const ready = db === "ok" && redis !== "unreachable";
    if (!ready) deps.logger.warn({ db, redis }, "not ready");
    return reply
      .code(ready ? 200 : 503)
      .send({ status: ready ? "ok" : "fail", db, redis });
  });

  if (existsSync(deps.config.webDistDir)) {
    await registerWebClient(app, deps.config.webDistDir);
  } else {
    deps.logger.warn(
      { dir: deps.config.webDistDir },
      "web client is not built; run `npm run build`",
    );
    app.get("/", async (_req, reply) =>
      reply
        .type("text/plain")
        .send(
          "Moa server is running; the web client is not built (npm run build).",
        ),
    );
  }

  return app;
}

/** Runs a readiness check: "ok", or "unreachable" when it throws or takes over 2 s. */
async function probe(
  check: () => Promise<void>,
): Promise<"ok" | "unreachable"> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error("timed out")), 2_000);
      }),
    ]);
    return "ok";
  } catch {
    return "unreachable";
  } finally {
    clearTimeout(timer);
  }
}

export type App = Awaited<ReturnType<typeof createApp>>;

const xmppPorts = new WeakMap<object, TcpPorts>();

/**
 * The XMPP TCP ports an app listens on (XMPP_PORT / XMPP_TLS_PORT, resolved when 0 was asked).
 * @param app the app.
 * @returns the ports; empty when both are off.
 */
export function xmppTcpPorts(app: App): TcpPorts {
  return xmppPorts.get(app.server) ?? {};
}
