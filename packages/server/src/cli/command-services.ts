/** What the admin commands run on, built over one database: shared by the CLI and the running server's admin socket. */
import type { Clock } from "../clock.js";
import type { Db } from "../db/database.js";
import { CompaniesRepository } from "../db/repositories/companies.repository.js";
import { GroupwareRepository } from "../db/repositories/groupware.repository.js";
import { UsersRepository } from "../db/repositories/users.repository.js";
import { IntegrationService } from "../services/integration/integration.service.js";
import type { IdentityServices } from "../services/services.js";
import type { CommandServices } from "./commands.js";

/**
 * Builds the services the commands need.
 * @param db the database.
 * @param identity the identity services over the same database.
 * @param clock the clock.
 * @returns the directory and the integration-key issuer.
 */
export function createCommandServices(
  db: Db,
  identity: IdentityServices,
  clock: Clock,
): CommandServices {
  // Issuing a key reaches no online client, so pushes have nowhere to go.
  const integration = new IntegrationService(
    new GroupwareRepository(db),
    new UsersRepository(db),
    new CompaniesRepository(db),
    { toUser: () => undefined },
    clock,
  );
  return {
    directory: identity.directory,
    integrationKeys: { issue: (companyId) => integration.issueKey(companyId) },
  };
}
