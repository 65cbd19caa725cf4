import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryBus } from "../../../bus/memory-bus.js";
import {
  createCompany,
  createDepartment,
  createUser,
  loginAs,
  createTestServer,
  type TestServer,
} from "../../../testing/index.js";
import {
  apiClient,
  issueIntegrationKey,
  recordPushes,
} from "../../../testing/workplace.js";
import type { Company } from "../../../db/repositories/companies.repository.js";

const bus = createMemoryBus();
let server: TestServer;
let company: Company;
let key: string;

beforeAll(async () => {
  server = await createTestServer({}, { chatBus: bus });
  company = await createCompany(server.database.db);
  key = await issueIntegrationKey(server.database.db, company.id);
});
afterAll(async () => {
  await server.close();
});

const newsRoomMessages = (userId: number) =>
  server.database.db
    .selectFrom("chat_messages as m")
    .innerJoin("chat_rooms as r", "r.id", "m.room_id")
    .innerJoin("chat_members as c", "c.room_id", "r.id")
    .select(["m.body", "m.content_type"])
    .where("r.type", "=", 9)
    .where("c.user_id", "=", userId)
    .orderBy("m.id")
    .execute();

async function signedIn(
  overrides: Parameters<typeof createUser>[2] = {},
  co: Company = company,
) {
  const user = await createUser(server.database.db, co, overrides);
  const tokens = await loginAs(server, user);
  return { user, api: apiClient(server.url, tokens.accessToken), tokens };
}

describe("profile and nickname", () => {
  it("returns my profile with department and nickname", async () => {
    const dept = await createDepartment(server.database.db, company, {
      name: "개발팀",
    });
    const { user, api } = await signedIn({
      deptKey: dept.key,
      nickname: "민수",
    });
    const res = await api("GET", "/api/v1/chat/home/myProfile");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      ErrorCode: "00",
      UserProfile: {
        id: user.loginId,
        messengerId: user.jid,
        messenger: { nickname: "민수" },
        user: { name: user.name, department: { id: dept.key, name: "개발팀" } },
      },
    });
  });

  it("updates the nickname up to 21 characters and shows it in the profile", async () => {
    const { api } = await signedIn();
    const ok = await api("PUT", "/api/v1/chat/home/nick/update", {
      nickname: "  가나다라마바사아자차카타파하가나다라마바사 ",
    });
    expect(ok.body).toMatchObject({
      ErrorCode: "00",
      nickname: "가나다라마바사아자차카타파하가나다라마바사",
    });
    const profile = await api("GET", "/api/v1/chat/home/myProfile");
    expect(profile.body).toMatchObject({
      UserProfile: {
        messenger: { nickname: "가나다라마바사아자차카타파하가나다라마바사" },
      },
    });
  });

  it("refuses a 22-character nickname with MA.US.A.011 and keeps the old one", async () => {
    const { api } = await signedIn({ nickname: "old" });
    const res = await api("PUT", "/api/v1/chat/home/nick/update", {
      nickname: "a".repeat(22),
    });
    // A refusal the client shows: HTTP 200 with ErrorCode 01 (spec §8; non-2xx would end the app).
    expect(res).toEqual({
      status: 200,
      body: { ErrorCode: "01", ErrorMsg: "MA.US.A.011" },
    });
    const profile = await api("GET", "/api/v1/chat/home/myProfile");
    expect(profile.body).toMatchObject({
      UserProfile: { messenger: { nickname: "old" } },
    });
  });

  it("answers 401 without a token", async () => {
    const res = await apiClient(server.url, undefined)(
      "GET",
      "/api/v1/chat/home/myProfile",
    );
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ ErrorCode: "01", ErrorMsg: "unauthorized" });
  });
});

