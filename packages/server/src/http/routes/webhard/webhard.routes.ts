/**
 * Webhard routes (spec §7.6) under /external/webhard/v1/: login/auth, folders/{id}, files/{id}, files/download
 * and the link download. Answers carry resultCode "00000" on success; access failures answer 403/404 (403
 * webhard_login_required for listing or linking before a webhard login in this messenger session).
 */
import {
  webhardDownloadRequestSchema,
  webhardListRequestSchema,
  webhardLinkTokenSchema,
  webhardLoginRequestSchema,
  WEBHARD_RESULT_CODES,
} from "@moa/shared";
import { create as contentDisposition } from "content-disposition";
import { z } from "zod";
import type { Config } from "../../../config.js";
import type { WebhardFile } from "../../../db/repositories/webhard.repository.js";
import type { WebhardService } from "../../../services/webhard/webhard.service.js";
import { requireActor } from "../../auth-hook.js";
import type { HttpApp } from "../../http-app.js";
import { publicOrigin } from "../../public-url.js";
import { parseInput } from "../../validate.js";

const PREFIX = "/external/webhard/v1";
const folderParamsSchema = z.object({
  folderId: z.coerce.number().int().min(-99),
});
const linkParamsSchema = z.object({ token: webhardLinkTokenSchema });
const ok = <T extends object>(data: T) => ({
  resultCode: WEBHARD_RESULT_CODES.success,
  ...data,
});

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
};

const presentFile = (f: WebhardFile) => ({
  id: f.id,
  name: f.name,
  extension: extensionOf(f.name),
  updateDate: f.updatedAt.toISOString(),
  size: f.size,
  encOwnerId:
    f.ownerId === null
      ? ""
      : Buffer.from(String(f.ownerId)).toString("base64url"),
  roleDownload: f.roleDownload,
});

/**
 * Registers the routes.
 * @param app the Fastify app.
 * @param deps the webhard service and configuration.
 */
export function registerWebhardRoutes(
  app: HttpApp,
  deps: { webhard: WebhardService; config: Config },
): void {
  const { webhard, config } = deps;
  const auth = { config: { auth: true } };

  app.post(`${PREFIX}/login/auth`, auth, async (req) => {
    const body = parseInput(webhardLoginRequestSchema, req.body);
    const actor = requireActor(req);
    webhard.requireSelf(actor, body.userInfo);
    const ssoUserId = await webhard.authenticate(
      actor,
      body.id,
      body.token,
      req.ip,
    );
    return ssoUserId
      ? ok({ ssoUserId })
      : { resultCode: WEBHARD_RESULT_CODES.badCredentials };
  });

  app.post(`${PREFIX}/folders/:folderId`, auth, async (req) => {
    const { folderId } = parseInput(folderParamsSchema, req.params);
    const { userInfo } = parseInput(webhardListRequestSchema, req.body);
    const actor = requireActor(req);
    webhard.requireSelf(actor, userInfo);
    const folders = await webhard.folders(actor, folderId);
    return ok({
      folders: folders.map((f) => ({
        id: f.id,
        folderType: f.folderType,
        name: f.name,
      })),
    });
  });

  app.post(`${PREFIX}/files/:folderId`, auth, async (req) => {
    const { folderId } = parseInput(folderParamsSchema, req.params);
    const { userInfo } = parseInput(webhardListRequestSchema, req.body);
    const actor = requireActor(req);
    webhard.requireSelf(actor, userInfo);
    return ok({
      files: (await webhard.files(actor, folderId)).map(presentFile),
    });
  });

  app.post(`${PREFIX}/files/download`, auth, async (req) => {
    const body = parseInput(webhardDownloadRequestSchema, req.body);
    const actor = requireActor(req);
    webhard.requireSelf(actor, body.userInfo);
    const links = await webhard.createLinks(actor, body.fileIds);
    const origin = publicOrigin(req, config);
    return ok({
      links: links.map((l) => ({
        ...presentFile(l.file),
        url: `${origin}${PREFIX}/download/${l.token}`,
        token: l.token,
      })),
    });
  });

  app.get(`${PREFIX}/download/:token`, auth, async (req, reply) => {
    const { token } = parseInput(linkParamsSchema, req.params);
    const { file, stream, size } = await webhard.openLink(
      requireActor(req),
      token,
    );
    return reply
      .header("content-type", "application/octet-stream")
      .header("content-length", size)
      .header(
        "content-disposition",
        contentDisposition(file.name, { type: "attachment" }),
      )
      .header("x-content-type-options", "nosniff")
      .header("cache-control", "private, no-store")
      .send(stream);
  });
}
