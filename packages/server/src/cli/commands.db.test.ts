/** The admin CLI commands against a real database, then checked through the login and org APIs. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { orgTreeResponseSchema } from "@moa/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestServer,
  directoryFor,
  issueIntegrationKey,
  loginAs,
  postLogin,
  type TestServer,
} from "../testing/index.js";
import { runCommand } from "./commands.js";

let server: TestServer;
let dir: string;
const out: string[] = [];
const err: string[] = [];

const moa = (...argv: string[]) => {
  out.length = 0;
  err.length = 0;
  return runCommand(argv, {
    directory: directoryFor(server.database.db),
    integrationKeys: {
      issue: (companyId) => issueIntegrationKey(server.database.db, companyId),
    },
    out: (l) => out.push(l),
    err: (l) => err.push(l),
  });
};

beforeAll(async () => {
  server = await createTestServer();
  dir = mkdtempSync(join(tmpdir(), "moa-cli-"));
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("moa CLI", () => {
  it("creates a company, adds a user who can log in, locks out and unlocks", async () => {
    expect(
      await moa(
        "company",
        "create",
        "--domain",
        "acme.test",
        "--name",
        "애크미",
      ),
    ).toBe(0);
    expect(out[0]).toMatch(/created company acme\.test/);
    expect(
      await moa(
        "company",
        "create",
        "--domain",
        "acme.test",
        "--name",
        "again",
      ),
    ).toBe(1);
    expect(err[0]).toMatch(/company_exists/);
    expect(
      await moa(
        "user",
        "add",
        "--domain",
        "acme.test",
        "--login",
        "Hong.GD",
        "--name",
        "홍길동",
        "--password",
        "pw-1234!",
        "--centrex",
        "Y",
      ),
    ).toBe(0);
    const user = {
      loginId: "hong.gd",
      domain: "acme.test",
      password: "pw-1234!",
    };
    const first = await loginAs(server, user);
    expect(first.body.User_Info).toMatchObject({
      name: "홍길동",
      crxUserYn: "Y",
    });
    for (let i = 0; i < 5; i += 1)
      await postLogin(server.url, {
        username: "hong.gd",
        domain: "acme.test",
        password: "x",
      });
    expect(
      (
        await postLogin(server.url, {
          username: "hong.gd",
          domain: "acme.test",
          password: "pw-1234!",
        })
      ).body.ErrorCode,
    ).toBe("103");
    expect(
      await moa(
        "user",
        "unlock",
        "--domain",
        "acme.test",
        "--login",
        "hong.gd",
      ),
    ).toBe(0);
    await loginAs(server, user);
    expect(
      await moa(
        "user",
        "update",
        "--domain",
        "acme.test",
        "--login",
        "hong.gd",
        "--expired",
        "Y",
        "--title",
        "팀장",
      ),
    ).toBe(0);
    expect(
      (
        await postLogin(server.url, {
          username: "hong.gd",
          domain: "acme.test",
          password: "pw-1234!",
        })
      ).body.ErrorCode,
    ).toBe("105");
  });

  it("imports a CSV org chart and serves it as the org tree", async () => {
    await moa(
      "company",
      "create",
      "--domain",
      "csv.test",
      "--name",
      "씨에스브이",
    );
    const csv = [
      "loginId,name,deptKey,deptName,parentDeptKey,position,title,email,freeUser,password",
      ",,hq,본사,,,,,,",
      'kim,김철수,dev,"개발팀, 서울",hq,과장,팀장,kim@csv.test,N,pass-1!',
      "lee,이영희,dev,,,대리,팀원,lee@csv.test,Y,",
    ].join("\n");
    const file = join(dir, "org.csv");
    writeFileSync(file, `\uFEFF${csv}`);
    expect(
      await moa("org", "import", file, "--domain", "csv.test"),
      err.join("\n"),
    ).toBe(0);
    expect(out[0]).toBe("imported 2 departments; 2 users added, 0 updated");
    const login = await loginAs(server, {
      loginId: "kim",
      domain: "csv.test",
      password: "pass-1!",
    });
    // lee has no password yet, so cannot log in.
    expect(
      (
        await postLogin(server.url, {
          username: "lee",
          domain: "csv.test",
          password: "",
        })
      ).body.ErrorCode,
    ).toBe("01");
    const res = await fetch(`${server.url}/api/v1/orgtree/tree/csv-test`, {
      headers: { authorization: `Bearer ${login.accessToken}` },
    });
    const tree = orgTreeResponseSchema.parse(await res.json()).tree;
    expect(tree[0]?.name).toBe("본사");
    expect(tree[0]?.child[0]?.name).toBe("개발팀, 서울");
    expect(
      tree[0]?.child[0]?.userList.map((u) => [u.user.name, u.freeUserYn]),
    ).toEqual([
      ["김철수", "N"],
      ["이영희", "Y"],
    ]);
    // Importing again updates instead of duplicating.
    expect(await moa("org", "import", file, "--domain", "csv.test")).toBe(0);
    expect(out[0]).toBe("imported 2 departments; 0 users added, 2 updated");
  });

  it("imports JSON and reports invalid files with the rows at fault", async () => {
    await moa("company", "create", "--domain", "json.test", "--name", "제이슨");
    const good = join(dir, "org.json");
    writeFileSync(
      good,
      JSON.stringify({
        departments: [
          { key: "team", name: "팀", parentKey: "root" },
          { key: "root", name: "본사" },
        ],
        users: [
          {
            loginId: "park",
            name: "박민지",
            deptKey: "team",
            centrexUser: "Y",
          },
        ],
      }),
    );
    expect(await moa("org", "import", good, "--domain", "json.test")).toBe(0);
    expect(out[0]).toBe("imported 2 departments; 1 users added, 0 updated");
    const bad = join(dir, "bad.json");
    writeFileSync(
      bad,
      JSON.stringify({ users: [{ loginId: "", name: "x" }, { loginId: "a" }] }),
    );
    expect(await moa("org", "import", bad, "--domain", "json.test")).toBe(1);
    expect(err[0]).toMatch(/users\.0\.loginId/);
    expect(err[0]).toMatch(/users\.1\.name/);
  });

  it("generates a synthetic org", async () => {
    expect(
      await moa(
        "org",
        "generate",
        "--domain",
        "gen.test",
        "--users",
        "300",
        "--departments",
        "40",
      ),
    ).toBe(0);
    expect(out[0]).toBe(
      "generated 40 departments and 300 users at gen.test (logins u000001…)",
    );
    await loginAs(server, {
      loginId: "u000042",
      domain: "gen.test",
      password: "moa1234!",
    });
  });

  it("issues a company's integration key, which replaces the previous one", async () => {
    const pushCount = (key: string) =>
      fetch(`${server.url}/integration/v1/counts`, {
        method: "PUT",
        headers: {
          authorization: `Bearer ${key}`,
          "content-type": "application/json",
        },
        body: JSON.stringify({ loginId: "hong.gd", counts: { mail: 2 } }),
      });
    expect(
      await moa("company", "integration-key", "--domain", "acme.test"),
    ).toBe(0);
    const first = out[0]!;
    expect(first).toMatch(/^moa_ik_/);
    expect((await pushCount(first)).status).toBe(200);
    expect(
      await moa("company", "integration-key", "--domain", "acme.test"),
    ).toBe(0);
    const second = out[0]!;
    expect(second).not.toBe(first);
    expect((await pushCount(first)).status).toBe(401);
    expect((await pushCount(second)).status).toBe(200);
    expect(
      await moa("company", "integration-key", "--domain", "nowhere.test"),
    ).toBe(1);
  });

  it("explains usage mistakes with exit code 2", async () => {
    expect(await moa("user", "add", "--domain", "acme.test")).toBe(2);
    expect(err[0]).toMatch(/--login is required/);
    expect(await moa("frobnicate")).toBe(2);
    expect(await moa("user", "add", "--bogus")).toBe(2);
  });
});