describe("counts pushed by the groupware", () => {
  it("stores pushed counts, serves them and pushes them to the user's connections at once", async () => {
    const { user, api } = await signedIn();
    const pushes = recordPushes(bus, user.id);
    const gw = apiClient(server.url, key);
    const put = await gw("PUT", "/integration/v1/counts", {
      loginId: user.loginId,
      counts: { mail: 12, apr: 3 },
    });
    expect(put).toMatchObject({ status: 200, body: { ErrorCode: "00" } });
    expect(await pushes.next("count")).toEqual({
      counts: { mail: 12, apr: 3 },
    });
    expect((await api("GET", "/api/v1/chat/home/mail/counts")).body).toEqual({
      ErrorCode: "00",
      counts: 12,
    });
    expect((await api("GET", "/api/v1/chat/home/apr/counts")).body).toEqual({
      ErrorCode: "00",
      counts: 3,
    });
    expect((await api("GET", "/api/v1/chat/home/note/counts")).body).toEqual({
      ErrorCode: "00",
      counts: 0,
    });
    pushes.stop();
  });

  it("refuses an unknown count kind", async () => {
    const { api } = await signedIn();
    const res = await api("GET", "/api/v1/chat/home/salary/counts");
    expect(res).toMatchObject({
      status: 400,
      body: { ErrorCode: "01", ErrorMsg: "invalid_input" },
    });
  });

  it("never gives a free user the mail count", async () => {
    const { user, api } = await signedIn({ freeUser: true });
    await apiClient(server.url, key)("PUT", "/integration/v1/counts", {
      loginId: user.loginId,
      counts: { mail: 5, note: 2 },
    });
    const mail = await api("GET", "/api/v1/chat/home/mail/counts");
    expect(mail).toMatchObject({
      status: 403,
      body: { ErrorCode: "01", ErrorMsg: "menu_disabled" },
    });
    expect(mail.body).not.toHaveProperty("counts");
    expect((await api("GET", "/api/v1/chat/home/note/counts")).body).toEqual({
      ErrorCode: "00",
      counts: 2,
    });
  });

  it("refuses a wrong key and a user of another company", async () => {
    const other = await createCompany(server.database.db);
    const stranger = await createUser(server.database.db, other);
    const bad = await apiClient(server.url, "moa_ik_forged")(
      "PUT",
      "/integration/v1/counts",
      {
        loginId: stranger.loginId,
        counts: { mail: 1 },
      },
    );
    expect(bad).toMatchObject({
      status: 401,
      body: { ErrorCode: "01", ErrorMsg: "unauthorized" },
    });
    const cross = await apiClient(server.url, key)(
      "PUT",
      "/integration/v1/counts",
      {
        loginId: stranger.loginId,
        counts: { mail: 1 },
      },
    );
    expect(cross).toMatchObject({
      status: 404,
      body: { ErrorCode: "01", ErrorMsg: "user_not_found" },
    });
  });

  it("validates the pushed counts", async () => {
    const { user } = await signedIn();
    const res = await apiClient(server.url, key)(
      "PUT",
      "/integration/v1/counts",
      { loginId: user.loginId, counts: { mail: -1 } },
    );
    expect(res).toMatchObject({
      status: 400,
      body: { ErrorCode: "01", ErrorMsg: "invalid_input" },
    });
  });
});

