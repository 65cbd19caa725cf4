/**
 * Single-sign-on routes: the signed groupware link (GET /sso/link, spec §7.7), simple login of the external
 * menus and the webfax count (spec §7.2, under /external/sso/msn/, which need the access token).
 */
import {
  SIMPLE_LOGIN_SERVICES,
  simpleLoginRequestSchema,
  SSO_LINK_PATH,
  ssoLinkQuerySchema,
} from "@moa/shared";
import { z } from "zod";
import type { GroupwareRepository } from "../../../db/repositories/groupware.repository.js";
import type { SsoService } from "../../../services/sso/sso.service.js";
import { isMenuEnabled } from "../../../services/home/menu-policy.js";
import { requireActor } from "../../auth-hook.js";
import { failBody } from "../../envelope.js";
import type { HttpApp } from "../../http-app.js";
import { parseInput } from "../../validate.js";

const serviceParamsSchema = z.object({
  service: z.enum(SIMPLE_LOGIN_SERVICES),
});

/**
 * Registers the routes.
 * @param app the Fastify app.
 * @param deps the single-sign-on service and the count store.
 */
export function registerSsoRoutes(
  app: HttpApp,
  deps: { sso: SsoService; counts: GroupwareRepository },
): void {
  const { sso, counts } = deps;

  app.get(SSO_LINK_PATH, async (req, reply) => {
    const link = parseInput(ssoLinkQuerySchema, req.query);
    const verdict = await sso.verifyLink(link);
    void reply
      .header("cache-control", "no-store")
      .header("referrer-policy", "no-referrer");
    if (!verdict.ok)
      return reply.code(403).send(failBody("01", verdict.reason));
    return reply.redirect(verdict.url, 302);
  });

  app.post(
    "/external/sso/msn/:service/simpl.json",
    { config: { auth: true } },
    async (req) => {
      const { service } = parseInput(serviceParamsSchema, req.params);
      const body = parseInput(simpleLoginRequestSchema, req.body);
      const keys = await sso.simpleLogin(requireActor(req), service, body);
      if (!keys) return { success: false, message: "menu_disabled" };
      return {
        success: true,
        message: "",
        data: {
          svcInfo: "simplogin",
          certificationkey: keys.certificationKey,
          userId: keys.userId,
          authKey: keys.authKey,
          ssoKey: keys.ssoKey,
          url: keys.url,
        },
      };
    },
  );

  app.post(
    "/external/sso/msn/webfax/counts",
    { config: { auth: true } },
    async (req) => {
      const body = parseInput(simpleLoginRequestSchema, req.body);
      const actor = requireActor(req);
      const company = await sso.requireSelf(actor, body);
      if (!isMenuEnabled(company, actor.freeUser, "webfax"))
        return { success: false, message: "menu_disabled" };
      return {
        success: true,
        message: "",
        count: await counts.count(actor.userId, "webfax"),
      };
    },
  );
}
