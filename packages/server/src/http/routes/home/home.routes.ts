/**
 * Home, profile and menu routes (spec §7.2): myProfile, counts, nickname, mini-window number, uimanager and
 * menu settings, attendance setting, notices, vacation promotion and the incoming-call lookups.
 */
import {
  callerLookupQuerySchema,
  HOME_COUNT_KINDS,
  nicknameUpdateRequestSchema,
} from "@moa/shared";
import type { FastifyRequest } from "fastify";
import type { HttpApp } from "../../http-app.js";
import { z } from "zod";
import type { HomeService } from "../../../services/home/home.service.js";
import { requireActor } from "../../auth-hook.js";
import { failBody, okBody } from "../../envelope.js";
import { parseInput } from "../../validate.js";
import { toOrgUser } from "./org-user.presenter.js";

const countParamsSchema = z.object({ kind: z.enum(HOME_COUNT_KINDS) });
const yn = (b: boolean) => (b ? "Y" : "N");

/**
 * Registers the routes.
 * @param app the Fastify app.
 * @param deps the home service.
 */
export function registerHomeRoutes(
  app: HttpApp,
  deps: { home: HomeService },
): void {
  const { home } = deps;

  app.get("/api/v1/chat/home/myProfile", async (req) => {
    const { user, company, department } = await home.profile(requireActor(req));
    return okBody({
      UserProfile: toOrgUser(user, company, department),
    });
  });

  app.get("/api/v1/chat/home/:kind/counts", async (req) => {
    const { kind } = parseInput(countParamsSchema, req.params);
    return okBody({ counts: await home.count(requireActor(req), kind) });
  });

  app.put("/api/v1/chat/home/nick/update", async (req) => {
    const { nickname } = parseInput(nicknameUpdateRequestSchema, req.body);
    return okBody({
      nickname: await home.updateNickname(requireActor(req), nickname),
    });
  });

  app.post("/api/v1/chat/home/mini/reqnum", async (req, reply) => {
    void reply.header("cache-control", "no-store");
    return okBody({
      miniAuthNo: await home.requestMiniNumber(requireActor(req)),
    });
  });

  app.get("/api/v1/chat/home/uimanager/setting", async (req) => {
    const code = await home.titleDesignator(requireActor(req));
    return okBody({
      setting: { organizationUserPresenter: { designator: { code } } },
    });
  });

  app.get("/api/v1/menucnfg/menu/setting", async (req) => {
    const flags = await home.menuFlags(requireActor(req));
    return okBody(
      Object.fromEntries(Object.entries(flags).map(([k, v]) => [k, yn(v)])),
    );
  });

  app.get("/api/v1/chat/home/attendance/setting", async (req) => {
    const s = await home.attendanceSetting(requireActor(req));
    return okBody({
      hasAttdWrtPwr: yn(s.hasWritePower),
      setting: { security: { canResubmitCard: s.canResubmitCard } },
    });
  });

  app.get("/api/v1/chat/home/noti/today", async (req) => {
    const notices = await home.todayNotices(requireActor(req));
    return okBody({
      noti_list: notices.map((n) => ({
        id: n.brdSeq,
        property: { title: n.title },
      })),
    });
  });

  app.get("/api/v1/setting/notice/popup", async (req) => {
    const n = await home.popupNotice(requireActor(req));
    return okBody({
      noticePopup: n
        ? { title: n.title, content: n.content, brd_seq: n.brdSeq }
        : null,
    });
  });

  app.get("/api/v1/chat/home/getVacationPromotion", async (req) => {
    return okBody({ result: await home.vacationPromotion(requireActor(req)) });
  });

  const lookup = async (req: FastifyRequest) => {
    const { callNumber } = parseInput(callerLookupQuerySchema, req.query);
    const found = await home.findCaller(requireActor(req), callNumber);
    if (!found) return failBody("01", "caller_not_found");
    return okBody({
      usrInfo: {
        id: found.user.loginId,
        company: found.company.name,
        name: found.user.name,
      },
    });
  };
  app.get("/api/v1/centrex/findUser", lookup);
  app.get(
    "/sales/api/v1/sfa/contactFindUser",
    { config: { auth: true } },
    lookup,
  );
}