describe("menus and settings", () => {
  it("answers the company's menu flags as Y/N, without mail, sms and centrex for free users", async () => {
    const co = await createCompany(server.database.db, {
      menuConfig: { webfaxUsed: false },
    });
    const regular = await signedIn({}, co);
    const free = await signedIn({ freeUser: true }, co);
    const r = (await regular.api("GET", "/api/v1/menucnfg/menu/setting")).body;
    expect(r).toMatchObject({
      ErrorCode: "00",
      mailUsed: "Y",
      smsUsed: "Y",
      centrexUsed: "Y",
      webfaxUsed: "N",
      noteUsed: "Y",
    });
    const f = (await free.api("GET", "/api/v1/menucnfg/menu/setting")).body;
    expect(f).toMatchObject({
      mailUsed: "N",
      smsUsed: "N",
      centrexUsed: "N",
      noteUsed: "Y",
    });
  });

  it("answers uimanager and attendance settings", async () => {
    const { api } = await signedIn({ attendanceWritePower: false });
    expect(
      (await api("GET", "/api/v1/chat/home/uimanager/setting")).body,
    ).toEqual({
      ErrorCode: "00",
      setting: { organizationUserPresenter: { designator: { code: 1 } } },
    });
    expect(
      (await api("GET", "/api/v1/chat/home/attendance/setting")).body,
    ).toEqual({
      ErrorCode: "00",
      hasAttdWrtPwr: "N",
      setting: { security: { canResubmitCard: false } },
    });
  });

  it("issues a mini-window number the groupware can verify once", async () => {
    const { user, api } = await signedIn();
    const res = await api("POST", "/api/v1/chat/home/mini/reqnum");
    expect(res.body).toMatchObject({
      ErrorCode: "00",
      miniAuthNo: expect.stringMatching(/^\d{8}$/) as unknown,
    });
    const gw = apiClient(server.url, key);
    const authNo = String(res.body.miniAuthNo);
    expect(
      (
        await gw("POST", "/integration/v1/mini/verify", {
          loginId: user.loginId,
          authNo,
        })
      ).body,
    ).toMatchObject({ valid: true });
    expect(
      (
        await gw("POST", "/integration/v1/mini/verify", {
          loginId: user.loginId,
          authNo,
        })
      ).body,
    ).toMatchObject({ valid: false });
  });
});

