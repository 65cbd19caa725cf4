/**
 * The logged-in user's app passwords for standard XMPP clients (docs/protocol.md §1 "App passwords"): list, create
 * (the secret is in this answer only), revoke.
 */
import { z } from "zod";
import type { HttpApp } from "../../http-app.js";
import {
  AppPasswordService,
  MAX_APP_PASSWORD_LABEL,
} from "../../../services/auth/app-passwords.js";
import { requireActor } from "../../auth-hook.js";
import { okBody } from "../../envelope.js";
import { parseInput } from "../../validate.js";

const PATH = "/api/v1/auth/app-passwords";
const createSchema = z.object({
  label: z.string().trim().min(1).max(MAX_APP_PASSWORD_LABEL),
});
const idSchema = z.object({ id: z.coerce.number().int().positive() });
const noStore = { "cache-control": "no-store" };

/**
 * Registers the routes.
 * @param app the Fastify app.
 * @param service the app password service.
 */
export function registerAppPasswordRoutes(
  app: HttpApp,
  service: AppPasswordService,
): void {
  app.get(PATH, async (req) =>
    okBody({ appPasswords: await service.list(requireActor(req)) }),
  );
  app.post(PATH, async (req, reply) => {
    const { label } = parseInput(createSchema, req.body);
    void reply.headers(noStore);
    return okBody({
      appPassword: await service.create(requireActor(req), label),
    });
  });
  app.delete(`${PATH}/:id`, async (req) => {
    const { id } = parseInput(idSchema, req.params);
    await service.revoke(requireActor(req), id);
    return okBody({});
  });
}
