/**
 * Several workers on one machine (WORKERS=2, docs/scaling.md): the built server runs as a primary and two worker
 * processes sharing one port on the local PostgreSQL and Redis. Chat connections are spread over both workers and a
 * room's members on different workers hear each other; a worker that dies is replaced while the other worker's
 * connections stay up; a primary killed outright takes its workers with it.
 */
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import type { Socket } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  createCompany,
  createUser,
  loginAs,
  type TestUser,
} from "../testing/factories.js";
import { until, type ServerProcess } from "../testing/index.js";
import { createCluster, type Cluster } from "../xmpp/testing/cluster.js";
import { createRoom, heard, say } from "../xmpp/testing/chat-fixture.js";
import { loginRaw, type RawClient } from "../xmpp/testing/raw-client.js";

const USERS = 12;

let cluster: Cluster;
let users: TestUser[];
let node: ServerProcess;

beforeAll(async () => {
  cluster = await createCluster(
    async (db) => {
      const company = await createCompany(db);
      users = [];
      for (let i = 0; i < USERS; i++) users.push(await createUser(db, company));
    },
    { WORKERS: "2" },
  );
  node = await cluster.startNode();
}, 240_000);

afterAll(async () => {
  await node.stop();
  await cluster.destroy();
}, 60_000);

/** The port a socket has in /proc/net/tcp's hex notation. */
const hexPort = (port: number) =>
  port.toString(16).toUpperCase().padStart(4, "0");

/**
 * The process holding the server's end of a client's connection (Linux /proc).
 * @param client the client.
 * @param pids the candidate processes.
 * @returns the pid, or undefined when none holds it.
 */
function serverPidOf(
  client: RawClient,
  pids: readonly number[],
): number | undefined {
  // `ws` keeps its socket private; its local port is the server end's remote port.
  const socket = (client.ws as unknown as { _socket: Socket })._socket;
  const serverPort = hexPort(Number(new URL(node.url).port));
  const clientPort = hexPort(socket.localPort ?? 0);
  const line = readFileSync("/proc/net/tcp", "utf8")
    .split("\n")
    .map((l) => l.trim().split(/\s+/))
    .find(
      (cols) =>
        cols[1]?.endsWith(`:${serverPort}`) &&
        cols[2]?.endsWith(`:${clientPort}`),
    );
  const inode = line?.[9];
  if (!inode) return undefined;
  return pids.find((pid) =>
    readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`;
      } catch {
        return false; // closed meanwhile
      }
    }),
  );
}

/** Resolves once `done` holds, checking every 50 ms (process table changes send no event). */

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A request that went out on a pooled keep-alive socket whose other end had died (fetch's "other side closed"). */
const onDeadSocket = (err: unknown): boolean =>
  err instanceof TypeError &&
  (err.cause as { code?: unknown } | undefined)?.code === "UND_ERR_SOCKET";

async function connect(user: TestUser): Promise<RawClient> {
  for (let attempt = 1; ; attempt++) {
    try {
      const { accessToken } = await loginAs(node, user);
      return await loginRaw(
        node.url,
        { jid: user.jid, accessToken },
        "workers",
      );
    } catch (err) {
      // Once a worker is killed, the HTTP client's idle sockets to it are dead, and one may be picked before its
      // close was read (seen in CI under load). A browser opens a new connection and tries again; so does this.
      if (attempt >= 5 || !onDeadSocket(err)) throw err;
    }
  }
}

it("spreads connections over both workers, delivers across them, and replaces a worker that dies while the other's connections stay up", async () => {
  const workers = node.workerPids();
  expect(workers).toHaveLength(2);
  // Connect members until both workers serve some (the cluster hands out connections in turn).
  const members: { user: TestUser; client: RawClient; pid: number }[] = [];
  for (const user of users) {
    const client = await connect(user);
    const pid = serverPidOf(client, workers);
    expect(pid, "the worker holding the connection").toBeDefined();
    members.push({ user, client, pid: pid! });
    if (members.length >= 4 && new Set(members.map((m) => m.pid)).size === 2)
      break;
  }
  const onA = members.filter((m) => m.pid === workers[0]);
  const onB = members.filter((m) => m.pid === workers[1]);
  expect(onA.length).toBeGreaterThan(0);
  expect(onB.length).toBeGreaterThan(0);
  const room = await createRoom(
    members[0]!.client,
    2,
    members.slice(1).map((m) => m.user),
  );
  await say(onA[0]!.client, room, "from worker A");
  await Promise.all(onB.map((m) => heard(m.client, room, "from worker A")));
  await say(onB[0]!.client, room, "from worker B");
  await Promise.all(onA.map((m) => heard(m.client, room, "from worker B")));

  process.kill(workers[0]!, "SIGKILL");
  await Promise.all(onA.map((m) => m.client.closed));
  await until(
    () =>
      node.workerPids().length === 2 &&
      !node.workerPids().includes(workers[0]!),
    "a replacement worker",
    30_000,
  );
  const replacement = node.workerPids().find((pid) => pid !== workers[1])!;
  // The members who were cut off come back; one of them is served by the new worker.
  const back = await Promise.all(onA.map((m) => connect(m.user)));
  // It takes connections once it has started, which the process table does not show: try until one lands there.
  const deadline = Date.now() + 60_000;
  while (serverPidOf(back[0]!, [replacement]) === undefined) {
    expect(Date.now(), "a connection served by the new worker").toBeLessThan(
      deadline,
    );
    await back[0]!.close();
    back[0] = await connect(onA[0]!.user);
  }
  // The other worker's connections were not touched: they hear the new worker's member, and the other way round.
  await say(back[0]!, room, "from the new worker");
  await Promise.all(
    onB.map((m) => heard(m.client, room, "from the new worker")),
  );
  await say(onB[0]!.client, room, "to the new worker");
  await Promise.all(back.map((c) => heard(c, room, "to the new worker")));
  await Promise.all(
    [...back, ...onB.map((m) => m.client)].map((c) => c.close()),
  );
}, 120_000);

it("takes its workers down with it when the primary is killed outright", async () => {
  const workers = node.workerPids();
  const client = await connect(users[0]!);
  process.kill(node.child.pid!, "SIGKILL");
  // No worker is left holding connections that nothing supervises: clients reconnect to another node.
  await client.closed;
  await until(() => !workers.some(alive), "the workers to exit", 30_000);
}, 60_000);
