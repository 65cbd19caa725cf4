/** Derives the names a user has on the wire (chat JID, actor) from their account and company. */
import { bareJid } from "@moa/shared";
import type { Company } from "../../db/repositories/companies.repository.js";
import type { User } from "../../db/repositories/users.repository.js";
import type { Actor } from "./actor.js";

/**
 * The user's bare chat JID `{loginId}.{domain}@{xmppDomain}` (spec §7.1).
 * @returns the lower-cased JID.
 */
export function userJid(
  user: Pick<User, "loginId">,
  company: Pick<Company, "domain" | "xmppDomain">,
): string {
  return bareJid(`${user.loginId}.${company.domain}`, company.xmppDomain);
}

/**
 * Builds the actor for a user in a session.
 * @returns the actor the access token will carry.
 */
export function actorOf(
  user: User,
  company: Company,
  sessionId: string,
): Actor {
  return {
    userId: user.id,
    companyId: company.id,
    loginId: user.loginId,
    domain: company.domain,
    jid: userJid(user, company),
    sessionId,
    freeUser: user.freeUser,
  };
}

/**
 * Normalises a company domain as typed on the login screen: trimmed, lower-case, without scheme or path (spec §5).
 * @returns the bare domain.
 */
export function normalizeDomain(input: string): string {
  return input
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, "")
    .replace(/[/?#].*$/, "");
}

/**
 * Normalises a login id: trimmed, lower-case, any `@domain` part dropped (spec §5).
 * @returns the bare login id.
 */
export function normalizeLoginId(input: string): string {
  return input.trim().toLowerCase().replace(/@.*$/, "");
}
