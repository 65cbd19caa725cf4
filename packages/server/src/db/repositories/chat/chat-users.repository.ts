/** Read-only view of users as chat participants: their JID `{loginId}.{domain}@{xmppDomain}` and display fields. */
import { sql } from "kysely";
import type { Db } from "../../database.js";

export type ChatUser = {
  id: number;
  companyId: number;
  jid: string;
  name: string;
  nickname: string;
  position: string;
  photoUrl: string | null;
  departmentName: string;
};

/** A user's bare JID in SQL (users u joined with companies c). */
export const jidExpr = sql<string>`lower(u.login_id || '.' || c.domain || '@' || c.xmpp_domain)`;

function baseQuery(db: Db) {
  return db
    .selectFrom("users as u")
    .innerJoin("companies as c", "c.id", "u.company_id")
    .leftJoin("departments as d", "d.id", "u.department_id")
    .select([
      "u.id",
      "u.company_id as companyId",
      jidExpr.as("jid"),
      "u.name",
      "u.nickname",
      "u.position",
      "u.photo_url as photoUrl",
      sql<string>`coalesce(d.name, '')`.as("departmentName"),
    ])
    .where("u.active", "=", true);
}

/**
 * Finds active users by bare JID.
 * @param db the database.
 * @param jids lower-case bare JIDs.
 * @returns the users found (unknown JIDs are left out).
 */
export async function findChatUsersByJid(
  db: Db,
  jids: readonly string[],
): Promise<ChatUser[]> {
  if (jids.length === 0) return [];
  return baseQuery(db).where(jidExpr, "in", jids).execute();
}

/**
 * Finds active users by id.
 * @param db the database.
 * @param ids user ids.
 * @returns the users found.
 */
export async function findChatUsersById(
  db: Db,
  ids: readonly number[],
): Promise<ChatUser[]> {
  if (ids.length === 0) return [];
  return baseQuery(db).where("u.id", "in", ids).execute();
}

/**
 * Lists the active users of a company (login notifications to the whole organisation).
 * @param db the database.
 * @param companyId the company.
 * @returns user ids.
 */
export async function listCompanyUserIds(
  db: Db,
  companyId: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom("users")
    .select("id")
    .where("company_id", "=", companyId)
    .where("active", "=", true)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Finds an active user of a company by login id.
 * @param db the database.
 * @param companyId the company.
 * @param loginId the groupware login id.
 * @returns the user, or undefined.
 */
export async function findChatUserByLogin(
  db: Db,
  companyId: number,
  loginId: string,
): Promise<ChatUser | undefined> {
  return baseQuery(db)
    .where("u.company_id", "=", companyId)
    .where("u.login_id", "=", loginId)
    .executeTakeFirst();
}

/** The display data of someone a message names: kept for members who left, were kicked or were deactivated. */
export type ChatPerson = { jid: string; name: string; position: string };

/**
 * Finds the display data of users by bare JID, active or not: archived messages keep naming former members.
 * @param db the database.
 * @param companyId the company whose users may be named (rooms never span companies).
 * @param jids lower-case bare JIDs.
 * @returns the people found (JIDs of users that never existed are left out).
 */
export async function findPeopleByJid(
  db: Db,
  companyId: number,
  jids: readonly string[],
): Promise<ChatPerson[]> {
  if (jids.length === 0) return [];
  return db
    .selectFrom("users as u")
    .innerJoin("companies as c", "c.id", "u.company_id")
    .select([jidExpr.as("jid"), "u.name", "u.position"])
    .where("u.company_id", "=", companyId)
    .where(jidExpr, "in", jids)
    .execute();
}
