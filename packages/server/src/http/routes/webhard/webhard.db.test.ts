import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Company } from "../../../db/repositories/companies.repository.js";
import { WebhardRepository } from "../../../db/repositories/webhard.repository.js";
import { LocalFileStorage } from "../../../storage/local-file-storage.js";
import {
  createCompany,
  createTestServer,
  createUser,
  encryptPassword,
  fetchPasswordKey,
  loginAs,
  type TestServer,
} from "../../../testing/index.js";
import { apiClient } from "../../../testing/workplace.js";

const root = mkdtempSync(join(tmpdir(), "moa-webhard-test-"));
const storage = new LocalFileStorage(root);
let server: TestServer;
let company: Company;
let folders: { docs: number; plans: number; guest: number };

async function addFile(
  co: Company,
  folderId: number | null,
  name: string,
  roleDownload = 0,
) {
  const pending = await storage.write(
    `webhard/${co.id}/${name}`,
    Readable.from([Buffer.from(`body of ${name}`)]),
  );
  await pending.commit();
  return new WebhardRepository(server.database.db).addFile(
    co.id,
    {
      folderId,
      ownerId: null,
      name,
      size: pending.size,
      storageKey: pending.key,
      roleDownload,
    },
    new Date("2025-03-01T00:00:00Z"),
  );
}

beforeAll(async () => {
  server = await createTestServer({}, { workplace: { storage } });
  company = await createCompany(server.database.db);
  const repo = new WebhardRepository(server.database.db);
  const docs = await repo.createFolder(company.id, null, "공용 문서");
  const plans = await repo.createFolder(company.id, docs.id, "2025 사업계획");
  const guest = await repo.createFolder(company.id, null, "게스트 공유", 4);
  folders = { docs: docs.id, plans: plans.id, guest: guest.id };
  await addFile(company, docs.id, "회사 소개서.pdf");
  await addFile(company, docs.id, "평가 기준.docx", 1);
  await addFile(company, guest.id, "협력사 안내문.hwp");
});
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

/** A signed-in member of a company; logged in to the webhard too unless told not to. */
async function member(co = company, opts: { webhardLogin?: boolean } = {}) {
  const user = await createUser(server.database.db, co);
  const api = apiClient(server.url, (await loginAs(server, user)).accessToken);
  const userInfo = {
    corpSeq: co.id,
    usrKey: user.id,
    ssoUserId: user.loginId,
  };
  if (opts.webhardLogin !== false) {
    const key = await fetchPasswordKey(server.url, user.domain);
    await api("POST", "/external/webhard/v1/login/auth", {
      userInfo,
      id: user.loginId,
      token: encryptPassword(key, user.password),
    });
  }
  return { user, api, userInfo };
}

