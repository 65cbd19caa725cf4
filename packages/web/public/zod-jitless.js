/*
 * Zod compiles fast object parsers with `new Function` when it may, and probes for that with `Function("")`; the
 * server's Content-Security-Policy forbids eval (no 'unsafe-eval'), so the probe would be a reported violation.
 * Zod keeps its configuration on `globalThis.__zod_globalConfig` and reads `jitless` as each schema is built. This
 * classic script runs before any module script of the page, so the switch holds whatever order the bundler gives
 * the app's chunks (which lets the bundle skip the wrappers that strict module ordering costs).
 */
globalThis.__zod_globalConfig = Object.assign(
  globalThis.__zod_globalConfig || {},
  { jitless: true },
);
