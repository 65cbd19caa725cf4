/**
 * Entry point of the admin CLI (`npm run moa -- …`). While a server runs on the same DATA_DIR the command runs
 * inside it through its admin socket (an embedded database admits one process only); otherwise the CLI opens the
 * server's database from the same config and runs the command itself.
 */
import { systemClock } from "../clock.js";
import { loadConfig } from "../config.js";
import { openDatabase } from "../db/database.js";
import { migrate } from "../db/migrate.js";
import { createLogger } from "../logger.js";
import { createIdentityServices } from "../services/services.js";
import { runInServer } from "../admin/admin-client.js";
import { createCommandServices } from "./command-services.js";
import { runCommand, withAbsoluteFileArgument } from "./commands.js";

const logger = createLogger("cli");

const out = (line: string) => process.stdout.write(`${line}\n`);
const err = (line: string) => process.stderr.write(`${line}\n`);

async function main(): Promise<number> {
  const config = loadConfig();
  const argv = withAbsoluteFileArgument(process.argv.slice(2), process.cwd());
  const remote = await runInServer(config.dataDir, argv);
  if (remote) {
    remote.out.forEach(out);
    remote.err.forEach(err);
    return remote.exitCode;
  }
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: "postgres", url: config.databaseUrl }
      : { kind: "pglite", dataDir: config.dataDir },
  );
  try {
    await migrate(database.db);
    const identity = await createIdentityServices(database.db, systemClock);
    return await runCommand(argv, {
      ...createCommandServices(database.db, identity, systemClock),
      out,
      err,
    });
  } finally {
    await database.close();
  }
}

try {
  process.exit(await main());
} catch (e) {
  logger.fatal({ err: e }, "command failed");
  process.exit(1);
}
