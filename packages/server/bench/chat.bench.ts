/**
 * Chat engine benchmark (issue #4). The server runs as a child process; this process is the load generator.
 * Measures: connection set-up rate (SASL + bind), idle memory per authenticated connection (1,000 clients),
 * p50/p99 delivery latency and delivered stanzas/s for 200 clients in 20 rooms of 10 with 40 senders at
 * 500 msg/s, and the highest delivered stanzas/s that keeps p99 under 200 ms while ramping the send rate.
 * Every message is committed to the archive before it is acknowledged. Senders take turns at an even pace (no
 * synchronised bursts). Prints JSON lines on stdout.
 * The same scenario also runs on two server nodes sharing PostgreSQL and Redis (docs/scaling.md), every room's members
 * split over both.
 * Run: npx tsx packages/server/bench/chat.bench.ts [--clients 1000] [--seconds 5] [--db pglite|postgres|both|two-nodes|all]
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { WebSocket } from "ws";
import { ROOM_TYPES, roomJid } from "@moa/shared";
import { systemClock } from "../src/clock.js";
import {
  startServerProcess,
  type ServerProcess,
} from "../src/testing/server-process.js";
import { openDatabase } from "../src/db/database.js";
import { migrate } from "../src/db/migrate.js";
import { insertRoom } from "../src/db/repositories/chat/chat-rooms.repository.js";
import { UsersRepository } from "../src/db/repositories/users.repository.js";
import { hashPassword } from "../src/services/auth/password-hasher.js";
import { userJid } from "../src/services/auth/identity.js";
import { generateOrg } from "../src/services/directory/org-generator.js";
import { createIdentityServices } from "../src/services/services.js";

const { values } = parseArgs({
  options: {
    clients: { type: "string", default: "1000" },
    seconds: { type: "string", default: "5" },
    postgres: {
      type: "string",
      default: "postgres://root@127.0.0.1:5432/test",
    },
    /** Redis for the two-node run. */
    redis: { type: "string", default: "redis://127.0.0.1:6379" },
    /** What to run against: pglite, postgres, both (those two), two-nodes (PostgreSQL + Redis) or all. */
    db: { type: "string", default: "all" },
    /** Logins in flight at once while connecting the clients. */
    "login-concurrency": { type: "string", default: "50" },
    /** Extra node flags for the server child, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof". */
    "server-node-args": { type: "string", default: "" },
  },
});
const PG_ADMIN_URL = values.postgres;
const CLIENTS = Number(values.clients);
const SECONDS = Number(values.seconds);
const serverNodeArgs = values["server-node-args"].split(" ").filter(Boolean);
const ROOMS = 20;
const ROOM_SIZE = 10;
const SENDERS_PER_ROOM = 2;
const DOMAIN = "bench-chat.moa.test";

const emit = (line: Record<string, unknown>) =>
  process.stdout.write(`${JSON.stringify(line)}\n`);
