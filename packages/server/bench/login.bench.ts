/**
 * Login and org-tree benchmark on a 20,000-user / 600-department org: builds the org in a temp data dir, starts
 * the server as a child process, and measures from this process. Prints JSON lines on stdout.
 * Run: npx tsx packages/server/bench/login.bench.ts [--users 20000] [--departments 600] [--logins 300] [--concurrency 16]
 */
import { get as httpGet } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { systemClock } from "../src/clock.js";
import {
  startServerProcess,
  type ServerProcess,
} from "../src/testing/server-process.js";
import { openDatabase } from "../src/db/database.js";
import { migrate } from "../src/db/migrate.js";
import { hashPassword } from "../src/services/auth/password-hasher.js";
import { generateOrg } from "../src/services/directory/org-generator.js";
import { createIdentityServices } from "../src/services/services.js";
import {
  encryptPassword,
  fetchPasswordKey,
  loginAs,
} from "../src/testing/factories.js";

const { values } = parseArgs({
  options: {
    users: { type: "string", default: "20000" },
    departments: { type: "string", default: "600" },
    logins: { type: "string", default: "300" },
    concurrency: { type: "string", default: "16" },
    "tree-requests": { type: "string", default: "50" },
  },
});
const USERS = Number(values.users);
const DEPARTMENTS = Number(values.departments);
const LOGINS = Number(values.logins);
const CONCURRENCY = Number(values.concurrency);
const TREE_REQUESTS = Number(values["tree-requests"]);
const DOMAIN = "bench.moa.test";
const PASSWORD = "moa1234!";

const emit = (line: Record<string, unknown>) =>
  process.stdout.write(`${JSON.stringify(line)}\n`);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const ms = (n: number) => Math.round(n * 100) / 100;

async function buildOrg(dataDir: string) {
  const started = performance.now();
  const database = await openDatabase({ kind: "pglite", dataDir });
  try {
    await migrate(database.db);
    const identity = await createIdentityServices(database.db, systemClock);
    const company = await identity.directory.createCompany({
      domain: DOMAIN,
      name: "벤치마크그룹",
    });
    const org = generateOrg({
      users: USERS,
      departments: DEPARTMENTS,
      passwordHash: await hashPassword(PASSWORD),
    });
    const summary = await identity.directory.importOrg(company, org);
    emit({
      metric: "org_generated",
      ...summary,
      ms: ms(performance.now() - started),
    });
    return company.orgUrl;
  } finally {
    await database.close();
  }
}

/** The built server (`npm run bench` builds first) as its own process on the generated org's data dir. */
function startServer(dataDir: string): Promise<ServerProcess> {
  return startServerProcess({ dataDir, env: { SEED_DEMO: "false" } });
}

async function benchLogins(url: string) {
  const key = await fetchPasswordKey(url, DOMAIN);
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < LOGINS) {
      const i = next++;
      const loginId = `u${String((i % USERS) + 1).padStart(6, "0")}`;
      const t = performance.now();
      const res = await fetch(`${url}/api/v1/auth/login2`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-requested-with": "moa-bench",
        },
        body: JSON.stringify({
          username: loginId,
          token: encryptPassword(key, PASSWORD),
          domnNm: DOMAIN,
        }),
      });
      const body = (await res.json()) as { ErrorCode?: string };
      latencies.push(performance.now() - t);
      if (body.ErrorCode !== "00") failures += 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  emit({
    metric: "login_throughput",
    logins: LOGINS,
    concurrency: CONCURRENCY,
    failures,
    per_second: ms(LOGINS / seconds),
    p50_ms: ms(percentile(latencies, 0.5)),
    p95_ms: ms(percentile(latencies, 0.95)),
  });
}

async function benchTree(url: string, orgUrl: string) {
  const { accessToken } = await loginAs(
    { url },
    { loginId: "u000001", domain: DOMAIN, password: PASSWORD },
  );
  // node:http rather than fetch: fetch would gunzip 13 MB on this side and count that as server time.
  const get = (encoding: string) =>
    new Promise<{ ms: number; bytes: number; status: number }>(
      (resolve, reject) => {
        const t = performance.now();
        const req = httpGet(
          `${url}/api/v1/orgtree/tree/${orgUrl}`,
          {
            headers: {
              authorization: `Bearer ${accessToken}`,
              "accept-encoding": encoding,
            },
          },
          (res) => {
            let bytes = 0;
            res.on("data", (chunk: Buffer) => (bytes += chunk.length));
            res.on("end", () =>
              resolve({
                ms: performance.now() - t,
                bytes,
                status: res.statusCode ?? 0,
              }),
            );
            res.on("error", reject);
          },
        );
        req.on("error", reject);
      },
    );
  const cold = await get("gzip");
  const plain = await get("identity");
  emit({
    metric: "org_tree_cold",
    users: USERS,
    departments: DEPARTMENTS,
    ms: ms(cold.ms),
    json_bytes: plain.bytes,
    gzip_bytes: cold.bytes,
  });
  for (const encoding of ["gzip", "identity"]) {
    const times: number[] = [];
    for (let i = 0; i < TREE_REQUESTS; i += 1)
      times.push((await get(encoding)).ms);
    times.sort((a, b) => a - b);
    emit({
      metric: "org_tree_warm",
      encoding,
      requests: TREE_REQUESTS,
      p50_ms: ms(percentile(times, 0.5)),
      p95_ms: ms(percentile(times, 0.95)),
      max_ms: ms(times.at(-1) ?? 0),
      target_ms: 200,
    });
  }
}

const dataDir = mkdtempSync(join(tmpdir(), "moa-bench-"));
try {
  const orgUrl = await buildOrg(dataDir);
  const server = await startServer(dataDir);
  try {
    await benchLogins(server.url);
    await benchTree(server.url, orgUrl);
  } finally {
    await server.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
