/**
 * Single sign-on into the groupware (spec §7.2, §7.7; docs/integration.md). Verifies the signed links the
 * client opens (HMAC-SHA1 over uid, ts and re with the session's web token; at most 5 minutes old) and maps
 * their targets to the company's groupware URLs; issues and verifies simple-login keys for the external menus.
 */
import {
  createHmac,
  randomBytes,
  randomUUID,
  timingSafeEqual,
} from "node:crypto";
import {
  GROUPWARE_LINK_TARGETS,
  SSO_LINK_MAX_AGE_MS,
  ssoSigningInput,
  type GroupwareLinkTarget,
} from "@moa/shared";
import type { Clock } from "../../clock.js";
import type {
  Company,
  CompaniesRepository,
} from "../../db/repositories/companies.repository.js";
import type { GroupwareRepository } from "../../db/repositories/groupware.repository.js";
import type { SsoRepository } from "../../db/repositories/sso.repository.js";
import type {
  User,
  UsersRepository,
} from "../../db/repositories/users.repository.js";
import { forbidden, notFound } from "../../errors.js";
import type { Actor } from "../auth/actor.js";
import { isMenuEnabled } from "../home/menu-policy.js";
import type { IntegrationCaller } from "../integration/integration.service.js";

/** Simple-login keys are valid this long. */
export const SIMPLE_LOGIN_TTL_MS = 2 * 60 * 1000;

export type SsoLink = { uid: string; sign: string; ts: string; re: string };
export type LinkVerdict =
  | { ok: true; user: User; company: Company; url: string }
  | {
      ok: false;
      reason: "invalid_signature" | "stale_link" | "unknown_target";
    };

export type SimpleLoginService = "webfax" | "webhard" | "elecdoc";
export type SimpleLogin = {
  certificationKey: string;
  userId: string;
  authKey: string;
  ssoKey: string;
  url: string;
};

const sameBytes = (a: Buffer, b: Buffer) =>
  a.length === b.length && timingSafeEqual(a, b);

/** The groupware origin of a company: its configured URL, else https://{domain}. */
const groupwareOrigin = (groupwareUrl: string, company: Company) =>
  (groupwareUrl || `https://${company.domain}`).replace(/\/+$/, "");

export class SsoService {
  private readonly simpleKey: Buffer;

  constructor(
    private readonly sessions: SsoRepository,
    private readonly users: UsersRepository,
    private readonly companies: CompaniesRepository,
    private readonly settings: GroupwareRepository,
    secret: Uint8Array,
    private readonly clock: Clock,
  ) {
    // A key of its own, derived from the server secret, so simple-login keys can never pass as tokens.
    this.simpleKey = createHmac("sha256", secret)
      .update("moa:simple-login:v1")
      .digest();
  }

  /**
   * Verifies a signed groupware link.
   * @param link the query as received (URL-decoded).
   * @returns the user and the groupware URL to open, or why the link is refused.
   */
  async verifyLink(link: SsoLink): Promise<LinkVerdict> {
    const age = Math.abs(this.clock().getTime() - Number(link.ts));
    if (!Number.isFinite(age) || age > SSO_LINK_MAX_AGE_MS)
      return { ok: false, reason: "stale_link" };
    const user = await this.users.findById(Number(link.uid));
    const tokens = user?.active
      ? await this.sessions.activeWebTokens(user.id)
      : [];
    const given = Buffer.from(link.sign, "base64");
    const input = ssoSigningInput(link);
    const valid = tokens.some((t) =>
      sameBytes(createHmac("sha1", t).update(input).digest(), given),
    );
    if (!user || !valid) return { ok: false, reason: "invalid_signature" };
    const company = await this.companies.findById(user.companyId);
    if (!company) return { ok: false, reason: "invalid_signature" };
    const [target = "", query] = link.re.split(/\?(.*)/s, 2);
    if (!(target in GROUPWARE_LINK_TARGETS))
      return { ok: false, reason: "unknown_target" };
    const s = await this.settings.settings(company.id);
    const path =
      s.linkPaths[target] ??
      GROUPWARE_LINK_TARGETS[target as GroupwareLinkTarget];
    const url = new URL(`${groupwareOrigin(s.groupwareUrl, company)}${path}`);
    if (query)
      for (const [k, v] of new URLSearchParams(query))
        url.searchParams.append(k, v);
    return { ok: true, user, company, url: url.toString() };
  }

  /**
   * Issues simple-login keys for an external menu (the browser then opens `url`).
   * @param actor the caller.
   * @param service webfax, webhard or elecdoc.
   * @param claimed the corpSeq and usrKey the client sent; they must be the caller's.
   * @returns the keys, or undefined when the menu is off for the caller.
   * @throws AppError forbidden when corpSeq or usrKey is somebody else's.
   */
  async simpleLogin(
    actor: Actor,
    service: SimpleLoginService,
    claimed: { corpSeq: number; usrKey: number },
  ): Promise<SimpleLogin | undefined> {
    const company = await this.requireSelf(actor, claimed);
    if (!isMenuEnabled(company, actor.freeUser, service)) return undefined;
    const certificationKey = randomUUID();
    const expires = this.clock().getTime() + SIMPLE_LOGIN_TTL_MS;
    const authKey = `${expires}.${this.simpleMac(actor.companyId, service, actor.loginId, certificationKey, expires)}`;
    const s = await this.settings.settings(company.id);
    const url = new URL(
      `${groupwareOrigin(s.groupwareUrl, company)}/${service}/simplogin`,
    );
    url.searchParams.set("userId", actor.loginId);
    url.searchParams.set("certificationkey", certificationKey);
    url.searchParams.set("authKey", authKey);
    return {
      certificationKey,
      userId: actor.loginId,
      authKey,
      ssoKey: randomBytes(16).toString("base64url"),
      url: url.toString(),
    };
  }

  /**
   * Verifies simple-login keys an external service received (integration API).
   * @returns whether they are genuine, unexpired and for a user of the caller's company.
   */
  async verifySimpleLogin(
    caller: IntegrationCaller,
    input: {
      service: SimpleLoginService;
      userId: string;
      certificationKey: string;
      authKey: string;
    },
  ): Promise<boolean> {
    const [expiresText = "", mac = ""] = input.authKey.split(".", 2);
    const expires = Number(expiresText);
    if (!Number.isFinite(expires) || expires < this.clock().getTime())
      return false;
    const user = await this.users.findByLogin(caller.companyId, input.userId);
    if (!user?.active) return false;
    const expected = this.simpleMac(
      caller.companyId,
      input.service,
      input.userId,
      input.certificationKey,
      expires,
    );
    return sameBytes(Buffer.from(mac), Buffer.from(expected));
  }

  /**
   * Checks the caller may use a menu and that the claimed ids are theirs.
   * @returns the caller's company.
   * @throws AppError forbidden for somebody else's ids; menu_disabled when the menu is off.
   */
  async requireSelf(
    actor: Actor,
    claimed: { corpSeq: number; usrKey: number },
  ): Promise<Company> {
    if (claimed.corpSeq !== actor.companyId || claimed.usrKey !== actor.userId)
      throw forbidden("not the caller's ids");
    const company = await this.companies.findById(actor.companyId);
    if (!company) throw notFound("company_not_found");
    return company;
  }

  private simpleMac(
    companyId: number,
    service: string,
    loginId: string,
    certificationKey: string,
    expires: number,
  ) {
    return createHmac("sha256", this.simpleKey)
      .update(
        `${companyId}|${service}|${loginId}|${certificationKey}|${expires}`,
      )
      .digest("base64url");
  }
}
