/** Runs every curl line of docs/integration.md against a real server seeded like `npm start`. */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createMemoryBus } from "../../../bus/memory-bus.js";
import { systemClock } from "../../../clock.js";
import { UsersRepository } from "../../../db/repositories/users.repository.js";
import {
  DEMO_ACCOUNTS,
  DEMO_DOMAIN,
  DEMO_PASSWORD,
} from "../../../services/seed/demo-org.js";
import { seedDemo } from "../../../services/seed/demo-seed.js";
import { seedDemoWorkplace } from "../../../services/integration/demo-workplace.js";
import { CompaniesRepository } from "../../../db/repositories/companies.repository.js";
import { LocalFileStorage } from "../../../storage/local-file-storage.js";
import {
  createTestServer,
  directoryFor,
  encryptPassword,
  fetchPasswordKey,
  loginAs,
  type TestServer,
} from "../../../testing/index.js";
import { apiClient, recordPushes } from "../../../testing/workplace.js";

const doc = readFileSync(
  fileURLToPath(
    new URL("../../../../../../docs/integration.md", import.meta.url),
  ),
  "utf8",
);

type Curl = {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
};

/** Splits a shell line into words, honouring single quotes (all the docs use). */
function words(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? "");
}

function parseCurl(block: string): Curl {
  const argv = words(block.replace(/\\\n/g, " "));
  const curl: Curl = { method: "GET", url: "", headers: {}, body: undefined };
  for (let i = 1; i < argv.length; i += 1) {
    const a = argv[i] ?? "";
    if (a === "-X") curl.method = argv[++i] ?? "";
    else if (a === "-H") {
      const [name = "", ...rest] = (argv[++i] ?? "").split(":");
      curl.headers[name.trim().toLowerCase()] = rest.join(":").trim();
    } else if (a === "-d") curl.body = argv[++i];
    else if (a.startsWith("http")) curl.url = a;
  }
  return curl;
}

const curls = [...doc.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) =>
  parseCurl(m[1] ?? ""),
);

const bus = createMemoryBus();
const root = mkdtempSync(join(tmpdir(), "moa-docs-test-"));
const storage = new LocalFileStorage(root);
let server: TestServer;
let userId: number;

beforeAll(async () => {
  server = await createTestServer({}, { chatBus: bus, workplace: { storage } });
  const seeded = await seedDemo(directoryFor(server.database.db));
  const company = await new CompaniesRepository(
    server.database.db,
  ).findByDomain(seeded.domain);
  if (!company) throw new Error("demo company missing");
  const users = new UsersRepository(server.database.db);
  await seedDemoWorkplace(
    { db: server.database.db, users, clock: systemClock, storage },
    company,
    DEMO_ACCOUNTS.normal,
  );
  userId = (await users.findByLogin(company.id, DEMO_ACCOUNTS.normal))?.id ?? 0;
});
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

it("documents a count, a notice, an alarm and an incoming call, and each curl line works as written", async () => {
  expect(curls.map((c) => `${c.method} ${new URL(c.url).pathname}`)).toEqual([
    "PUT /integration/v1/counts",
    "POST /integration/v1/notices",
    "POST /integration/v1/alarms",
    "POST /integration/v1/centrex/incoming",
  ]);
  const pushes = recordPushes(bus, userId);
  for (const c of curls) {
    const res = await fetch(
      c.url.replace("http://127.0.0.1:8080", server.url),
      {
        method: c.method,
        headers: c.headers,
        ...(c.body === undefined ? {} : { body: c.body }),
      },
    );
    expect(res.ok).toBe(true);
    expect(await res.json()).toMatchObject({ ErrorCode: "00" });
  }
  expect(await pushes.next("count")).toEqual({ counts: { mail: 15, apr: 3 } });
  expect(await pushes.next("noticePopup")).toMatchObject({
    brd_seq: "2025-031",
    title: "4월 정기 점검 안내",
  });
  expect(await pushes.next("alarm")).toMatchObject({
    type: "007",
    senderDetail: "이서연",
    link: "approval",
  });
  expect(await pushes.next("incomingCall")).toEqual({
    callNumber: "0260001001",
    usrInfo: { id: "sungmin.lee", company: "모아테크", name: "이성민" },
  });
  pushes.stop();

  // The demo user sees what was pushed, next to the seeded data.
  const { accessToken } = await loginAs(server, {
    loginId: DEMO_ACCOUNTS.normal,
    domain: DEMO_DOMAIN,
    password: DEMO_PASSWORD,
  });
  const api = apiClient(server.url, accessToken);
  expect((await api("GET", "/api/v1/chat/home/mail/counts")).body).toEqual({
    ErrorCode: "00",
    counts: 15,
  });
  expect((await api("GET", "/api/v1/chat/home/note/counts")).body).toEqual({
    ErrorCode: "00",
    counts: 3,
  });
  expect((await api("GET", "/api/v1/setting/notice/popup")).body).toMatchObject(
    { noticePopup: { brd_seq: "2025-031" } },
  );
  const today = (await api("GET", "/api/v1/chat/home/noti/today")).body
    .noti_list as { id: string }[];
  expect(today.map((n) => n.id)).toEqual(["2025-031", "demo-1", "demo-2"]);
  expect(
    (await api("GET", "/api/v1/chat/home/getVacationPromotion")).body,
  ).toMatchObject({ result: { paidLeaveUsagePlan: true } });
  const groups = (await api("GET", "/api/v1/chat/home/group.json")).body
    .content as { name: string; friends: string[] }[];
  expect(groups.map((g) => [g.name, g.friends.length > 0])).toEqual([
    ["우리 팀", true],
    ["입사 동기", true],
  ]);
  // And a webhard tree to pick files from.
  const user = (await api("GET", "/api/v1/chat/home/myProfile")).body
    .UserProfile as { userKey: number };
  const company = await new CompaniesRepository(
    server.database.db,
  ).findByDomain(DEMO_DOMAIN);
  const userInfo = { corpSeq: company?.id, usrKey: user.userKey };
  // The webhard lists only after its login (the messenger password), as the webhard window does.
  const login = await api("POST", "/external/webhard/v1/login/auth", {
    userInfo,
    id: DEMO_ACCOUNTS.normal,
    token: encryptPassword(
      await fetchPasswordKey(server.url, DEMO_DOMAIN),
      DEMO_PASSWORD,
    ),
  });
  expect(login.body).toMatchObject({ resultCode: "00000" });
  const top = (
    await api("POST", "/external/webhard/v1/folders/0", { userInfo })
  ).body;
  expect(top).toEqual({
    resultCode: "00000",
    folders: [
      { id: expect.any(Number) as unknown, folderType: 1, name: "공용 문서" },
      { id: expect.any(Number) as unknown, folderType: 1, name: "디자인 자료" },
      { id: -99, folderType: 4, name: "게스트 공유" },
    ],
  });
});
