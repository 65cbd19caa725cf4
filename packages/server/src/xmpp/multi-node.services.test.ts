/**
 * Several nodes (docs/scaling.md): two built server processes share one PostgreSQL database and one Redis; real XMPP
 * clients on either node see room messages, presence, revocation and resource conflicts from the other node, and a
 * room's message keys stay unique and rising while both nodes accept messages for it at once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Element } from "@xmpp/xml";
import {
  NS_MOA_CHAT,
  NS_MOA_PUSH,
  NS_MOA_ROOMS,
  NS_SID,
  NS_STREAMS,
} from "@moa/shared";
import {
  createCompany,
  createUser,
  loginAs,
  postLogin,
  type TestUser,
} from "../testing/factories.js";
import type { ServerProcess } from "../testing/index.js";
import { until } from "../testing/until.js";
import { apiClient, issueIntegrationKey } from "../testing/workplace.js";
import { createCluster, type Cluster } from "./testing/cluster.js";
import {
  createRoom,
  heard,
  mam,
  presenceSnapshot,
  roomOf,
  say,
  stanzaId,
} from "./testing/chat-fixture.js";
import { loginRaw, type RawClient } from "./testing/raw-client.js";

const MEMBERS = 6;
const LOGIN_LIMIT = 4;
/** A short heartbeat timeout, so a killed node's users go offline quickly. */
const NODE_TIMEOUT_S = 2;
/** The issue's bound for revocation on another node. */
const REVOKE_DEADLINE_MS = 1_000;

let cluster: Cluster;
let users: TestUser[];
/** The company's groupware integration key. */
let integrationKey = "";
/** A user with the internet phone. */
let phoneUser: TestUser;
let nodes: ServerProcess[] = [];
const clients: RawClient[] = [];

const startNode = () => cluster.startNode();

beforeAll(async () => {
  cluster = await createCluster(
    async (db) => {
      const company = await createCompany(db);
      users = [];
      for (let i = 0; i < MEMBERS + 7; i++)
        users.push(await createUser(db, company));
      integrationKey = await issueIntegrationKey(db, company.id);
      phoneUser = await createUser(db, company, { centrexUser: true });
    },
    {
      // Low enough to reach across both nodes in a test; successful logins are given back, so others are not hit.
      THROTTLE_LOGIN_PER_ACCOUNT: String(LOGIN_LIMIT),
      NODE_TIMEOUT_SECONDS: String(NODE_TIMEOUT_S),
    },
  );
  nodes = await Promise.all([startNode(), startNode()]);
}, 240_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await Promise.all(nodes.map((n) => n.stop()));
  await cluster.destroy();
}, 60_000);

/** Logs a user in over HTTP on a node and binds a chat stream there. */
async function online(
  user: TestUser,
  node: ServerProcess,
  resource = "web-1",
): Promise<{ client: RawClient; accessToken: string }> {
  const { accessToken } = await loginAs(node, user);
  const client = await loginRaw(
    node.url,
    { jid: user.jid, accessToken },
    resource,
  );
  clients.push(client);
  return { client, accessToken };
}

/** Group-chat messages of a room a client received, in arrival order (reflections to the sender included). */
function roomMessages(c: RawClient, room: string): Element[] {
  return c.received.filter(
    (el) =>
      el.name === "message" &&
      String(el.attrs.from).startsWith(roomOf(c, room)) &&
      el.getChild("body") !== undefined,
  );
}

/** A room's whole history, oldest first, paged backwards through MAM. */
async function roomHistory(c: RawClient, room: string): Promise<Element[]> {
  const pages: Element[][] = [];
  let before: string | true = true;
  for (;;) {
    const page = await mam(c, roomOf(c, room), { max: 100, before });
    pages.unshift(page.messages);
    if (page.fin.attrs.complete === "true" || page.messages.length === 0)
      return pages.flat();
    before = page.fin.getChild("set")?.getChildText("first") ?? "";
  }
}

async function closedWithin(c: RawClient, ms: number): Promise<Element> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), ms);
  });
  const outcome = await Promise.race([c.closed, deadline]);
  clearTimeout(timer);
  expect(outcome, `socket closed within ${ms} ms`).not.toBe("late");
  const error = c.received.find((el) => el.name === "stream:error");
  if (!error) throw new Error("no stream error before the close");
  return error;
}

