import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Company } from "../../../db/repositories/companies.repository.js";
import {
  createCompany,
  createDepartment,
  createTestServer,
  createUser,
  loginAs,
  type TestServer,
  type TestUser,
} from "../../../testing/index.js";
import { apiClient, issueIntegrationKey } from "../../../testing/workplace.js";

let server: TestServer;
let company: Company;
let colleagues: TestUser[];
let deptKey: string;

beforeAll(async () => {
  server = await createTestServer();
  company = await createCompany(server.database.db);
  const dept = await createDepartment(server.database.db, company, {
    name: "영업1팀",
  });
  deptKey = dept.key;
  colleagues = [];
  for (const name of ["김민수", "이민정", "박지훈"])
    colleagues.push(
      await createUser(server.database.db, company, { name, deptKey }),
    );
});
afterAll(async () => {
  await server.close();
});

async function me() {
  const user = await createUser(server.database.db, company);
  const { accessToken } = await loginAs(server, user);
  return { user, api: apiClient(server.url, accessToken) };
}

const names = (body: Record<string, unknown>, key: string) =>
  (body[key] as { user: { name: string } }[]).map((u) => u.user.name);

describe("org lookups", () => {
  it("searches names by Hangul substring within the caller's company only", async () => {
    const other = await createCompany(server.database.db);
    const otherDept = await createDepartment(server.database.db, other);
    await createUser(server.database.db, other, {
      name: "최민호",
      deptKey: otherDept.key,
    });
    const { api } = await me();
    const res = await api("POST", "/api/v1/orgtree/search/", {
      searchKey: "name",
      text: "민",
    });
    expect(res.body.ErrorCode).toBe("00");
    expect(names(res.body, "UserProfile").sort()).toEqual(["김민수", "이민정"]);
    expect(
      names(
        (await api("POST", "/api/v1/orgtree/search/", { text: "  " })).body,
        "UserProfile",
      ),
    ).toEqual([]);
  });

  it("lists a department's users with their absence status, and 404s another company's department", async () => {
    const key = await issueIntegrationKey(server.database.db, company.id);
    await apiClient(server.url, key)("PUT", "/integration/v1/absence", {
      loginId: colleagues[1]?.loginId,
      status: "vacation",
    });
    const { api } = await me();
    const res = await api("GET", `/api/v1/orgtree/users/${deptKey}`);
    // Org order: sort order, then name.
    expect(names(res.body, "DeptUserInfo")).toEqual([
      "김민수",
      "박지훈",
      "이민정",
    ]);
    expect(res.body.statusInfo).toEqual({
      [colleagues[1]?.loginId ?? ""]: "vacation",
    });
    const absence = await api(
      "GET",
      `/api/v1/orgtree/absenceStatus?ids=${colleagues.map((c) => c.loginId).join(",")}`,
    );
    expect(absence.body).toEqual({
      ErrorCode: "00",
      absenceStatus: { [colleagues[1]?.loginId ?? ""]: "vacation" },
    });

    const other = await createCompany(server.database.db);
    const foreign = await createDepartment(server.database.db, other);
    const denied = await api("GET", `/api/v1/orgtree/users/${foreign.key}`);
    expect(denied).toEqual({
      status: 404,
      body: { ErrorCode: "01", ErrorMsg: "dept_not_found" },
    });
  });
});

describe("friend groups", () => {
  it("creates, renames and deletes groups with the spec's name rules", async () => {
    const { api } = await me();
    const created = await api("POST", "/api/v1/chat/home/group/new.json", {
      name: " 동기 ",
    });
    expect(created.body).toMatchObject({
      ErrorCode: "00",
      result: { success: true, group: { name: "동기" } },
    });
    const id = (created.body.result as { group: { id: number } }).group.id;

    const dup = await api("POST", "/api/v1/chat/home/group/new.json", {
      name: "동기",
    });
    expect(dup).toEqual({
      status: 200,
      body: { ErrorCode: "01", ErrorMsg: "FR.GS.A.011" },
    });
    const long = await api("POST", "/api/v1/chat/home/group/new.json", {
      name: "가".repeat(51),
    });
    expect(long).toEqual({
      status: 200,
      body: { ErrorCode: "01", ErrorMsg: "FR.GS.A.009" },
    });
    expect(
      (
        await api("POST", "/api/v1/chat/home/group/new.json", {
          name: "가".repeat(50),
        })
      ).status,
    ).toBe(200);

    const renamed = await api(
      "PUT",
      `/api/v1/chat/home/group/${id}/edit.json`,
      { name: "입사 동기" },
    );
    expect(renamed.body).toMatchObject({
      result: { success: true, group: { id, name: "입사 동기" } },
    });
    const groups = await api("GET", "/api/v1/chat/home/group.json");
    expect(
      (groups.body.content as { name: string }[]).map((g) => g.name),
    ).toEqual(["입사 동기", "가".repeat(50)]);

    expect(
      (await api("DELETE", `/api/v1/chat/home/group/${id}/edit.json`)).body,
    ).toMatchObject({ ErrorCode: "00" });
    expect(
      (await api("DELETE", `/api/v1/chat/home/group/${id}/edit.json`)).status,
    ).toBe(404);
  });

  it("never touches another user's group", async () => {
    const alice = await me();
    const bob = await me();
    const created = await alice.api(
      "POST",
      "/api/v1/chat/home/group/new.json",
      { name: "비밀" },
    );
    const id = (created.body.result as { group: { id: number } }).group.id;
    expect(
      await bob.api("PUT", `/api/v1/chat/home/group/${id}/edit.json`, {
        name: "탈취",
      }),
    ).toEqual({
      status: 404,
      body: { ErrorCode: "01", ErrorMsg: "group_not_found" },
    });
    expect(
      (await bob.api("DELETE", `/api/v1/chat/home/group/${id}/edit.json`))
        .status,
    ).toBe(404);
    expect((await bob.api("GET", "/api/v1/chat/home/group.json")).body).toEqual(
      { ErrorCode: "00", content: [] },
    );
    const still = await alice.api("GET", "/api/v1/chat/home/group.json");
    expect(still.body.content).toEqual([
      { id, name: "비밀", messengerId: alice.user.jid, friends: [] },
    ]);
  });
});

