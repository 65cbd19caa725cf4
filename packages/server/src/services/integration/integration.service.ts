/**
 * The groupware integration (docs/integration.md): the groupware authenticates with its company's key and
 * pushes counts, notices, alarms, absence and vacation promotions; online users get each change at once.
 */
import { createHash, randomBytes } from "node:crypto";
import {
  alarmKindFromCode,
  isAlarmKindAvailable,
  newsLinkHref,
  type GroupwareCountKind,
  type VacationPromotion,
} from "@moa/shared";
import type { Clock } from "../../clock.js";
import type {
  GroupwareRepository,
  Notice,
} from "../../db/repositories/groupware.repository.js";
import type { UsersRepository } from "../../db/repositories/users.repository.js";
import type { CompaniesRepository } from "../../db/repositories/companies.repository.js";
import { notFound } from "../../errors.js";
import { miniNumberHash } from "../home/home.service.js";
import { menuFlagsFor } from "../home/menu-policy.js";
import type { NewsPost } from "../chat/news.service.js";
import type { UserPush } from "../push/user-push.js";

/** Prefix of integration keys, so a leaked key is recognisable in logs and scanners. */
export const INTEGRATION_KEY_PREFIX = "moa_ik_";

/** Posts alarms and news-feed entries into users' news rooms (the chat engine's NewsService). */
export type NewsPoster = {
  post(companyId: number, post: NewsPost): Promise<unknown>;
};

/** The caller of the integration API: a company's groupware. */
export type IntegrationCaller = { companyId: number };

export type NoticeInput = {
  brdSeq: string;
  title: string;
  content: string;
  popup: boolean;
  startsAt?: Date | undefined;
  endsAt?: Date | undefined;
};

const DAY_MS = 24 * 60 * 60 * 1000;

const hashKey = (key: string) => createHash("sha256").update(key).digest("hex");

export class IntegrationService {
  constructor(
    private readonly groupware: GroupwareRepository,
    private readonly users: UsersRepository,
    private readonly companies: Pick<CompaniesRepository, "findById">,
    private readonly push: UserPush,
    private readonly clock: Clock,
    private readonly news?: NewsPoster,
  ) {}

  /**
   * Issues a new integration key for a company, replacing the old one.
   * @param companyId the company.
   * @returns the key; only its hash is stored, so it is shown once.
   */
  async issueKey(companyId: number): Promise<string> {
    const key = `${INTEGRATION_KEY_PREFIX}${randomBytes(24).toString("base64url")}`;
    await this.groupware.setIntegrationKeyHash(companyId, hashKey(key));
    return key;
  }

  /**
   * Installs a given key (the demo seed uses a documented fixed key).
   * @param companyId the company.
   * @param key the key.
   */
  async installKey(companyId: number, key: string): Promise<void> {
    await this.groupware.setIntegrationKeyHash(companyId, hashKey(key));
  }

  /**
   * Finds whose key this is.
   * @param key the presented key.
   * @returns the caller, or undefined for an unknown key.
   */
  async authenticate(key: string): Promise<IntegrationCaller | undefined> {
    if (!key.startsWith(INTEGRATION_KEY_PREFIX)) return undefined;
    const companyId = await this.groupware.companyByKeyHash(hashKey(key));
    return companyId === undefined ? undefined : { companyId };
  }

  /**
   * Stores some badge counts of a user and pushes them to the user's connections.
   * @param caller the groupware.
   * @param loginId the user's login id in the caller's company.
   * @param counts counts by kind.
   * @throws AppError user_not_found when no such user in the company.
   */
  async setCounts(
    caller: IntegrationCaller,
    loginId: string,
    counts: Partial<Record<GroupwareCountKind, number>>,
  ) {
    const user = await this.user(caller, loginId);
    const clean: Record<string, number> = { ...counts };
    await this.groupware.setCounts(user.id, clean, this.clock());
    this.push.toUser(user.id, "count", { counts: clean });
  }

