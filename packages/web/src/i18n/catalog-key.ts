/** Message codes from @moa/shared are catalog keys; this types a code computed at run time as one. */
import type { catalog as koKR } from "./locales/ko-KR";

/** A key of the catalogs. */
export type CatalogKey = keyof typeof koKR;

/**
 * Treats a spec message code (e.g. `LO.A.076` from a rule in @moa/shared) as a catalog key; `codes.test.ts`
 * checks that every code the app can show exists in both catalogs.
 */
export function asCatalogKey(code: string): CatalogKey {
  return code as CatalogKey;
}
