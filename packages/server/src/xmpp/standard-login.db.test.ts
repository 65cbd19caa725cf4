/**
 * Standard XMPP clients log in with the account password (issue #16 parts 1–2): @xmpp/client over TCP with
 * STARTTLS, over direct TLS and over WebSocket; SCRAM-SHA-256 and PLAIN; the REST login's lock and codes; the
 * app-password policy; revocation and shutdown of TCP streams; the WebSocket origin allow-list.
 */
import { X509Certificate } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { connect as netConnect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connect as tlsConnect } from "node:tls";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import type { Element } from "@xmpp/xml";
import type { XmppClient } from "@xmpp/client";
import { createMemoryBus } from "../bus/memory-bus.js";
import { xmppTcpPorts } from "../app.js";
import type { Company } from "../db/repositories/companies.repository.js";
import {
  createCompany,
  createTestServer,
  createUser,
  directoryFor,
  loginAs,
  until,
  type TestServer,
  type TestUser,
} from "../testing/index.js";
import { connect as connectWs, createRoom } from "./testing/chat-fixture.js";
import { saslAttempt } from "./testing/raw-sasl.js";
import { useScramSha256 } from "./testing/scram-client.js";

const bus = createMemoryBus();
const dataDir = mkdtempSync(join(tmpdir(), "moa-xmpp-tcp-"));
let server: TestServer;
let company: Company;
let ports: { starttls: number; directTls: number };
const ALLOWED_ORIGIN = "https://chat.example.com";

beforeAll(async () => {
  // The embedded certificate is self-signed and @xmpp/client takes no TLS options: accept it (a real client pins it).
  // eslint-disable-next-line n/no-process-env -- the only way to reach @xmpp/client's TLS verification
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";
  (globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;
  server = await createTestServer(
    {
      XMPP_PORT: "0",
      XMPP_TLS_PORT: "0",
      DATA_DIR: dataDir,
      XMPP_WS_ORIGINS: ALLOWED_ORIGIN,
    },
    { chatBus: bus },
  );
  const bound = xmppTcpPorts(server.app);
  ports = { starttls: bound.starttls ?? 0, directTls: bound.directTls ?? 0 };
  company = await createCompany(server.database.db);
});
afterAll(async () => {
  await server.close();
  // eslint-disable-next-line n/no-process-env -- undoes the setting above
  delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
});

type Transport = "starttls" | "tls" | "ws";

/** A refused login or a stream error: the condition and its text. */
type Refusal = { condition: string; text: string };

function serviceOf(transport: Transport): string {
  if (transport === "starttls") return `xmpp://127.0.0.1:${ports.starttls}`;
  if (transport === "tls") return `xmpps://127.0.0.1:${ports.directTls}`;
  return `${server.url.replace("http", "ws")}/ws/`;
}

/**
 * Logs in with @xmpp/client (only where it succeeds: a failed start leaves a rejection unhandled).
 * @returns the started client and its JID.
 */
async function login(
  user: { jid: string },
  secret: string,
  transport: Transport,
  mechanism: "PLAIN" | "SCRAM-SHA-256" = "PLAIN",
): Promise<{ xmpp: XmppClient; jid: string }> {
  const { client } = await import("@xmpp/client");
  const [local = "", domain = ""] = user.jid.split("@");
  const xmpp = client({
    service: serviceOf(transport),
    domain,
    resource: "std",
    username: local,
    password: secret,
  });
  if (mechanism === "SCRAM-SHA-256") useScramSha256(xmpp);
  xmpp.on("error", () => undefined);
  const jid = await xmpp.start();
  return { xmpp, jid: jid.toString() };
}

async function refused(
  user: { jid: string },
  secret: string,
  transport: "tls" | "ws",
  mechanism: "PLAIN" | "SCRAM-SHA-256" | "SCRAM-SHA-256-PLUS" = "PLAIN",
): Promise<Refusal> {
  const result = await saslAttempt(
    transport === "tls" ? { tlsPort: ports.directTls } : { url: server.url },
    user.jid,
    secret,
    mechanism,
  );
  if (result === "success") throw new Error("login was accepted");
  return result;
}

/** Waits (up to 5 s) for a condition checked every 20 ms. */

/** Reads a raw TCP stream until `marker` arrives. */
function readUntil(
  socket: NodeJS.ReadWriteStream,
  marker: string,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    const onData = (chunk: Buffer) => {
      text += chunk.toString("utf8");
      if (text.includes(marker)) {
        socket.off("data", onData);
        resolve(text);
      }
    };
    socket.on("data", onData);
    socket.once("error", reject);
  });
}

