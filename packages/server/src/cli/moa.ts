/** Entry point of the admin CLI (`npm run moa -- …`): opens the server's database from the same config and runs a command. */
import { systemClock } from "../clock.js";
import { loadConfig } from "../config.js";
import { openDatabase } from "../db/database.js";
import { migrate } from "../db/migrate.js";
import { createLogger } from "../logger.js";
import { GroupwareRepository } from "../db/repositories/groupware.repository.js";
import { UsersRepository } from "../db/repositories/users.repository.js";
import { IntegrationService } from "../services/integration/integration.service.js";
import { createIdentityServices } from "../services/services.js";
import { runCommand } from "./commands.js";

const logger = createLogger("cli");

async function main(): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: "postgres", url: config.databaseUrl }
      : { kind: "pglite", dataDir: config.dataDir },
  );
  try {
    await migrate(database.db);
    const identity = await createIdentityServices(database.db, systemClock);
    // The CLI reaches no online client, so pushes have nowhere to go.
    const integration = new IntegrationService(
      new GroupwareRepository(database.db),
      new UsersRepository(database.db),
      { toUser: () => undefined },
      systemClock,
    );
    return await runCommand(process.argv.slice(2), {
      directory: identity.directory,
      integrationKeys: {
        issue: (companyId) => integration.issueKey(companyId),
      },
      out: (line) => process.stdout.write(`${line}\n`),
      err: (line) => process.stderr.write(`${line}\n`),
    });
  } finally {
    await database.close();
  }
}

try {
  process.exit(await main());
} catch (err) {
  logger.fatal({ err }, "command failed");
  process.exit(1);
}
