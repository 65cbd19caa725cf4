/**
 * Test-only: the kill test for several nodes (docs/scaling.md). Members of one room spread over three nodes send about
 * 200 msg/s while one node at a time is killed with SIGKILL (with its workers, when it runs several) and started
 * again (10 rounds). Clients of the killed node reconnect to the restarted one and send again what was not
 * acknowledged (same origin ids). Afterwards every acknowledged message is in history exactly once; every connection
 * that stayed up received every message sent after it bound, exactly once; and no connection received a message twice
 * or one that is not in history.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { NS_SID } from "@moa/shared";
import {
  createCompany,
  createUser,
  loginAs,
  type TestUser,
} from "../../testing/factories.js";
import type { ServerProcess } from "../../testing/index.js";
import { createRoom, mam, roomOf, stanzaId } from "./chat-fixture.js";
import { createCluster, type Cluster } from "./cluster.js";
import { loginRaw, type RawClient } from "./raw-client.js";

const NODES = 3;
const ROUNDS = 10;
/** Two members per node, all of them sending. */
const MEMBERS = 6;
/** Each member sends every 30 ms: 6 × 33 ≈ 200 msg/s in all. */
const SEND_EVERY_MS = 30;

type Message = { originId: string; body: string; firstSentAt: number };

/** One connection of a member: what it received, live, by stanza id. */
type Connection = {
  client: RawClient;
  boundAt: number;
  received: Map<string, number>;
  open: boolean;
};

const STANZA_ID = /<stanza-id [^>]*\bid="([^"]+)"/;
const MESSAGE_ID = /^<message [^>]*\bid="([^"]+)"/;

/** A member: its connection, its messages not yet acknowledged (resent after a reconnect) and the acknowledged ones. */
class Member {
  connections: Connection[] = [];
  unacked = new Map<string, Message>();
  seq = 0;

  constructor(
    readonly index: number,
    readonly user: TestUser,
    private readonly acked: Map<string, string>,
  ) {}

  get current(): Connection | undefined {
    const c = this.connections.at(-1);
    return c?.open ? c : undefined;
  }

  async connect(node: ServerProcess, room: string | undefined) {
    const { accessToken } = await loginAs(node, this.user);
    const client = await loginRaw(
      node.url,
      { jid: this.user.jid, accessToken },
      "kill",
    );
    const conn: Connection = {
      client,
      boundAt: Date.now(),
      received: new Map(),
      open: true,
    };
    client.ws.on("message", (data) => {
      const frame = (data as Buffer).toString();
      // Live copies of the test's messages only (not the room's INVITE event, not history pages).
      if (
        !frame.startsWith("<message") ||
        !frame.includes("<body>k") ||
        frame.includes("urn:xmpp:mam:2")
      )
        return;
      const sid = STANZA_ID.exec(frame)?.[1];
      if (sid === undefined) return;
      conn.received.set(sid, (conn.received.get(sid) ?? 0) + 1);
      // The sender's copy carries its own id: the acknowledgement after the commit.
      const id = MESSAGE_ID.exec(frame)?.[1];
      const m = id ? this.unacked.get(id) : undefined;
      if (id && m) {
        this.acked.set(m.originId, sid);
        this.unacked.delete(id);
      }
    });
    void (async () => {
      await client.closed;
      conn.open = false;
    })();
    this.connections.push(conn);
    // What the previous connection did not get acknowledged goes again, under the same origin ids.
    if (room) for (const [id, m] of this.unacked) this.send(room, id, m);
  }

  /** Sends the next new message, if connected. */
  sendNext(room: string): void {
    if (!this.current) return;
    const id = `k${this.index}-${(this.seq += 1)}`;
    const m = { originId: id, body: id, firstSentAt: Date.now() };
    this.unacked.set(id, m);
    this.send(room, id, m);
  }

  private send(room: string, id: string, m: Message): void {
    const c = this.current;
    if (!c) return;
    c.client.send(
      `<message xmlns="jabber:client" type="groupchat" to="${roomOf(c.client, room)}" id="${id}"><body>${m.body}</body><origin-id xmlns="${NS_SID}" id="${m.originId}"/></message>`,
    );
  }
}

/** Resolves once the condition holds, checking after every frame any of the clients receives. */
function until(
  clients: readonly RawClient[],
  done: () => boolean,
  what: string,
  ms = 30_000,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!done()) return;
      finish();
      resolve();
    };
    const timer = setTimeout(() => {
      finish();
      reject(new Error(`timed out waiting for ${what}`));
    }, ms);
    const finish = () => {
      clearTimeout(timer);
      for (const c of clients) c.ws.off("message", check);
    };
    for (const c of clients) c.ws.on("message", check);
    check();
  });
}

/**
 * Defines the kill test in the calling test file.
 * @param workers worker processes per node (WORKERS).
 */
