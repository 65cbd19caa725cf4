/**
 * The groupware integration API under /integration/v1 (docs/integration.md). Every call presents the company's
 * integration key as a bearer token; users are named by login id within that company only.
 */
import {
  integrationAbsenceRequestSchema,
  integrationAlarmRequestSchema,
  integrationCountsRequestSchema,
  integrationMiniVerifyRequestSchema,
  integrationNoticeRequestSchema,
  integrationVacationPromotionRequestSchema,
  SIMPLE_LOGIN_SERVICES,
  centrexIncomingRequestSchema,
} from "@moa/shared";
import type { FastifyRequest } from "fastify";
import type { HttpApp } from "../../http-app.js";
import { z } from "zod";
import type {
  IntegrationCaller,
  IntegrationService,
} from "../../../services/integration/integration.service.js";
import type { SsoService } from "../../../services/sso/sso.service.js";
import type { CentrexService } from "../../../services/centrex/centrex.service.js";
import { failBody, okBody } from "../../envelope.js";
import { parseInput } from "../../validate.js";

const simpleVerifySchema = z.object({
  service: z.enum(SIMPLE_LOGIN_SERVICES),
  userId: z.string().min(1).max(100),
  certificationkey: z.string().min(1).max(100),
  authKey: z.string().min(1).max(200),
});

const noticeParamsSchema = z.object({ brdSeq: z.string().min(1).max(100) });

const callers = new WeakMap<FastifyRequest, IntegrationCaller>();

const callerOf = (req: FastifyRequest): IntegrationCaller => {
  const caller = callers.get(req);
  if (!caller) throw new Error("integration route without caller");
  return caller;
};

/**
 * Registers the routes.
 * @param app the Fastify app.
 * @param deps the integration, single-sign-on and phone services.
 */
export async function registerIntegrationRoutes(
  app: HttpApp,
  deps: {
    integration: IntegrationService;
    sso: SsoService;
    centrex: CentrexService;
  },
): Promise<void> {
  const { integration, sso, centrex } = deps;
  await app.register(
    (scope, _opts, done) => {
      scope.addHook("preHandler", async (req, reply) => {
        const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "");
        const caller = m?.[1]
          ? await integration.authenticate(m[1])
          : undefined;
        if (!caller)
          return reply.code(401).send(failBody("01", "unauthorized"));
        callers.set(req, caller);
      });

      scope.put("/counts", async (req) => {
        const body = parseInput(integrationCountsRequestSchema, req.body);
        await integration.setCounts(callerOf(req), body.loginId, body.counts);
        return okBody({});
      });

      scope.post("/notices", async (req, reply) => {
        const b = parseInput(integrationNoticeRequestSchema, req.body);
        const notice = await integration.upsertNotice(callerOf(req), {
          brdSeq: b.brdSeq,
          title: b.title,
          content: b.content,
          popup: b.popup,
          startsAt: b.startsAt === undefined ? undefined : new Date(b.startsAt),
          endsAt: b.endsAt === undefined ? undefined : new Date(b.endsAt),
        });
        return reply.code(201).send(
          okBody({
            notice: {
              brdSeq: notice.brdSeq,
              startsAt: notice.startsAt.toISOString(),
              endsAt: notice.endsAt?.toISOString() ?? null,
            },
          }),
        );
      });

      scope.delete("/notices/:brdSeq", async (req) => {
        const { brdSeq } = parseInput(noticeParamsSchema, req.params);
        await integration.deleteNotice(callerOf(req), brdSeq);
        return okBody({});
      });

      scope.post("/alarms", async (req, reply) => {
        const b = parseInput(integrationAlarmRequestSchema, req.body);
        const id = await integration.alarm(callerOf(req), b);
        return reply.code(201).send(okBody({ id }));
      });

      scope.put("/absence", async (req) => {
        const b = parseInput(integrationAbsenceRequestSchema, req.body);
        await integration.setAbsence(callerOf(req), b.loginId, b.status);
        return okBody({});
      });

      scope.put("/vacation-promotion", async (req) => {
        const b = parseInput(
          integrationVacationPromotionRequestSchema,
          req.body,
        );
        await integration.setVacationPromotion(
          callerOf(req),
          b.loginId,
          b.result,
        );
        return okBody({});
      });

      scope.post("/mini/verify", async (req) => {
        const b = parseInput(integrationMiniVerifyRequestSchema, req.body);
        return okBody({
          valid: await integration.verifyMiniNumber(
            callerOf(req),
            b.loginId,
            b.authNo,
          ),
        });
      });
      scope.post("/sso/simple/verify", async (req) => {
        const b = parseInput(simpleVerifySchema, req.body);
        const valid = await sso.verifySimpleLogin(callerOf(req), {
          service: b.service,
          userId: b.userId,
          certificationKey: b.certificationkey,
          authKey: b.authKey,
        });
        return okBody({ valid });
      });
      scope.post("/centrex/incoming", async (req) => {
        const b = parseInput(centrexIncomingRequestSchema, req.body);
        await centrex.ring(callerOf(req), b.loginId, b.callNumber);
        return okBody({});
      });
      done();
    },
    { prefix: "/integration/v1" },
  );
}
