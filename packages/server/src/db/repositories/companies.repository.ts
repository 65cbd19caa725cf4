/** Companies: domain lookup, settings and the org version that invalidates cached org trees. */
import type { Selectable } from "kysely";
import type { Db } from "../database.js";
import type { CompaniesTable } from "../schema.js";

export type Company = {
  id: number;
  domain: string;
  name: string;
  xmppDomain: string;
  orgUrl: string;
  virtUseYn: boolean;
  menuConfig: Record<string, boolean>;
  features: Record<string, boolean>;
  orgVersion: number;
};

export type NewCompany = {
  domain: string;
  name: string;
  xmppDomain: string;
  orgUrl: string;
  virtUseYn?: boolean;
  menuConfig?: Record<string, boolean>;
  features?: Record<string, boolean>;
};

const toCompany = (r: Selectable<CompaniesTable>): Company => ({
  id: r.id,
  domain: r.domain,
  name: r.name,
  xmppDomain: r.xmpp_domain,
  orgUrl: r.org_url,
  virtUseYn: r.virt_use_yn,
  menuConfig: r.menu_config,
  features: r.features,
  orgVersion: r.org_version,
});

export class CompaniesRepository {
  constructor(private readonly db: Db) {}

  /** @returns the company with this (lower-case) domain, if any. */
  async findByDomain(domain: string): Promise<Company | undefined> {
    const r = await this.db
      .selectFrom("companies")
      .selectAll()
      .where("domain", "=", domain)
      .executeTakeFirst();
    return r && toCompany(r);
  }

  /** @returns the company with this id, if any. */
  async findById(id: number): Promise<Company | undefined> {
    const r = await this.db
      .selectFrom("companies")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    return r && toCompany(r);
  }

  /** @returns the company whose org tree is published at this orgUrl, if any. */
  async findByOrgUrl(orgUrl: string): Promise<Company | undefined> {
    const r = await this.db
      .selectFrom("companies")
      .selectAll()
      .where("org_url", "=", orgUrl)
      .executeTakeFirst();
    return r && toCompany(r);
  }

  /** @returns every company, oldest first. */
  async listAll(): Promise<Company[]> {
    const rows = await this.db
      .selectFrom("companies")
      .selectAll()
      .orderBy("id")
      .execute();
    return rows.map(toCompany);
  }

  /** @returns whether any company exists (an empty database gets the demo seed). */
  async any(): Promise<boolean> {
    const r = await this.db
      .selectFrom("companies")
      .select("id")
      .limit(1)
      .executeTakeFirst();
    return r !== undefined;
  }

  /** @returns the new company. */
  async create(c: NewCompany): Promise<Company> {
    const r = await this.db
      .insertInto("companies")
      .values({
        domain: c.domain,
        name: c.name,
        xmpp_domain: c.xmppDomain,
        org_url: c.orgUrl,
        virt_use_yn: c.virtUseYn ?? false,
        menu_config: JSON.stringify(c.menuConfig ?? {}),
        features: JSON.stringify(c.features ?? {}),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toCompany(r);
  }

  /**
   * Changes a company's name or settings; the org version rises, since both show in the org tree.
   * @returns the updated company.
   */
  async update(
    id: number,
    fields: {
      name?: string;
      virtUseYn?: boolean;
      menuConfig?: Record<string, boolean>;
      features?: Record<string, boolean>;
    },
  ): Promise<Company | undefined> {
    const r = await this.db
      .updateTable("companies")
      .set((eb) => ({
        ...(fields.name === undefined ? {} : { name: fields.name }),
        ...(fields.virtUseYn === undefined
          ? {}
          : { virt_use_yn: fields.virtUseYn }),
        ...(fields.menuConfig === undefined
          ? {}
          : { menu_config: JSON.stringify(fields.menuConfig) }),
        ...(fields.features === undefined
          ? {}
          : { features: JSON.stringify(fields.features) }),
        org_version: eb("org_version", "+", 1),
        updated_at: new Date(),
      }))
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
    return r && toCompany(r);
  }

  /** Marks the company's org chart as changed so every node rebuilds its cached tree. */
  async bumpOrgVersion(companyId: number): Promise<void> {
    await this.db
      .updateTable("companies")
      .set((eb) => ({
        org_version: eb("org_version", "+", 1),
        updated_at: new Date(),
      }))
      .where("id", "=", companyId)
      .execute();
  }
}
