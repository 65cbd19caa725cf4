/** TRUST_PROXY: which peers may set X-Forwarded-For/-Proto/-Host. Parsed here, handed to Fastify's trustProxy. */
import { isIP } from "node:net";

/** Off, or the proxies' addresses and CIDR ranges. */
export type TrustProxy = false | string[];

/** proxy-addr's names for the loopback, link-local and private ranges. */
const RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = "", bits, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const max = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

/**
 * Parses TRUST_PROXY.
 * A hop count is refused: it trusts whoever connects, so a client reaching the server directly could still forge the
 * headers (Fastify's own hop-count setting fails closed for that reason).
 * @param raw unset or `false` (off), or a comma list of addresses, CIDRs and the names loopback, linklocal, uniquelocal.
 * @returns the setting, or an error message for the configuration report.
 */
export function parseTrustProxy(
  raw: string | undefined,
): { ok: true; value: TrustProxy } | { ok: false; message: string } {
  const text = raw?.trim() ?? "";
  if (text === "" || text === "false") return { ok: true, value: false };
  if (/^\d+$/.test(text))
    return {
      ok: false,
      message: `a hop count (${text}) would trust any peer: list the proxies' addresses or CIDRs`,
    };
  const entries = text.split(",").map((e) => e.trim());
  const bad = entries.filter((e) => !isAddressOrRange(e));
  if (bad.length > 0)
    return {
      ok: false,
      message: `not a hop count, address or CIDR: ${bad.join(", ")} (trusting every peer is not supported)`,
    };
  return { ok: true, value: entries };
}
