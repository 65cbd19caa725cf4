/**
 * Interop with a client no one here wrote: Debian's python3-slixmpp (installed by .ci/run) logs in over TCP with
 * STARTTLS and the account password, sends to a group room and receives a Moa web user's message there.
 */
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { xmppTcpPorts } from "../app.js";
import {
  createCompany,
  createTestServer,
  createUser,
  loginAs,
  type TestServer,
} from "../testing/index.js";
import { connect, createRoom, roomOf } from "./testing/chat-fixture.js";

/** Debian's interpreter: the package installs slixmpp for it, not for other Pythons on the PATH. */
const PYTHON = "/usr/bin/python3";
const SCRIPT = fileURLToPath(
  new URL("../../src/xmpp/testing/slixmpp_chat.py", import.meta.url),
);

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({
    XMPP_PORT: "0",
    XMPP_TLS_PORT: "off",
    DATA_DIR: mkdtempSync(join(tmpdir(), "moa-slixmpp-")),
  });
});
afterAll(async () => {
  await server.close();
});

it("slixmpp logs in with a password over STARTTLS, joins a room with its MUC plugin and chats with a Moa user there", async () => {
  const company = await createCompany(server.database.db);
  const alice = await createUser(server.database.db, company);
  const bob = await createUser(server.database.db, company);
  const bobClient = await connect(server, {
    ...bob,
    accessToken: (await loginAs(server, bob)).accessToken,
  });
  const room = await createRoom(bobClient, 2, [alice]);
  const roomJid = roomOf(bobClient, room);

  const child = spawn(
    PYTHON,
    [
      SCRIPT,
      ...["--host", "127.0.0.1"],
      ...["--port", String(xmppTcpPorts(server.app).starttls)],
      ...["--jid", alice.jid],
      ...["--password", alice.password],
      ...["--room", roomJid],
      ...["--send", "hello from slixmpp"],
      ...["--expect", "hello from moa"],
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let out = "";
  let err = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );

  const atBob = await bobClient.next(
    (el) =>
      el.name === "message" && el.getChildText("body") === "hello from slixmpp",
    "slixmpp's message",
  );
  expect(String(atBob.attrs.from)).toContain(roomJid);
  bobClient.send(
    `<message xmlns="jabber:client" type="groupchat" to="${roomJid}" id="m1"><body>hello from moa</body></message>`,
  );
  expect(await exited, err).toBe(0);
  const events = out
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, string>);
  // slixmpp 1.8 binds only with tls-unique, which is not offered: it falls back to plain SCRAM-SHA-256.
  expect(events).toContainEqual({
    event: "session_start",
    jid: `${alice.jid}/slix`,
    mechanism: "SCRAM-SHA-256",
  });
  // The join listed both members as occupants, by their names in the org (the server gave slixmpp its own name as nick).
  expect(events).toContainEqual(
    expect.objectContaining({
      event: "joined",
      occupants: [alice.name, bob.name].sort(),
    }),
  );
  expect(events).toContainEqual(
    expect.objectContaining({ event: "groupchat", body: "hello from moa" }),
  );
  await bobClient.close();
});
