/**
 * A standard client's login with an app password and the revocation of that app password can run at the same moment
 * on two connections (or two nodes). A login that checked the app password just before it was revoked must not come
 * away with a session the revocation did not end. PostgreSQL only (the race needs a second connection).
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { xmppTcpPorts } from "../app.js";
import { ChatCredentialsRepository } from "../db/repositories/chat-credentials.repository.js";
import { SessionsRepository } from "../db/repositories/sessions.repository.js";
import { appPasswordClient } from "../services/auth/app-passwords.js";
import {
  createCompany,
  createTestServer,
  createUser,
  loginAs,
  loginWhileAccessEnds,
  type TestServer,
  type TestUser,
} from "../testing/index.js";
import { saslAttempt } from "./testing/raw-sasl.js";

let server: TestServer;
let user: TestUser;
let tlsPort: number;

beforeAll(async () => {
  server = await createTestServer({
    XMPP_PORT: "off",
    XMPP_TLS_PORT: "0",
    DATA_DIR: mkdtempSync(join(tmpdir(), "moa-app-password-race-")),
  });
  tlsPort = xmppTcpPorts(server.app).directTls ?? 0;
  user = await createUser(
    server.database.db,
    await createCompany(server.database.db),
  );
});
afterAll(() => server.close());

/** @returns a new app password of the user: its id and secret. */
async function createAppPassword(): Promise<{ id: number; password: string }> {
  const { accessToken } = await loginAs(server, user);
  const res = await fetch(`${server.url}/api/v1/auth/app-passwords`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${accessToken}`,
      "x-requested-with": "XMLHttpRequest",
      "content-type": "application/json",
    },
    body: JSON.stringify({ label: "Gajim" }),
  });
  const body = (await res.json()) as {
    appPassword: { id: number; password: string };
  };
  return body.appPassword;
}

it("refuses an app-password login whose app password is revoked while its session is being stored, and leaves no session open", async () => {
  const db = server.database.db;
  const appPassword = await createAppPassword();
  const client = appPasswordClient(appPassword.id);
  const answer = await loginWhileAccessEnds(
    db,
    () => saslAttempt({ tlsPort }, user.jid, appPassword.password, "PLAIN"),
    // The revocation, as the app-password service does it: the secret first, then the sessions it opened.
    async (tx) => {
      await new ChatCredentialsRepository(tx).deleteAppPassword(
        user.id,
        appPassword.id,
      );
      await new SessionsRepository(tx).revokeByClient(
        user.id,
        client,
        "app_password_revoked",
        new Date(),
      );
    },
  );
  expect(answer).toEqual({
    condition: "not-authorized",
    text: "104 wrong_password",
  });
  const open = await db
    .selectFrom("auth_sessions")
    .select("id")
    .where("user_id", "=", user.id)
    .where("client", "=", client)
    .where("revoked_at", "is", null)
    .execute();
  expect(open).toEqual([]);
});
