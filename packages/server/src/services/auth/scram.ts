/**
 * SCRAM-SHA-256 (RFC 5802 with RFC 7677's hash), the server's side: keys derived from a password once and stored,
 * the client-first message parsed, the server-first built and the client's proof checked. Channel binding data
 * (RFC 9266 tls-exporter, RFC 5929 tls-server-end-point) comes from the transport.
 */
import {
  createHash,
  createHmac,
  pbkdf2,
  randomBytes,
  timingSafeEqual,
} from "node:crypto";
import { saslprep } from "@mongodb-js/saslprep";
import type { ScramKeys } from "../../db/repositories/chat-credentials.repository.js";

/** RFC 7677 asks for at least 4096; ~10 ms on the reference machine, paid once per login. */
export const SCRAM_ITERATIONS = 10_000;

export type { ScramKeys };

const hmac = (key: Buffer, data: string | Buffer) =>
  createHmac("sha256", key).update(data).digest();

/**
 * Derives the stored keys of a password.
 * @param password the plain password.
 * @param salt the salt; a fresh random one by default.
 * @param iterations the PBKDF2 iteration count.
 * @returns the keys.
 */
export async function deriveScramKeys(
  password: string,
  salt: Buffer = randomBytes(16),
  iterations = SCRAM_ITERATIONS,
): Promise<ScramKeys> {
  const salted = await new Promise<Buffer>((resolve, reject) => {
    pbkdf2(saslprep(password), salt, iterations, 32, "sha256", (err, key) => {
      if (err) reject(err);
      else resolve(key);
    });
  });
  const clientKey = hmac(salted, "Client Key");
  return {
    salt,
    iterations,
    storedKey: createHash("sha256").update(clientKey).digest(),
    serverKey: hmac(salted, "Server Key"),
  };
}

/** The client's first message (RFC 5802 §7 client-first-message). */
export type ClientFirst = {
  /** `n` (no binding), `y` (client could bind but thinks the server cannot) or `p` (binding of `cbType`). */
  cbFlag: "n" | "y" | "p";
  cbType: string | undefined;
  authzid: string | undefined;
  username: string;
  nonce: string;
  /** The gs2 header as sent, repeated base64-encoded in the client's final message. */
  gs2Header: string;
  /** client-first-message-bare, part of the signed AuthMessage. */
  bare: string;
};

const unescapeName = (value: string): string | undefined =>
  /=(?!2C|3D)/.test(value)
    ? undefined
    : value.replace(/=2C/g, ",").replace(/=3D/g, "=");

/**
 * Parses the client-first message.
 * @param message the decoded `<auth/>` payload.
 * @returns the parts, or undefined when malformed.
 */
export function parseClientFirst(message: string): ClientFirst | undefined {
  const m =
    /^(n|y|p=([A-Za-z0-9.-]+)),(a=[^,]*)?,(n=([^,]*),r=([^,]+)(,.*)?)$/.exec(
      message,
    );
  if (!m) return undefined;
  const [, flag = "", cbType, authz, bare = "", rawName = "", nonce = ""] = m;
  // RFC 5802 §5.1: an `m=` extension the server does not understand must fail the exchange.
  if (bare.split(",").some((attr) => attr.startsWith("m="))) return undefined;
  const username = unescapeName(rawName);
  const authzid = authz ? unescapeName(authz.slice(2)) : undefined;
  if (!username || (authz && authzid === undefined)) return undefined;
  return {
    cbFlag: flag.startsWith("p") ? "p" : (flag as "n" | "y"),
    cbType,
    authzid: authzid || undefined,
    username,
    nonce,
    gs2Header: message.slice(0, message.length - bare.length),
    bare,
  };
}

/** The server's half of one exchange, kept between the challenge and the client's answer. */
export type ScramExchange = {
  clientFirst: ClientFirst;
  serverFirst: string;
  nonce: string;
  keys: ScramKeys;
};

/**
 * Starts an exchange: the server-first message with the combined nonce, the salt and the iteration count.
 * @param clientFirst the parsed client-first message.
 * @param keys the user's keys (or decoy keys for an unknown user, so the answer looks the same).
 * @returns the exchange state.
 */
export function startExchange(
  clientFirst: ClientFirst,
  keys: ScramKeys,
): ScramExchange {
  const nonce = clientFirst.nonce + randomBytes(18).toString("base64");
  const serverFirst = `r=${nonce},s=${keys.salt.toString("base64")},i=${keys.iterations}`;
  return { clientFirst, serverFirst, nonce, keys };
}

export type ScramVerdict =
  | { ok: true; serverFinal: string }
  | { ok: false; reason: "malformed" | "channel-binding" | "proof" };

/**
 * Checks the client-final message.
 * @param exchange the state from {@link startExchange}.
 * @param message the decoded `<response/>` payload.
 * @param bindingData the channel binding data of the type the client chose (empty when it chose none).
 * @returns the server-final message to send with `<success/>`, or why not.
 */
export function finishExchange(
  exchange: ScramExchange,
  message: string,
  bindingData: Buffer,
): ScramVerdict {
  const m = /^c=([A-Za-z0-9+/=]+),r=([^,]+)(,.*)?,p=([A-Za-z0-9+/=]+)$/.exec(
    message,
  );
  if (!m) return { ok: false, reason: "malformed" };
  const [, cb = "", nonce = "", , proofB64 = ""] = m;
  if (nonce !== exchange.nonce) return { ok: false, reason: "malformed" };
  const expectedCb = Buffer.concat([
    Buffer.from(exchange.clientFirst.gs2Header),
    bindingData,
  ]);
  const givenCb = Buffer.from(cb, "base64");
  if (
    givenCb.length !== expectedCb.length ||
    !timingSafeEqual(givenCb, expectedCb)
  )
    return { ok: false, reason: "channel-binding" };
  const withoutProof = message.slice(0, message.lastIndexOf(",p="));
  const authMessage = `${exchange.clientFirst.bare},${exchange.serverFirst},${withoutProof}`;
  const proof = Buffer.from(proofB64, "base64");
  const signature = hmac(exchange.keys.storedKey, authMessage);
  if (proof.length !== signature.length) return { ok: false, reason: "proof" };
  const clientKey = Buffer.alloc(proof.length);
  for (let i = 0; i < proof.length; i++)
    clientKey[i] = (proof[i] ?? 0) ^ (signature[i] ?? 0);
  const stored = createHash("sha256").update(clientKey).digest();
  if (!timingSafeEqual(stored, exchange.keys.storedKey))
    return { ok: false, reason: "proof" };
  const serverSignature = hmac(exchange.keys.serverKey, authMessage);
  return { ok: true, serverFinal: `v=${serverSignature.toString("base64")}` };
}
