/**
 * Administration of companies, departments and users, for the admin CLI, the demo seed and test factories.
 * These are trusted callers (whoever runs the CLI owns the database), so there is no actor check here.
 */
import { MENU_KEYS } from "@moa/shared";
import type { Clock } from "../../clock.js";
import { AppError } from "../../errors.js";
import type { AuditRepository } from "../../db/repositories/audit.repository.js";
import type {
  Company,
  CompaniesRepository,
} from "../../db/repositories/companies.repository.js";
import type {
  Department,
  DepartmentsRepository,
} from "../../db/repositories/departments.repository.js";
import type { SessionsRepository } from "../../db/repositories/sessions.repository.js";
import type {
  User,
  UserFields,
  UsersRepository,
} from "../../db/repositories/users.repository.js";
import { AUDIT_EVENTS } from "../auth/audit.js";
import { normalizeDomain, normalizeLoginId } from "../auth/identity.js";
import { hashPassword } from "../auth/password-hasher.js";
import type {
  RevocationReason,
  SessionEvents,
} from "../auth/session-events.js";

/** A password hash that matches no password: the account cannot log in until a password is set. */
export const UNUSABLE_PASSWORD_HASH = "!";

export type CompanyInput = {
  domain: string;
  name: string;
  xmppDomain?: string;
  orgUrl?: string;
  virtUseYn?: boolean;
  menuConfig?: Record<string, boolean>;
  features?: Record<string, boolean>;
};

export type DepartmentRecord = {
  key: string;
  name: string;
  parentKey?: string | null;
  order?: number;
  isVirtual?: boolean;
};

export type UserRecord = Partial<Omit<UserFields, "departmentId">> & {
  loginId: string;
  name: string;
  deptKey?: string | null;
  /** Plain password; hashed here. Without one a new account cannot log in until a password is set. */
  password?: string;
  /** A ready hash (benchmark generator only: every generated user shares one). */
  passwordHash?: string;
  locked?: boolean;
};

export type UserUpdate = Partial<Omit<UserRecord, "loginId" | "passwordHash">>;

export type OrgImport = {
  departments: DepartmentRecord[];
  users: UserRecord[];
};

export type ImportSummary = {
  departments: number;
  usersAdded: number;
  usersUpdated: number;
};

const USER_BATCH = 1000;
const HASH_CONCURRENCY = 4;

/** Menus every new company gets (spec §3 menu config flags): all of them on. */
export const DEFAULT_MENU_CONFIG: Record<string, boolean> = Object.fromEntries(
  MENU_KEYS.map((m) => [`${m}Used`, true]),
);

export class DirectoryService {
  constructor(
    private readonly companies: CompaniesRepository,
    private readonly departments: DepartmentsRepository,
    private readonly users: UsersRepository,
    private readonly sessions: SessionsRepository,
    private readonly audit: AuditRepository,
    private readonly sessionEvents: SessionEvents,
    private readonly clock: Clock,
    /** Told a password just set, to derive the keys SCRAM logins need (docs/protocol.md §1). */
    private readonly onPasswordSet?: (
      user: User,
      password: string,
    ) => Promise<void>,
  ) {}

  /**
   * Creates a company.
   * @param input domain, name and optional chat domain, org URL and settings.
   * @returns the company.
   * @throws AppError company_exists when the domain or org URL is taken.
   */
  async createCompany(input: CompanyInput): Promise<Company> {
    const domain = normalizeDomain(input.domain);
    if (
      !/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/.test(
        domain,
      )
    )
      throw new AppError("invalid_input", 400, `not a domain: ${input.domain}`);
    if (await this.companies.findByDomain(domain))
      throw new AppError("company_exists", 409, `${domain} exists`);
    return this.companies.create({
      domain,
      name: input.name,
      xmppDomain: input.xmppDomain ?? `chat.${domain}`,
      orgUrl: input.orgUrl ?? domain.replace(/[^a-z0-9]+/g, "-"),
      virtUseYn: input.virtUseYn ?? false,
      menuConfig: { ...DEFAULT_MENU_CONFIG, ...input.menuConfig },
      features: input.features ?? {},
    });
  }

  /**
   * Changes a company's name or settings (VirtUseYN, menu flags, features).
   * @returns the updated company.
   */
  async updateCompany(
    company: Company,
    fields: {
      name?: string;
      virtUseYn?: boolean;
      menuConfig?: Record<string, boolean>;
      features?: Record<string, boolean>;
    },
  ): Promise<Company> {
    return (await this.companies.update(company.id, fields)) ?? company;
  }

  /**
   * Finds a company by domain.
   * @returns the company, or undefined.
   */
  async findCompany(domain: string): Promise<Company | undefined> {
    return this.companies.findByDomain(normalizeDomain(domain));
  }

  /**
   * Finds a company by domain.
   * @returns the company.
   * @throws AppError company_not_found.
   */
  async requireCompany(domain: string): Promise<Company> {
    const company = await this.companies.findByDomain(normalizeDomain(domain));
    if (!company)
      throw new AppError("company_not_found", 404, `no company at ${domain}`);
    return company;
  }

