#!/usr/bin/env node
/**
 * Runs vitest with the given arguments and a JSON report, then prints the one closing line CI reads:
 * "N passed, N failed, N skipped". Usage: node scripts/vitest-summary.mjs <report.json> [vitest args…]
 */
import { spawnSync } from "node:child_process";
import { readFileSync, existsSync, rmSync } from "node:fs";

const [report, ...args] = process.argv.slice(2);
if (!report) {
  console.error("usage: vitest-summary.mjs <report.json> [vitest args…]");
  process.exit(2);
}
rmSync(report, { force: true });
const run = spawnSync(
  "npx",
  [
    "vitest",
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${report}`,
    ...args,
  ],
  { stdio: "inherit", env: { ...process.env, TZ: "UTC" } },
);
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, "utf8"));
  console.log(
    `${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`,
  );
  // A suite that failed to load counts no tests but must still fail the run.
  if (r.numFailedTestSuites > 0 && r.numFailedTests === 0)
    console.log(`${r.numFailedTestSuites} test files failed to load`);
} else {
  console.log("0 passed, 1 failed");
}
process.exit(run.status ?? 1);
