/** An in-process server on a free port over a fresh test database, for integration tests over real sockets. */
import { createApp, type App } from "../app.js";
import type { ChatBus } from "../bus/bus.js";
import type { WorkplaceOptions } from "../services/workplace-services.js";
import type { Clock } from "../clock.js";
import { loadConfig, type Config } from "../config.js";
import type { DatabaseHandle } from "../db/database.js";
import { createLogger } from "../logger.js";
import type { XmppLimits } from "../xmpp/stream/limits.js";
import { createTestDatabase } from "./test-database.js";

export type TestServer = {
  app: App;
  database: DatabaseHandle;
  config: Config;
  /** Base URL, e.g. http://127.0.0.1:41234 */
  url: string;
  close(): Promise<void>;
};

/**
 * Starts the app on 127.0.0.1 with an ephemeral port.
 * @param env extra configuration variables.
 * @param opts a clock for the services (tests that move time forward); a chat bus to observe pushes; workplace
 *   overrides (file storage, upload limits); XMPP limits over the defaults.
 * @returns the running test server.
 */
export async function createTestServer(
  env: Record<string, string> = {},
  opts: {
    clock?: Clock;
    chatBus?: ChatBus;
    workplace?: WorkplaceOptions;
    xmppLimits?: Partial<XmppLimits>;
  } = {},
): Promise<TestServer> {
  const config = loadConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: "/nonexistent-moa-test",
    LOG_LEVEL: "warn",
    // Fixed ports would collide between test files; tests of the TCP transport ask for free ones (0).
    XMPP_PORT: "off",
    XMPP_TLS_PORT: "off",
    ...env,
  });
  const database = await createTestDatabase();
  const app = await createApp({
    config,
    db: database.db,
    logger: createLogger("test", config.logLevel),
    ...(opts.clock ? { clock: opts.clock } : {}),
    ...(opts.chatBus ? { chatBus: opts.chatBus } : {}),
    ...(opts.workplace ? { workplace: opts.workplace } : {}),
    ...(opts.xmppLimits ? { xmppLimits: opts.xmppLimits } : {}),
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const addr = app.server.address();
  if (!addr || typeof addr === "string")
    throw new Error("server has no TCP address");
  return {
    app,
    database,
    config,
    url: `http://127.0.0.1:${addr.port}`,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
