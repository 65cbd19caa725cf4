import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Company } from "../../../db/repositories/companies.repository.js";
import { GroupwareRepository } from "../../../db/repositories/groupware.repository.js";
import {
  createCompany,
  createTestServer,
  createUser,
  loginAs,
  type TestServer,
} from "../../../testing/index.js";
import { apiClient } from "../../../testing/workplace.js";

// Monday 10 March 2025, 09:30 in Seoul (UTC+9, the company default).
let now = new Date("2025-03-10T00:30:00Z");
const at = (iso: string) => {
  now = new Date(iso);
};
let server: TestServer;
let company: Company;

beforeAll(async () => {
  server = await createTestServer({}, { clock: () => now });
  company = await createCompany(server.database.db);
});
afterAll(async () => {
  await server.close();
});

async function worker(
  overrides: Parameters<typeof createUser>[2] = {},
  co = company,
) {
  const user = await createUser(server.database.db, co, overrides);
  const { accessToken } = await loginAs(server, user);
  return { user, api: apiClient(server.url, accessToken) };
}

/** Signs in again after the clock moved past the access token's hour. */
async function again(user: Awaited<ReturnType<typeof worker>>["user"]) {
  const { accessToken } = await loginAs(server, user);
  return apiClient(server.url, accessToken);
}

