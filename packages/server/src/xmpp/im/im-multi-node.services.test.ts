/**
 * 1:1 chat, carbons and roster pushes between two server nodes sharing PostgreSQL and Redis (docs/scaling.md): a
 * stock client (@xmpp/client) on one node, the colleague's Moa client and the user's other stock resource on the
 * other.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import xml, { type Element } from "@xmpp/xml";
import { NS_FORWARD, NS_MOA_CHAT, NS_SID } from "@moa/shared";
import {
  createCompany,
  createDepartment,
  createUser,
  loginAs,
  type TestUser,
} from "../../testing/factories.js";
import type { ServerProcess } from "../../testing/index.js";
import { apiClient } from "../../testing/workplace.js";
import { createCluster, type Cluster } from "../testing/cluster.js";
import { createRoom, say } from "../testing/chat-fixture.js";
import { loginRaw, type RawClient } from "../testing/raw-client.js";
import { startStockClient, type StockClient } from "../testing/stock-client.js";
import { NS_CARBONS, NS_ROSTER } from "./namespaces.js";

let cluster: Cluster;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let nodes: ServerProcess[] = [];
const stops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  cluster = await createCluster(async (db) => {
    const company = await createCompany(db);
    const dept = await createDepartment(db, company);
    [alice, bob, carol] = [
      await createUser(db, company, { deptKey: dept.key }),
      await createUser(db, company, { deptKey: dept.key }),
      await createUser(db, company, { deptKey: dept.key }),
    ];
  });
  nodes = await Promise.all([cluster.startNode(), cluster.startNode()]);
}, 240_000);

afterAll(async () => {
  for (const stop of stops) await stop();
  await Promise.all(nodes.map((n) => n.stop()));
  await cluster.destroy();
}, 60_000);

async function token(user: TestUser, node: ServerProcess): Promise<string> {
  return (await loginAs(node, user)).accessToken;
}

async function stock(
  user: TestUser,
  node: ServerProcess,
  resource: string,
): Promise<StockClient> {
  const c = await startStockClient(
    node.url,
    { jid: user.jid, accessToken: await token(user, node) },
    resource,
  );
  stops.push(() => c.stop());
  return c;
}

async function moa(user: TestUser, node: ServerProcess): Promise<RawClient> {
  const c = await loginRaw(
    node.url,
    { jid: user.jid, accessToken: await token(user, node) },
    "web-1",
  );
  stops.push(() => c.close());
  return c;
}

const chatFrom = (from: string, body: string) => (s: Element) =>
  s.is("message") &&
  s.attrs.type === "chat" &&
  s.attrs.from === from &&
  s.getChildText("body") === body;

it("carries 1:1 messages, carbons and roster pushes from one node to the other", async () => {
  const [a, b] = nodes as [ServerProcess, ServerProcess];
  const web = await moa(alice, a);
  const phone = await stock(bob, b, "phone");
  const laptop = await stock(bob, a, "laptop");
  await laptop.iq(
    xml("iq", { type: "set" }, xml("enable", { xmlns: NS_CARBONS })),
  );
  await phone.iq(
    xml("iq", { type: "get" }, xml("query", { xmlns: NS_ROSTER })),
  );

  await phone.xmpp.send(
    xml(
      "message",
      { type: "chat", to: alice.jid, id: randomUUID() },
      xml("body", {}, "다른 노드에서"),
      xml("origin-id", { xmlns: NS_SID, id: randomUUID() }),
    ),
  );
  const got = await web.next(
    (el) => el.getChildText("body") === "다른 노드에서",
    "1:1 on the other node",
  );
  expect(got.getChild("chat", NS_MOA_CHAT)?.attrs["room-type"]).toBe("1");
  const carbon = await laptop.next(
    (s) =>
      s
        .getChild("sent", NS_CARBONS)
        ?.getChild("forwarded", NS_FORWARD)
        ?.getChild("message")
        ?.getChildText("body") === "다른 노드에서",
    "carbon on the other node",
  );
  expect(carbon.attrs.to).toBe(`${bob.jid}/laptop`);

  const dual = await createRoom(web, 1, [bob]);
  await say(web, dual, "답장");
  await phone.next(chatFrom(alice.jid, "답장"), "answer across nodes");
  await laptop.next(chatFrom(alice.jid, "답장"), "answer on the same node");
  // The sender's own resource got no copy of its message from either node.
  expect(
    phone.stanzas.filter(
      (s) => s.is("message") && s.getChildText("body") === "다른 노드에서",
    ),
  ).toEqual([]);

  // A friend added over REST on node A is pushed to the roster of the stock client on node B.
  await apiClient(a.url, await token(bob, a))(
    "POST",
    "/api/v1/chat/home/relation/new/list.json",
    [{ id: carol.loginId }],
  );
  await phone.next(
    (s) =>
      s.is("iq") &&
      s.getChild("query", NS_ROSTER)?.getChild("item")?.attrs.jid === carol.jid,
    "roster push across nodes",
  );
}, 60_000);
