/** Pre-login discovery (getMessengerInfo, pub/login) and the post-login messenger handshake (spec §7.1). */
import type {
  Company,
  CompaniesRepository,
} from "../../db/repositories/companies.repository.js";
import type { Actor } from "./actor.js";
import type { AuthKeys } from "./auth-keys.js";
import { normalizeDomain } from "./identity.js";

export type MessengerInfo = { company: Company; passwordKeySpki: string };

export class MessengerInfoService {
  constructor(
    private readonly companies: CompaniesRepository,
    private readonly keys: AuthKeys,
  ) {}

  /**
   * Looks up a company by the domain typed on the login screen, with the key to encrypt the password to.
   * @param domain the typed domain (scheme and path are ignored).
   * @returns the company and key, or undefined for an unknown domain.
   */
  async messengerInfo(domain: string): Promise<MessengerInfo | undefined> {
    const company = await this.companies.findByDomain(normalizeDomain(domain));
    return (
      company && { company, passwordKeySpki: this.keys.passwordPublicKeySpki }
    );
  }

  /**
   * Returns where the caller's chat server and org tree are.
   * @param actor the caller.
   * @param email the login id joined to the domain; must be the caller's own.
   * @returns the company, or undefined when the email is not the caller's.
   */
  async handshake(actor: Actor, email: string): Promise<Company | undefined> {
    if (email.trim().toLowerCase() !== `${actor.loginId}@${actor.domain}`)
      return undefined;
    return this.companies.findById(actor.companyId);
  }
}
