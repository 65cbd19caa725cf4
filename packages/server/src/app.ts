/** Builds the HTTP application from its dependencies. No I/O happens at import time, so tests build it without listening. */
import { existsSync } from "node:fs";
import fastifyStatic from "@fastify/static";
import Fastify from "fastify";
import { sql } from "kysely";
import type { Config } from "./config.js";
import type { Db } from "./db/database.js";
import type { Logger } from "./logger.js";

export type AppDeps = {
  config: Config;
  db: Db;
  logger: Logger;
};

/**
 * Creates the Fastify app with every route registered.
 * @param deps configuration, database and logger.
 * @returns the app, ready to `listen` or `inject`.
 */
export async function createApp(deps: AppDeps) {
  const app = Fastify({ loggerInstance: deps.logger, trustProxy: true });

  app.get("/healthz", async (_req, reply) => {
    try {
      await sql`select 1`.execute(deps.db);
      return { status: "ok", db: "ok" };
    } catch (err) {
      deps.logger.error({ err }, "health check failed");
      return reply.code(503).send({ status: "fail", db: "unreachable" });
    }
  });

  if (existsSync(deps.config.webDistDir)) {
    await app.register(fastifyStatic, {
      root: deps.config.webDistDir,
      index: ["index.html"],
      wildcard: false,
    });
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

export type App = Awaited<ReturnType<typeof createApp>>;