/** Waits for the next stream error a started client receives. */
function streamError(xmpp: XmppClient): Promise<Refusal> {
  return new Promise((resolve) => {
    xmpp.on("error", (err) => {
      const e = err as { name?: string; condition?: string; text?: string };
      if (e.name === "StreamError")
        resolve({ condition: e.condition ?? "", text: e.text ?? "" });
    });
  });
}

const header = (user: TestUser) =>
  `<?xml version='1.0'?><stream:stream xmlns="jabber:client" xmlns:stream="http://etherx.jabber.org/streams" to="${user.jid.split("@")[1]}" version="1.0">`;

describe("TCP c2s", () => {
  it("requires STARTTLS before SASL on the plain port, then offers the password mechanisms", async () => {
    const user = await createUser(server.database.db, company);
    const socket = netConnect(ports.starttls, "127.0.0.1");
    socket.write(header(user));
    const before = await readUntil(socket, "</stream:features>");
    socket.destroy();
    expect(before).toContain(
      '<starttls xmlns="urn:ietf:params:xml:ns:xmpp-tls"><required/></starttls>',
    );
    expect(before).not.toContain("<mechanisms");

    const tls = tlsConnect({
      port: ports.directTls,
      host: "127.0.0.1",
      rejectUnauthorized: false,
    });
    tls.write(header(user));
    const features = await readUntil(tls, "</stream:features>");
    // The embedded certificate is the one kept in DATA_DIR, so a client that pinned it keeps trusting it.
    const stored = new X509Certificate(
      readFileSync(join(dataDir, "xmpp-tls", "cert.pem")),
    );
    expect(tls.getPeerX509Certificate()?.fingerprint256).toBe(
      stored.fingerprint256,
    );
    tls.destroy();
    expect(features).toContain(
      "<mechanism>SCRAM-SHA-256-PLUS</mechanism><mechanism>SCRAM-SHA-256</mechanism><mechanism>PLAIN</mechanism>",
    );
    expect(features).toContain('<channel-binding type="tls-exporter"/>');
  });

  it("drops what was sent in the clear after <starttls/>, and applies the WebSocket limits", async () => {
    const user = await createUser(server.database.db, company);
    const raw = netConnect(ports.starttls, "127.0.0.1");
    raw.write(header(user));
    await readUntil(raw, "</stream:features>");
    // An attacker in the path appends a login to the STARTTLS request; it must not run inside the TLS stream.
    const injected = Buffer.from(
      `\0${user.jid.split("@")[0]}\0${user.password}`,
    ).toString("base64");
    raw.write(
      `<starttls xmlns="urn:ietf:params:xml:ns:xmpp-tls"/><auth xmlns="urn:ietf:params:xml:ns:xmpp-sasl" mechanism="PLAIN">${injected}</auth>`,
    );
    await readUntil(raw, "<proceed");
    const tls = tlsConnect({ socket: raw, rejectUnauthorized: false });
    tls.write(header(user));
    const after = await readUntil(tls, "</stream:features>");
    expect(after).toContain("<mechanisms");
    expect(after).not.toContain("<success");
    // Before authentication a stanza may have 8 KiB, as over WebSocket.
    tls.write(
      `<iq type="get" id="big"><query>${"x".repeat(9 * 1024)}</query></iq>`,
    );
    const refused = await readUntil(tls, "</stream:stream>");
    expect(refused).toContain("<policy-violation");
    tls.destroy();

    const other = tlsConnect({
      port: ports.directTls,
      host: "127.0.0.1",
      rejectUnauthorized: false,
    });
    other.write(`${header(user)}<!-- hi -->`);
    expect(await readUntil(other, "</stream:stream>")).toContain(
      "<restricted-xml",
    );
    other.destroy();
  });

  it("logs in with PLAIN and the account password over STARTTLS and over direct TLS", async () => {
    const user = await createUser(server.database.db, company);
    for (const transport of ["starttls", "tls"] as const) {
      const { xmpp, jid } = await login(user, user.password, transport);
      expect(jid).toBe(`${user.jid}/std`);
      await xmpp.stop();
    }
    // Each password login opened a login session, which its stream's end closed again.
    await until(async () => {
      const rows = await server.database.db
        .selectFrom("auth_sessions")
        .select("revoke_reason")
        .where("user_id", "=", user.id)
        .execute();
      return (
        rows.length === 2 && rows.every((r) => r.revoke_reason === "logout")
      );
    }, "both login sessions closed");
  });

  it("still accepts PLAIN with an access token over TCP", async () => {
    const user = await createUser(server.database.db, company);
    const { accessToken } = await loginAs(server, user);
    const { xmpp, jid } = await login(user, accessToken, "starttls");
    expect(jid).toBe(`${user.jid}/std`);
    await xmpp.stop();
  });
});

