/**
 * Per-room delivery order across nodes (docs/scaling.md): senders on two nodes write to one room at once, in waves
 * that make the nodes' commits interleave; members on those two nodes and on a third receive every message once, in
 * strictly increasing `chattime` order, the order of the room's history.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Element } from "@xmpp/xml";
import { NS_MOA_CHAT } from "@moa/shared";
import {
  createCompany,
  createUser,
  loginAs,
  type TestUser,
} from "../testing/factories.js";
import type { ServerProcess } from "../testing/index.js";
import { createCluster, type Cluster } from "./testing/cluster.js";
import {
  createRoom,
  heard,
  mam,
  roomOf,
  say,
  stanzaId,
} from "./testing/chat-fixture.js";
import { loginRaw, type RawClient } from "./testing/raw-client.js";

/** Three senders on each of the first two nodes, two listeners on every node. */
const SENDERS_PER_NODE = 3;
const LISTENERS_PER_NODE = 2;
const WAVES = 8;
const PER_WAVE = 8;

let cluster: Cluster;
let users: TestUser[];
let nodes: ServerProcess[] = [];
const clients: RawClient[] = [];

beforeAll(async () => {
  cluster = await createCluster(async (db) => {
    const company = await createCompany(db);
    users = [];
    for (let i = 0; i < 2 * SENDERS_PER_NODE + 3 * LISTENERS_PER_NODE; i++)
      users.push(await createUser(db, company));
  });
  nodes = await Promise.all([
    cluster.startNode(),
    cluster.startNode(),
    cluster.startNode(),
  ]);
}, 240_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await Promise.all(nodes.map((n) => n.stop()));
  await cluster.destroy();
}, 60_000);

async function online(user: TestUser, node: ServerProcess): Promise<RawClient> {
  const { accessToken } = await loginAs(node, user);
  const client = await loginRaw(node.url, { jid: user.jid, accessToken });
  clients.push(client);
  return client;
}

const chatTime = (el: Element): number =>
  Number(el.getChild("chat", NS_MOA_CHAT)?.attrs.time);

it("delivers one room's messages from senders on two nodes to members on three nodes in chattime order, each once", async () => {
  const [a, b, c] = nodes as [ServerProcess, ServerProcess, ServerProcess];
  const senders = await Promise.all(
    users
      .slice(0, 2 * SENDERS_PER_NODE)
      .map((u, i) => online(u, i % 2 ? b : a)),
  );
  const listeners = await Promise.all(
    users
      .slice(2 * SENDERS_PER_NODE)
      .map((u, i) => online(u, [a, b, c][i % 3]!)),
  );
  const members = [...senders, ...listeners];
  const room = await createRoom(
    senders[0]!,
    2,
    users.slice(1).map((u) => ({ jid: u.jid })),
  );
  const roomMessages = (client: RawClient) =>
    client.received.filter(
      (el) =>
        el.name === "message" &&
        String(el.attrs.from).startsWith(roomOf(client, room)) &&
        /^w\d+-s\d+-\d+$/.test(el.getChildText("body") ?? ""),
    );

  // Each wave: every sender puts several messages on the wire at once, then all wait for their acknowledgements.
  const acked: Element[] = [];
  for (let w = 0; w < WAVES; w++) {
    const wave = await Promise.all(
      senders.flatMap((s, i) =>
        Array.from({ length: PER_WAVE }, (_, k) =>
          say(s, room, `w${w}-s${i}-${k}`),
        ),
      ),
    );
    acked.push(...wave);
  }
  const total = WAVES * senders.length * PER_WAVE;
  expect(new Set(acked.map(stanzaId)).size).toBe(total);

  // The room's history, oldest first: the order every member must have received the messages in.
  const history: Element[] = [];
  for (let before: string | true = true; ;) {
    const page = await mam(listeners[0]!, roomOf(listeners[0]!, room), {
      max: 100,
      before,
    });
    history.unshift(...page.messages);
    if (page.fin.attrs.complete === "true" || page.messages.length === 0) break;
    before = page.fin.getChild("set")?.getChildText("first") ?? "";
  }
  const stored = history.filter((el) =>
    /^w\d+-s\d+-\d+$/.test(el.getChildText("body") ?? ""),
  );
  expect(stored.map(stanzaId).sort()).toEqual(acked.map(stanzaId).sort());
  const historyOrder = stored.map((el) => el.getChildText("body"));

  for (const m of members) {
    // Every sender's last message: once each is in, nothing of the run is still on its way.
    for (let i = 0; i < senders.length; i++) {
      const body = `w${WAVES - 1}-s${i}-${PER_WAVE - 1}`;
      if (
        m !== senders[i] &&
        !roomMessages(m).some((el) => el.getChildText("body") === body)
      )
        await heard(m, room, body);
    }
    const got = roomMessages(m);
    const bodies = got.map((el) => el.getChildText("body"));
    expect(new Set(bodies).size, `${m.jid}: distinct`).toBe(total);
    expect(bodies, `${m.jid}: once each`).toHaveLength(total);
    const times = got.map(chatTime);
    const disorder = times.findIndex((t, i) => i > 0 && t <= times[i - 1]!);
    expect(disorder, `${m.jid}: first message out of chattime order`).toBe(-1);
    expect(bodies, `${m.jid}: history order`).toEqual(historyOrder);
  }
});
