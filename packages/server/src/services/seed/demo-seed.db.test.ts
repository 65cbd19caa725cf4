/** The demo company seeded on first start: its size, and each special account answering its login code. */
import { orgTreeResponseSchema, type OrgDepartment } from "@moa/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestServer,
  directoryFor,
  loginAs,
  postLogin,
  type TestServer,
} from "../../testing/index.js";
import { DEMO_ACCOUNTS, DEMO_DOMAIN, DEMO_PASSWORD } from "./demo-org.js";
import { seedDemo, type DemoSeedSummary } from "./demo-seed.js";

let server: TestServer;
let summary: DemoSeedSummary;

beforeAll(async () => {
  server = await createTestServer();
  summary = await seedDemo(directoryFor(server.database.db));
});
afterAll(async () => {
  await server.close();
});

const login = (loginId: string, extra: { isChangePwdLater?: boolean } = {}) =>
  postLogin(server.url, {
    username: loginId,
    domain: DEMO_DOMAIN,
    password: DEMO_PASSWORD,
    ...extra,
  });

const countDepartments = (nodes: OrgDepartment[]): number =>
  nodes.reduce((n, d) => n + 1 + countDepartments(d.child), 0);

describe("demo seed", () => {
  it("creates at least 8 nested departments and 60 users with Korean names", async () => {
    expect(summary.departments).toBeGreaterThanOrEqual(8);
    expect(summary.usersAdded).toBeGreaterThanOrEqual(60);
    const { accessToken } = await loginAs(server, {
      loginId: DEMO_ACCOUNTS.normal,
      domain: DEMO_DOMAIN,
      password: DEMO_PASSWORD,
    });
    const res = await fetch(`${server.url}/api/v1/orgtree/tree/demo`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    const body = orgTreeResponseSchema.parse(await res.json());
    expect(countDepartments(body.tree)).toBeGreaterThanOrEqual(8);
    expect(body.userCount).toBeGreaterThanOrEqual(60);
    const names = body.tree.flatMap(function all(d): string[] {
      return [...d.userList.map((u) => u.user.name), ...d.child.flatMap(all)];
    });
    expect(names.every((n) => /^[가-힣]{2,4}$/.test(n))).toBe(true);
  });

  it("has one account for each login outcome", async () => {
    expect((await login(DEMO_ACCOUNTS.normal)).body.ErrorCode).toBe("00");
    const free = await login(DEMO_ACCOUNTS.free);
    expect((free.body.User_Info as { freeUserYn: string }).freeUserYn).toBe(
      "Y",
    );
    expect((await login(DEMO_ACCOUNTS.expired)).body.ErrorCode).toBe("105");
    expect(
      (await login(DEMO_ACCOUNTS.expired, { isChangePwdLater: true })).body
        .ErrorCode,
    ).toBe("00");
    expect((await login(DEMO_ACCOUNTS.noConsent)).body.ErrorCode).toBe("106");
    expect((await login(DEMO_ACCOUNTS.locked)).body.ErrorCode).toBe("103");
    expect((await login(DEMO_ACCOUNTS.deactivated)).body.ErrorCode).toBe("102");
  });
});
