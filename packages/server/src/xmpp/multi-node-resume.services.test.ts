/**
 * Stream management across nodes (docs/scaling.md): a client whose node was killed cannot resume its stream on another
 * node (resumption state lives in the node that held the session). It gets a clean `<failed/>`, binds on the same
 * stream and catches up through MAM from the last stanza id it received: exactly the messages it missed, none twice.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { NS_BIND, NS_SM } from "@moa/shared";
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
  say,
  stanzaId,
} from "./testing/chat-fixture.js";
import { loginRaw, type RawClient } from "./testing/raw-client.js";

let cluster: Cluster;
let users: TestUser[];
let nodes: ServerProcess[] = [];
const clients: RawClient[] = [];

beforeAll(async () => {
  cluster = await createCluster(async (db) => {
    const company = await createCompany(db);
    users = [await createUser(db, company), await createUser(db, company)];
  });
  nodes = await Promise.all([cluster.startNode(), cluster.startNode()]);
}, 240_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await Promise.all(nodes.map((n) => n.stop()));
  await cluster.destroy();
}, 60_000);

it("refuses resumption on another node after a kill -9, then the client binds and catches up through MAM exactly", async () => {
  const [a, doomed] = nodes as [ServerProcess, ServerProcess];
  const [alice, bob] = users as [TestUser, TestUser];
  const aliceLogin = await loginAs(a, alice);
  const onA = await loginRaw(a.url, {
    jid: alice.jid,
    accessToken: aliceLogin.accessToken,
  });
  clients.push(onA);
  const bobLogin = await loginAs(doomed, bob);
  const bobCreds = { jid: bob.jid, accessToken: bobLogin.accessToken };
  const first = await loginRaw(doomed.url, bobCreds, "phone");
  first.send(`<enable xmlns="${NS_SM}" resume="true"/>`);
  const enabled = await first.next((el) => el.name === "enabled", "enabled");
  const previd = String(enabled.attrs.id);
  expect(previd).not.toBe("");

  const room = await createRoom(onA, 2, [bob]);
  for (let i = 1; i <= 3; i++) await say(onA, room, `before ${i}`);
  // The client remembers the stanza id of the last message it received live.
  const lastSeen = stanzaId(await heard(first, room, "before 3"));

  nodes = nodes.filter((n) => n !== doomed);
  await doomed.kill();
  await first.closed;
  const missed: string[] = [];
  for (let i = 1; i <= 5; i++) {
    const body = `missed ${i}`;
    missed.push(stanzaId(await say(onA, room, body)));
  }

  // The same login reconnects through the balancer, here to node A, and asks to resume.
  const again = await loginRaw(a.url, bobCreds, null);
  clients.push(again);
  again.send(`<resume xmlns="${NS_SM}" previd="${previd}" h="3"/>`);
  const outcome = await again.next(
    (el) => el.name === "resumed" || el.name === "failed",
    "resumption outcome",
  );
  expect(outcome.name).toBe("failed");
  expect(outcome.getChild("item-not-found")).toBeDefined();

  // XEP-0198 §5: after a failed resumption the client binds a new session on the same stream.
  const bound = await again.iq(
    "set",
    `<bind xmlns="${NS_BIND}"><resource>phone</resource></bind>`,
  );
  expect(bound.attrs.type).toBe("result");
  const caughtUp: string[] = [];
  for (let after = lastSeen; ;) {
    const page = await mam(again, bob.jid, { after, max: 2 });
    caughtUp.push(...page.messages.map(stanzaId));
    if (page.fin.attrs.complete === "true" || page.messages.length === 0) break;
    after = page.fin.getChild("set")?.getChildText("last") ?? "";
  }
  expect(caughtUp).toEqual(missed);

  // Live delivery resumes on the new session.
  await say(onA, room, "after the catch-up");
  await heard(again, room, "after the catch-up");
});
