/** Generated avatars at /avatars/{userKey}.svg, used as photo URL for users without an uploaded photo. */
import type { HttpApp } from "../../http-app.js";
import { z } from "zod";
import type { IdentityServices } from "../../../services/services.js";
import { failBody } from "../../envelope.js";
import { parseInput } from "../../validate.js";

const paramsSchema = z.object({ file: z.string().regex(/^\d{1,15}\.svg$/) });

/**
 * The avatar URL of a user.
 * @param origin the server origin.
 * @param userId the user key.
 * @returns an absolute URL.
 */
export const avatarUrl = (origin: string, userId: number) =>
  `${origin}/avatars/${userId}.svg`;

/**
 * Registers the route.
 * @param app the Fastify app.
 * @param services the identity services.
 */
export function registerAvatarRoutes(
  app: HttpApp,
  services: IdentityServices,
): void {
  app.get("/avatars/:file", async (req, reply) => {
    const { file } = parseInput(paramsSchema, req.params);
    const svg = await services.org.avatarSvg(Number.parseInt(file, 10));
    if (!svg) return reply.code(404).send(failBody("01", "user_not_found"));
    return reply
      .type("image/svg+xml; charset=utf-8")
      .header("cache-control", "public, max-age=86400")
      .header("x-content-type-options", "nosniff")
      .send(svg);
  });
}
