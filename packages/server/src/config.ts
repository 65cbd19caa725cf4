/** Server configuration: the only module that reads process.env. Parsed once, frozen, passed down. */
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import {
  throttleEnvShape,
  throttleLimits,
  type ThrottleLimits,
} from "./services/throttle/throttle-config.js";
import { parseTrustProxy, type TrustProxy } from "./http/trust-proxy.js";
import { DEFAULT_XMPP_LIMITS } from "./xmpp/stream/limits.js";

const defaultWebDist = fileURLToPath(
  new URL("../../web/dist", import.meta.url),
);

const envSchema = z.object({
  PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(8080)
    .describe("HTTP/WebSocket port to listen on (0 picks a free one)."),
  HOST: z
    .string()
    .min(1)
    .default("127.0.0.1")
    .describe("Interface to bind; 0.0.0.0 to accept outside connections."),
  DATA_DIR: z
    .string()
    .min(1)
    .default("./data")
    .describe(
      "Directory for the embedded database (pgdata/) and the local file store (files/).",
    ),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional()
    .describe(
      "PostgreSQL connection URL; when unset the embedded PGlite database in DATA_DIR is used.",
    ),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must be a redis:// URL")
    .optional()
    .describe(
      "Redis URL: with it, several server nodes on one PostgreSQL (DATABASE_URL, required then) share chat fan-out, presence changes, session revocation and rate limits (docs/scaling.md). Unset: one node, in-process.",
    ),
  REDIS_PREFIX: z
    .string()
    .min(1)
    .default("moa:")
    .describe(
      "Prefix of every Redis channel and key, so several deployments (or test runs) can share one Redis.",
    ),
  NODE_TIMEOUT_SECONDS: z.coerce
    .number()
    .positive()
    .default(15)
    .describe(
      "With REDIS_URL: a node that has not renewed its Redis heartbeat for this long counts as dead, and another node takes its users offline (within this plus a third of it).",
    ),
  WORKERS: z
    .string()
    .default("1")
    .transform((raw, ctx) => workerCount(raw, ctx))
    .describe(
      'Server processes on this machine, sharing its ports (docs/scaling.md "Several workers on one machine"): a number, or `auto` for one per CPU core. More than one needs REDIS_URL (the workers are nodes of one cluster).',
    ),
  PUBLIC_URL: z
    .url()
    .optional()
    .describe(
      "Externally visible base URL (used in links the server hands out); defaults to http://HOST:PORT.",
    ),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const parsed = parseTrustProxy(raw);
      if (parsed.ok) return parsed.value;
      ctx.addIssue({ code: "custom", message: parsed.message });
      return z.NEVER;
    })
    .describe(
      "Reverse proxies whose X-Forwarded-For/-Proto/-Host are believed: a comma list of addresses/CIDRs (e.g. 10.0.0.5,10.1.0.0/16). Unset (default): forwarded headers are ignored. Needs PUBLIC_URL.",
    ),
  BODY_IDLE_TIMEOUT_SECONDS: z.coerce
    .number()
    .positive()
    .default(30)
    .describe(
      "A request body (e.g. an upload) that sends no byte for this long is cut off and its partial file removed.",
    ),
  WEB_DIST_DIR: z
    .string()
    .default(defaultWebDist)
    .describe("Directory of the built web client that the server serves."),
  SEED_DEMO: z
    .enum(["true", "false", "1", "0"])
    .default("true")
    .transform((v) => v === "true" || v === "1")
    .describe(
      "Seed the demo company (domain demo.moa.test) when the database has no company yet.",
    ),
  XMPP_PORT: z
    .string()
    .default("5222")
    .transform((raw, ctx) => portOrOff(raw, ctx))
    .describe(
      "XMPP client port (RFC 6120 over TCP, STARTTLS required before login); `off` disables it, 0 picks a free one.",
    ),
  XMPP_TLS_PORT: z
    .string()
    .default("5223")
    .transform((raw, ctx) => portOrOff(raw, ctx))
    .describe(
      "XMPP client port with direct TLS (XEP-0368); `off` disables it, 0 picks a free one.",
    ),
  XMPP_TLS_CERT: z
    .string()
    .optional()
    .describe(
      "PEM certificate (chain) file of the XMPP TCP ports; with XMPP_TLS_KEY. Unset: a self-signed one generated once into DATA_DIR/xmpp-tls/.",
    ),
  XMPP_TLS_KEY: z
    .string()
    .optional()
    .describe("PEM private key file of XMPP_TLS_CERT."),
  XMPP_WS_ORIGINS: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const list = (raw ?? "")
        .split(",")
        .map((o) => o.trim())
        .filter((o) => o !== "");
      for (const o of list) {
        let origin = "";
        try {
          origin = new URL(o).origin;
        } catch {
          /* reported below */
        }
        if (origin !== o)
          ctx.addIssue({
            code: "custom",
            message: `${o} is not an origin like https://chat.example.com`,
          });
      }
      return list;
    })
    .describe(
      "Comma list of further web origins (e.g. https://chat.example.com) whose pages may open the chat WebSocket /ws/; the server's own host and PUBLIC_URL always may.",
    ),
  XMPP_APP_PASSWORDS_ONLY: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1")
    .describe(
      "Standard XMPP clients must log in with an app password (created in the Moa client), never the account password; per company, the feature switch xmppAppPasswordsOnly does the same.",
    ),
  XMPP_INBOUND_RATE: z.coerce
    .number()
    .int()
    .positive()
    .default(DEFAULT_XMPP_LIMITS.ratePerSecond)
    .describe(
      "Stanzas per second one chat connection may send, sustained; a faster sender is slowed (the server stops reading its socket until the rate allows), not disconnected.",
    ),
  XMPP_INBOUND_BURST: z.coerce
    .number()
    .int()
    .positive()
    .default(DEFAULT_XMPP_LIMITS.rateBurst)
    .describe(
      "Stanzas one chat connection may send at once before XMPP_INBOUND_RATE applies.",
    ),
  XMPP_PING_SECONDS: z.coerce
    .number()
    .positive()
    .default(DEFAULT_XMPP_LIMITS.keepAliveMs / 1000)
    .describe(
      "Every this often the server pings each chat connection (WebSocket ping frames; XEP-0199 pings on the TCP ports, to streams that sent nothing since the last round); a connection that has not answered the last ping is cut off, so a peer that vanished without closing (a laptop put to sleep, a dropped network) goes offline within twice this over WebSocket, three times over TCP.",
    ),
  XMPP_OUTPUT_LIMIT_KB: z.coerce
    .number()
    .int()
    // A history page may take a quarter of it, and that quarter must hold the largest message (256 KiB).
    .min(1024)
    .default(DEFAULT_XMPP_LIMITS.maxOutputBytes / 1024)
    .describe(
      "Output a chat client may leave unread in the server, in KiB; a connection whose client stops reading (beyond what the operating system buffers) is cut off there and catches up from the archive when it reconnects, so one stuck client cannot fill the server's memory. At least 1024.",
    ),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
    .default("info")
    .describe("Log level."),
  // Rate limits (issue #11): services/throttle/throttle-config.ts.
  ...throttleEnvShape,
});

