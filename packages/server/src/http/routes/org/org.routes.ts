/** Org routes (spec §7.1): the org tree of the caller's company and its org setting (VirtUseYN). */
import type { HttpApp } from "../../http-app.js";
import { z } from "zod";
import type { IdentityServices } from "../../../services/services.js";
import { requireActor } from "../../auth-hook.js";
import { failBody, okBody } from "../../envelope.js";
import { parseInput } from "../../validate.js";
import { OrgTreePresenter } from "./org-tree.presenter.js";

const treeParamsSchema = z.object({ orgUrl: z.string().min(1).max(200) });

/**
 * Registers the routes. Once the server listens, every company's tree is built and rendered, so the first login after
 * a start finds it ready.
 * @param app the Fastify app.
 * @param deps the identity services.
 */
export function registerOrgRoutes(
  app: HttpApp,
  deps: { services: IdentityServices },
): void {
  const { services } = deps;
  const presenter = new OrgTreePresenter();

  app.addHook("onListen", () => {
    void (async () => {
      for (const tree of await services.org.warmAll())
        await presenter.render(tree);
    })().catch((err: unknown) => {
      app.log.warn({ err }, "org tree warm-up failed; built on first request");
    });
  });

  app.get("/api/v1/orgtree/tree/:orgUrl", async (req, reply) => {
    const { orgUrl } = parseInput(treeParamsSchema, req.params);
    const tree = await services.org.getTree(requireActor(req), orgUrl);
    if (!tree) return failBody("01", "org_not_found");
    const rendered = await presenter.render(tree);
    void reply
      .header("etag", rendered.etag)
      .header("cache-control", "private, no-cache")
      .header("vary", "accept-encoding");
    if (req.headers["if-none-match"] === rendered.etag)
      return reply.code(304).send();
    void reply.type("application/json; charset=utf-8");
    if (/\bgzip\b/.test(req.headers["accept-encoding"] ?? ""))
      return reply.header("content-encoding", "gzip").send(rendered.gzip);
    return reply.send(rendered.json);
  });

  app.get("/api/v1/chat/home/org/setting", async (req) => {
    const { virtUseYn } = await services.org.getSetting(requireActor(req));
    return okBody({ orgSetting: { VirtUseYN: virtUseYn ? "Y" : "N" } });
  });
}