describe("friends", () => {
  it("adds in bulk, refuses duplicates with 1105 naming them and adding nothing, moves and deletes", async () => {
    const { api } = await me();
    const [a, b, c] = colleagues as [TestUser, TestUser, TestUser];
    const group = await api("POST", "/api/v1/chat/home/group/new.json", {
      name: "팀",
    });
    const groupId = (group.body.result as { group: { id: number } }).group.id;

    const added = await api(
      "POST",
      "/api/v1/chat/home/relation/new/list.json",
      [
        { id: a.loginId, name: a.name, messengerId: a.jid, groupId },
        { id: b.loginId, name: b.name, messengerId: b.jid },
      ],
    );
    expect(added.body.ErrorCode).toBe("00");
    expect((added.body.list as { id: string }[]).map((f) => f.id)).toEqual([
      a.loginId,
      b.loginId,
    ]);

    const dup = await api("POST", "/api/v1/chat/home/relation/new/list.json", {
      list: [{ id: c.loginId }, { id: a.loginId }],
    });
    expect(dup).toEqual({
      status: 200,
      body: { ErrorCode: "01", ErrorMsg: "1105", details: { names: [a.name] } },
    });
    let friends = (await api("GET", "/api/v1/chat/home/relation.json")).body
      .content as { id: string; group: { id: number | null } }[];
    expect(friends.map((f) => f.id)).toEqual([a.loginId, b.loginId]);

    const moved = await api(
      "PUT",
      "/api/v1/chat/home/relation/move/list.json",
      [{ id: b.loginId, groupId }],
    );
    expect(moved.body).toMatchObject({ ErrorCode: "00" });
    const again = await api(
      "PUT",
      "/api/v1/chat/home/relation/move/list.json",
      [{ id: b.loginId, groupId }],
    );
    expect(again).toEqual({
      status: 200,
      body: { ErrorCode: "01", ErrorMsg: "1105", details: { names: [b.name] } },
    });
    const groups = (await api("GET", "/api/v1/chat/home/group.json")).body
      .content as { friends: string[] }[];
    expect(groups[0]?.friends).toEqual([a.loginId, b.loginId]);

    const removed = await api("POST", "/api/v1/chat/home/relation/list.json", {
      _method: "delete",
      ids: [a.loginId],
    });
    expect(removed.body).toMatchObject({
      result: { success: true, removed: 1 },
    });
    friends = (await api("GET", "/api/v1/chat/home/relation.json")).body
      .content as typeof friends;
    expect(friends.map((f) => [f.id, f.group.id])).toEqual([
      [b.loginId, groupId],
    ]);
  });

  it("refuses colleagues of another company and another user's group", async () => {
    const alice = await me();
    const bob = await me();
    const other = await createCompany(server.database.db);
    const foreignDept = await createDepartment(server.database.db, other);
    const stranger = await createUser(server.database.db, other, {
      deptKey: foreignDept.key,
    });
    const res = await alice.api(
      "POST",
      "/api/v1/chat/home/relation/new/list.json",
      [{ id: stranger.loginId }],
    );
    expect(res).toEqual({
      status: 404,
      body: { ErrorCode: "01", ErrorMsg: "user_not_found" },
    });
    const bobGroup = await bob.api("POST", "/api/v1/chat/home/group/new.json", {
      name: "밥",
    });
    const bobGroupId = (bobGroup.body.result as { group: { id: number } }).group
      .id;
    const res2 = await alice.api(
      "POST",
      "/api/v1/chat/home/relation/new/list.json",
      [{ id: colleagues[0]?.loginId, groupId: bobGroupId }],
    );
    expect(res2).toEqual({
      status: 404,
      body: { ErrorCode: "01", ErrorMsg: "group_not_found" },
    });
    expect(
      (await alice.api("GET", "/api/v1/chat/home/relation.json")).body,
    ).toEqual({ ErrorCode: "00", content: [] });
  });
});