export function defineKillTest(workers: number): void {
  let cluster: Cluster;
  let users: TestUser[];
  const nodes: (ServerProcess | undefined)[] = [];

  beforeAll(async () => {
    cluster = await createCluster(
      async (db) => {
        const company = await createCompany(db);
        users = [];
        for (let i = 0; i < MEMBERS; i++)
          users.push(await createUser(db, company));
      },
      { WORKERS: String(workers) },
    );
    nodes.push(
      ...(await Promise.all(
        Array.from({ length: NODES }, () => cluster.startNode()),
      )),
    );
  }, 240_000);

  afterAll(async () => {
    await Promise.all(nodes.map(async (n) => n?.stop()));
    await cluster.destroy();
  }, 60_000);

  it(`keeps every acknowledged message once in history and delivers it once to every connected member, across 10 kills of one node in three (${workers} worker${workers > 1 ? "s" : ""} per node)`, async () => {
    const acked = new Map<string, string>();
    const members = users.map((u, i) => new Member(i, u, acked));
    const homeOf = (m: Member) => m.index % NODES;
    for (const m of members) await m.connect(nodes[homeOf(m)]!, undefined);
    const room = await createRoom(
      members[0]!.current!.client,
      2,
      users.slice(1),
    );
    const sentLog: Message[] = [];
    let sending = true;
    // The load: every member sends on its own clock, paced (a rate, not a wait for a condition).
    const senders = members.map(async (m) => {
      while (sending) {
        const before = m.seq;
        m.sendNext(room);
        if (m.seq !== before)
          sentLog.push(m.unacked.get(`k${m.index}-${m.seq}`)!);
        await new Promise((resolve) => setTimeout(resolve, SEND_EVERY_MS));
      }
    });

    let retried = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const victim = round % NODES;
      const node = nodes[victim]!;
      // Let traffic flow a little (random, so the kill lands anywhere in a commit), then kill.
      await new Promise((resolve) =>
        setTimeout(resolve, 200 + Math.floor(Math.random() * 400)),
      );
      await node.kill();
      nodes[victim] = undefined;
      const moved = members.filter((m) => homeOf(m) === victim);
      await Promise.all(moved.map(async (m) => m.current?.client.closed));
      retried += moved.reduce((n, m) => n + m.unacked.size, 0);
      const restarted = await cluster.startNode();
      nodes[victim] = restarted;
      for (const m of moved) await m.connect(restarted, room);
    }
    sending = false;
    await Promise.all(senders);

    // Every message gets acknowledged (connections are up again and resent the rest).
    const live = members.map((m) => m.current!.client);
    // On a loaded machine the senders outrun the commits (each stream's messages wait one behind the other): the
    // backlog drains while the nodes keep committing, which can take minutes.
    await until(
      live,
      () => members.every((m) => m.unacked.size === 0),
      "every acknowledgement",
      150_000,
    );
    expect(acked.size).toBe(sentLog.length);
    expect(sentLog.length).toBeGreaterThan(ROUNDS * 50);
    expect(retried).toBeGreaterThan(0);

    // History: each acknowledged message exactly once, under the stanza id it was acknowledged with.
    const reader = members[0]!.current!.client;
    const seen = new Map<string, string[]>();
    let before: string | true = true;
    for (;;) {
      const page = await mam(reader, roomOf(reader, room), {
        max: 100,
        before,
      });
      for (const el of page.messages) {
        const origin = el.getChild("origin-id", NS_SID)?.attrs.id as
          string | undefined;
        if (origin && /^k\d+-\d+$/.test(origin))
          seen.set(origin, [...(seen.get(origin) ?? []), stanzaId(el)]);
      }
      if (page.fin.attrs.complete === "true" || page.messages.length === 0)
        break;
      before = page.fin.getChild("set")?.getChildText("first") ?? "";
    }
    for (const [origin, sid] of acked)
      expect(seen.get(origin), origin).toEqual([sid]);
    expect(seen.size).toBe(acked.size);
    const inHistory = new Set(acked.values());

    // Live delivery: connections that stayed up got every message first sent after they bound, once; no connection
    // got anything twice or anything that is not in history.
    const expectedBy = (c: Connection) =>
      sentLog
        .filter((m) => m.firstSentAt > c.boundAt)
        .map((m) => acked.get(m.originId)!);
    const survivors = members.map((m) => m.connections.at(-1)!);
    await until(
      live,
      () =>
        survivors.every((c) =>
          expectedBy(c).every((sid) => c.received.has(sid)),
        ),
      "delivery to every connected member",
    );
    for (const m of members)
      for (const c of m.connections) {
        for (const [sid, times] of c.received) {
          expect(times, `stanza ${sid} to member ${m.index}`).toBe(1);
          expect(inHistory.has(sid), sid).toBe(true);
        }
      }
    for (const c of survivors)
      for (const sid of expectedBy(c)) expect(c.received.get(sid)).toBe(1);
    await Promise.all(live.map((c) => c.close()));
  }, 330_000);
}