describe("two nodes on one PostgreSQL and Redis", () => {
  let room = "";
  let members: RawClient[] = [];

  it("delivers a room's messages to members on the other node, each once", async () => {
    const [a, b] = nodes as [ServerProcess, ServerProcess];
    // Members alternate between the nodes.
    members = (
      await Promise.all(
        users.slice(0, MEMBERS).map((u, i) => online(u, i % 2 ? b : a)),
      )
    ).map((o) => o.client);
    room = await createRoom(members[0]!, 2, users.slice(1, MEMBERS));
    const [onA, onB] = [members[0]!, members[1]!];
    await say(onA, room, "from node A");
    await say(onB, room, "from node B");
    // Per-topic order: once the second message is in, a duplicate of the first could only come before it.
    for (const c of members) {
      // The sender's own copy is its acknowledgement, already awaited.
      if (c !== onB) await heard(c, room, "from node B");
      const bodies = roomMessages(c, room).map((el) => el.getChildText("body"));
      expect(bodies).toEqual(["from node A", "from node B"]);
    }
  });

  it("carries deletions and read watermarks to members on the other node", async () => {
    const [onA, onB] = [members[0]!, members[1]!];
    const sent = await say(onA, room, "to be deleted");
    const time = String(sent.getChild("chat", NS_MOA_CHAT)?.attrs.time);
    await heard(onB, room, "to be deleted");
    const deleted = await onA.iq(
      "set",
      `<delete-message xmlns="${NS_MOA_ROOMS}" room="${room}" time="${time}"/>`,
    );
    expect(deleted.attrs.type).toBe("result");
    const tombstone = await onB.next(
      (el) =>
        el.name === "message" &&
        el.getChild("deleted", NS_MOA_CHAT)?.attrs.time === time,
      "deletion",
    );
    expect(tombstone.getChild("deleted", NS_MOA_CHAT)?.attrs.room).toBe(room);
    const read = await onB.iq(
      "set",
      `<watch xmlns="${NS_MOA_ROOMS}" room="${room}" time="${time}"/>`,
    );
    expect(read.attrs.type).toBe("result");
    const watch = await onA.next(
      (el) =>
        el.name === "message" &&
        el.getChild("watch", NS_MOA_ROOMS)?.attrs.jid ===
          users[1]!.jid.toLowerCase(),
      "read watermark",
    );
    expect(watch.getChild("watch", NS_MOA_ROOMS)?.attrs.time).toBe(time);
  });

  it("tells the other node of a new member at once: its next message reaches the invitee", async () => {
    const a = nodes[0]!;
    const [onA, onB] = [members[0]!, members[1]!];
    // Both nodes have the member list cached after a message from each.
    const small = await createRoom(onA, 2, [users[1]!]);
    await say(onA, small, "before the invite");
    await say(onB, small, "from B before the invite");
    const invitee = (await online(users[MEMBERS + 5]!, a)).client;
    const invited = await onA.iq(
      "set",
      `<invite xmlns="${NS_MOA_ROOMS}" room="${small}"><member jid="${users[MEMBERS + 5]!.jid}"/></invite>`,
    );
    expect(invited.attrs.type).toBe("result");
    await say(onB, small, "from B after the invite");
    await heard(invitee, small, "from B after the invite");
  });

  it("applies a room's new type on the other node: a former owner there can no longer invite, and it shows the type", async () => {
    const [onA, onB] = [members[0]!, members[1]!];
    // Both nodes have the room cached after a message from each.
    const switched = await createRoom(onA, 2, [users[1]!]);
    await say(onA, switched, "before the switch");
    await say(onB, switched, "from B before the switch");
    const toProject = await onA.iq(
      "set",
      `<room-type xmlns="${NS_MOA_ROOMS}" room="${switched}" type="3"/>`,
    );
    expect(toProject.attrs.type).toBe("result");
    // Only the chief invites in a project room. The refusal holds at once, before node A's announcement need have
    // reached node B: a role decides the change, so node B reads it as committed.
    const byFormerOwner = await onB.iq(
      "set",
      `<invite xmlns="${NS_MOA_ROOMS}" room="${switched}"><member jid="${users[2]!.jid}"/></invite>`,
    );
    expect(byFormerOwner.attrs.type).toBe("error");
    expect(
      byFormerOwner.getChild("error")?.getChild("forbidden"),
    ).toBeDefined();
    // Node B's cached copy, which had the group room, follows once the announcement arrives.
    await until(async () => {
      const info = await onB.iq(
        "get",
        `<members xmlns="${NS_MOA_ROOMS}" room="${switched}"/>`,
      );
      return info.getChild("members")?.attrs.type === "3";
    }, "node B to show the project room");
  });

  it("runs two owners' type switches on the two nodes one after the other: the room gets one chief", async () => {
    const [onA, onB] = [members[0]!, members[1]!];
    const group = await createRoom(onA, 2, [users[1]!]);
    await heard(onB, group, "INVITE");
    const switches = await Promise.all(
      [onA, onB].map((c) =>
        c.iq(
          "set",
          `<room-type xmlns="${NS_MOA_ROOMS}" room="${group}" type="3"/>`,
        ),
      ),
    );
    // The second switch waited for the first and found its setter no longer an owner.
    expect(switches.map((r) => String(r.attrs.type)).sort()).toEqual([
      "error",
      "result",
    ]);
    const owners = await onA.iq(
      "get",
      `<owners xmlns="${NS_MOA_ROOMS}" room="${group}"/>`,
    );
    expect(
      owners.getChild("owners", NS_MOA_ROOMS)!.getChildren("member"),
    ).toHaveLength(1);
  });

  it("gives concurrent senders on both nodes unique, rising keys, and every member every message once", async () => {
    const PER_SENDER = 40;
    const senders = [members[0]!, members[1]!, members[2]!, members[3]!];
    const before = members.map((c) => roomMessages(c, room).length);
    const sent = await Promise.all(
      senders.map(async (c, s) => {
        const acks: Promise<Element>[] = [];
        for (let i = 0; i < PER_SENDER; i++)
          acks.push(say(c, room, `c${s}-${i}`));
        return Promise.all(acks);
      }),
    );
    const total = senders.length * PER_SENDER;
    const acked = new Set(sent.flat().map(stanzaId));
    expect(acked.size).toBe(total);

    // History: every message once, keys strictly rising in stanza-id (commit) order.
    const history = (await roomHistory(members[4]!, room)).filter((m) =>
      /^c\d-\d+$/.test(m.getChildText("body") ?? ""),
    );
    expect(history.map(stanzaId).sort()).toEqual([...acked].sort());
    const times = history.map((m) => Number(m.getChild("chat")?.attrs.time));
    for (let i = 1; i < times.length; i++)
      expect(times[i]!).toBeGreaterThan(times[i - 1]!);

    // Live: each member gets each message once, every sender's messages in its sending order.
    await Promise.all(
      members.map(async (c, m) => {
        for (let s = 0; s < senders.length; s++)
          if (c !== senders[s]) await heard(c, room, `c${s}-${PER_SENDER - 1}`);
        const bodies = roomMessages(c, room)
          .slice(before[m])
          .map((el) => el.getChildText("body") ?? "");
        expect(bodies).toHaveLength(total);
        expect(new Set(bodies).size).toBe(total);
        for (let s = 0; s < senders.length; s++) {
          const own = bodies.filter((b) => b.startsWith(`c${s}-`));
          expect(own).toEqual(
            Array.from({ length: PER_SENDER }, (_, i) => `c${s}-${i}`),
          );
        }
      }),
    );
  });

  it("carries workplace pushes made through the integration API on one node to the user's connection on the other", async () => {
    const a = nodes[0]!;
    // members[1] is connected to node B.
    const [user, client] = [users[1]!, members[1]!];
    const integration = (method: string, path: string, body: unknown) =>
      fetch(`${a.url}/integration/v1/${path}`, {
        method,
        headers: {
          authorization: `Bearer ${integrationKey}`,
          "content-type": "application/json",
        },
        body: JSON.stringify(body),
      });
    const push = async (type: string) => {
      const el = await client.next(
        (m) =>
          m.name === "message" &&
          m.attrs.type === "headline" &&
          m.getChild("push", NS_MOA_PUSH)?.attrs.type === type,
        `${type} push`,
      );
      return JSON.parse(
        el.getChildText("push", NS_MOA_PUSH) ?? "null",
      ) as unknown;
    };
    const counted = await integration("PUT", "counts", {
      loginId: user.loginId,
      counts: { mail: 7, apr: 2 },
    });
    expect(counted.status).toBe(200);
    expect(await push("count")).toEqual({ counts: { mail: 7, apr: 2 } });
    const alarmed = await integration("POST", "alarms", {
      loginId: user.loginId,
      type: "007",
      title: "결재 요청",
      sender: "이서연",
      link: "approval",
    });
    expect(alarmed.status).toBe(201);
    expect(await push("alarm")).toMatchObject({
      type: "007",
      title: "결재 요청",
    });
    const rang = await integration("POST", "centrex/incoming", {
      loginId: user.loginId,
      callNumber: "02-555-0100",
    });
    expect(rang.status).toBe(200);
    expect(await push("incomingCall")).toEqual({ callNumber: "025550100" });
  });

  it("shares the simulated PBX's line: a call placed through one node is busy and held through the other", async () => {
    const [a, b] = nodes as [ServerProcess, ServerProcess];
    // One login, its requests balanced over both nodes.
    const { accessToken } = await loginAs(a, phoneUser);
    const through = (node: ServerProcess) => {
      const api = apiClient(node.url, accessToken);
      return async (path: string, body?: unknown) =>
        (await api("POST", `/api/v1/centrex/${path}`, body ?? {})).body.svc_rt;
    };
    const [viaA, viaB] = [through(a), through(b)];
    expect(await viaB("phoneStatus")).toBe("4004");
    expect(await viaA("singCall", { callNumber: "010-1234-5678" })).toBe(
      "0000",
    );
    expect(await viaB("phoneStatus")).toBe("0000");
    expect(await viaB("singCall", { callNumber: "01099998888" })).toBe("3001");
    expect(await viaB("callHoldStart")).toBe("0000");
    expect(await viaA("callHoldStart")).toBe("3001");
    expect(await viaA("callHoldStop")).toBe("0000");
    expect(await viaB("callStop")).toBe("0000");
    expect(await viaA("phoneStatus")).toBe("4004");
    expect(await viaA("callStop")).toBe("4004");
  });

  it("shows a user's presence to a watcher on the other node, online and off", async () => {
    const [a, b] = nodes as [ServerProcess, ServerProcess];
    const watched = users[MEMBERS]!;
    const watcher = (await online(users[MEMBERS + 1]!, b, "pc-1")).client;
    await presenceSnapshot(watcher, watched.jid);
    const fromWatched = (el: Element) =>
      el.name === "presence" &&
      String(el.attrs.from).split("/")[0] === watched.jid.toLowerCase();
    const { client } = await online(watched, a, "pc-1");
    const on = await watcher.next(fromWatched, "online presence");
    expect(on.attrs.type).toBeUndefined();
    await client.close();
    const off = await watcher.next(fromWatched, "offline presence");
    expect(off.attrs.type).toBe("unavailable");
  });

  it("closes a stream on one node within a second of its logout on the other", async () => {
    const [a, b] = nodes as [ServerProcess, ServerProcess];
    const user = users[2]!;
    const { client, accessToken } = await online(user, b, "laptop");
    const res = await fetch(`${a.url}/api/v1/auth/logout`, {
      method: "POST",
      headers: {
        "x-requested-with": "XMLHttpRequest",
        "content-type": "application/json",
        authorization: `Bearer ${accessToken}`,
      },
      body: "{}",
    });
    expect(await res.json()).toEqual({ ErrorCode: "00" });
    const error = await closedWithin(client, REVOKE_DEADLINE_MS);
    expect(error.getChild("not-authorized", NS_STREAMS)).toBeDefined();
  });

  it("closes the older session of a resource when the same resource binds on the other node; the user stays online", async () => {
    const [a, b] = nodes as [ServerProcess, ServerProcess];
    const user = users[3]!;
    const watcher = (await online(users[MEMBERS + 6]!, a, "pc-1")).client;
    const shown = async () =>
      (await presenceSnapshot(watcher, user.jid)).map((i) =>
        String(i.attrs.show),
      );
    await shown();
    const fromUser = (el: Element) =>
      el.name === "presence" &&
      String(el.attrs.from).split("/")[0] === user.jid.toLowerCase();
    const older = (await online(user, a, "phone")).client;
    await watcher.next(fromUser, "the older login's presence");
    const newer = (await online(user, b, "phone")).client;
    const error = await closedWithin(older, REVOKE_DEADLINE_MS);
    expect(error.getChild("conflict", NS_STREAMS)).toBeDefined();
    const pong = await newer.iq("get", `<ping xmlns="urn:xmpp:ping"/>`);
    expect(pong.attrs.type).toBe("result");
    // The older node's goodbye, however late, does not take the newer connection's presence off.
    await watcher.next(fromUser, "the newer login's presence");
    await newer.iq("get", `<ping xmlns="urn:xmpp:ping"/>`);
    await watcher.iq("get", `<ping xmlns="urn:xmpp:ping"/>`);
    expect(
      watcher.received
        .filter(fromUser)
        .map((el) => String(el.attrs.type ?? "on")),
    ).toEqual(["on", "on"]);
    expect(await shown()).toEqual(["on"]);
  });

  it("counts an account's failed logins on both nodes together", async () => {
    const user = users[MEMBERS + 2]!;
    const attempt = (node: ServerProcess, password: string) =>
      postLogin(node.url, {
        username: user.loginId,
        domain: user.domain,
        password,
      });
    for (let i = 0; i < LOGIN_LIMIT; i++) {
      const wrong = await attempt(nodes[i % 2]!, "wrong-password!");
      expect(wrong.status).toBe(200);
    }
    const refused = await attempt(nodes[0]!, user.password);
    expect(refused.status).toBe(429);
  });

  it("takes the users of a killed node offline for watchers on another node", async () => {
    const third = await startNode();
    nodes.push(third);
    const watched = users[MEMBERS + 3]!;
    const watcher = (await online(users[MEMBERS + 4]!, nodes[0]!, "pc-1"))
      .client;
    await presenceSnapshot(watcher, watched.jid);
    const fromWatched = (el: Element) =>
      el.name === "presence" &&
      String(el.attrs.from).split("/")[0] === watched.jid.toLowerCase();
    await online(watched, third, "mobile-1");
    expect((await watcher.next(fromWatched, "online")).attrs.type).toBe(
      undefined,
    );
    await third.kill();
    nodes = nodes.filter((n) => n !== third);
    const killedAt = Date.now();
    // The bound: the timeout plus one sweep (a third of it); the client's own wait is 5 s.
    const off = await watcher.next(fromWatched, "offline after the kill");
    expect(off.attrs.type).toBe("unavailable");
    expect(Date.now() - killedAt).toBeLessThan(NODE_TIMEOUT_S * 1000 * 1.5);
    expect(await presenceSnapshot(watcher, watched.jid)).toHaveLength(0);
  });

  it("reports readiness with the database and Redis", async () => {
    const res = await fetch(`${nodes[0]!.url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", db: "ok", redis: "ok" });
  });

  it("drains on SIGTERM: streams end with system-shutdown and every acknowledged message is stored", async () => {
    const b = nodes[1]!;
    const user = users[4]!;
    const { client } = await online(user, b, "drain");
    const acks: Promise<Element | undefined>[] = [];
    for (let i = 0; i < 20; i++) {
      const id = `drain-${i}`;
      client.send(
        `<message xmlns="jabber:client" type="groupchat" to="${roomOf(client, room)}" id="${id}"><body>${id}</body><origin-id xmlns="${NS_SID}" id="${id}"/></message>`,
      );
      const answer = async () => {
        try {
          return await client.next(
            (el) => el.name === "message" && el.attrs.id === id,
            id,
          );
        } catch {
          return undefined;
        }
      };
      // Unanswered when the stream ended: the client would send it again on another node.
      const ended = async () => {
        await client.closed;
        return undefined;
      };
      acks.push(Promise.race([answer(), ended()]));
    }
    // Stop the node while its stream carries messages.
    await acks[0];
    await b.stop();
    nodes = nodes.slice(0, 1);
    const error = await closedWithin(client, 5_000);
    expect(error.getChild("system-shutdown", NS_STREAMS)).toBeDefined();
    const acked = (await Promise.all(acks)).filter(
      (el): el is Element => el !== undefined,
    );
    expect(acked.length).toBeGreaterThan(0);
    const stored = (await roomHistory(members[0]!, room)).filter((m) =>
      (m.getChildText("body") ?? "").startsWith("drain-"),
    );
    const storedIds = stored.map(stanzaId);
    for (const el of acked) expect(storedIds).toContain(stanzaId(el));
    expect(new Set(storedIds).size).toBe(storedIds.length);
  });
});
