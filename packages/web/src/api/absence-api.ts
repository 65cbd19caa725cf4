/** The org's absence status (spec §7.4), asked for by the org tab, the user card and the room member list. */
import { absenceStatusResponseSchema, type ApiClient } from "@moa/shared";

// The absence API takes at most this many ids per call.
const ABSENCE_IDS_PER_CALL = 500;

/**
 * GET /api/v1/orgtree/absenceStatus, in calls of at most 500 ids.
 * @param api - the session's REST client.
 * @param loginIds - login ids.
 * @returns the absence code by login id (users without an absence are left out).
 */
export async function fetchAbsence(
  api: ApiClient,
  loginIds: readonly string[],
): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (let i = 0; i < loginIds.length; i += ABSENCE_IDS_PER_CALL) {
    const ids = loginIds.slice(i, i + ABSENCE_IDS_PER_CALL).join(",");
    const res = await api.request({
      path: `/api/v1/orgtree/absenceStatus?ids=${encodeURIComponent(ids)}`,
      schema: absenceStatusResponseSchema,
    });
    Object.assign(result, res.absenceStatus);
  }
  return result;
}
