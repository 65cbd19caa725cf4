/**
 * Zod compiles fast object parsers with `new Function` when it may, and probes for that with `Function("")`; the
 * server's Content-Security-Policy forbids eval (no 'unsafe-eval'), so the probe is a reported violation. Imported
 * first by the entry point, before any schema parses.
 */
import { config } from "zod";

config({ jitless: true });
