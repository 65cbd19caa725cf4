/**
 * A login and the end of its account's access can run at the same moment on two connections (or two nodes). A login
 * that read the account just before an administrator deactivated it must not come away with a session the
 * deactivation did not revoke. PostgreSQL only (the race needs a second connection).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { SessionsRepository } from "../../../db/repositories/sessions.repository.js";
import {
  createTestServer,
  loginWhileAccessEnds,
  type TestServer,
} from "../../../testing/index.js";
import {
  createCompany,
  createUser,
  postLogin,
  type TestUser,
} from "../../../testing/factories.js";

let server: TestServer;
let user: TestUser;

beforeAll(async () => {
  server = await createTestServer();
  user = await createUser(
    server.database.db,
    await createCompany(server.database.db),
  );
});
afterAll(() => server.close());

it("refuses a login whose account is deactivated while its session is being stored, and leaves no session open", async () => {
  const db = server.database.db;
  const { body } = await loginWhileAccessEnds(
    db,
    () =>
      postLogin(server.url, {
        username: user.loginId,
        domain: user.domain,
        password: user.password,
      }),
    // The deactivation, as the directory does it: the account first, then every open session of the user.
    async (tx) => {
      await tx
        .updateTable("users")
        .set({ active: false })
        .where("id", "=", user.id)
        .execute();
      await new SessionsRepository(tx).revokeAllForUser(
        user.id,
        "deactivated",
        new Date(),
      );
    },
  );
  expect(body).toMatchObject({ ErrorCode: "102" });
  const open = await db
    .selectFrom("auth_sessions")
    .select("id")
    .where("user_id", "=", user.id)
    .where("revoked_at", "is", null)
    .execute();
  expect(open).toEqual([]);
});
