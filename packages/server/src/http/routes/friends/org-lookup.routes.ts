/** Org lookups (spec §7.4): absence status, users of a department and name search, within the caller's company. */
import { absenceStatusQuerySchema, orgSearchRequestSchema } from "@moa/shared";
import { z } from "zod";
import type { GroupwareRepository } from "../../../db/repositories/groupware.repository.js";
import type {
  OrgEntry,
  OrgIndexService,
} from "../../../services/friends/org-index.js";
import type { Company } from "../../../db/repositories/companies.repository.js";
import { requireActor } from "../../auth-hook.js";
import { okBody } from "../../envelope.js";
import type { HttpApp } from "../../http-app.js";
import { parseInput } from "../../validate.js";
import { toOrgUser } from "../home/org-user.presenter.js";

const deptParamsSchema = z.object({ deptKey: z.string().min(1).max(200) });

/**
 * Registers the routes.
 * @param app the Fastify app.
 * @param deps the org index and the absence store.
 */
export function registerOrgLookupRoutes(
  app: HttpApp,
  deps: { org: OrgIndexService; absences: GroupwareRepository },
): void {
  const { org, absences } = deps;
  const statusOf = async (company: Company, entries: readonly OrgEntry[]) => {
    const map = await absences.absences(
      company.id,
      entries.map((e) => e.user.id),
    );
    return Object.fromEntries(
      entries.flatMap((e) => {
        const s = map.get(e.user.id);
        return s === undefined ? [] : [[e.user.loginId, s]];
      }),
    );
  };

  app.get("/api/v1/orgtree/absenceStatus", async (req) => {
    const { ids } = parseInput(absenceStatusQuerySchema, req.query);
    const index = await org.index(requireActor(req));
    const entries = ids.flatMap((id) => index.byLogin.get(id) ?? []);
    return okBody({ absenceStatus: await statusOf(index.company, entries) });
  });

  app.get("/api/v1/orgtree/users/:deptKey", async (req) => {
    const { deptKey } = parseInput(deptParamsSchema, req.params);
    const { company, entries } = await org.departmentUsers(
      requireActor(req),
      deptKey,
    );
    return okBody({
      statusInfo: await statusOf(company, entries),
      DeptUserInfo: entries.map((e) =>
        toOrgUser(e.user, company, e.department),
      ),
    });
  });

  app.post("/api/v1/orgtree/search/", async (req) => {
    const { text } = parseInput(orgSearchRequestSchema, req.body);
    const { company, entries } = await org.search(requireActor(req), text);
    return okBody({
      UserProfile: entries.map((e) => toOrgUser(e.user, company, e.department)),
    });
  });
}
