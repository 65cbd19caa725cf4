/** Internet phone routes (spec §7.5) under /api/v1/centrex/: user check, status, calls, hold, hang-up, logs, recall. */
import {
  CENTREX_RESULT_CODES,
  centrexCallRequestSchema,
  centrexGroupLogRequestSchema,
  centrexLogRequestSchema,
} from "@moa/shared";
import type {
  CallResult,
  CentrexService,
} from "../../../services/centrex/centrex.service.js";
import type { Actor } from "../../../services/auth/actor.js";
import { requireActor } from "../../auth-hook.js";
import { okBody } from "../../envelope.js";
import type { HttpApp } from "../../http-app.js";
import { parseInput } from "../../validate.js";

const PREFIX = "/api/v1/centrex";
const result = (name: CallResult) =>
  okBody({ svc_rt: CENTREX_RESULT_CODES[name] });
const yn = (b: boolean) => (b ? "Y" : "N");

/**
 * Registers the routes.
 * @param app the Fastify app.
 * @param deps the centrex service.
 */
export function registerCentrexRoutes(
  app: HttpApp,
  deps: { centrex: CentrexService },
): void {
  const { centrex } = deps;

  app.post(`${PREFIX}/crxUserYn`, async (req) => {
    const { isUse, isSet } = await centrex.user(requireActor(req));
    return okBody({ crxUserYn: yn(isSet), isUse: yn(isUse) });
  });

  app.post(`${PREFIX}/phoneStatus`, async (req) =>
    result(await centrex.status(requireActor(req))),
  );

  for (const [path, group] of [
    ["singCall", false],
    ["groupCall", true],
  ] as const) {
    app.post(`${PREFIX}/${path}`, async (req) => {
      const { callNumber } = parseInput(centrexCallRequestSchema, req.body);
      return result(await centrex.call(requireActor(req), callNumber, group));
    });
  }

  const lineOps: [string, (actor: Actor) => Promise<CallResult>][] = [
    ["callHoldStart", (a) => centrex.hold(a)],
    ["callHoldStop", (a) => centrex.resume(a)],
    ["callStop", (a) => centrex.hangUp(a)],
  ];
  for (const [path, op] of lineOps)
    app.post(`${PREFIX}/${path}`, async (req) =>
      result(await op(requireActor(req))),
    );

  app.post(`${PREFIX}/insertLog`, async (req) => {
    const entry = parseInput(centrexLogRequestSchema, req.body);
    return result(await centrex.log(requireActor(req), [entry]));
  });

  app.post(`${PREFIX}/insertGroupLogs`, async (req) => {
    const { centrexList } = parseInput(centrexGroupLogRequestSchema, req.body);
    return result(await centrex.log(requireActor(req), centrexList));
  });

  app.post(`${PREFIX}/reCall`, async (req) =>
    okBody({ recall_list: await centrex.recall(requireActor(req)) }),
  );
}