  /**
   * Publishes (or replaces) a notice and tells every online user of the company.
   * @param caller the groupware.
   * @param input the notice; shown from `startsAt` (now) until `endsAt` (a day later).
   * @returns the stored notice.
   */
  async upsertNotice(
    caller: IntegrationCaller,
    input: NoticeInput,
  ): Promise<Notice> {
    const startsAt = input.startsAt ?? this.clock();
    const notice = await this.groupware.upsertNotice(caller.companyId, {
      brdSeq: input.brdSeq,
      title: input.title,
      content: input.content,
      popup: input.popup,
      startsAt,
      endsAt: input.endsAt ?? new Date(startsAt.getTime() + DAY_MS),
    });
    if (notice.startsAt.getTime() <= this.clock().getTime()) {
      const payload = { id: notice.brdSeq, property: { title: notice.title } };
      const popup = {
        title: notice.title,
        content: notice.content,
        brd_seq: notice.brdSeq,
      };
      for (const u of await this.users.listActiveByCompany(caller.companyId)) {
        this.push.toUser(u.id, "notice", payload);
        if (notice.popup) this.push.toUser(u.id, "noticePopup", popup);
      }
    }
    return notice;
  }

  /**
   * Withdraws a notice.
   * @throws AppError notice_not_found.
   */
  async deleteNotice(caller: IntegrationCaller, brdSeq: string): Promise<void> {
    if (!(await this.groupware.deleteNotice(caller.companyId, brdSeq)))
      throw notFound("notice_not_found");
  }

  /**
   * Records an alarm for a user and pushes it (the client toasts it by type code, spec §3). A kind the user may not
   * configure (its menu is off for the company, or a free user's kind other than note, chat, board and calendar,
   * spec §2.3 §6) stays readable in the news room but is not pushed as a toast: the client's alarm settings show it
   * disabled, and the server holds to the same rule.
   * @returns the alarm's id.
   * @throws AppError user_not_found.
   */
  async alarm(
    caller: IntegrationCaller,
    input: {
      loginId: string;
      type: string;
      title: string;
      sender: string;
      link: string;
    },
  ): Promise<number> {
    const user = await this.user(caller, input.loginId);
    const alarm = await this.groupware.addAlarm(
      user.id,
      {
        typeCode: input.type,
        title: input.title,
        sender: input.sender,
        link: input.link,
      },
      this.clock(),
    );
    // The alarm also lands in the user's news room, so it stays readable after the toast. A news entry links only to
    // a web address; a groupware target key (`approval`) is for the toast and is not relayed as a link.
    await this.news?.post(caller.companyId, {
      kind: "alarm",
      loginId: input.loginId,
      alarmType: input.type,
      title: input.title,
      senderDetail: input.sender,
      link: newsLinkHref(input.link) === null ? "" : input.link,
    });
    if (!(await this.mayToast(caller, user.freeUser, input.type)))
      return alarm.id;
    this.push.toUser(user.id, "alarm", {
      id: alarm.id,
      type: alarm.typeCode,
      title: alarm.title,
      senderDetail: alarm.sender,
      link: alarm.link,
      time: alarm.createdAt.getTime(),
    });
    return alarm.id;
  }

  /**
   * Sets or clears (empty status) a user's absence status.
   * @throws AppError user_not_found.
   */
  async setAbsence(
    caller: IntegrationCaller,
    loginId: string,
    status: string,
  ): Promise<void> {
    const user = await this.user(caller, loginId);
    await this.groupware.setAbsence(user.id, status, this.clock());
  }

  /**
   * Sets or ends (null) a user's vacation promotion.
   * @throws AppError user_not_found.
   */
  async setVacationPromotion(
    caller: IntegrationCaller,
    loginId: string,
    result: VacationPromotion | null,
  ) {
    const user = await this.user(caller, loginId);
    await this.groupware.setVacationPromotion(user.id, result, this.clock());
  }

  /**
   * Verifies (and spends) a mini-window number a user presented to the groupware.
   * @returns whether it is valid; a number works once, within its lifetime.
   */
  async verifyMiniNumber(
    caller: IntegrationCaller,
    loginId: string,
    authNo: string,
  ): Promise<boolean> {
    const user = await this.users.findByLogin(caller.companyId, loginId);
    if (!user?.active) return false;
    return this.groupware.consumeMiniNumber(
      user.id,
      miniNumberHash(user.id, authNo),
      this.clock(),
    );
  }

  /** Whether the alarm settings let the user have toasts of this type code. */
  private async mayToast(
    caller: IntegrationCaller,
    freeUser: boolean,
    typeCode: string,
  ): Promise<boolean> {
    const kind = alarmKindFromCode(typeCode);
    const company = await this.companies.findById(caller.companyId);
    if (!kind || !company) return false;
    return isAlarmKindAvailable(
      kind,
      menuFlagsFor(company, freeUser),
      freeUser,
    );
  }

  private async user(caller: IntegrationCaller, loginId: string) {
    const user = await this.users.findByLogin(caller.companyId, loginId);
    if (!user?.active) throw notFound("user_not_found");
    return user;
  }
}
