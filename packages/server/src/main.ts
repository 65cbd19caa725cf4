/**
 * Composition root: load config, start the server (or, with WORKERS, the processes that do), stop gracefully on
 * SIGTERM/SIGINT. The only place that exits the process.
 */
import { isWorker, reportListening, runPrimary } from "./cluster/workers.js";
import { loadConfig, type Config } from "./config.js";
import { createLogger } from "./logger.js";
import { startServer } from "./server.js";
import type { DemoSeedSummary } from "./services/seed/demo-seed.js";

const logger = createLogger("main");

/**
 * What a person at the terminal reads once the server runs, besides the structured log.
 * @param url the server's URL.
 * @param seeded what this start seeded, if anything.
 * @param workers how many processes serve.
 */
function printWelcome(
  url: string,
  seeded: DemoSeedSummary | undefined,
  workers: number,
): void {
  const served = workers > 1 ? ` (${workers} worker processes)` : "";
  process.stdout.write(`\nMoa is running at ${url}/${served}\n\n`);
  if (!seeded) return;
  const { domain, password, accounts, usersAdded, departments } = seeded;
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

async function serve(config: Config): Promise<void> {
  const server = await startServer(config, logger);
  if (isWorker()) reportListening(server.url);
  else printWelcome(server.url, server.seeded, 1);

  const shutdown = (reason: string) => {
    logger.info({ reason }, "shutting down");
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

async function main(): Promise<void> {
  const config = loadConfig();
  logger.level = config.logLevel;
  if (config.workers === 1 || isWorker()) return serve(config);
  process.exit(
    await runPrimary(config, logger, (url, seeded) =>
      printWelcome(url, seeded, config.workers),
    ),
  );
}

main().catch((err: unknown) => {
  logger.fatal({ err }, "failed to start");
  process.exit(1);
});
