/**
 * The home screen's data (spec §7.2): the caller's profile, badge counts, nickname, mini-window number,
 * display and menu settings, notices, vacation promotion and the incoming-call lookup.
 */
import { createHash, randomInt } from "node:crypto";
import {
  validateNickname,
  type HomeCountKind,
  type MenuKey,
  type VacationPromotion,
} from "@moa/shared";
import type { Clock } from "../../clock.js";
import type {
  Company,
  CompaniesRepository,
} from "../../db/repositories/companies.repository.js";
import type {
  Department,
  DepartmentsRepository,
} from "../../db/repositories/departments.repository.js";
import type {
  GroupwareRepository,
  Notice,
} from "../../db/repositories/groupware.repository.js";
import type {
  User,
  UsersRepository,
} from "../../db/repositories/users.repository.js";
import { notFound } from "../../errors.js";
import { refusal } from "../refusal.js";
import type { Actor } from "../auth/actor.js";
import { menuFlagsFor, requireMenu } from "./menu-policy.js";

/** Mini-window numbers live this long (the mini window opens within seconds of asking). */
export const MINI_AUTH_TTL_MS = 3 * 60 * 1000;

/** The menu a count belongs to; counts of a disabled menu are refused. */
const COUNT_MENUS: Partial<Record<HomeCountKind, MenuKey>> = {
  mail: "mail",
  note: "note",
  apr: "approval",
  sch: "calendar",
};

export type Profile = {
  user: User;
  company: Company;
  department: Department | undefined;
};

/** Hash under which a mini-window number is stored (never the number itself). */
export const miniNumberHash = (userId: number, no: string) =>
  createHash("sha256").update(`${userId}:${no}`).digest("hex");

