/**
 * POST /integration/v1/news: the groupware posts alarms and news-feed entries to a user's news room
 * (docs/protocol.md §6). Authenticated with the company's integration key as a bearer token.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { HttpApp } from "../../http-app.js";
import {
  newsPostSchema,
  type NewsService,
} from "../../../services/chat/news.service.js";
import { failBody, okBody } from "../../envelope.js";
import { parseInput } from "../../validate.js";

/**
 * Registers the route.
 * @param app the Fastify app.
 * @param deps the key check and the news service.
 */
export function registerNewsRoutes(
  app: HttpApp,
  deps: {
    authenticate: (key: string) => Promise<{ companyId: number } | undefined>;
    news: NewsService;
  },
): void {
  app.post(
    "/integration/v1/news",
    async (req: FastifyRequest, reply: FastifyReply) => {
      const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "");
      const caller = m?.[1] ? await deps.authenticate(m[1]) : undefined;
      if (!caller) return reply.code(401).send(failBody("01", "unauthorized"));
      const post = parseInput(newsPostSchema, req.body);
      const message = await deps.news.post(caller.companyId, post);
      return reply.code(201).send(
        okBody({
          roomName: message.roomName,
          logTime: message.logTime,
          id: message.id,
        }),
      );
    },
  );
}