const round = (n: number) => Math.round(n * 100) / 100;
const percentile = (sorted: Float64Array, p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Account = { jid: string; token: string };
/** Where the archive lives: the embedded default, or PostgreSQL (a fresh database per run). */
type Target =
  | { kind: "pglite"; dataDir: string }
  | { kind: "postgres"; dataDir: string; url: string }
  | { kind: "two-nodes"; dataDir: string; url: string; redisPrefix: string };

/** Builds the company, users, tokens and rooms in a fresh data dir before the server owns it. */
async function prepare(
  target: Target,
): Promise<{ accounts: Account[]; rooms: string[] }> {
  const database = await openDatabase(
    target.kind === "pglite"
      ? { kind: "pglite", dataDir: target.dataDir }
      : { kind: "postgres", url: target.url },
  );
  try {
    await migrate(database.db);
    const identity = await createIdentityServices(database.db, systemClock);
    const company = await identity.directory.createCompany({
      domain: DOMAIN,
      name: "채팅벤치",
    });
    await identity.directory.importOrg(
      company,
      generateOrg({
        users: CLIENTS,
        departments: 20,
        passwordHash: await hashPassword("bench1234!"),
      }),
    );
    const users = (
      await new UsersRepository(database.db).listActiveByCompany(company.id)
    ).slice(0, CLIENTS);
    const accounts: Account[] = [];
    for (const user of users) {
      const tokens = await identity.sessions.open(
        user,
        company,
        { ip: "127.0.0.1", client: "moa-bench", locale: "ko-kr" },
        { clientType: "chat", autoLogin: false },
      );
      accounts.push({ jid: userJid(user, company), token: tokens.accessToken });
    }
    const rooms: string[] = [];
    for (let r = 0; r < ROOMS; r++) {
      const members = users.slice(r * ROOM_SIZE, (r + 1) * ROOM_SIZE);
      const room = await insertRoom(
        database.db,
        {
          companyId: company.id,
          name: `pc_bench${r}_${Date.now()}`,
          type: ROOM_TYPES.group,
          title: "",
          createdBy: members[0]?.id ?? null,
          createdAt: Date.now(),
        },
        members.map((m) => ({
          userId: m.id,
          affiliation: "owner",
          joinedAt: Date.now(),
          historyFromId: 0,
        })),
      );
      rooms.push(room.name);
    }
    return { accounts, rooms };
  } finally {
    await database.close();
  }
}

/** The built server (`npm run bench` builds first) as its own process(es) on this target's database. */
async function startServers(target: Target): Promise<ServerProcess[]> {
  const start = (env: Record<string, string>) =>
    startServerProcess({
      dataDir: target.dataDir,
      nodeArgs: serverNodeArgs,
      env: { SEED_DEMO: "false", ...env },
    });
  if (target.kind === "pglite") return [await start({})];
  if (target.kind === "postgres")
    return [await start({ DATABASE_URL: target.url })];
  const env = {
    DATABASE_URL: target.url,
    REDIS_URL: values.redis,
    REDIS_PREFIX: target.redisPrefix,
  };
  return [await start(env), await start(env)];
}

/** A minimal client: full login, then raw string frames to a handler (no XML parsing on the hot path). */
type Conn = { ws: WebSocket; jid: string; onFrame: (frame: string) => void };

function login(url: string, account: Account, resource: string): Promise<Conn> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace(/^http/, "ws")}/ws/`, ["xmpp"]);
    const [local = "", domain = ""] = account.jid.split("@");
    const conn: Conn = { ws, jid: account.jid, onFrame: () => undefined };
    let step = 0;
    ws.on("error", reject);
    ws.on("open", () =>
      ws.send(
        `<open xmlns="urn:ietf:params:xml:ns:xmpp-framing" to="${domain}" version="1.0"/>`,
      ),
    );
    ws.on("message", (data) => {
      const frame = (data as Buffer).toString();
      if (step === 0 && frame.startsWith("<stream:features")) {
        step = 1;
        ws.send(
          `<auth xmlns="urn:ietf:params:xml:ns:xmpp-sasl" mechanism="PLAIN">${Buffer.from(`\0${local}\0${account.token}`).toString("base64")}</auth>`,
        );
      } else if (step === 1 && frame.startsWith("<success")) {
        step = 2;
        ws.send(
          `<open xmlns="urn:ietf:params:xml:ns:xmpp-framing" to="${domain}" version="1.0"/>`,
        );
      } else if (step === 1 && frame.startsWith("<failure")) {
        reject(new Error(`auth failed for ${account.jid}: ${frame}`));
      } else if (step === 2 && frame.startsWith("<stream:features")) {
        step = 3;
        ws.send(
          `<iq xmlns="jabber:client" type="set" id="b"><bind xmlns="urn:ietf:params:xml:ns:xmpp-bind"><resource>${resource}</resource></bind></iq>`,
        );
      } else if (step === 3 && frame.includes('id="b"')) {
        step = 4;
        resolve(conn);
      } else if (step === 4) {
        conn.onFrame(frame);
      }
    });
  });
}

function rssKiB(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(
    readFileSync(`/proc/${pid}/status`, "utf8"),
  );
  return Number(m?.[1] ?? 0);
}

/** Logs the accounts in, account i on node i mod the node count (so every room's members are split). */
async function connectMany(
  urls: readonly string[],
  accounts: Account[],
  concurrency: number,
): Promise<{ conns: Conn[]; seconds: number }> {
  const conns: Conn[] = new Array<Conn>(accounts.length);
  let next = 0;
  const started = now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < accounts.length) {
        const i = next++;
        const account = accounts[i];
        const url = urls[i % urls.length] ?? "";
        if (account) conns[i] = await login(url, account, "pc-bench");
      }
    }),
  );
  return { conns, seconds: (now() - started) / 1000 };
}

/** Sends at `rate` msg/s for `seconds` from 40 senders; returns latency stats over every delivered copy. */
async function fanOut(
  conns: Conn[],
  rooms: string[],
  domain: string,
  rate: number,
  seconds: number,
) {
  const latencies: number[] = [];
  let delivered = 0;
  for (const c of conns.slice(0, ROOMS * ROOM_SIZE)) {
    c.onFrame = (frame) => {
      const m = /<body>t([\d.]+)<\/body>/.exec(frame);
      if (!m) return;
      delivered += 1;
      latencies.push(now() - Number(m[1]));
    };
  }
  const senders = rooms.flatMap((room, r) =>
    conns
      .slice(r * ROOM_SIZE, r * ROOM_SIZE + SENDERS_PER_ROOM)
      .map((conn) => ({
        conn,
        to: roomJid(room, domain),
      })),
  );
  // Senders take turns, paced by the clock (1 ms ticks): 40 people do not press Enter in the same
  // millisecond, and sending everyone's message in one burst would measure the burst's queue, not the rate.
  let sent = 0;
  const started = now();
  for (let elapsed = 0; elapsed < seconds * 1000; elapsed = now() - started) {
    const due = Math.floor((elapsed * rate) / 1000);
    for (; sent < due; sent++) {
      const s = senders[sent % senders.length];
      s?.conn.ws.send(
        `<message xmlns="jabber:client" type="groupchat" to="${s.to}" id="x${sent}"><body>t${now()}</body></message>`,
      );
    }
    await sleep(1);
  }
  const sendSeconds = (now() - started) / 1000;
  const expected = sent * ROOM_SIZE;
  const deadline = now() + 10_000;
  while (delivered < expected && now() < deadline) await sleep(20);
  const totalSeconds = (now() - started) / 1000;
  const sorted = Float64Array.from(latencies).sort();
  return {
    sent,
    send_rate: round(sent / sendSeconds),
    delivered,
    lost: expected - delivered,
    delivered_per_second: round(delivered / totalSeconds),
    p50_ms: round(percentile(sorted, 0.5)),
    p99_ms: round(percentile(sorted, 0.99)),
  };
}

async function runSuite(target: Target): Promise<void> {
  const { accounts, rooms } = await prepare(target);
  const servers = await startServers(target);
  const urls = servers.map((s) => s.url);
  const domain = (accounts[0]?.jid ?? "").split("@")[1] ?? "";
  const db = target.kind;
  try {
    const pid = servers[0]?.child.pid ?? 0;
    const warm = await connectMany(urls, accounts.slice(0, 10), 10);
    await sleep(1000);
    const baseline = rssKiB(pid);
    const rest = await connectMany(
      urls,
      accounts.slice(10),
      Number(values["login-concurrency"]),
    );
    emit({
      metric: "connection_setup",
      db,
      connections: rest.conns.length,
      per_second: round(rest.conns.length / rest.seconds),
      target_min: 500,
    });
    await sleep(3000);
    // Memory per connection is a single-process figure: with two nodes the connections are split between them.
    if (servers.length === 1) {
      const loaded = rssKiB(pid);
      emit({
        metric: "idle_memory_per_connection",
        db,
        connections: accounts.length,
        rss_before_kib: baseline,
        rss_after_kib: loaded,
        kib_per_connection: round((loaded - baseline) / rest.conns.length),
        target_max_kib: 40,
      });
    }
    const conns = [...warm.conns, ...rest.conns];
    // Warm-up (JIT, caches), not reported.
    await fanOut(conns, rooms, domain, 500, 2);
    const steady = await fanOut(conns, rooms, domain, 500, SECONDS);
    emit({
      metric: "fanout_500_msgs",
      db,
      clients: ROOMS * ROOM_SIZE,
      rooms: ROOMS,
      senders: ROOMS * SENDERS_PER_ROOM,
      ...steady,
      target_p99_ms: servers.length === 1 ? 5 : 10,
    });
    let best = { rate: 0, delivered_per_second: 0, p99_ms: 0 };
    for (const rate of [
      1000, 2000, 2500, 3000, 3500, 4000, 4500, 5000, 6000, 7000, 8000,
    ]) {
      const r = await fanOut(conns, rooms, domain, rate, 3);
      emit({ metric: "fanout_ramp_step", db, rate, ...r });
      if (r.p99_ms >= 200 || r.lost > 0) break;
      best = {
        rate,
        delivered_per_second: r.delivered_per_second,
        p99_ms: r.p99_ms,
      };
    }
    emit({
      metric: "fanout_max_sustained",
      db,
      ...best,
      target_min_delivered_per_second: 30_000,
    });
    for (const c of conns) c.ws.terminate();
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}

/**
 * Runs a suite on a fresh PostgreSQL database (dropped afterwards), when PostgreSQL is reachable.
 * @param suite what to run with the database URL.
 */
async function withPostgres(suite: (url: string) => Promise<void>) {
  const name = `moa_bench_${Date.now()}`;
  let admin: Awaited<ReturnType<typeof openDatabase>> | undefined;
  try {
    admin = await openDatabase({
      kind: "postgres",
      url: PG_ADMIN_URL,
      poolSize: 1,
    });
    await sql`create database ${sql.id(name)}`.execute(admin.db);
  } catch (err) {
    emit({ metric: "postgres_skipped", reason: String(err) });
    await admin?.close();
    return;
  }
  try {
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    await suite(url.toString());
  } finally {
    await sql`drop database if exists ${sql.id(name)} with (force)`.execute(
      admin.db,
    );
    await admin.close();
  }
}

/** Runs a suite in a fresh temporary data dir. */
async function inTempDir(suite: (dataDir: string) => Promise<void>) {
  const dataDir = mkdtempSync(join(tmpdir(), "moa-chat-bench-"));
  try {
    await suite(dataDir);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  // "both" (the single-node pair) is kept for existing command lines.
  const wanted = (kind: string) =>
    values.db === "all" ||
    values.db === kind ||
    (values.db === "both" && kind !== "two-nodes");
  if (wanted("pglite"))
    await inTempDir((dataDir) => runSuite({ kind: "pglite", dataDir }));
  // The same load with PostgreSQL as the archive, when one is reachable.
  if (wanted("postgres"))
    await withPostgres((url) =>
      inTempDir((dataDir) => runSuite({ kind: "postgres", dataDir, url })),
    );
  // Two nodes on PostgreSQL and Redis, every room's members split over both.
  if (wanted("two-nodes"))
    await withPostgres((url) =>
      inTempDir((dataDir) =>
        runSuite({
          kind: "two-nodes",
          dataDir,
          url,
          redisPrefix: `moa:bench:${Date.now()}:`,
        }),
      ),
    );
}

await main();