describe("SCRAM-SHA-256", () => {
  it("works over WebSocket and TCP; an account without keys gets them at its next password login", async () => {
    const user = await createUser(server.database.db, company);
    // As an account from before SCRAM (or a bulk import): no keys to check a proof against, and the client is told why.
    await server.database.db
      .deleteFrom("scram_credentials")
      .where("user_id", "=", user.id)
      .execute();
    const before = await refused(user, user.password, "ws", "SCRAM-SHA-256");
    expect(before.condition).toBe("not-authorized");
    expect(before.text).toMatch(/^scram_unavailable/);
    await loginAs(server, user);
    for (const transport of ["ws", "starttls", "tls"] as const) {
      const { xmpp, jid } = await login(
        user,
        user.password,
        transport,
        "SCRAM-SHA-256",
      );
      expect(jid).toBe(`${user.jid}/std`);
      await xmpp.stop();
    }
    const wrong = await refused(user, "not-it", "tls", "SCRAM-SHA-256");
    expect(wrong).toEqual({
      condition: "not-authorized",
      text: "104 wrong_password",
    });
  });

  it("takes a new password at once when an administrator sets it", async () => {
    const user = await createUser(server.database.db, company);
    await directoryFor(server.database.db).updateUser(company, user.loginId, {
      password: "changed-1!",
    });
    const target = { tlsPort: ports.directTls };
    expect(
      await saslAttempt(target, user.jid, "changed-1!", "SCRAM-SHA-256"),
    ).toBe("success");
    expect(
      await saslAttempt(target, user.jid, user.password, "SCRAM-SHA-256"),
    ).toEqual({ condition: "not-authorized", text: "104 wrong_password" });
  });

  it("binds to the TLS session with SCRAM-SHA-256-PLUS (tls-exporter) and proves the server knows the keys", async () => {
    const user = await createUser(server.database.db, company);
    await loginAs(server, user);
    const target = { tlsPort: ports.directTls };
    expect(
      await saslAttempt(target, user.jid, user.password, "SCRAM-SHA-256"),
    ).toBe("success");
    expect(
      await saslAttempt(target, user.jid, user.password, "SCRAM-SHA-256-PLUS"),
    ).toBe("success");
    // A relay in the middle sees another TLS session, so its binding data differ and the login fails.
    expect(
      await saslAttempt(
        target,
        user.jid,
        user.password,
        "SCRAM-SHA-256-PLUS",
        true,
      ),
    ).toEqual({
      condition: "malformed-request",
      text: "channel_binding_mismatch",
    });
    // Under TLS 1.2 there is no exporter binding (RFC 9266 needs 1.3): the certificate's hash binds instead.
    expect(
      await saslAttempt(
        { ...target, tls12: true },
        user.jid,
        user.password,
        "SCRAM-SHA-256-PLUS",
      ),
    ).toBe("success");
  });

  it("refuses PLAIN with a password over an unencrypted WebSocket", async () => {
    const user = await createUser(server.database.db, company);
    const result = await refused(user, user.password, "ws");
    expect(result.condition).toBe("not-authorized");
    expect(result.text).toMatch(/^encryption-required/);
  });
});

