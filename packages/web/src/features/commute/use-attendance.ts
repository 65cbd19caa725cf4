/**
 * The commute panel's server data: the setting, the card of the day shown, the week report, the work time and the
 * vacation promotion. Query keys carry the dates, so when the clock passes 00:00:00 the new day's data loads.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import {
  fetchAttendanceSetting,
  fetchDayCard,
  fetchVacationPromotion,
  fetchWeekReport,
  fetchWorkTime,
} from "../../api/attendance-api";
import { useSession, useSessionController } from "../session";

const KEY = "attendance";

export function useAttendanceSetting() {
  const session = useSessionController();
  return useQuery({
    queryKey: [KEY, "setting"],
    queryFn: () => fetchAttendanceSetting(session.api),
  });
}

/** The card of `date` (`yyyyMMdd`). */
export function useDayCard(date: string) {
  const session = useSessionController();
  return useQuery({
    queryKey: [KEY, "card", date],
    queryFn: () => fetchDayCard(session.api, date),
  });
}

/** The week around `today` (`yyyyMMdd`, part of the key so a new day reloads it). */
export function useWeekReport(today: string) {
  const session = useSessionController();
  return useQuery({
    queryKey: [KEY, "week", today],
    queryFn: () => fetchWeekReport(session.api),
  });
}

export function useWorkTime() {
  const session = useSessionController();
  const loginId = useSession((s) => s.user?.loginId ?? "");
  return useQuery({
    queryKey: [KEY, "workTime", loginId],
    enabled: loginId !== "",
    queryFn: () => fetchWorkTime(session.api, loginId),
  });
}

export function useVacationPromotion() {
  const session = useSessionController();
  return useQuery({
    queryKey: [KEY, "vacationPromotion"],
    queryFn: () => fetchVacationPromotion(session.api),
  });
}

/** Reloads cards and the week after a check-in or check-out. */
export function useReloadAttendance(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: [KEY, "card"] }),
      client.invalidateQueries({ queryKey: [KEY, "week"] }),
    ]);
  }, [client]);
}