  /**
   * Creates or updates one department.
   * @returns the department.
   * @throws AppError department_not_found when the parent key is unknown.
   */
  async upsertDepartment(
    company: Company,
    d: DepartmentRecord,
  ): Promise<Department> {
    const parent = d.parentKey
      ? await this.departments.findByKey(company.id, d.parentKey)
      : undefined;
    if (d.parentKey && !parent)
      throw new AppError(
        "department_not_found",
        404,
        `no department ${d.parentKey}`,
      );
    const saved = await this.departments.upsert(company.id, {
      key: d.key,
      name: d.name,
      parentId: parent?.id ?? null,
      order: d.order ?? 0,
      isVirtual: d.isVirtual ?? false,
    });
    await this.companies.bumpOrgVersion(company.id);
    return saved;
  }

  /**
   * Adds a user.
   * @returns the user.
   * @throws AppError user_exists, department_not_found.
   */
  async addUser(company: Company, record: UserRecord): Promise<User> {
    const loginId = normalizeLoginId(record.loginId);
    if (!loginId) throw new AppError("invalid_input", 400, "login id is empty");
    if (await this.users.findByLogin(company.id, loginId))
      throw new AppError("user_exists", 409, `${loginId} exists`);
    const departmentId = await this.departmentIdOf(company, record.deptKey);
    const user = await this.users.create({
      ...fieldsOf(record),
      companyId: company.id,
      loginId,
      name: record.name,
      departmentId,
      passwordHash:
        record.passwordHash ??
        (record.password
          ? await hashPassword(record.password)
          : UNUSABLE_PASSWORD_HASH),
      locked: record.locked ?? false,
    });
    if (record.password && !record.passwordHash)
      await this.onPasswordSet?.(user, record.password);
    await this.companies.bumpOrgVersion(company.id);
    return user;
  }

  /**
   * Updates a user's profile, flags or password. A new password, a lock or a deactivation ends the user's
   * sessions (live chat connections included) and auto logins.
   * @returns the updated user.
   * @throws AppError user_not_found, department_not_found.
   */
  async updateUser(
    company: Company,
    loginId: string,
    update: UserUpdate,
  ): Promise<User> {
    const user = await this.requireUser(company, loginId);
    const fields: Partial<UserFields> = fieldsOf(update);
    if (update.deptKey !== undefined)
      fields.departmentId = await this.departmentIdOf(company, update.deptKey);
    await this.users.update(user.id, fields);
    if (update.password !== undefined) {
      await this.users.setPassword(
        user.id,
        await hashPassword(update.password),
        this.clock(),
      );
      await this.endSessions(user.id, "password_changed");
      const changed = await this.users.findById(user.id);
      if (changed) await this.onPasswordSet?.(changed, update.password);
    }
    if (update.locked === true && !user.locked) {
      await this.users.lock(user.id, this.clock());
      await this.endSessions(user.id, "account_locked");
    }
    if (update.locked === false && user.locked)
      await this.unlockUser(company, loginId);
    if (update.active === false && user.active)
      await this.endSessions(user.id, "deactivated");
    await this.companies.bumpOrgVersion(company.id);
    return (await this.users.findById(user.id)) ?? user;
  }

  /** Revokes every session and auto login of a user and tells every node to close its chat connections. */
  private async endSessions(
    userId: number,
    reason: RevocationReason,
  ): Promise<void> {
    await this.sessions.revokeAllForUser(userId, reason, this.clock());
    await this.sessions.revokeAutoLoginTokens(userId);
    this.sessionEvents.revokedUser(userId, reason);
  }

  /**
   * Unlocks an account and clears its failure count.
   * @throws AppError user_not_found.
   */
  async unlockUser(company: Company, loginId: string): Promise<void> {
    const user = await this.requireUser(company, loginId);
    await this.users.unlock(user.id);
    await this.audit.record({
      event: AUDIT_EVENTS.accountUnlocked,
      companyId: company.id,
      userId: user.id,
      loginId: user.loginId,
      at: this.clock(),
    });
  }