describe("check-in and check-out", () => {
  it("checks in, refuses a second check-in, checks out and shows the card and week", async () => {
    at("2025-03-10T00:30:00Z");
    const { user, api: first } = await worker();
    let api = first;
    const empty = await api("GET", "/api/v1/attendance/today?date=20250310");
    expect(empty.body).toEqual({
      ErrorCode: "00",
      result: {
        card: {
          date: "20250310",
          checkedIn: false,
          checkedOut: false,
          in: null,
          out: null,
          midnAftLtoYn: "N",
        },
      },
    });
    const checkIn = await api("POST", "/api/v1/chat/home/checkin", {
      midnAftLtoYn: "N",
    });
    expect(checkIn.body).toMatchObject({
      ErrorCode: "00",
      result: {
        card: { checkedIn: true, in: { time: { hour: 9, minute: 30 } } },
      },
    });
    const second = await api("POST", "/api/v1/chat/home/checkin", {
      midnAftLtoYn: "N",
    });
    expect(second).toEqual({
      status: 200,
      body: { ErrorCode: "01", ErrorMsg: "attendance.error.alreadyCheckedIn" },
    });

    at("2025-03-10T09:05:00Z"); // 18:05 in Seoul
    api = await again(user);
    const out = await api("POST", "/api/v1/chat/home/checkout", {
      midnAftLtoYn: "N",
    });
    expect(out.body).toMatchObject({
      result: {
        card: { checkedOut: true, out: { time: { hour: 18, minute: 5 } } },
      },
    });
    const today = await api("GET", "/api/v1/attendance/today");
    expect(today.body).toMatchObject({
      result: {
        card: {
          date: "20250310",
          in: { time: { hour: 9, minute: 30 } },
          out: { time: { hour: 18, minute: 5 } },
        },
      },
    });

    const week = await api("GET", "/api/v1/attendance/report");
    const list = week.body.list as {
      header: { date: string; mon: string; day: string };
      card: { inTime: string; outTime: string };
    }[];
    expect(list.map((d) => d.header.date)).toEqual([
      "20250310",
      "20250311",
      "20250312",
      "20250313",
      "20250314",
      "20250315",
      "20250316",
    ]);
    expect(list[0]).toMatchObject({
      header: { mon: "03", day: "10" },
      card: { inTime: "09:30", outTime: "18:05", midnAftLtoYn: "N" },
    });
    expect(list[1]?.card).toEqual({
      inTime: "",
      outTime: "",
      midnAftLtoYn: "N",
    });
  });

  it("checks out after midnight onto yesterday's card", async () => {
    at("2025-03-11T00:00:00Z"); // Tue 09:00 Seoul
    const { user, api: first } = await worker();
    await first("POST", "/api/v1/chat/home/checkin", { midnAftLtoYn: "N" });
    at("2025-03-11T15:40:00Z"); // Wed 00:40 Seoul
    const api = await again(user);
    const wrongDay = await api("POST", "/api/v1/chat/home/checkout", {
      midnAftLtoYn: "Y",
      time: { date: "20250310" },
    });
    expect(wrongDay.body).toEqual({
      ErrorCode: "01",
      ErrorMsg: "attendance.error.notYesterday",
    });
    const out = await api("POST", "/api/v1/chat/home/checkout", {
      midnAftLtoYn: "Y",
      time: { date: "20250311" },
    });
    expect(out.body).toMatchObject({
      ErrorCode: "00",
      result: {
        card: {
          date: "20250311",
          out: { time: { hour: 0, minute: 40 } },
          midnAftLtoYn: "Y",
        },
      },
    });
    // Today (Wednesday) is untouched.
    expect((await api("GET", "/api/v1/attendance/today")).body).toMatchObject({
      result: { card: { date: "20250312", checkedIn: false } },
    });
  });

  it("refuses an after-midnight check-out without yesterday's card (PU.A.012) and a check-out without check-in", async () => {
    at("2025-03-12T15:10:00Z"); // Thu 00:10 Seoul
    const { api } = await worker();
    const res = await api("POST", "/api/v1/chat/home/checkout", {
      midnAftLtoYn: "Y",
      time: { date: "20250312" },
    });
    expect(res).toEqual({
      status: 200,
      body: { ErrorCode: "01", ErrorMsg: "PU.A.012" },
    });
    const plain = await api("POST", "/api/v1/chat/home/checkout", {
      midnAftLtoYn: "N",
    });
    expect(plain.body).toEqual({
      ErrorCode: "01",
      ErrorMsg: "attendance.error.notCheckedIn",
    });
    const ticked = await api("POST", "/api/v1/chat/home/checkin", {
      midnAftLtoYn: "Y",
    });
    expect(ticked.body).toEqual({
      ErrorCode: "01",
      ErrorMsg: "attendance.error.afterMidnightCheckIn",
    });
    expect(
      (await api("GET", "/api/v1/attendance/today?date=20250312")).body,
    ).toMatchObject({ result: { card: { checkedIn: false } } });
  });

  it("lets a second check-in replace the first only when the company allows resubmitting", async () => {
    const co = await createCompany(server.database.db);
    await new GroupwareRepository(server.database.db).updateSettings(co.id, {
      canResubmitCard: true,
    });
    at("2025-03-13T00:00:00Z");
    const { api } = await worker({}, co);
    expect(
      (await api("GET", "/api/v1/chat/home/attendance/setting")).body,
    ).toMatchObject({
      hasAttdWrtPwr: "Y",
      setting: { security: { canResubmitCard: true } },
    });
    await api("POST", "/api/v1/chat/home/checkin", {});
    at("2025-03-13T00:20:00Z");
    const resubmitted = await api("POST", "/api/v1/chat/home/checkin", {});
    expect(resubmitted.body).toMatchObject({
      ErrorCode: "00",
      result: { card: { in: { time: { hour: 9, minute: 20 } } } },
    });
  });

  it("refuses users without attendance write power", async () => {
    const { api } = await worker({ attendanceWritePower: false });
    const res = await api("POST", "/api/v1/chat/home/checkin", {});
    expect(res).toEqual({
      status: 200,
      body: { ErrorCode: "01", ErrorMsg: "attendance.error.noWritePower" },
    });
  });

  it("validates the body", async () => {
    const { api } = await worker();
    const res = await api("POST", "/api/v1/chat/home/checkout", {
      midnAftLtoYn: "maybe",
    });
    expect(res).toMatchObject({
      status: 400,
      body: { ErrorCode: "01", ErrorMsg: "invalid_input" },
    });
  });
});

describe("work time", () => {
  it("serves the caller's work time and nobody else's", async () => {
    const { user, api } = await worker();
    expect(
      (await api("GET", `/api/v1/attendance/${user.loginId}/workTime`)).body,
    ).toEqual({
      ErrorCode: "00",
      WorkTimeInfo: { workNm: "", workStart: "0900", workEnd: "1800" },
    });
    const other = await createUser(server.database.db, company);
    expect(
      await api("GET", `/api/v1/attendance/${other.loginId}/workTime`),
    ).toEqual({
      status: 404,
      body: { ErrorCode: "01", ErrorMsg: "user_not_found" },
    });
  });
});
