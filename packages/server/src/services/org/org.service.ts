/**
 * The company org chart as a tree of departments with their users. Built once per org version and kept in
 * memory; any change to departments or users bumps the version, so every node rebuilds on its next request.
 */
import type {
  Company,
  CompaniesRepository,
} from "../../db/repositories/companies.repository.js";
import type {
  Department,
  DepartmentsRepository,
} from "../../db/repositories/departments.repository.js";
import type {
  User,
  UsersRepository,
} from "../../db/repositories/users.repository.js";
import type { Actor } from "../auth/actor.js";
import { userJid } from "../auth/identity.js";

export type OrgMember = { user: User; jid: string };

export type OrgNode = {
  department: Department;
  members: OrgMember[];
  children: OrgNode[];
};

export type OrgTree = {
  company: Company;
  version: number;
  roots: OrgNode[];
  userCount: number;
};

export class OrgService {
  private readonly cache = new Map<number, Promise<OrgTree>>();

  constructor(
    private readonly companies: CompaniesRepository,
    private readonly departments: DepartmentsRepository,
    private readonly users: UsersRepository,
  ) {}

  /**
   * Returns the org tree published at `orgUrl`, which must be the caller's own company's.
   * Virtual departments are left out unless the company shows its virtual branch (VirtUseYN).
   * @param actor the caller.
   * @param orgUrl the company's org URL (from the handshake).
   * @returns the tree, or undefined when the org URL is not the caller's company's.
   */
  async getTree(actor: Actor, orgUrl: string): Promise<OrgTree | undefined> {
    const company = await this.companies.findByOrgUrl(orgUrl);
    if (!company || company.id !== actor.companyId) return undefined;
    return this.treeOf(company);
  }

  /**
   * Builds every company's tree ahead of the first login, which would otherwise wait for it (seconds for a
   * 20,000-user org).
   * @returns the trees.
   */
  async warmAll(): Promise<OrgTree[]> {
    const companies = await this.companies.listAll();
    const trees: OrgTree[] = [];
    // One at a time: warming must not crowd out the requests of a server that is already serving.
    for (const company of companies) trees.push(await this.treeOf(company));
    return trees;
  }

  private async treeOf(company: Company): Promise<OrgTree> {
    const cached = this.cache.get(company.id);
    if (cached) {
      const tree = await cached;
      if (tree.version === company.orgVersion) return tree;
    }
    const building = this.build(company);
    this.cache.set(company.id, building);
    try {
      return await building;
    } catch (err) {
      this.cache.delete(company.id);
      throw err;
    }
  }

  /**
   * The caller's company's org settings (spec §6: VirtUseYN).
   * @param actor the caller.
   * @returns whether the virtual branch is shown.
   */
  async getSetting(actor: Actor): Promise<{ virtUseYn: boolean }> {
    const company = await this.companies.findById(actor.companyId);
    return { virtUseYn: company?.virtUseYn ?? false };
  }

  private async build(company: Company): Promise<OrgTree> {
    const [departments, users] = await Promise.all([
      this.departments.listByCompany(company.id),
      this.users.listActiveByCompany(company.id),
    ]);
    const nodes = new Map<number, OrgNode>();
    for (const d of departments) {
      if (d.isVirtual && !company.virtUseYn) continue;
      nodes.set(d.id, { department: d, members: [], children: [] });
    }
    const allIds = new Set(departments.map((d) => d.id));
    const roots: OrgNode[] = [];
    for (const node of nodes.values()) {
      const parentId = node.department.parentId;
      const parent = parentId === null ? undefined : nodes.get(parentId);
      if (parent) parent.children.push(node);
      // A hidden virtual parent drops its subtree; a missing one makes the node a root.
      else if (parentId === null || !allIds.has(parentId)) roots.push(node);
    }
    let userCount = 0;
    for (const user of users) {
      const node =
        user.departmentId === null ? undefined : nodes.get(user.departmentId);
      if (!node) continue;
      node.members.push({ user, jid: userJid(user, company) });
      userCount += 1;
    }
    const byOrder = (a: OrgNode, b: OrgNode) =>
      a.department.order - b.department.order ||
      a.department.name.localeCompare(b.department.name, "ko");
    const sortAll = (list: OrgNode[]) => {
      list.sort(byOrder);
      for (const n of list) sortAll(n.children);
    };
    sortAll(roots);
    return { company, version: company.orgVersion, roots, userCount };
  }
}
