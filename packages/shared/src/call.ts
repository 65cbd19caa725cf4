/** Internet phone rules (spec §5 Calls): participant limit (IP.A.015), number required, hold and redial checks. */

import { CALL_MAX_PARTICIPANTS } from "./constants.js";
import { MESSAGE_CODES } from "./codes/message-codes.js";
import { stripPhoneDashes } from "./phone.js";
import { fail, ok, type Result } from "./result.js";

/** Call status: off, on (in a call) or hold. */
export type CallStatus = "off" | "on" | "hold";

/**
 * Checks ticking one more participant in a picker that has the call limit: refused over 6 (IP.A.015, undo the tick).
 * @param selectedCount - how many are selected including the new tick.
 * @returns ok with the count, or IP.A.015.
 */
export function checkCallParticipantCount(
  selectedCount: number,
): Result<number, typeof MESSAGE_CODES.callTooManyParticipants> {
  return selectedCount > CALL_MAX_PARTICIPANTS
    ? fail(MESSAGE_CODES.callTooManyParticipants)
    : ok(selectedCount);
}

/**
 * Picks the members of a group call: the first 6 are called, extra ones are dropped (the UI shows a toast).
 * @param members - the chosen members, in selection order.
 * @returns the members to call and the dropped ones, or `call.participants.none` when nobody was chosen.
 */
export function limitGroupCall<T>(
  members: readonly T[],
): Result<
  { readonly called: T[]; readonly dropped: T[] },
  typeof MESSAGE_CODES.callNoParticipants
> {
  if (members.length === 0) return fail(MESSAGE_CODES.callNoParticipants);
  return ok({
    called: members.slice(0, CALL_MAX_PARTICIPANTS),
    dropped: members.slice(CALL_MAX_PARTICIPANTS),
  });
}

/**
 * Checks the number to dial: dashes and blanks removed, must not be empty (IP.T.012).
 * @param typed - the typed number.
 * @returns the number to dial, or IP.T.012.
 */
export function validateDialNumber(
  typed: string,
): Result<string, typeof MESSAGE_CODES.callNumberRequired> {
  const number = stripPhoneDashes(typed.trim());
  return number === "" ? fail(MESSAGE_CODES.callNumberRequired) : ok(number);
}

/**
 * Checks a hold request: only possible while in a call (IP.A.014 otherwise).
 * @param status - the current call status.
 * @returns ok with the status to enter (hold), or IP.A.014.
 */
export function checkHold(
  status: CallStatus,
): Result<"hold", typeof MESSAGE_CODES.callHoldWithoutCall> {
  return status === "on" ? ok("hold") : fail(MESSAGE_CODES.callHoldWithoutCall);
}