export class HomeService {
  constructor(
    private readonly companies: CompaniesRepository,
    private readonly departments: DepartmentsRepository,
    private readonly users: UsersRepository,
    private readonly groupware: GroupwareRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * The caller's profile with company and department.
   * @param actor the caller.
   * @returns the profile.
   * @throws AppError user_not_found when the account is gone.
   */
  async profile(actor: Actor): Promise<Profile> {
    const [user, company] = await Promise.all([
      this.users.findById(actor.userId),
      this.company(actor),
    ]);
    if (!user?.active) throw notFound("user_not_found");
    const department =
      user.departmentId === null
        ? undefined
        : await this.departments.findById(user.departmentId);
    return { user, company, department };
  }

  /**
   * One badge count of the caller.
   * @param actor the caller.
   * @param kind the count.
   * @returns the count (0 when the groupware never pushed one).
   * @throws AppError menu_disabled when the count's menu is off for the caller (free users never see mail).
   */
  async count(actor: Actor, kind: HomeCountKind): Promise<number> {
    const menu = COUNT_MENUS[kind];
    if (menu) requireMenu(await this.company(actor), actor, menu);
    return this.groupware.count(actor.userId, kind);
  }

  /**
   * Sets the caller's nickname (trimmed; empty clears it).
   * @param actor the caller.
   * @param nickname the typed nickname.
   * @returns the stored nickname.
   * @throws AppError MA.US.A.011 (a refusal) when longer than 21 characters.
   */
  async updateNickname(actor: Actor, nickname: string): Promise<string> {
    const checked = validateNickname(nickname);
    if (!checked.ok) throw refusal(checked.code);
    await this.users.update(actor.userId, { nickname: checked.value });
    // The org tree shows nicknames; its cached copies are keyed on the org version.
    await this.companies.bumpOrgVersion(actor.companyId);
    return checked.value;
  }

  /**
   * Issues a one-time 8-digit number that opens the mini window (verified by the groupware, docs/integration.md).
   * @param actor the caller.
   * @returns the number.
   */
  async requestMiniNumber(actor: Actor): Promise<string> {
    const no = String(randomInt(0, 100_000_000)).padStart(8, "0");
    const expiresAt = new Date(this.clock().getTime() + MINI_AUTH_TTL_MS);
    await this.groupware.addMiniNumber(
      actor.userId,
      miniNumberHash(actor.userId, no),
      expiresAt,
    );
    return no;
  }

  /**
   * How the org shows people: 1 = position, otherwise title.
   * @param actor the caller.
   * @returns the designator code.
   */
  async titleDesignator(actor: Actor): Promise<number> {
    return (await this.groupware.settings(actor.companyId)).titleDesignator;
  }

  /**
   * The menu config flags for the caller (company config; free users never get mail, sms or centrex).
   * @param actor the caller.
   * @returns `<menu>Used` → enabled.
   */
  async menuFlags(actor: Actor): Promise<Record<string, boolean>> {
    return menuFlagsFor(await this.company(actor), actor.freeUser);
  }

  /**
   * The attendance setting of the caller.
   * @param actor the caller.
   * @returns write power (attendance menu on and the user's power) and whether cards may be resubmitted.
   */
  async attendanceSetting(
    actor: Actor,
  ): Promise<{ hasWritePower: boolean; canResubmitCard: boolean }> {
    const [user, company, settings] = await Promise.all([
      this.users.findById(actor.userId),
      this.company(actor),
      this.groupware.settings(actor.companyId),
    ]);
    const menuOn = company.menuConfig.attendanceUsed === true;
    return {
      hasWritePower: menuOn && user?.attendanceWritePower === true,
      canResubmitCard: settings.canResubmitCard,
    };
  }

  /**
   * The company's notices shown now.
   * @param actor the caller.
   * @returns the notices, newest first.
   */
  async todayNotices(actor: Actor): Promise<Notice[]> {
    return this.groupware.activeNotices(actor.companyId, this.clock());
  }

  /**
   * The current popup notice.
   * @param actor the caller.
   * @returns the newest active popup notice, if any.
   */
  async popupNotice(actor: Actor): Promise<Notice | undefined> {
    const [first] = await this.groupware.activeNotices(
      actor.companyId,
      this.clock(),
      true,
    );
    return first;
  }

  /**
   * The caller's running vacation promotion.
   * @param actor the caller.
   * @returns the result the groupware pushed, or null.
   */
  async vacationPromotion(actor: Actor): Promise<VacationPromotion | null> {
    const result = await this.groupware.vacationPromotion(actor.userId);
    return (result as VacationPromotion | undefined) ?? null;
  }

  /**
   * Finds a colleague by phone number for the incoming-call dialog (mobile, office phone or extension).
   * @param actor the caller.
   * @param callNumber the number as dialled or received.
   * @returns the colleague and company name, or undefined when unknown.
   */
  async findCaller(
    actor: Actor,
    callNumber: string,
  ): Promise<{ user: User; company: Company } | undefined> {
    return this.findCallerInCompany(actor.companyId, callNumber);
  }

  /**
   * Finds a user of a company by phone number (the simulated PBX's incoming calls use it too).
   * @param companyId the company.
   * @param callNumber the number.
   * @returns the user and company, or undefined.
   */
  async findCallerInCompany(
    companyId: number,
    callNumber: string,
  ): Promise<{ user: User; company: Company } | undefined> {
    const digits = callNumber.replace(/\D/g, "");
    if (digits.length < 3) return undefined;
    const company = await this.companies.findById(companyId);
    if (!company) return undefined;
    const users = await this.users.listActiveByCompany(companyId);
    const norm = (s: string) => s.replace(/\D/g, "");
    const user = users.find((u) =>
      [u.mobile, u.phone, u.extension].some(
        (n) => n !== "" && norm(n) === digits,
      ),
    );
    return user ? { user, company } : undefined;
  }

  private async company(actor: Actor): Promise<Company> {
    const company = await this.companies.findById(actor.companyId);
    if (!company) throw notFound("company_not_found");
    return company;
  }
}
