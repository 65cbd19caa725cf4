/** The main window's server data (spec §7.2), each query degrading to an empty state when its endpoint fails. */
import type { WidgetKey } from "@moa/shared";
import { useQuery } from "@tanstack/react-query";
import {
  fetchAttendanceEnabled,
  fetchCount,
  fetchMenuFlags,
  fetchNoticePopup,
  fetchTodayNotices,
} from "../../api/home-api";
import { useSession, useSessionController } from "../session";
import { badgeCountKinds, type BadgeCountKind } from "./widget-menus";

/**
 * Badge counts by kind, for the widgets shown only (a count of a menu the user lacks is refused); a kind whose call
 * fails counts 0.
 * @param widgets - the widgets the header shows (usableWidgets).
 */
export function useBadgeCounts(widgets: readonly WidgetKey[]) {
  const session = useSessionController();
  const signedIn = useSession((s) => s.phase === "signedIn");
  const kinds = badgeCountKinds(widgets);
  return useQuery({
    queryKey: ["home", "counts", ...kinds],
    enabled: signedIn && kinds.length > 0,
    refetchInterval: 60_000,
    queryFn: async () => {
      const values = await Promise.all(
        kinds.map(async (k) => fetchCount(session.api, k).catch(() => 0)),
      );
      const counts: Partial<Record<BadgeCountKind, number>> = {};
      kinds.forEach((k, i) => {
        counts[k] = values[i] ?? 0;
      });
      return counts;
    },
  });
}

/** Enabled menus and attendance. */
export function useMenus() {
  const session = useSessionController();
  const signedIn = useSession((s) => s.phase === "signedIn");
  return useQuery({
    queryKey: ["home", "menus"],
    enabled: signedIn,
    queryFn: async () => {
      const [flags, attendance] = await Promise.all([
        fetchMenuFlags(session.api).catch((err: unknown) => {
          session.reportApiError(err);
          return {};
        }),
        fetchAttendanceEnabled(session.api).catch(() => false),
      ]);
      return { flags, attendance };
    },
  });
}

/** Today's notices for the footer. */
export function useTodayNotices() {
  const session = useSessionController();
  const signedIn = useSession((s) => s.phase === "signedIn");
  return useQuery({
    queryKey: ["home", "notices"],
    enabled: signedIn,
    queryFn: async () => fetchTodayNotices(session.api).catch(() => []),
  });
}

/** The popup notice, or null. */
export function useNoticePopup() {
  const session = useSessionController();
  const signedIn = useSession((s) => s.phase === "signedIn");
  return useQuery({
    queryKey: ["home", "noticePopup"],
    enabled: signedIn,
    queryFn: async () => fetchNoticePopup(session.api).catch(() => null),
  });
}
