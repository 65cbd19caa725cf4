/**
 * Who a stock client may talk to, see and list: active colleagues of the same company (spec: the org chart shows
 * every colleague and their presence). Other companies, other domains and unknown JIDs look the same, so guessing
 * addresses tells nothing; a deactivated colleague gets its own clear answer.
 */
import { toBareJid } from "@moa/shared";
import type { Logger } from "../../logger.js";
import type { ChatBus } from "../../bus/bus.js";
import type { Db } from "../../db/database.js";
import {
  findChatUsersByJid,
  jidExpr,
  type ChatUser,
} from "../../db/repositories/chat/chat-users.repository.js";
import type { ChatServices } from "../../services/chat/chat-services.js";
import type { FriendsService } from "../../services/friends/friends.service.js";
import type { OrgIndexService } from "../../services/friends/org-index.js";
import type { ChatSession } from "../stream/chat-session.js";
import { StanzaError } from "../stream/errors.js";

/** The workplace services the roster and vCard read (built after the chat endpoint, hence a getter). */
export type ImDirectory = {
  friends: FriendsService;
  orgIndex: OrgIndexService;
};

export type ImDeps = {
  db: Db;
  chat: ChatServices;
  bus: ChatBus;
  logger: Logger;
  directory: (() => ImDirectory) | undefined;
};

/**
 * The directory, or service-unavailable when the endpoint runs without workplace services.
 * @param deps the IM dependencies.
 * @returns the directory.
 */
export function directoryOf(deps: ImDeps): ImDirectory {
  if (!deps.directory) throw new StanzaError("service-unavailable");
  return deps.directory();
}

/**
 * Resolves the colleague a stanza addresses.
 * @param deps the IM dependencies.
 * @param session the sender.
 * @param jid the address (its resource is ignored).
 * @returns the colleague.
 * @throws StanzaError item-not-found/user_not_found (unknown, other company or domain), not-allowed/user_deactivated,
 *   not-allowed/cannot_chat_self.
 */
export async function colleagueOf(
  deps: ImDeps,
  session: ChatSession,
  jid: string | undefined,
): Promise<ChatUser> {
  const bare = jid ? toBareJid(jid)?.toLowerCase() : undefined;
  if (!bare) throw new StanzaError("item-not-found", "user_not_found");
  if (bare === session.bare)
    throw new StanzaError("not-allowed", "cannot_chat_self");
  const [user] = await findChatUsersByJid(deps.db, [bare]);
  if (user?.companyId === session.actor.companyId) return user;
  if (!user && (await isDeactivatedColleague(deps.db, session, bare)))
    throw new StanzaError("not-allowed", "user_deactivated");
  throw new StanzaError("item-not-found", "user_not_found");
}

async function isDeactivatedColleague(
  db: Db,
  session: ChatSession,
  bare: string,
): Promise<boolean> {
  const row = await db
    .selectFrom("users as u")
    .innerJoin("companies as c", "c.id", "u.company_id")
    .select("u.id")
    .where(jidExpr, "=", bare)
    .where("u.company_id", "=", session.actor.companyId)
    .where("u.active", "=", false)
    .executeTakeFirst();
  return row !== undefined;
}
