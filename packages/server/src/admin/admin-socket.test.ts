/**
 * The admin CLI while the server runs on the embedded database (which admits one process): the built CLI runs its
 * command inside the running server through DATA_DIR/admin.sock, and the socket refuses anyone without the secret.
 */
import { execFileSync } from "node:child_process";
import { existsSync, rmSync, statSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEMO_ACCOUNTS,
  DEMO_DOMAIN,
  DEMO_PASSWORD,
} from "../services/seed/demo-org.js";
import {
  postLogin,
  runCli as moa,
  startServerProcess,
  type ServerProcess,
} from "../testing/index.js";
import { loginRaw } from "../xmpp/testing/raw-client.js";
import { NS_STREAMS } from "@moa/shared";
import {
  ADMIN_COMMAND_PATH,
  adminSecretPath,
  adminSocketPath,
} from "./admin-files.js";

const root = fileURLToPath(new URL("../../../..", import.meta.url));

/** One request on the admin socket with the given authorization header. */
function postToSocket(dataDir: string, authorization: string | undefined) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const req = request(
      {
        socketPath: adminSocketPath(dataDir),
        path: ADMIN_COMMAND_PATH,
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(authorization ? { authorization } : {}),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }),
        );
      },
    );
    req.on("error", reject);
    req.end(
      JSON.stringify({
        argv: [
          "user",
          "unlock",
          "--domain",
          DEMO_DOMAIN,
          "--login",
          DEMO_ACCOUNTS.locked,
        ],
      }),
    );
  });
}

const login = (url: string) =>
  postLogin(url, {
    username: DEMO_ACCOUNTS.locked,
    domain: DEMO_DOMAIN,
    password: DEMO_PASSWORD,
  });

let server: ServerProcess;

beforeAll(async () => {
  // The test runs the built server and CLI; bring the build up to date first.
  execFileSync(
    process.execPath,
    [join(root, "node_modules/typescript/bin/tsc"), "-b", "packages/server"],
    { cwd: root },
  );
  server = await startServerProcess();
}, 180_000);

afterAll(async () => {
  await server.stop();
  rmSync(server.dataDir, { recursive: true, force: true });
});

describe("npm run moa while the server runs on PGlite", () => {
  it("keeps the socket and the secret to the server's user", () => {
    expect(statSync(adminSocketPath(server.dataDir)).mode & 0o777).toBe(0o600);
    expect(statSync(adminSecretPath(server.dataDir)).mode & 0o777).toBe(0o600);
  });

  it("refuses a command without the secret or with a wrong one, and leaves the account locked", async () => {
    expect(await postToSocket(server.dataDir, undefined)).toEqual({
      status: 401,
      body: { ErrorCode: "01", ErrorMsg: "unauthorized" },
    });
    expect(
      (await postToSocket(server.dataDir, "Bearer not-the-secret")).status,
    ).toBe(401);
    expect((await login(server.url)).body.ErrorCode).toBe("103");
  });

  it("unlocks the demo's locked user through the running server, who can then log in", async () => {
    expect((await login(server.url)).body.ErrorCode).toBe("103");
    const run = await moa(
      server.dataDir,
      "user",
      "unlock",
      "--domain",
      DEMO_DOMAIN,
      "--login",
      DEMO_ACCOUNTS.locked,
    );
    expect(run).toMatchObject({
      code: 0,
      stdout: `unlocked ${DEMO_ACCOUNTS.locked}\n`,
    });
    expect((await login(server.url)).body.ErrorCode).toBe("00");
  });

  it("ends the live chat connection of a user it locks, at once", async () => {
    const session = await postLogin(server.url, {
      username: DEMO_ACCOUNTS.normal,
      domain: DEMO_DOMAIN,
      password: DEMO_PASSWORD,
    });
    const tokens = session.body.Token_Info as { Access_Token: string };
    const user = session.body.User_Info as { messengerId: string };
    const chat = await loginRaw(server.url, {
      jid: user.messengerId,
      accessToken: tokens.Access_Token,
    });
    const lock = await moa(
      server.dataDir,
      "user",
      "update",
      "--domain",
      DEMO_DOMAIN,
      "--login",
      DEMO_ACCOUNTS.normal,
      "--locked",
      "Y",
    );
    expect(lock.code).toBe(0);
    // The command ran inside the server, whose chat engine hears the revocation on its own bus.
    const error = await chat.next(
      (el) => el.name === "stream:error",
      "the stream error",
    );
    expect(error.getChild("not-authorized", NS_STREAMS)).toBeDefined();
    expect(error.getChildText("text", NS_STREAMS)).toBe("account_locked");
    await chat.closed;
    await moa(
      server.dataDir,
      "user",
      "unlock",
      "--domain",
      DEMO_DOMAIN,
      "--login",
      DEMO_ACCOUNTS.normal,
    );
  });

  it("reports usage mistakes and failures with the CLI's exit codes", async () => {
    const usage = await moa(
      server.dataDir,
      "user",
      "unlock",
      "--domain",
      DEMO_DOMAIN,
    );
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("--login is required");
    const missing = await moa(
      server.dataDir,
      "user",
      "unlock",
      "--domain",
      "nowhere.test",
      "--login",
      "x",
    );
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("error:");
  });

  it("works directly on the database again once the server has stopped", async () => {
    await server.stop({ keepData: true });
    expect(existsSync(adminSecretPath(server.dataDir))).toBe(false);
    const run = await moa(
      server.dataDir,
      "user",
      "update",
      "--domain",
      DEMO_DOMAIN,
      "--login",
      DEMO_ACCOUNTS.locked,
      "--locked",
      "Y",
    );
    expect(run).toMatchObject({
      code: 0,
      stdout: `updated ${DEMO_ACCOUNTS.locked}\n`,
    });
    server = await startServerProcess({ dataDir: server.dataDir });
    expect((await login(server.url)).body.ErrorCode).toBe("103");
  }, 120_000);
});
