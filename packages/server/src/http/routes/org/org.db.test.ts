/** The org tree and org setting over real HTTP: shape, virtual branch, caching with invalidation, access. */
import { gunzipSync } from "node:zlib";
import { orgTreeResponseSchema, type OrgDepartment } from "@moa/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../../clock.js";
import type { Company } from "../../../db/repositories/companies.repository.js";
import type { Actor } from "../../../services/auth/actor.js";
import { createIdentityServices } from "../../../services/services.js";
import {
  createCompany,
  createDepartment,
  createTestServer,
  createUser,
  directoryFor,
  loginAs,
  type TestServer,
  type TestUser,
} from "../../../testing/index.js";

let server: TestServer;
let company: Company;
let me: TestUser;
let token: string;

beforeAll(async () => {
  server = await createTestServer();
  const db = server.database.db;
  company = await createCompany(db, { name: "모아조직", virtUseYn: false });
  await createDepartment(db, company, { key: "root", name: "모아조직" });
  await createDepartment(db, company, {
    key: "dev",
    name: "개발본부",
    parentKey: "root",
    order: 2,
  });
  await createDepartment(db, company, {
    key: "sales",
    name: "영업본부",
    parentKey: "root",
    order: 1,
  });
  await createDepartment(db, company, {
    key: "platform",
    name: "플랫폼팀",
    parentKey: "dev",
  });
  await createDepartment(db, company, {
    key: "tf",
    name: "차세대 TF",
    parentKey: "root",
    isVirtual: true,
  });
  me = await createUser(db, company, {
    deptKey: "platform",
    name: "김민수",
    position: "과장",
    title: "팀원",
    mobile: "010-1234-5678",
    phone: "02-6000-1000",
    extension: "1000",
    nickname: "민수",
    jobDescription: "메신저 서버 개발",
    centrexUser: true,
  });
  await createUser(db, company, { deptKey: "tf", name: "이서연" });
  await createUser(db, company, {
    deptKey: "platform",
    name: "퇴사자",
    active: false,
  });
  token = (await loginAs(server, me)).accessToken;
});
afterAll(async () => {
  await server.close();
});

const getTree = (
  headers: Record<string, string> = {},
  orgUrl = company.orgUrl,
) =>
  fetch(`${server.url}/api/v1/orgtree/tree/${orgUrl}`, {
    headers: { authorization: `Bearer ${token}`, ...headers },
  });

const find = (
  nodes: OrgDepartment[],
  key: string,
): OrgDepartment | undefined => {
  for (const n of nodes) {
    if (n.key === key) return n;
    const hit = find(n.child, key);
    if (hit) return hit;
  }
  return undefined;
};

describe("GET /api/v1/orgtree/tree/{orgUrl}", () => {
  it("returns the nested departments in order with the spec's user fields, without deactivated users", async () => {
    const res = await getTree();
    expect(res.status).toBe(200);
    const body = orgTreeResponseSchema.parse(await res.json());
    expect(body.tree.map((d) => d.key)).toEqual(["root"]);
    const root = body.tree[0];
    expect(root?.isOpen).toBe(true);
    expect(root?.child.map((d) => d.name)).toEqual(["영업본부", "개발본부"]);
    const platform = find(body.tree, "platform");
    expect(platform?.userList).toHaveLength(1);
    expect(platform?.userList[0]).toEqual({
      type: "user",
      id: me.loginId,
      userKey: me.id,
      messengerId: me.jid,
      deptUserKey: `platform_${me.id}`,
      user: {
        id: me.loginId,
        name: "김민수",
        position: "과장",
        title: "팀원",
        email: me.email,
        loginEmailId: `${me.loginId}@${company.domain}`,
        // No uploaded photo: empty, and the client draws the initials.
        photo: { fullUrl: "" },
        department: {
          id: "platform",
          name: "플랫폼팀",
          company: { name: "모아조직" },
        },
      },
      contact: {
        personal: { mobile: "010-1234-5678" },
        business: { phone: "02-6000-1000", extension: "1000" },
      },
      messenger: { nickname: "민수" },
      property: { jobDescription: "메신저 서버 개발" },
      freeUserYn: "N",
      crxUserYn: "Y",
    });
    expect(body.userCount).toBe(1);
  });

  it("hides the virtual branch until VirtUseYN is on, and the setting endpoint tells which", async () => {
    const setting = async () =>
      (
        await fetch(`${server.url}/api/v1/chat/home/org/setting`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json();
    expect(await setting()).toEqual({
      ErrorCode: "00",
      orgSetting: { VirtUseYN: "N" },
    });
    expect(
      find(
        orgTreeResponseSchema.parse(await (await getTree()).json()).tree,
        "tf",
      ),
    ).toBeUndefined();
    await directoryFor(server.database.db).updateCompany(company, {
      virtUseYn: true,
    });
    expect(await setting()).toEqual({
      ErrorCode: "00",
      orgSetting: { VirtUseYN: "Y" },
    });
    const tf = find(
      orgTreeResponseSchema.parse(await (await getTree()).json()).tree,
      "tf",
    );
    expect(tf?.isVirtual).toBe(true);
    expect(tf?.userList.map((u) => u.user.name)).toEqual(["이서연"]);
  });

  it("serves gzip with an ETag, answers 304 while unchanged, and a new version after a change", async () => {
    const first = await getTree({ "accept-encoding": "gzip" });
    expect(first.headers.get("content-encoding")).toBe("gzip");
    const etag = first.headers.get("etag") ?? "";
    expect(etag).not.toBe("");
    const raw = Buffer.from(await first.arrayBuffer());
    // fetch decodes gzip itself; accept either form.
    const before = orgTreeResponseSchema.parse(
      JSON.parse((raw[0] === 0x1f ? gunzipSync(raw) : raw).toString("utf8")),
    );
    expect((await getTree({ "if-none-match": etag })).status).toBe(304);
    await createUser(server.database.db, company, {
      deptKey: "sales",
      name: "박영업",
    });
    const changed = await getTree({ "if-none-match": etag });
    expect(changed.status).toBe(200);
    const after = orgTreeResponseSchema.parse(await changed.json());
    expect(after.orgVersion).toBeGreaterThan(before.orgVersion);
    expect(find(after.tree, "sales")?.userList.map((u) => u.user.name)).toEqual(
      ["박영업"],
    );
  });

  it("does not serve another company's tree", async () => {
    const other = await createCompany(server.database.db);
    const res = await getTree({}, other.orgUrl);
    expect(await res.json()).toEqual({
      ErrorCode: "01",
      ErrorMsg: "org_not_found",
    });
    expect(
      (await fetch(`${server.url}/api/v1/orgtree/tree/${company.orgUrl}`))
        .status,
    ).toBe(401);
  });
});

describe("org tree warm-up", () => {
  it("builds every company's tree ahead of the first login, which then gets that same tree", async () => {
    const services = await createIdentityServices(
      server.database.db,
      systemClock,
    );
    const trees = await services.org.warmAll();
    const mine = trees.find((t) => t.company.id === company.id);
    expect(mine?.roots.map((r) => r.department.key)).toEqual(["root"]);
    const actor = { companyId: company.id } as Actor;
    expect(await services.org.getTree(actor, company.orgUrl)).toBe(mine);
  });
});