/** How many worker processes: a count from 1 to 64, or `auto` (one per core); resolved against REDIS_URL later. */
function workerCount(raw: string, ctx: z.RefinementCtx): number | "auto" {
  if (raw.trim().toLowerCase() === "auto") return "auto";
  const n = Number(raw);
  if (Number.isInteger(n) && n >= 1 && n <= 64) return n;
  ctx.addIssue({
    code: "custom",
    message: "must be a number from 1 to 64 or auto",
  });
  return z.NEVER;
}

/** A port number, or `off`. */
function portOrOff(raw: string, ctx: z.RefinementCtx): number | undefined {
  if (raw.trim().toLowerCase() === "off") return undefined;
  const port = Number(raw);
  if (Number.isInteger(port) && port >= 0 && port <= 65535) return port;
  ctx.addIssue({ code: "custom", message: "must be a port number or off" });
  return z.NEVER;
}

export type Config = Readonly<{
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  redisPrefix: string;
  nodeTimeoutMs: number;
  /** Server processes on this machine (1: this process serves). */
  workers: number;
  publicUrl: string | undefined;
  trustProxy: TrustProxy;
  bodyIdleTimeoutMs: number;
  webDistDir: string;
  seedDemo: boolean;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  throttle: ThrottleLimits;
  xmpp: {
    port: number | undefined;
    tlsPort: number | undefined;
    tlsCert: string | undefined;
    tlsKey: string | undefined;
    wsOrigins: readonly string[];
    appPasswordsOnly: boolean;
    /** Inbound stanza rate per connection (token bucket refill per second, and capacity). */
    inboundRate: number;
    inboundBurst: number;
    /** How often chat connections are pinged (keep-alive rounds), in seconds. */
    pingSeconds: number;
    /** Unread output per chat connection before it is cut off, in KiB. */
    outputLimitKb: number;
  };
}>;

