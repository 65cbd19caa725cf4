#!/usr/bin/env node
/**
 * `npm run bench`: runs every packages/<pkg>/bench/*.bench.ts (with tsx) one after another and keeps
 * their output in bench-results/. Benchmarks print JSON lines; a filter argument picks benches by name.
 * Usage: npm run bench [-- <name-filter>]
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, existsSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";

const filter = process.argv[2] ?? "";
const benches = readdirSync("packages")
  .map((pkg) => join("packages", pkg, "bench"))
  .filter((dir) => existsSync(dir))
  .flatMap((dir) =>
    readdirSync(dir)
      .filter((f) => f.endsWith(".bench.ts"))
      .map((f) => join(dir, f)),
  )
  .filter((f) => f.includes(filter))
  .sort();

mkdirSync("bench-results", { recursive: true });
const machine = `${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
console.log(`machine: ${machine}`);
let failures = 0;
for (const file of benches) {
  console.log(`\n== ${file} ==`);
  const run = spawnSync("npx", ["tsx", file], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    env: process.env,
  });
  process.stdout.write(run.stdout);
  const name = file
    .replace(/^packages\//, "")
    .replace(/\/bench\//, "-")
    .replace(/\.bench\.ts$/, "");
  writeFileSync(join("bench-results", `${name}.jsonl`), run.stdout);
  if (run.status !== 0) {
    failures++;
    console.log(`${file} failed with exit code ${run.status}`);
  }
}
if (!benches.length) console.log("no benchmarks matched");
process.exit(failures ? 1 : 0);
