/**
 * The features this server advertises through service discovery (XEP-0030), one list each for the server itself
 * and for user accounts. Each module that implements a protocol adds its namespace when it registers its handlers,
 * so the answer names exactly what is implemented. Room and conference features are fixed (muc/disco.ts).
 */
import { NS_DISCO_INFO, NS_DISCO_ITEMS } from "@moa/shared";

export class DiscoFeatures {
  private readonly serverFeatures = new Set([NS_DISCO_INFO, NS_DISCO_ITEMS]);
  private readonly accountFeatures = new Set([NS_DISCO_INFO]);
  private readonly ownAccountFeatures = new Set<string>();

  /** Advertises a feature of the server (disco#info to the domain). */
  addServer(ns: string): this {
    this.serverFeatures.add(ns);
    return this;
  }

  /**
   * Advertises a feature of user accounts (disco#info to a bare user JID).
   * @param ns the feature.
   * @param ownOnly shown only to the account's owner (e.g. their message archive, XEP-0313 §7).
   */
  addAccount(ns: string, ownOnly = false): this {
    (ownOnly ? this.ownAccountFeatures : this.accountFeatures).add(ns);
    return this;
  }

  server(): string[] {
    return [...this.serverFeatures].sort();
  }

  account(own: boolean): string[] {
    return [
      ...this.accountFeatures,
      ...(own ? this.ownAccountFeatures : []),
    ].sort();
  }
}