describe("lock and codes", () => {
  it("answers a wrong password with 104 and locks after five from a known address, like the REST login", async () => {
    const user = await createUser(server.database.db, company);
    // A successful login makes this address known to the account: only then do failures count (docs/auth.md).
    const first = await login(user, user.password, "starttls");
    await first.xmpp.stop();
    for (let i = 0; i < 4; i++) {
      expect(await refused(user, `wrong-${i}`, "tls")).toEqual({
        condition: "not-authorized",
        text: "104 wrong_password",
      });
    }
    expect(await refused(user, "wrong-5", "tls")).toEqual({
      condition: "account-disabled",
      text: "103 account_locked",
    });
    expect(await refused(user, user.password, "tls")).toEqual({
      condition: "account-disabled",
      text: "103 account_locked",
    });
  });

  it("refuses a deactivated account with 102 after the right password", async () => {
    const user = await createUser(server.database.db, company, {
      active: false,
    });
    expect(await refused(user, user.password, "tls")).toEqual({
      condition: "account-disabled",
      text: "102 user_not_found",
    });
  });
});

describe("app passwords", () => {
  async function api(
    method: string,
    path: string,
    token: string,
    body?: unknown,
  ) {
    const res = await fetch(server.url + path, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        "x-requested-with": "XMLHttpRequest",
        ...(body ? { "content-type": "application/json" } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return (await res.json()) as Record<string, unknown>;
  }

  it("replace the account password where the company allows only them", async () => {
    const strict = await createCompany(server.database.db, {
      features: { xmppAppPasswordsOnly: true },
    });
    const user = await createUser(server.database.db, strict);
    const { accessToken } = await loginAs(server, user);
    expect(await refused(user, user.password, "tls")).toEqual({
      condition: "not-authorized",
      text: "104 app_password_required",
    });
    expect(
      (await refused(user, user.password, "tls", "SCRAM-SHA-256")).text,
    ).toBe("app_password_required");

    const created = (
      await api("POST", "/api/v1/auth/app-passwords", accessToken, {
        label: "Gajim",
      })
    ).appPassword as { id: number; password: string };
    expect(created.password).toMatch(/^[a-z]{4}(-[a-z]{4}){3}$/);
    const { xmpp, jid } = await login(user, created.password, "starttls");
    expect(jid).toBe(`${user.jid}/std`);
    const listed = await api("GET", "/api/v1/auth/app-passwords", accessToken);
    expect(listed.appPasswords).toMatchObject([
      { id: created.id, label: "Gajim", lastUsedAt: expect.any(String) },
    ]);
    expect(JSON.stringify(listed)).not.toContain(created.password);

    // Revoking it closes the stream it logged in, and no new login accepts it.
    const closed = streamError(xmpp);
    await api(
      "DELETE",
      `/api/v1/auth/app-passwords/${created.id}`,
      accessToken,
    );
    expect(await closed).toEqual({
      condition: "not-authorized",
      text: "app_password_revoked",
    });
    xmpp.reconnect.stop();
    await xmpp.stop().catch(() => undefined);
    expect((await refused(user, created.password, "tls")).text).toBe(
      "104 app_password_required",
    );
  });
});

describe("stream life", () => {
  it("closes a password-authenticated TCP stream when the password changes", async () => {
    const user = await createUser(server.database.db, company);
    const { xmpp } = await login(user, user.password, "starttls");
    const closed = streamError(xmpp);
    await directoryFor(server.database.db, bus).updateUser(
      company,
      user.loginId,
      { password: "new-pass-1!" },
    );
    expect(await closed).toEqual({
      condition: "not-authorized",
      text: "password_changed",
    });
    xmpp.reconnect.stop();
    await xmpp.stop().catch(() => undefined);
  });

  it("lets a TCP user and a WebSocket user chat in a room", async () => {
    const [alice, bob] = [
      await createUser(server.database.db, company),
      await createUser(server.database.db, company),
    ];
    const bobWs = await connectWs(server, {
      ...bob,
      accessToken: (await loginAs(server, bob)).accessToken,
    });
    const room = await createRoom(bobWs, 2, [alice]);
    const { xmpp } = await login(alice, alice.password, "starttls");
    const { xml } = await import("@xmpp/client");
    const roomJid = `${room}@conference.${alice.jid.split("@")[1]}`;
    const heard = new Promise<Element>((resolve) =>
      xmpp.on("stanza", (s) => {
        if (s.name === "message" && s.getChildText("body") === "from bob")
          resolve(s);
      }),
    );
    await xmpp.send(
      xml(
        "message",
        { type: "groupchat", to: roomJid, id: "a1" },
        xml("body", {}, "from alice"),
      ),
    );
    const atBob = await bobWs.next(
      (el) => el.name === "message" && el.getChildText("body") === "from alice",
      "alice's message",
    );
    expect(String(atBob.attrs.from)).toContain(roomJid);
    bobWs.send(
      `<message xmlns="jabber:client" type="groupchat" to="${roomJid}" id="b1"><body>from bob</body></message>`,
    );
    expect(String((await heard).attrs.from)).toContain(roomJid);
    await xmpp.stop();
    await bobWs.close();
  });
});

describe("WebSocket origins", () => {
  const upgrade = (origin: string) =>
    new Promise<number>((resolve) => {
      const ws = new WebSocket(
        `${server.url.replace("http", "ws")}/ws/`,
        "xmpp",
        {
          origin,
        },
      );
      ws.once("open", () => {
        ws.close();
        resolve(101);
      });
      ws.once("unexpected-response", (req, res) => {
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      ws.once("error", () => undefined);
    });

  it("accepts pages from XMPP_WS_ORIGINS and refuses other sites", async () => {
    expect(await upgrade(ALLOWED_ORIGIN)).toBe(101);
    expect(await upgrade("https://elsewhere.example.com")).toBe(403);
  });
});

describe("shutdown", () => {
  it("ends TCP streams with system-shutdown, ends their password logins before the database closes, and stops listening", async () => {
    const other = await createTestServer({
      XMPP_PORT: "0",
      XMPP_TLS_PORT: "off",
      DATA_DIR: dataDir,
    });
    const port = xmppTcpPorts(other.app).starttls ?? 0;
    const user = await createUser(
      other.database.db,
      await createCompany(other.database.db),
    );
    const { client } = await import("@xmpp/client");
    const [local = "", domain = ""] = user.jid.split("@");
    const xmpp = client({
      service: `xmpp://127.0.0.1:${port}`,
      domain,
      username: local,
      password: user.password,
    });
    await xmpp.start();
    const ended = streamError(xmpp);
    try {
      const db = other.database.db;
      // A database slow to end the login (as under load): the stop must wait for it, not close the database under it.
      await sql`
        create function slow_revoke() returns trigger language plpgsql as $$
          begin perform pg_sleep(0.3); return new; end $$;
        create trigger slow_revoke before update on auth_sessions
          for each row when (new.revoked_at is not null) execute function slow_revoke();
      `.execute(db);
      await other.app.close();
      expect(await ended).toEqual({ condition: "system-shutdown", text: "" });
      // One statement: on the embedded database it runs after whatever the server still had in flight.
      const { rows } = await sql<{ revoked: string[]; logouts: number }>`
        select
          (select array_agg(revoke_reason) from auth_sessions where user_id = ${user.id}) as revoked,
          (select count(*)::int from audit_log where user_id = ${user.id} and event = 'logout') as logouts
      `.execute(db);
      expect(rows[0]).toEqual({ revoked: ["logout"], logouts: 1 });
    } finally {
      await other.database.close();
    }
    xmpp.reconnect.stop();
    await xmpp.stop().catch(() => undefined);
    const refusedConnect = await new Promise<string>((resolve) => {
      const s = netConnect(port, "127.0.0.1");
      s.once("error", (err: NodeJS.ErrnoException) => resolve(err.code ?? ""));
      s.once("connect", () => {
        s.destroy();
        resolve("connected");
      });
    });
    expect(refusedConnect).toBe("ECONNREFUSED");
  });
});
