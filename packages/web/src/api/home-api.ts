/** Main-window calls of spec §7.2: profile, badge counts, menus, notices, popup notice, nickname, attendance setting. */
import {
  attendanceSettingResponseSchema,
  countsResponseSchema,
  errorEnvelopeSchema,
  menuSettingResponseSchema,
  miniAuthResponseSchema,
  myProfileResponseSchema,
  noticePopupResponseSchema,
  todayNoticesResponseSchema,
  type ApiClient,
  type HomeCountKind,
} from "@moa/shared";
import { z } from "zod";

/** The signed-in user's profile row. */
export async function fetchMyProfile(api: ApiClient) {
  return (
    await api.request({
      path: "/api/v1/chat/home/myProfile",
      schema: myProfileResponseSchema,
    })
  ).UserProfile;
}

/** One badge count. */
export async function fetchCount(
  api: ApiClient,
  kind: HomeCountKind,
): Promise<number> {
  return (
    await api.request({
      path: `/api/v1/chat/home/${kind}/counts`,
      schema: countsResponseSchema,
    })
  ).counts;
}

/** The company's enabled menus, as `mailUsed: true` … */
export async function fetchMenuFlags(
  api: ApiClient,
): Promise<Record<string, boolean>> {
  const res = await api.request({
    path: "/api/v1/menucnfg/menu/setting",
    schema: menuSettingResponseSchema,
  });
  return Object.fromEntries(
    Object.entries(res)
      .filter(([k]) => k.endsWith("Used"))
      .map(([k, v]) => [k, v === "Y"]),
  );
}

/** Whether the user may use attendance (commute tab). */
export async function fetchAttendanceEnabled(api: ApiClient): Promise<boolean> {
  const res = await api.request({
    path: "/api/v1/chat/home/attendance/setting",
    schema: attendanceSettingResponseSchema,
  });
  return res.hasAttdWrtPwr === "Y";
}

/** Today's notices for the footer carousel. */
export async function fetchTodayNotices(api: ApiClient) {
  return (
    await api.request({
      path: "/api/v1/chat/home/noti/today",
      schema: todayNoticesResponseSchema,
    })
  ).noti_list;
}

/** The popup notice, or null. */
export async function fetchNoticePopup(api: ApiClient) {
  return (
    await api.request({
      path: "/api/v1/setting/notice/popup",
      schema: noticePopupResponseSchema,
    })
  ).noticePopup;
}

/** Saves the nickname; returns the ErrorCode and the stored nickname. */
export async function updateNickname(
  api: ApiClient,
  nickname: string,
): Promise<{ ok: boolean; nickname: string }> {
  const res = await api.request({
    method: "PUT",
    path: "/api/v1/chat/home/nick/update",
    body: { nickname },
    schema: errorEnvelopeSchema.extend({ nickname: z.string().optional() }),
  });
  return { ok: res.ErrorCode === "00", nickname: res.nickname ?? nickname };
}

/** A one-time number that lets the groupware open the mini window for this user (valid for minutes). */
export async function requestMiniAuthNo(api: ApiClient): Promise<string> {
  return (
    await api.request({
      path: "/api/v1/chat/home/mini/reqnum",
      method: "POST",
      schema: miniAuthResponseSchema,
    })
  ).miniAuthNo;
}
