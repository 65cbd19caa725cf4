/**
 * The ko-KR catalog, one JSON file per area of the app so features add their messages without touching each other's
 * files; `catalogs.test.ts` checks that no key is defined twice and that both languages hold the same keys.
 */
import app from "./app.json";

/** Every file of this catalog, for the duplicate-key check. */
export const parts = { app };

export default { ...app };
