/**
 * A login and the end of its account's access can run at the same moment on two connections (or two nodes). A login
 * that read the account just before an administrator deactivated it must not come away with a session the
 * deactivation did not revoke. PostgreSQL only: the race needs a second connection, which embedded PGlite has not.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { sql } from "kysely";
import { createTestServer, type TestServer } from "../../../testing/index.js";
import {
  createCompany,
  createUser,
  postLogin,
  type TestUser,
} from "../../../testing/factories.js";
import { until } from "../../../testing/until.js";

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
  let login: ReturnType<typeof postLogin> | undefined;
  await db.transaction().execute(async (tx) => {
    // Sessions cannot be stored until this transaction ends: the login is held after it has read the account.
    await sql`lock table auth_sessions in share mode`.execute(tx);
    login = postLogin(server.url, {
      username: user.loginId,
      domain: user.domain,
      password: user.password,
    });
    await until(async () => {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pg_locks
        where not granted and relation = 'auth_sessions'::regclass`.execute(tx);
      return rows[0]!.n > 0;
    }, "the login to wait to store its session");
    // The deactivation, as the directory does it: the account first, then every open session of the user.
    await tx
      .updateTable("users")
      .set({ active: false })
      .where("id", "=", user.id)
      .execute();
    await tx
      .updateTable("auth_sessions")
      .set({ revoked_at: new Date(), revoke_reason: "deactivated" })
      .where("user_id", "=", user.id)
      .where("revoked_at", "is", null)
      .execute();
  });
  const { body } = await login!;
  expect(body).toMatchObject({ ErrorCode: "102" });
  const open = await db
    .selectFrom("auth_sessions")
    .select("id")
    .where("user_id", "=", user.id)
    .where("revoked_at", "is", null)
    .execute();
  expect(open).toEqual([]);
});
