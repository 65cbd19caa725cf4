/** Server configuration: the only module that reads process.env. Parsed once, frozen, passed down. */
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import {
  throttleEnvShape,
  throttleLimits,
  type ThrottleLimits,
} from "./services/throttle/throttle-config.js";
import { parseTrustProxy, type TrustProxy } from "./http/trust-proxy.js";

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
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
    .default("info")
    .describe("Log level."),
  // Rate limits (issue #11): services/throttle/throttle-config.ts.
  ...throttleEnvShape,
});

export type Config = Readonly<{
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  redisPrefix: string;
  nodeTimeoutMs: number;
  publicUrl: string | undefined;
  trustProxy: TrustProxy;
  bodyIdleTimeoutMs: number;
  webDistDir: string;
  seedDemo: boolean;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  throttle: ThrottleLimits;
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
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    nodeTimeoutMs: e.NODE_TIMEOUT_SECONDS * 1000,
    publicUrl: e.PUBLIC_URL,
    trustProxy: e.TRUST_PROXY,
    bodyIdleTimeoutMs: e.BODY_IDLE_TIMEOUT_SECONDS * 1000,
    webDistDir: resolve(e.WEB_DIST_DIR),
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    throttle: throttleLimits(e),
  });
}
