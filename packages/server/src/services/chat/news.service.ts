/**
 * News rooms (type 9): the groupware posts alarms (ALROOM: alarm type code, title, senderDetail, link) and
 * news-feed entries (header, detail, link, time) into a user's news room, created on first use. Links are empty or
 * absolute http(s) URLs (newsLinkSchema), so clients only ever get web addresses to open.
 */
import {
  ALARM_TYPE_CODES,
  ROOM_TYPES,
  createRoomName,
  NEWS_LINK_ERROR,
  newsLinkHref,
  newsLinkSchema,
  parseJid,
} from "@moa/shared";
import { z } from "zod";
import type { Db } from "../../db/database.js";
import { findOrInsertRoomOf } from "../../db/repositories/chat/chat-rooms.repository.js";
import { findChatUserByLogin } from "../../db/repositories/chat/chat-users.repository.js";
import { invalidInput } from "../../errors.js";
import { ChatError } from "./errors.js";
import type { MessageView } from "./events.js";
import type { MessagesService } from "./messages.service.js";

const alarmCodes = Object.values(ALARM_TYPE_CODES) as [string, ...string[]];

/** What the groupware posts (validated at the HTTP edge with this schema). */
export const newsPostSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("alarm"),
    loginId: z.string().min(1).max(100),
    alarmType: z.enum(alarmCodes),
    title: z.string().min(1).max(500),
    senderDetail: z.string().max(200).default(""),
    link: newsLinkSchema,
  }),
  z.object({
    kind: z.literal("newsfeed"),
    loginId: z.string().min(1).max(100),
    header: z.string().min(1).max(500),
    detail: z.string().max(4000).default(""),
    link: newsLinkSchema,
    time: z.number().int().nonnegative().optional(),
    senderDetail: z.string().max(200).default(""),
  }),
]);

export type NewsPost = z.infer<typeof newsPostSchema>;

export class NewsService {
  constructor(
    private readonly db: Db,
    private readonly messages: MessagesService,
    private readonly now: () => number,
  ) {}

  /**
   * Posts an alarm or news-feed entry to a user's news room.
   * @param companyId the calling groupware's company (from its integration key).
   * @param post the entry.
   * @returns the stored message.
   * @throws AppError invalid_input when the link is not an absolute http(s) URL; ChatError user_not_found.
   */
  async post(companyId: number, post: NewsPost): Promise<MessageView> {
    // Callers inside the server (the alarm relay) skip the HTTP schema, so the link rule is kept here as well.
    if (post.link !== "" && newsLinkHref(post.link) === null)
      throw invalidInput([{ path: "link", message: NEWS_LINK_ERROR }]);
    const user = await findChatUserByLogin(this.db, companyId, post.loginId);
    if (!user) throw new ChatError("user_not_found");
    const now = this.now();
    const node = parseJid(user.jid)?.local ?? post.loginId;
    const room = await findOrInsertRoomOf(
      this.db,
      {
        companyId,
        name: createRoomName(ROOM_TYPES.news, node, () => now),
        type: ROOM_TYPES.news,
        title: "",
        createdBy: null,
        createdAt: now,
      },
      [
        {
          userId: user.id,
          affiliation: "owner",
          joinedAt: now,
          historyFromId: 0,
        },
      ],
    );
    const extension =
      post.kind === "alarm"
        ? {
            contentType: "ALROOM",
            alarmType: post.alarmType,
            title: post.title,
            senderDetail: post.senderDetail,
            link: post.link,
          }
        : {
            contentType: "ALROOM",
            newsfeed: {
              header: post.header,
              detail: post.detail,
              link: post.link,
              time: post.time ?? this.now(),
              senderDetail: post.senderDetail,
            },
          };
    return this.messages.post(
      room,
      { id: null, jid: "" },
      post.kind === "alarm" ? post.title : post.header,
      extension,
    );
  }
}