describe("webhard", () => {
  it("logs in with the messenger password and refuses a wrong one", async () => {
    const { user, api, userInfo } = await member(company, {
      webhardLogin: false,
    });
    const key = await fetchPasswordKey(server.url, user.domain);
    const ok = await api("POST", "/external/webhard/v1/login/auth", {
      userInfo,
      id: user.loginId,
      token: encryptPassword(key, user.password),
    });
    expect(ok.body).toEqual({ resultCode: "00000", ssoUserId: user.loginId });
    const bad = await api("POST", "/external/webhard/v1/login/auth", {
      userInfo,
      id: user.loginId,
      token: encryptPassword(key, "wrong"),
    });
    expect(bad.body).toEqual({ resultCode: "40100" });
    const otherId = await api("POST", "/external/webhard/v1/login/auth", {
      userInfo,
      id: "someone",
      token: encryptPassword(key, user.password),
    });
    expect(otherId.body).toEqual({ resultCode: "40100" });
  });

  it("lists the root with the guest folder as -99, sub-folders, and only downloadable files", async () => {
    const { api, userInfo } = await member();
    expect(
      (await api("POST", "/external/webhard/v1/folders/0", { userInfo })).body,
    ).toEqual({
      resultCode: "00000",
      folders: [
        { id: folders.docs, folderType: 1, name: "공용 문서" },
        { id: -99, folderType: 4, name: "게스트 공유" },
      ],
    });
    expect(
      (
        await api("POST", `/external/webhard/v1/folders/${folders.docs}`, {
          userInfo,
        })
      ).body,
    ).toMatchObject({
      folders: [{ id: folders.plans, name: "2025 사업계획" }],
    });
    const files = (
      await api("POST", `/external/webhard/v1/files/${folders.docs}`, {
        userInfo,
      })
    ).body;
    expect(files).toMatchObject({
      resultCode: "00000",
      files: [
        {
          name: "회사 소개서.pdf",
          extension: "pdf",
          roleDownload: 0,
          updateDate: "2025-03-01T00:00:00.000Z",
        },
      ],
    });
    expect((files.files as unknown[]).length).toBe(1);
    const guest = (
      await api("POST", "/external/webhard/v1/files/-99", { userInfo })
    ).body.files as { name: string }[];
    expect(guest.map((f) => f.name)).toEqual(["협력사 안내문.hwp"]);
  });

  it("creates download links colleagues can open, but not another company", async () => {
    const alice = await member();
    const bob = await member();
    const list = (
      await alice.api("POST", `/external/webhard/v1/files/${folders.docs}`, {
        userInfo: alice.userInfo,
      })
    ).body;
    const fileId = (list.files as { id: number }[])[0]?.id;
    const links = await alice.api(
      "POST",
      "/external/webhard/v1/files/download",
      { userInfo: alice.userInfo, fileIds: [fileId] },
    );
    const url = (links.body.links as { url: string }[])[0]?.url ?? "";
    expect(url).toMatch(/\/external\/webhard\/v1\/download\/[A-Za-z0-9_-]+$/);
    const got = await fetch(url, {
      headers: {
        authorization: `Bearer ${(await loginAs(server, bob.user)).accessToken}`,
      },
    });
    expect(got.status).toBe(200);
    expect(got.headers.get("content-disposition")).toContain(
      "filename*=UTF-8''",
    );
    expect(await got.text()).toBe("body of 회사 소개서.pdf");
    const stranger = await member(await createCompany(server.database.db));
    const denied = await fetch(url, {
      headers: {
        authorization: `Bearer ${(await loginAs(server, stranger.user)).accessToken}`,
      },
    });
    expect(denied.status).toBe(404);
  });

  it("never shows another company's folders or files, nor uses another user's ids", async () => {
    const other = await createCompany(server.database.db);
    const stranger = await member(other);
    expect(
      await stranger.api("POST", `/external/webhard/v1/files/${folders.docs}`, {
        userInfo: stranger.userInfo,
      }),
    ).toEqual({
      status: 404,
      body: { ErrorCode: "01", ErrorMsg: "folder_not_found" },
    });
    expect(
      (
        await stranger.api("POST", "/external/webhard/v1/folders/0", {
          userInfo: stranger.userInfo,
        })
      ).body,
    ).toEqual({
      resultCode: "00000",
      folders: [],
    });
    const list = await stranger.api(
      "POST",
      "/external/webhard/v1/files/download",
      { userInfo: stranger.userInfo, fileIds: [1] },
    );
    expect(list.status).toBe(404);
    const { api, userInfo } = await member();
    const spoof = await api("POST", "/external/webhard/v1/folders/0", {
      userInfo: { ...userInfo, usrKey: userInfo.usrKey + 1 },
    });
    expect(spoof).toEqual({
      status: 403,
      body: { ErrorCode: "01", ErrorMsg: "forbidden" },
    });
  });

  it("lists and links nothing before a webhard login in the same messenger session", async () => {
    const { user, api, userInfo } = await member(company, {
      webhardLogin: false,
    });
    const refused = {
      status: 403,
      body: { ErrorCode: "01", ErrorMsg: "webhard_login_required" },
    };
    expect(
      await api("POST", "/external/webhard/v1/folders/0", { userInfo }),
    ).toEqual(refused);
    expect(
      await api("POST", `/external/webhard/v1/files/${folders.docs}`, {
        userInfo,
      }),
    ).toEqual(refused);
    expect(
      await api("POST", "/external/webhard/v1/files/download", {
        userInfo,
        fileIds: [1],
      }),
    ).toEqual(refused);
    // A wrong password opens nothing.
    const key = await fetchPasswordKey(server.url, user.domain);
    await api("POST", "/external/webhard/v1/login/auth", {
      userInfo,
      id: user.loginId,
      token: encryptPassword(key, "wrong"),
    });
    expect(
      await api("POST", "/external/webhard/v1/folders/0", { userInfo }),
    ).toEqual(refused);
    // The login of one messenger session does not open the webhard for another session of the same user.
    await api("POST", "/external/webhard/v1/login/auth", {
      userInfo,
      id: user.loginId,
      token: encryptPassword(key, user.password),
    });
    expect(
      (await api("POST", "/external/webhard/v1/folders/0", { userInfo }))
        .status,
    ).toBe(200);
    const other = apiClient(
      server.url,
      (await loginAs(server, user)).accessToken,
    );
    expect(
      await other("POST", "/external/webhard/v1/folders/0", { userInfo }),
    ).toEqual(refused);
  });

  it("is unavailable without the webhard menu, and more than 20 links are refused", async () => {
    const co = await createCompany(server.database.db, {
      menuConfig: { webhardUsed: false },
    });
    const off = await member(co, { webhardLogin: false });
    expect(
      await off.api("POST", "/external/webhard/v1/folders/0", {
        userInfo: off.userInfo,
      }),
    ).toEqual({
      status: 403,
      body: { ErrorCode: "01", ErrorMsg: "webhard_not_available" },
    });
    const { api, userInfo } = await member();
    const many = await api("POST", "/external/webhard/v1/files/download", {
      userInfo,
      fileIds: Array.from({ length: 21 }, (_, i) => i + 1),
    });
    expect(many.status).toBe(400);
  });
});
