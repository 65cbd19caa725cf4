/**
 * Org search and department listing over a 20,000-user / 600-department org (target: search under 100 ms).
 * Builds the org in an in-memory PGlite, serves the app in this process and measures over real HTTP.
 * Run: npx tsx packages/server/bench/org-search.bench.ts [--users 20000] [--departments 600] [--requests 200]
 */
import { parseArgs } from "node:util";
import { createApp } from "../src/app.js";
import { systemClock } from "../src/clock.js";
import { loadConfig } from "../src/config.js";
import { openDatabase } from "../src/db/database.js";
import { migrate } from "../src/db/migrate.js";
import { createLogger } from "../src/logger.js";
import { hashPassword } from "../src/services/auth/password-hasher.js";
import { generateOrg } from "../src/services/directory/org-generator.js";
import { createIdentityServices } from "../src/services/services.js";
import { loginAs } from "../src/testing/factories.js";

const { values } = parseArgs({
  options: {
    users: { type: "string", default: "20000" },
    departments: { type: "string", default: "600" },
    requests: { type: "string", default: "200" },
  },
});
const USERS = Number(values.users);
const REQUESTS = Number(values.requests);
const DOMAIN = "bench.moa.test";
const PASSWORD = "moa1234!";
/** Typical typed fragments: a family name, a two-syllable given name, one syllable, and a miss. */
const QUERIES = ["김", "민준", "서", "지우", "없는이름"];

const emit = (line: Record<string, unknown>) =>
  process.stdout.write(`${JSON.stringify(line)}\n`);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const ms = (n: number) => Math.round(n * 100) / 100;

const database = await openDatabase({ kind: "pglite", dataDir: undefined });
await migrate(database.db);
const identity = await createIdentityServices(database.db, systemClock);
const company = await identity.directory.createCompany({
  domain: DOMAIN,
  name: "벤치마크그룹",
});
const org = generateOrg({
  users: USERS,
  departments: Number(values.departments),
  passwordHash: await hashPassword(PASSWORD),
});
await identity.directory.importOrg(company, org);
const config = loadConfig({
  PORT: "0",
  HOST: "127.0.0.1",
  LOG_LEVEL: "warn",
  DATA_DIR: "/nonexistent-moa-bench",
});
const app = await createApp({
  config,
  db: database.db,
  logger: createLogger("bench", "warn"),
  identity,
});
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
try {
  const { accessToken } = await loginAs(
    { url },
    { loginId: "u000001", domain: DOMAIN, password: PASSWORD },
  );
  const post = async (text: string) => {
    const t = performance.now();
    const res = await fetch(`${url}/api/v1/orgtree/search/`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${accessToken}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ searchKey: "name", text }),
    });
    const body = (await res.json()) as { UserProfile?: unknown[] };
    return { ms: performance.now() - t, hits: body.UserProfile?.length ?? -1 };
  };
  const cold = await post("김");
  emit({
    metric: "org_search_cold",
    users: USERS,
    ms: ms(cold.ms),
    hits: cold.hits,
    note: "includes building the org index",
  });
  for (const q of QUERIES) {
    const latencies: number[] = [];
    let hits = 0;
    for (let i = 0; i < REQUESTS / QUERIES.length; i += 1) {
      const r = await post(q);
      latencies.push(r.ms);
      hits = r.hits;
    }
    latencies.sort((a, b) => a - b);
    emit({
      metric: "org_search_warm",
      users: USERS,
      query: q,
      hits,
      p50_ms: ms(percentile(latencies, 0.5)),
      p95_ms: ms(percentile(latencies, 0.95)),
      max_ms: ms(latencies.at(-1) ?? 0),
      target_ms: 100,
    });
  }
} finally {
  await app.close();
  await database.close();
}
