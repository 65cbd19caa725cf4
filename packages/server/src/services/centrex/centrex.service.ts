/**
 * The internet phone (spec §5 Calls, §6, §7.5): usable only when the company enables the centrex menu, the user
 * is set up as a centrex user and is not a free user (NO_PERM otherwise). Calls need a number (PARAM_ERR), at
 * most 6 participants and an idle line (ERR_PROCESS); hold needs a call (NO_CHANNEL). Line state lives in the phone
 * provider, but these rules are checked here too, so an adapter that allows more does not change them. Call logs
 * and the recall list are stored here.
 */
import { randomUUID } from "node:crypto";
import {
  CALL_MAX_PARTICIPANTS,
  stripPhoneDashes,
  type CentrexResultName,
} from "@moa/shared";
import type { Clock } from "../../clock.js";
import type {
  CallLogEntry,
  CentrexRepository,
} from "../../db/repositories/centrex.repository.js";
import type { CompaniesRepository } from "../../db/repositories/companies.repository.js";
import type { UsersRepository } from "../../db/repositories/users.repository.js";
import { notFound } from "../../errors.js";
import type { Actor } from "../auth/actor.js";
import type { HomeService } from "../home/home.service.js";
import { isMenuEnabled } from "../home/menu-policy.js";
import type { IntegrationCaller } from "../integration/integration.service.js";
import type { UserPush } from "../push/user-push.js";
import type { PhoneLine, PhoneProvider } from "./phone-provider.js";

/** Recall list length. */
export const RECALL_LIST_SIZE = 20;
const DIALLABLE = /^[0-9*#]{2,20}$/;

export type CallResult = CentrexResultName | "NO_PERM" | "PARAM_ERR";

export class CentrexService {
  constructor(
    private readonly provider: PhoneProvider,
    private readonly logs: CentrexRepository,
    private readonly users: UsersRepository,
    private readonly companies: CompaniesRepository,
    private readonly home: HomeService,
    private readonly push: UserPush,
    private readonly clock: Clock,
  ) {}

  /**
   * Whether the company uses the phone and the caller is set up for it.
   * @returns isUse (menu on for this user) and isSet (centrex user).
   */
  async user(actor: Actor): Promise<{ isUse: boolean; isSet: boolean }> {
    const [company, user] = await Promise.all([
      this.companies.findById(actor.companyId),
      this.users.findById(actor.userId),
    ]);
    const isUse =
      company !== undefined &&
      isMenuEnabled(company, actor.freeUser, "centrex");
    return { isUse, isSet: isUse && user?.centrexUser === true };
  }

  /** The line status: NO_CHANNEL when idle. */
  async status(actor: Actor): Promise<CallResult> {
    const line = await this.line(actor);
    return line ? this.provider.status(line) : "NO_PERM";
  }

  /**
   * Starts a call to one number, or a group call (comma-separated, at most 6 numbers).
   * @param callNumber the number(s) as typed; dashes are removed.
   * @returns SUCCESS, PARAM_ERR (empty, malformed or too many numbers), NO_PERM, or the PBX's code.
   */
  async call(
    actor: Actor,
    callNumber: string,
    group: boolean,
  ): Promise<CallResult> {
    const line = await this.line(actor);
    if (!line) return "NO_PERM";
    const numbers = callNumber
      .split(",")
      .map((n) => stripPhoneDashes(n.trim()))
      .filter((n) => n !== "");
    if (numbers.length === 0 || !numbers.every((n) => DIALLABLE.test(n)))
      return "PARAM_ERR";
    if (group ? numbers.length > CALL_MAX_PARTICIPANTS : numbers.length !== 1)
      return "PARAM_ERR";
    // Spec §5: a call starts only while the line is idle (IP.A.013), whatever a PBX adapter would allow.
    if ((await this.provider.status(line)) !== "NO_CHANNEL")
      return "ERR_PROCESS";
    return this.provider.call(line, numbers);
  }

  /** Puts the call on hold (NO_CHANNEL without a call: spec §5, IP.A.014). */
  async hold(actor: Actor): Promise<CallResult> {
    const line = await this.line(actor);
    if (!line) return "NO_PERM";
    if ((await this.provider.status(line)) === "NO_CHANNEL")
      return "NO_CHANNEL";
    return this.provider.hold(line);
  }

  /** Takes the call off hold. */
  async resume(actor: Actor): Promise<CallResult> {
    const line = await this.line(actor);
    return line ? this.provider.resume(line) : "NO_PERM";
  }

  /** Hangs up (NO_CHANNEL when there was no call). */
  async hangUp(actor: Actor): Promise<CallResult> {
    const line = await this.line(actor);
    return line ? this.provider.hangUp(line) : "NO_PERM";
  }

  /**
   * Records call log entries (one, or the members of a group call together).
   * @returns SUCCESS or NO_PERM.
   */
  async log(
    actor: Actor,
    entries: readonly CallLogEntry[],
  ): Promise<CallResult> {
    if (!(await this.line(actor))) return "NO_PERM";
    const clean = entries.map((e) => ({
      ...e,
      recPhone: stripPhoneDashes(e.recPhone),
    }));
    await this.logs.insert(
      actor.userId,
      clean,
      entries.length > 1 ? randomUUID() : null,
      this.clock(),
    );
    return "SUCCESS";
  }

  /**
   * The recall (redial) list.
   * @returns the most recent distinct numbers, newest first; empty for users without the phone.
   */
  async recall(
    actor: Actor,
  ): Promise<{ recUsrKey: string; recUsrName: string; recPhone: string }[]> {
    if (!(await this.line(actor))) return [];
    return this.logs.recentNumbers(actor.userId, RECALL_LIST_SIZE);
  }

  /**
   * Rings a user (simulated PBX: tests and demos): pushes the incoming call with the caller's card if known.
   * @throws AppError user_not_found.
   */
  async ring(
    caller: IntegrationCaller,
    loginId: string,
    callNumber: string,
  ): Promise<void> {
    const user = await this.users.findByLogin(caller.companyId, loginId);
    if (!user?.active) throw notFound("user_not_found");
    const found = await this.home.findCallerInCompany(
      user.companyId,
      callNumber,
    );
    this.push.toUser(user.id, "incomingCall", {
      callNumber: callNumber.replace(/\D/g, ""),
      ...(found
        ? {
            usrInfo: {
              id: found.user.loginId,
              company: found.company.name,
              name: found.user.name,
            },
          }
        : {}),
    });
  }

  private async line(actor: Actor): Promise<PhoneLine | undefined> {
    const { isSet } = await this.user(actor);
    return isSet
      ? { userId: actor.userId, companyId: actor.companyId }
      : undefined;
  }
}
