/** Registers every workplace route (issue #5) on the app; one call from app.ts. */
import type { HttpApp } from "../http-app.js";
import type { Config } from "../../config.js";
import type { WorkplaceServices } from "../../services/workplace-services.js";
import { registerAttendanceRoutes } from "./attendance/attendance.routes.js";
import { registerFileRoutes } from "./files/files.routes.js";
import { registerFriendsRoutes } from "./friends/friends.routes.js";
import { registerOrgLookupRoutes } from "./friends/org-lookup.routes.js";
import { registerSsoRoutes } from "./sso/sso.routes.js";
import { registerCentrexRoutes } from "./centrex/centrex.routes.js";
import { registerWebhardRoutes } from "./webhard/webhard.routes.js";
import { registerHomeRoutes } from "./home/home.routes.js";
import { registerIntegrationRoutes } from "./integration/integration.routes.js";

/**
 * Registers the routes.
 * @param app the Fastify app.
 * @param deps the workplace services and configuration.
 */
export async function registerWorkplaceRoutes(
  app: HttpApp,
  deps: { services: WorkplaceServices; config: Config },
): Promise<void> {
  const { services, config } = deps;
  registerHomeRoutes(app, { home: services.home });
  registerOrgLookupRoutes(app, {
    org: services.orgIndex,
    absences: services.groupware,
  });
  registerFriendsRoutes(app, {
    friends: services.friends,
    org: services.orgIndex,
  });
  registerAttendanceRoutes(app, { attendance: services.attendance });
  registerSsoRoutes(app, { sso: services.sso, counts: services.groupware });
  registerCentrexRoutes(app, { centrex: services.centrex });
  registerWebhardRoutes(app, { webhard: services.webhard, config });
  await registerFileRoutes(app, { files: services.files, config });
  await registerIntegrationRoutes(app, {
    integration: services.integration,
    sso: services.sso,
    centrex: services.centrex,
  });
}
