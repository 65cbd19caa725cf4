/**
 * Kill test: several clients send messages while the server is killed with SIGKILL at random moments (10 rounds);
 * after each restart they retry what was not acknowledged (same origin ids). Every acknowledged message must be in
 * history exactly once, under the stanza id it was acknowledged with.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { NS_SID } from "@moa/shared";
import { openDatabase } from "../db/database.js";
import { migrate } from "../db/migrate.js";
import {
  createCompany,
  createUser,
  loginAs,
  type TestUser,
} from "../testing/factories.js";
import { startServerProcess, type ServerProcess } from "../testing/index.js";
import { createRoom, mam, roomOf, stanzaId } from "./testing/chat-fixture.js";
import { loginRaw, type RawClient } from "./testing/raw-client.js";

const ROUNDS = 10;
const SENDERS = 3;

let dataDir: string;
let users: TestUser[];
let proc: ServerProcess | undefined;

beforeAll(async () => {
  // The test runs the built server (as `npm start` does); bring the build up to date first.
  const root = fileURLToPath(new URL("../../../..", import.meta.url));
  execFileSync(
    process.execPath,
    [join(root, "node_modules/typescript/bin/tsc"), "-b", "packages/server"],
    { cwd: root },
  );
  dataDir = mkdtempSync(join(tmpdir(), "moa-kill-"));
  const handle = await openDatabase({ kind: "pglite", dataDir });
  await migrate(handle.db);
  const company = await createCompany(handle.db);
  users = [];
  for (let i = 0; i < SENDERS; i++)
    users.push(await createUser(handle.db, company));
  await handle.close();
}, 180_000);

afterAll(async () => {
  await proc?.stop({ keepData: true });
  rmSync(dataDir, { recursive: true, force: true });
});

type Sent = { originId: string; body: string; stanzaId?: string };

async function connectAll(server: ServerProcess): Promise<RawClient[]> {
  return Promise.all(
    users.map(async (u) =>
      loginRaw(
        server.url,
        { jid: u.jid, accessToken: (await loginAs(server, u)).accessToken },
        "kill",
      ),
    ),
  );
}

/** Sends one message and resolves with its stanza id once acknowledged, or undefined if the server died first. */
function send(
  c: RawClient,
  room: string,
  m: Sent,
): Promise<string | undefined> {
  const id = `k-${m.originId}`;
  c.send(
    `<message xmlns="jabber:client" type="groupchat" to="${roomOf(c, room)}" id="${id}"><body>${m.body}</body><origin-id xmlns="${NS_SID}" id="${m.originId}"/></message>`,
  );
  const acknowledged = async () => {
    try {
      return stanzaId(
        await c.next((el) => el.name === "message" && el.attrs.id === id, id),
      );
    } catch {
      return undefined;
    }
  };
  const died = async () => {
    await c.closed;
    return undefined;
  };
  return Promise.race([acknowledged(), died()]);
}

it("keeps every acknowledged message exactly once across 10 kill -9 rounds", async () => {
  const pending: Sent[][] = users.map(() => []);
  const acked = new Map<string, string>();
  let room = "";
  let seq = 0;
  let retried = 0;
  for (let round = 0; round < ROUNDS; round++) {
    retried += pending.reduce((n, q) => n + q.length, 0);
    proc = await startServerProcess({ dataDir });
    const clients = await connectAll(proc);
    if (!room) room = await createRoom(clients[0]!, 2, users.slice(1));
    const killAfterMs = 150 + Math.floor(Math.random() * 350);
    const running = proc;
    const senders = clients.map(async (c, i) => {
      const queue = pending[i]!;
      for (;;) {
        const m = queue[0] ?? {
          originId: `o${i}-${(seq += 1)}`,
          body: `m${i}-${seq}`,
        };
        if (!queue.length) queue.push(m);
        const sid = await send(c, room, m);
        if (sid === undefined) return;
        acked.set(m.originId, sid);
        queue.shift();
      }
    });
    const killer = (async () => {
      await new Promise((resolve) => setTimeout(resolve, killAfterMs));
      await running.kill();
    })();
    await Promise.all([killer, ...senders]);
    proc = undefined;
  }

  proc = await startServerProcess({ dataDir });
  const [reader] = await connectAll(proc);
  const seen = new Map<string, string[]>();
  let before: string | true = true;
  for (;;) {
    const page = await mam(reader!, roomOf(reader!, room), {
      max: 100,
      before,
    });
    for (const m of page.messages) {
      const origin = String(m.getChild("origin-id", NS_SID)?.attrs.id);
      seen.set(origin, [...(seen.get(origin) ?? []), stanzaId(m)]);
    }
    if (page.fin.attrs.complete === "true" || page.messages.length === 0) break;
    before = page.fin.getChild("set")!.getChildText("first")!;
  }
  expect(acked.size).toBeGreaterThan(ROUNDS * SENDERS);
  // Senders were cut off mid-message and retried those with the same origin ids after the restart.
  expect(retried).toBeGreaterThan(0);
  for (const [origin, sid] of acked)
    expect(seen.get(origin), origin).toEqual([sid]);
  for (const [origin, ids] of seen) expect(ids, origin).toHaveLength(1);
  await reader!.close();
}, 300_000);