/** Documentation of every variable, for the README and `--help`. */
export const configDocs = Object.entries(envSchema.shape).map(
  ([name, schema]) => ({
    name,
    description: schema.description ?? "",
  }),
);

/**
 * Parses the environment into a frozen Config.
 * @param env the environment to read; process.env by default.
 * @returns the validated configuration.
 * @throws Error listing every invalid variable.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
): Config {
  const parsed = envSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, v]) => v !== "")),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `  ${i.path.join(".")}: ${i.message}`,
    );
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  // Behind a proxy the Host the server sees is the proxy's business: links must come from the configured URL.
  if (e.TRUST_PROXY !== false && !e.PUBLIC_URL)
    throw new Error(
      "Invalid configuration:\n  TRUST_PROXY: needs PUBLIC_URL (links the server hands out behind a proxy come from PUBLIC_URL)",
    );
  // Nodes share state through the database: the embedded one belongs to a single process.
  if (e.REDIS_URL && !e.DATABASE_URL)
    throw new Error(
      "Invalid configuration:\n  REDIS_URL: several nodes need a shared PostgreSQL; set DATABASE_URL (the embedded database serves one node only)",
    );
  // Workers are nodes of one cluster: without Redis they could not see each other's sessions.
  if (typeof e.WORKERS === "number" && e.WORKERS > 1 && !e.REDIS_URL)
    throw new Error(
      "Invalid configuration:\n  WORKERS: several workers share fan-out and presence through Redis; set REDIS_URL and DATABASE_URL, or WORKERS=1",
    );
  if (!e.XMPP_TLS_CERT !== !e.XMPP_TLS_KEY)
    throw new Error(
      "Invalid configuration:\n  XMPP_TLS_CERT, XMPP_TLS_KEY: set both or neither",
    );
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    nodeTimeoutMs: e.NODE_TIMEOUT_SECONDS * 1000,
    // `auto` without Redis is one process: the embedded database and in-process bus serve one.
    workers:
      e.WORKERS !== "auto"
        ? e.WORKERS
        : e.REDIS_URL
          ? availableParallelism()
          : 1,
    publicUrl: e.PUBLIC_URL,
    trustProxy: e.TRUST_PROXY,
    bodyIdleTimeoutMs: e.BODY_IDLE_TIMEOUT_SECONDS * 1000,
    webDistDir: resolve(e.WEB_DIST_DIR),
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    throttle: throttleLimits(e),
    xmpp: {
      port: e.XMPP_PORT,
      tlsPort: e.XMPP_TLS_PORT,
      tlsCert: e.XMPP_TLS_CERT && resolve(e.XMPP_TLS_CERT),
      tlsKey: e.XMPP_TLS_KEY && resolve(e.XMPP_TLS_KEY),
      wsOrigins: e.XMPP_WS_ORIGINS,
      appPasswordsOnly: e.XMPP_APP_PASSWORDS_ONLY,
      inboundRate: e.XMPP_INBOUND_RATE,
      inboundBurst: e.XMPP_INBOUND_BURST,
      pingSeconds: e.XMPP_PING_SECONDS,
      outputLimitKb: e.XMPP_OUTPUT_LIMIT_KB,
    },
  });
}