describe("notices, alarms and vacation promotion", () => {
  it("publishes a popup notice to today's list and the popup, pushing it to online users", async () => {
    const co = await createCompany(server.database.db);
    const coKey = await issueIntegrationKey(server.database.db, co.id);
    const { user, api } = await signedIn({}, co);
    const pushes = recordPushes(bus, user.id);
    const gw = apiClient(server.url, coKey);
    const created = await gw("POST", "/integration/v1/notices", {
      brdSeq: "N-1",
      title: "시스템 점검 안내",
      content: "토요일 02:00~04:00 점검",
      popup: true,
    });
    expect(created.status).toBe(201);
    expect(await pushes.next("notice")).toEqual({
      id: "N-1",
      property: { title: "시스템 점검 안내" },
    });
    expect(await pushes.next("noticePopup")).toEqual({
      title: "시스템 점검 안내",
      content: "토요일 02:00~04:00 점검",
      brd_seq: "N-1",
    });
    expect((await api("GET", "/api/v1/chat/home/noti/today")).body).toEqual({
      ErrorCode: "00",
      noti_list: [{ id: "N-1", property: { title: "시스템 점검 안내" } }],
    });
    expect((await api("GET", "/api/v1/setting/notice/popup")).body).toEqual({
      ErrorCode: "00",
      noticePopup: {
        title: "시스템 점검 안내",
        content: "토요일 02:00~04:00 점검",
        brd_seq: "N-1",
      },
    });
    // Another company's users never see it.
    const outsider = await signedIn();
    expect(
      (await outsider.api("GET", "/api/v1/chat/home/noti/today")).body,
    ).toEqual({ ErrorCode: "00", noti_list: [] });
    expect((await gw("DELETE", "/integration/v1/notices/N-1")).body).toEqual({
      ErrorCode: "00",
    });
    expect((await api("GET", "/api/v1/setting/notice/popup")).body).toEqual({
      ErrorCode: "00",
      noticePopup: null,
    });
    expect((await gw("DELETE", "/integration/v1/notices/N-1")).status).toBe(
      404,
    );
    pushes.stop();
  });

  it("pushes an alarm with its type code and keeps it in the news room", async () => {
    const { user } = await signedIn();
    const pushes = recordPushes(bus, user.id);
    const res = await apiClient(server.url, key)(
      "POST",
      "/integration/v1/alarms",
      {
        loginId: user.loginId,
        type: "003",
        title: "새 메일: 주간 회의록",
        sender: "김부장",
        link: "mail",
      },
    );
    expect(res.status).toBe(201);
    expect(await pushes.next("alarm")).toMatchObject({
      type: "003",
      title: "새 메일: 주간 회의록",
      senderDetail: "김부장",
      link: "mail",
    });
    // It also stays in the user's news room (type 9) as an ALROOM entry.
    expect(await newsRoomMessages(user.id)).toEqual([
      { body: "새 메일: 주간 회의록", content_type: "ALROOM" },
    ]);
    const bad = await apiClient(server.url, key)(
      "POST",
      "/integration/v1/alarms",
      { loginId: user.loginId, type: "999", title: "x" },
    );
    expect(bad.status).toBe(400);
    pushes.stop();
  });

  it("toasts only alarm kinds the user may configure: not a menu the company turned off, not a free user's mail", async () => {
    const co = await createCompany(server.database.db, {
      menuConfig: { approvalUsed: false },
    });
    const coKey = await issueIntegrationKey(server.database.db, co.id);
    const regular = await signedIn({}, co);
    const free = await signedIn({ freeUser: true });
    const send = (k: string, loginId: string, type: string) =>
      apiClient(server.url, k)("POST", "/integration/v1/alarms", {
        loginId,
        type,
        title: `알림 ${type}`,
      });
    for (const [k, who, refused, allowed] of [
      [coKey, regular.user, "007", "004"],
      [key, free.user, "003", "006"],
    ] as const) {
      const pushes = recordPushes(bus, who.id);
      // Both are kept in the news room (201); pushes keep their order, so the allowed one arriving settles it.
      expect((await send(k, who.loginId, refused)).status).toBe(201);
      expect((await send(k, who.loginId, allowed)).status).toBe(201);
      expect(await pushes.next("alarm")).toMatchObject({ type: allowed });
      expect(
        pushes.events
          .filter((e) => e.type === "alarm")
          .map((e) => e.payload.type),
      ).toEqual([allowed]);
      expect((await newsRoomMessages(who.id)).length).toBe(2);
      pushes.stop();
    }
  });

  it("serves the vacation promotion the groupware set, and null once ended", async () => {
    const { user, api } = await signedIn();
    const gw = apiClient(server.url, key);
    expect(
      (await api("GET", "/api/v1/chat/home/getVacationPromotion")).body,
    ).toEqual({ ErrorCode: "00", result: null });
    const result = {
      paidLeaveUsagePlan: true,
      paidLeaveDesignation: false,
      refusalAcceptWork: {
        rejectNoticeConfig: { viewTrgCd: "ALL" },
        desgUsedDay: 3,
      },
    };
    await gw("PUT", "/integration/v1/vacation-promotion", {
      loginId: user.loginId,
      result,
    });
    expect(
      (await api("GET", "/api/v1/chat/home/getVacationPromotion")).body,
    ).toEqual({ ErrorCode: "00", result });
    await gw("PUT", "/integration/v1/vacation-promotion", {
      loginId: user.loginId,
      result: null,
    });
    expect(
      (await api("GET", "/api/v1/chat/home/getVacationPromotion")).body,
    ).toEqual({ ErrorCode: "00", result: null });
  });
});

describe("incoming-call lookup", () => {
  it("finds a colleague by number with or without dashes, only in the caller's company", async () => {
    const { api } = await signedIn();
    const callee = await createUser(server.database.db, company, {
      mobile: "010-1234-5678",
    });
    const other = await createCompany(server.database.db);
    await createUser(server.database.db, other, { mobile: "010-9999-0000" });
    expect(
      (await api("GET", "/api/v1/centrex/findUser?callNumber=01012345678"))
        .body,
    ).toEqual({
      ErrorCode: "00",
      usrInfo: { id: callee.loginId, company: company.name, name: callee.name },
    });
    expect(
      (
        await api(
          "GET",
          "/sales/api/v1/sfa/contactFindUser?callNumber=010-1234-5678",
        )
      ).body,
    ).toMatchObject({
      usrInfo: { id: callee.loginId },
    });
    expect(
      (await api("GET", "/api/v1/centrex/findUser?callNumber=010-9999-0000"))
        .body,
    ).toEqual({
      ErrorCode: "01",
      ErrorMsg: "caller_not_found",
    });
  });
});
