/** Composition root: load config, start the server, stop gracefully on SIGTERM/SIGINT. The only place that exits the process. */
import { loadConfig } from "./config.js";
import { createLogger } from "./logger.js";
import { startServer } from "./server.js";

const logger = createLogger("main");

async function main(): Promise<void> {
  const config = loadConfig();
  logger.level = config.logLevel;
  const server = await startServer(config, logger);
  // Plain lines for a person at the terminal, besides the structured log.
  process.stdout.write(`\nMoa is running at ${server.url}/\n\n`);
  if (server.seeded) {
    const { domain, password, accounts, usersAdded, departments } =
      server.seeded;
    process.stdout.write(
      [
        `Seeded the demo company: domain ${domain}, ${departments} departments, ${usersAdded} users.`,
        `Every demo user's password is ${password}. Logins to try:`,
        `  ${accounts.normal.padEnd(14)} normal user`,
        `  ${accounts.free.padEnd(14)} free user (fewer features)`,
        `  ${accounts.expired.padEnd(14)} password expired (105; log in with "change later")`,
        `  ${accounts.noConsent.padEnd(14)} privacy policy not agreed (106)`,
        `  ${accounts.locked.padEnd(14)} locked (103; npm run moa -- user unlock --domain ${domain} --login ${accounts.locked})`,
        "",
        "",
      ].join("\n"),
    );
  }

  const shutdown = (signal: string) => {
    logger.info({ signal }, "shutting down");
    void (async () => {
      try {
        await server.stop();
        process.exit(0);
      } catch (err) {
        logger.error({ err }, "shutdown failed");
        process.exit(1);
      }
    })();
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
}

main().catch((err: unknown) => {
  logger.fatal({ err }, "failed to start");
  process.exit(1);
});
