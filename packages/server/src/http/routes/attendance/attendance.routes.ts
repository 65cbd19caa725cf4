/** Attendance routes (spec §7.3): today, week report, work time, check-in and check-out. */
import {
  attendanceTodayQuerySchema,
  checkInRequestSchema,
  checkOutRequestSchema,
} from "@moa/shared";
import { z } from "zod";
import type {
  AttendanceService,
  Card,
  CardTime,
} from "../../../services/attendance/attendance.service.js";
import { requireActor } from "../../auth-hook.js";
import { okBody } from "../../envelope.js";
import type { HttpApp } from "../../http-app.js";
import { parseInput } from "../../validate.js";

const workTimeParamsSchema = z.object({ id: z.string().min(1).max(100) });
const yn = (b: boolean) => (b ? ("Y" as const) : ("N" as const));
const hhmm = (t: CardTime | null) =>
  t
    ? `${String(t.hour).padStart(2, "0")}:${String(t.minute).padStart(2, "0")}`
    : "";

const presentCard = (c: Card) => ({
  date: c.date,
  checkedIn: c.checkIn !== null,
  checkedOut: c.checkOut !== null,
  in: c.checkIn ? { time: c.checkIn } : null,
  out: c.checkOut ? { time: c.checkOut } : null,
  midnAftLtoYn: yn(c.afterMidnight),
});

/**
 * Registers the routes.
 * @param app the Fastify app.
 * @param deps the attendance service.
 */
export function registerAttendanceRoutes(
  app: HttpApp,
  deps: { attendance: AttendanceService },
): void {
  const { attendance } = deps;

  app.get("/api/v1/attendance/today", async (req) => {
    const { date } = parseInput(attendanceTodayQuerySchema, req.query);
    return okBody({
      result: {
        card: presentCard(await attendance.card(requireActor(req), date)),
      },
    });
  });

  app.get("/api/v1/attendance/report", async (req) => {
    const week = await attendance.week(requireActor(req));
    return okBody({
      list: week.map((d) => ({
        header: {
          mon: d.date.slice(4, 6),
          day: d.date.slice(6, 8),
          date: d.date,
          weekday: d.weekday,
        },
        card: {
          inTime: hhmm(d.card.checkIn),
          outTime: hhmm(d.card.checkOut),
          midnAftLtoYn: yn(d.card.afterMidnight),
        },
      })),
    });
  });

  app.get("/api/v1/attendance/:id/workTime", async (req) => {
    const { id } = parseInput(workTimeParamsSchema, req.params);
    const w = await attendance.workTime(requireActor(req), id);
    return okBody({
      WorkTimeInfo: { workNm: w.name, workStart: w.start, workEnd: w.end },
    });
  });

  app.post("/api/v1/chat/home/checkin", async (req) => {
    const { midnAftLtoYn } = parseInput(checkInRequestSchema, req.body);
    const card = await attendance.checkIn(
      requireActor(req),
      midnAftLtoYn === "Y",
    );
    return okBody({ result: { card: presentCard(card) } });
  });

  app.post("/api/v1/chat/home/checkout", async (req) => {
    const { midnAftLtoYn, time } = parseInput(checkOutRequestSchema, req.body);
    const card = await attendance.checkOut(
      requireActor(req),
      midnAftLtoYn === "Y",
      time?.date,
    );
    return okBody({ result: { card: presentCard(card) } });
  });
}
