/**
 * Internet phone calls of spec §7.5 (all POST under /api/v1/centrex/) and the incoming-call lookups of §7.2. Every
 * line operation answers the PBX's result name (spec §8), never throws for a refusal, so the dialog can show it.
 */
import {
  callerLookupResponseSchema,
  centrexRecallResponseSchema,
  centrexResultName,
  centrexResultResponseSchema,
  centrexUserResponseSchema,
  failureBodySchema,
  type ApiClient,
  type CentrexResultName,
} from "@moa/shared";
import { z } from "zod";

const PREFIX = "/api/v1/centrex";

/** Whether the company uses the phone for this user (isUse) and the user is set up as a centrex user (isSet). */
export async function fetchCentrexUser(
  api: ApiClient,
): Promise<{ isUse: boolean; isSet: boolean }> {
  const res = await api.request({
    method: "POST",
    path: `${PREFIX}/crxUserYn`,
    body: {},
    schema: centrexUserResponseSchema,
  });
  return { isUse: res.isUse === "Y", isSet: res.crxUserYn === "Y" };
}

/** A line operation without a body. */
export type LineOperation =
  "phoneStatus" | "callHoldStart" | "callHoldStop" | "callStop";

async function resultOf(
  api: ApiClient,
  path: string,
  body: unknown,
): Promise<CentrexResultName> {
  const res = await api.request({
    method: "POST",
    path: `${PREFIX}/${path}`,
    body,
    schema: centrexResultResponseSchema,
  });
  return centrexResultName(res.svc_rt);
}

/** Runs a line operation: status, hold, hold release or hang-up. */
export function lineOperation(
  api: ApiClient,
  op: LineOperation,
): Promise<CentrexResultName> {
  return resultOf(api, op, {});
}

/**
 * Starts a call.
 * @param numbers - one number, or the numbers of a group call (joined with commas, at most 6).
 */
export function startCall(
  api: ApiClient,
  numbers: readonly string[],
): Promise<CentrexResultName> {
  return resultOf(api, numbers.length > 1 ? "groupCall" : "singCall", {
    callNumber: numbers.join(","),
  });
}

/** A party of a call log record (spec §3). */
export type CallParty = { key: string; name: string; phone: string };

/** Records an outgoing call: one log, or the group's logs together. */
export async function logCall(
  api: ApiClient,
  parties: readonly CallParty[],
): Promise<void> {
  const records = parties.map((p) => ({
    recType: "OUT",
    recUsrKey: p.key,
    recUsrName: p.name,
    recPhone: p.phone,
    crxCallType: parties.length > 1 ? "G" : "S",
  }));
  const [only] = records;
  await (records.length === 1 && only
    ? resultOf(api, "insertLog", only)
    : resultOf(api, "insertGroupLogs", { centrexList: records }));
}

/** The recall (redial) list: recently called parties, newest first. */
export async function fetchRecallList(api: ApiClient): Promise<CallParty[]> {
  const res = await api.request({
    method: "POST",
    path: `${PREFIX}/reCall`,
    body: {},
    schema: centrexRecallResponseSchema,
  });
  return res.recall_list.map((r) => ({
    key: r.recUsrKey,
    name: r.recUsrName,
    phone: r.recPhone,
  }));
}

/** Where an incoming number is looked up (spec §3 rcvCallTargetCd): the address book, or the sales contacts. */
export type CallerLookupTarget = "addr" | "other";

/** The caller of an incoming call, as the lookup found them. */
export type CallerCard = { id: string; company: string; name: string };

const lookupAnswerSchema = z.union([
  callerLookupResponseSchema,
  failureBodySchema,
]);

/**
 * Looks up who is calling.
 * @returns the caller's card, or null when the number is unknown.
 */
export async function findCaller(
  api: ApiClient,
  target: CallerLookupTarget,
  callNumber: string,
): Promise<CallerCard | null> {
  const path =
    target === "other"
      ? "/sales/api/v1/sfa/contactFindUser"
      : `${PREFIX}/findUser`;
  const res = await api.request({
    path: `${path}?callNumber=${encodeURIComponent(callNumber)}`,
    schema: lookupAnswerSchema,
  });
  return "usrInfo" in res ? res.usrInfo : null;
}
