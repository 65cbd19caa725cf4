/**
 * The package and layer boundaries of STYLE.md §3 fail the build: each case lints an offending import with the
 * repository's own ESLint config, placed in a real source file of the importing package.
 */
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../..", import.meta.url));
let eslint: ESLint;

async function lintAs(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map(
    (m) => `${m.ruleId ?? "parse"}: ${m.message}`,
  );
}

describe("lint boundaries", () => {
  beforeAll(() => {
    eslint = new ESLint({ cwd: root });
  });

  it("refuses shared importing the server", async () => {
    const errors = await lintAs(
      "packages/shared/src/index.ts",
      "export { startServer } from '@moa/server';\n",
    );
    expect(errors).toEqual([
      expect.stringMatching(
        /^no-restricted-imports: .*packages\/shared may not import/,
      ),
    ]);
  });

  it("refuses shared and web importing Node built-ins", async () => {
    expect(
      await lintAs(
        "packages/shared/src/index.ts",
        "export { readFileSync } from 'node:fs';\n",
      ),
    ).toEqual([expect.stringMatching(/^no-restricted-imports/)]);
    expect(
      await lintAs(
        "packages/web/src/main.tsx",
        "export { createHash } from 'crypto';\n",
      ),
    ).toEqual([expect.stringMatching(/^no-restricted-imports/)]);
  });

  it("refuses the web client importing the server", async () => {
    expect(
      await lintAs(
        "packages/web/src/main.tsx",
        "export { loadConfig } from '@moa/server';\n",
      ),
    ).toEqual([
      expect.stringMatching(
        /^no-restricted-imports: .*packages\/web may not import/,
      ),
    ]);
  });

  it("refuses a service importing the HTTP layer", async () => {
    const errors = await lintAs(
      "packages/server/src/services/services.ts",
      "export { registerAuthHook } from '../http/auth-hook.js';\n",
    );
    expect(errors).toContainEqual(
      expect.stringMatching(
        /^import-x\/no-restricted-paths: .*Services never import/,
      ),
    );
  });

  it("accepts an allowed import", async () => {
    expect(
      await lintAs(
        "packages/shared/src/index.ts",
        "export { z } from 'zod';\n",
      ),
    ).toEqual([]);
  });
});
