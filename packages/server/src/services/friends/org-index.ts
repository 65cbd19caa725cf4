/**
 * A searchable index over the cached org tree of a company: users by login id and user key with their
 * department, in tree order. Built once per org version, so name search over 20,000 users is a scan in memory.
 */
import type {
  Company,
  CompaniesRepository,
} from "../../db/repositories/companies.repository.js";
import type { User } from "../../db/repositories/users.repository.js";
import { notFound } from "../../errors.js";
import type { Actor } from "../auth/actor.js";
import type { OrgNode, OrgService, OrgTree } from "../org/org.service.js";

export type OrgEntry = {
  user: User;
  department: { key: string; name: string };
};

/** Search form of a name: NFC, lower case (as matchesName in @moa/shared compares), computed once per index. */
const searchForm = (text: string) => text.normalize("NFC").toLocaleLowerCase();

export type OrgIndex = {
  company: Company;
  entries: OrgEntry[];
  /** Search forms of the entries' names, index-aligned with `entries`. */
  names: string[];
  byLogin: Map<string, OrgEntry>;
  byId: Map<number, OrgEntry>;
  departments: Map<string, OrgEntry[]>;
};

/** Search answers stop at this many users (a picker shows no more). */
export const ORG_SEARCH_LIMIT = 200;

export class OrgIndexService {
  private readonly built = new WeakMap<OrgTree, OrgIndex>();

  constructor(
    private readonly companies: CompaniesRepository,
    private readonly org: OrgService,
  ) {}

  /**
   * The index of the caller's company.
   * @param actor the caller.
   * @returns the index of the current org version.
   * @throws AppError company_not_found.
   */
  async index(actor: Actor): Promise<OrgIndex> {
    const company = await this.companies.findById(actor.companyId);
    const tree = company
      ? await this.org.getTree(actor, company.orgUrl)
      : undefined;
    if (!tree) throw notFound("company_not_found");
    let index = this.built.get(tree);
    if (!index) {
      index = buildIndex(tree);
      this.built.set(tree, index);
    }
    return index;
  }

  /**
   * Users of the caller's company whose name contains the text (case-insensitive, Hangul substrings too).
   * @param actor the caller.
   * @param text the typed text; blank finds nobody.
   * @returns at most {@link ORG_SEARCH_LIMIT} users in org order.
   */
  async search(
    actor: Actor,
    text: string,
  ): Promise<{ company: Company; entries: OrgEntry[] }> {
    const index = await this.index(actor);
    const query = searchForm(text.trim());
    if (query === "") return { company: index.company, entries: [] };
    const entries: OrgEntry[] = [];
    for (
      let i = 0;
      i < index.names.length && entries.length < ORG_SEARCH_LIMIT;
      i += 1
    ) {
      const entry = index.entries[i];
      if (entry && index.names[i]?.includes(query)) entries.push(entry);
    }
    return { company: index.company, entries };
  }

  /**
   * The users directly in a department of the caller's company.
   * @throws AppError dept_not_found (also for another company's department).
   */
  async departmentUsers(
    actor: Actor,
    deptKey: string,
  ): Promise<{ company: Company; entries: OrgEntry[] }> {
    const index = await this.index(actor);
    const entries = index.departments.get(deptKey);
    if (!entries) throw notFound("dept_not_found");
    return { company: index.company, entries };
  }
}

function buildIndex(tree: OrgTree): OrgIndex {
  const index: OrgIndex = {
    company: tree.company,
    entries: [],
    names: [],
    byLogin: new Map(),
    byId: new Map(),
    departments: new Map(),
  };
  const visit = (node: OrgNode) => {
    const department = { key: node.department.key, name: node.department.name };
    const list: OrgEntry[] = [];
    for (const m of node.members) {
      const entry = { user: m.user, department };
      list.push(entry);
      index.entries.push(entry);
      index.names.push(searchForm(m.user.name));
      index.byLogin.set(m.user.loginId, entry);
      index.byId.set(m.user.id, entry);
    }
    index.departments.set(department.key, list);
    node.children.forEach(visit);
  };
  tree.roots.forEach(visit);
  return index;
}