  /**
   * Imports an org chart: departments are created or updated by key (parents first, in any input order);
   * users are added, or updated by login id (their passwords are left alone unless given).
   * @returns counts of what changed.
   * @throws AppError invalid_input for a department cycle or an unknown parent key.
   */
  async importOrg(company: Company, data: OrgImport): Promise<ImportSummary> {
    const ordered = orderByParent(data.departments);
    const known = new Map(
      (await this.departments.listByCompany(company.id)).map((d) => [d.key, d]),
    );
    for (const d of ordered) {
      const parent = d.parentKey ? known.get(d.parentKey) : undefined;
      if (d.parentKey && !parent)
        throw new AppError(
          "invalid_input",
          400,
          `unknown parent department ${d.parentKey}`,
        );
      const saved = await this.departments.upsert(company.id, {
        key: d.key,
        name: d.name,
        parentId: parent?.id ?? null,
        order: d.order ?? 0,
        isVirtual: d.isVirtual ?? false,
      });
      known.set(saved.key, saved);
    }
    let usersAdded = 0;
    let usersUpdated = 0;
    const fresh: UserRecord[] = [];
    const current = new Map(
      (await this.users.listByCompany(company.id)).map((u) => [u.loginId, u]),
    );
    for (const u of data.users) {
      const loginId = normalizeLoginId(u.loginId);
      const existing = current.get(loginId);
      if (existing) {
        await this.updateUserFields(existing, u, known);
        usersUpdated += 1;
      } else fresh.push({ ...u, loginId });
    }
    for (let i = 0; i < fresh.length; i += USER_BATCH) {
      const batch = fresh.slice(i, i + USER_BATCH);
      const hashes = await mapLimited(
        batch,
        HASH_CONCURRENCY,
        async (u) =>
          u.passwordHash ??
          (u.password ? hashPassword(u.password) : UNUSABLE_PASSWORD_HASH),
      );
      usersAdded += await this.users.insertMany(
        batch.map((u, j) => ({
          ...fieldsOf(u),
          companyId: company.id,
          loginId: u.loginId,
          name: u.name,
          departmentId: u.deptKey ? (known.get(u.deptKey)?.id ?? null) : null,
          passwordHash: hashes[j] ?? UNUSABLE_PASSWORD_HASH,
        })),
      );
    }
    await this.rememberImportedPasswords(company, fresh);
    await this.companies.bumpOrgVersion(company.id);
    return { departments: ordered.length, usersAdded, usersUpdated };
  }

  /** Imported users with a plain password get their SCRAM keys too, so a stock client can log in at once. */
  private async rememberImportedPasswords(
    company: Company,
    fresh: readonly UserRecord[],
  ): Promise<void> {
    const onPasswordSet = this.onPasswordSet;
    const withPassword = fresh.filter((u) => u.password && !u.passwordHash);
    if (!onPasswordSet || withPassword.length === 0) return;
    const byLogin = new Map(
      (await this.users.listByCompany(company.id)).map((u) => [u.loginId, u]),
    );
    await mapLimited(withPassword, HASH_CONCURRENCY, async (u) => {
      const user = byLogin.get(u.loginId);
      if (user && u.password) await onPasswordSet(user, u.password);
    });
  }

  private async updateUserFields(
    user: User,
    u: UserRecord,
    known: Map<string, Department>,
  ): Promise<void> {
    const fields = fieldsOf(u);
    if (u.deptKey !== undefined)
      fields.departmentId = u.deptKey
        ? (known.get(u.deptKey)?.id ?? null)
        : null;
    await this.users.update(user.id, fields);
    if (u.password) {
      await this.users.setPassword(
        user.id,
        await hashPassword(u.password),
        this.clock(),
      );
      await this.endSessions(user.id, "password_changed");
      const changed = await this.users.findById(user.id);
      if (changed) await this.onPasswordSet?.(changed, u.password);
    }
    if (u.active === false && user.active)
      await this.endSessions(user.id, "deactivated");
  }

  private async requireUser(company: Company, loginId: string): Promise<User> {
    const user = await this.users.findByLogin(
      company.id,
      normalizeLoginId(loginId),
    );
    if (!user)
      throw new AppError(
        "user_not_found",
        404,
        `no user ${loginId} at ${company.domain}`,
      );
    return user;
  }

  private async departmentIdOf(
    company: Company,
    deptKey: string | null | undefined,
  ): Promise<number | null> {
    if (!deptKey) return null;
    const d = await this.departments.findByKey(company.id, deptKey);
    if (!d)
      throw new AppError(
        "department_not_found",
        404,
        `no department ${deptKey}`,
      );
    return d.id;
  }
}

function fieldsOf(r: Partial<UserRecord>): Partial<UserFields> {
  const f: Partial<UserFields> = {};
  const keys = [
    "order",
    "name",
    "position",
    "title",
    "email",
    "mobile",
    "phone",
    "extension",
    "photoUrl",
    "nickname",
    "jobDescription",
    "freeUser",
    "centrexUser",
    "smsUse",
    "attendanceWritePower",
    "passwordExpired",
    "privacyConsent",
    "active",
  ] as const;
  for (const k of keys)
    if (r[k] !== undefined) (f as Record<string, unknown>)[k] = r[k];
  return f;
}

/** Orders departments so each parent comes before its children. */
function orderByParent(list: readonly DepartmentRecord[]): DepartmentRecord[] {
  const byKey = new Map(list.map((d) => [d.key, d]));
  const out: DepartmentRecord[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (d: DepartmentRecord) => {
    const s = state.get(d.key);
    if (s === "done") return;
    if (s === "visiting")
      throw new AppError("invalid_input", 400, `department cycle at ${d.key}`);
    state.set(d.key, "visiting");
    const parent = d.parentKey ? byKey.get(d.parentKey) : undefined;
    if (parent) visit(parent);
    state.set(d.key, "done");
    out.push(d);
  };
  for (const d of list) visit(d);
  return out;
}

async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, worker),
  );
  return out;
}
