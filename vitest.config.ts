/** One vitest run for the whole monorepo: each package is a project; `services` re-runs the database tests on PostgreSQL/Redis. */
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// Tests import workspace packages from source, so no build is needed to run them.
const alias = [
  {
    find: /^@moa\/shared$/,
    replacement: here("./packages/shared/src/index.ts"),
  },
  {
    find: /^@moa\/server\/testing$/,
    replacement: here("./packages/server/src/testing/index.ts"),
  },
];

export default defineConfig({
  plugins: [react()],
  resolve: { alias },
  test: {
    env: { TZ: "UTC" },
    // Vitest leaves a core free by default, which on a 2-core machine runs every file in turn; browser and server
    // tests mostly wait on other processes, so two workers keep both cores busy.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "shared",
          root: "packages/shared",
          environment: "node",
          include: ["src/**/*.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "server",
          root: "packages/server",
          environment: "node",
          include: ["src/**/*.test.ts"],
          exclude: ["src/**/*.services.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "services",
          root: "packages/server",
          environment: "node",
          include: ["src/**/*.db.test.ts", "src/**/*.services.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          env: {
            TZ: "UTC",
            MOA_TEST_DATABASE_URL: "postgres://root@127.0.0.1:5432/test",
            MOA_TEST_REDIS_URL: "redis://127.0.0.1:6379",
          },
        },
      },
      {
        extends: true,
        resolve: {
          alias: [
            ...alias,
            // Tests run real WebSocket servers in Node; the browser condition would pick `ws`'s empty stub.
            {
              find: /^ws$/,
              replacement: here("./node_modules/ws/wrapper.mjs"),
            },
          ],
          conditions: ["browser", "module", "import", "default"],
        },
        test: {
          name: "web",
          root: "packages/web",
          environment: "jsdom",
          include: ["src/**/*.test.{ts,tsx}"],
          setupFiles: ["./src/test/setup.ts"],
          // Screens load lazily; on a loaded 2-core machine a first render can take seconds. Tests wait for
          // conditions, so the limit only ends a test that would fail anyway.
          testTimeout: 30_000,
          server: { deps: { inline: ["strophe.js"] } },
        },
      },
      {
        extends: true,
        resolve: {
          alias: [
            ...alias,
            {
              find: /^electron$/,
              replacement: here("./packages/desktop/test/fake-electron.ts"),
            },
          ],
        },
        test: {
          name: "desktop",
          root: "packages/desktop",
          environment: "node",
          include: ["src/**/*.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          root: "packages/e2e",
          environment: "node",
          include: ["src/**/*.spec.ts"],
          globalSetup: ["./src/global-setup.ts"],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // expect.poll gives up after 1 s by default: a settings window's title took longer under CI's load.
          expect: { poll: { timeout: 15_000 } },
          // Each spec file has its own server and browser, so files share the two workers with the other projects:
          // run one at a time, they waited for every other project and added ten minutes to a run.
        },
      },
    ],
  },
});
