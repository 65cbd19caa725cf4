/** Lint for the whole monorepo. Boundaries of STYLE.md §3 are errors, so a forbidden import fails the build. */
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import n from "eslint-plugin-n";
import noOnlyTests from "eslint-plugin-no-only-tests";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const nodeBuiltins = [
  "node:*",
  "fs",
  "path",
  "os",
  "crypto",
  "http",
  "https",
  "net",
  "child_process",
  "stream",
  "url",
  "util",
  "events",
  "buffer",
  "worker_threads",
];

/** Packages each package may not import (STYLE.md §3). */
const forbidden = {
  shared: [
    "@moa/server",
    "@moa/server/*",
    "@moa/web",
    "@moa/web/*",
    "@moa/desktop",
    "@moa/desktop/*",
    "@moa/e2e",
    ...nodeBuiltins,
  ],
  server: [
    "@moa/web",
    "@moa/web/*",
    "@moa/desktop",
    "@moa/desktop/*",
    "@moa/e2e",
    "strophe.js",
  ],
  web: [
    "@moa/server",
    "@moa/server/*",
    "@moa/desktop",
    "@moa/desktop/*",
    "@moa/e2e",
    ...nodeBuiltins,
  ],
  desktop: [
    "@moa/server",
    "@moa/server/*",
    "@moa/web",
    "@moa/web/*",
    "@moa/e2e",
  ],
  e2e: ["@moa/web", "@moa/web/*", "@moa/desktop", "@moa/desktop/*"],
};
const restrict = (pkg) => ({
  files: [`packages/${pkg}/**/*.{ts,tsx}`],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          {
            group: forbidden[pkg],
            message: `STYLE.md §3: packages/${pkg} may not import this.`,
          },
          {
            group: ["@moa/*/src/*", "../../*/src/*", "**/packages/*/src/*"],
            message:
              "Import a package through its exports, never its source tree.",
          },
        ],
      },
    ],
  },
});

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "**/.tsbuild/**",
      "data/**",
      "coverage/**",
      "**/artifacts/**",
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: "error" } },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            "*.js",
            "*.ts",
            "scripts/*.mjs",
            // Served as is, before any module (zod configuration).
            "packages/web/public/*.js",
          ],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { "import-x": importX, n, "no-only-tests": noOnlyTests },
    settings: {
      "import-x/resolver": {
        typescript: { project: ["packages/*/tsconfig.json"] },
      },
    },
    rules: {
      "no-console": "error",
      "no-only-tests/no-only-tests": "error",
      "n/no-process-env": "error",
      "import-x/no-cycle": ["error", { maxDepth: 10 }],
      "import-x/no-default-export": "error",
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-confusing-void-expression": [
        "error",
        { ignoreArrowShorthand: true },
      ],
      "@typescript-eslint/restrict-template-expressions": [
        "error",
        { allowNumber: true },
      ],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='then']",
          message: "Use async/await, not .then() chains (STYLE.md §8).",
        },
      ],
    },
  },
  restrict("shared"),
  restrict("server"),
  restrict("web"),
  restrict("desktop"),
  restrict("e2e"),
  {
    // Within server, layers only call downwards (STYLE.md §3).
    files: ["packages/server/src/**/*.ts"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./packages/server/src/services",
              from: [
                "./packages/server/src/http",
                "./packages/server/src/xmpp",
              ],
              message: "Services never import http/ or xmpp/.",
            },
            {
              target: "./packages/server/src/db",
              from: [
                "./packages/server/src/services",
                "./packages/server/src/http",
                "./packages/server/src/xmpp",
              ],
              message:
                "db/ and repositories never import services or protocols.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["packages/web/**/*.{ts,tsx}"],
    languageOptions: { globals: globals.browser },
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // Only these read the environment: the server's config, test harnesses, build tooling.
    files: [
      "packages/server/src/config.ts",
      "**/testing/**",
      "**/*.config.ts",
      "scripts/**",
      "packages/e2e/**",
      "packages/desktop/src/main/config.ts",
    ],
    rules: { "n/no-process-env": "off" },
  },
  {
    // Build tool configuration runs in Node, not in the package's runtime.
    files: ["**/*.config.ts", "eslint.config.js"],
    rules: {
      "import-x/no-default-export": "off",
      "no-restricted-imports": "off",
    },
  },
  {
    files: ["**/*.{js,mjs,cjs}"],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: globals.node },
  },
  {
    files: ["scripts/**"],
    rules: { "no-console": "off" },
  },
  {
    files: [
      "**/*.test.{ts,tsx}",
      "**/*.spec.ts",
      "**/testing/**",
      "**/test/**",
    ],
    rules: {
      "@typescript-eslint/no-non-null-assertion": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
    },
  },
  prettier,
);
