/**
 * Once per e2e run: starts the built server on an empty data directory, lets it create its database and seed the
 * demo company, and stops it. Each spec file's server then starts on a copy of that directory, as a deployed server
 * restarts on its data, instead of creating and seeding a database of its own (most of a fresh start's time).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServerProcess } from "@moa/server/testing";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** A stopped server's data directory holding the seeded demo company. */
    seededDataDir: string;
  }
}

let dataDir: string | undefined;

export async function setup(project: TestProject) {
  dataDir = mkdtempSync(join(tmpdir(), "moa-e2e-seeded-"));
  const server = await startServerProcess({ dataDir });
  await server.stop({ keepData: true });
  project.provide("seededDataDir", dataDir);
}

export function teardown() {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
