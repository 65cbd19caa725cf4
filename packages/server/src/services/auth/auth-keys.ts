/**
 * The server's authentication secrets: the access-token signing key and the RSA key pair clients
 * encrypt passwords to. Generated on first start and kept in the database, so every node and restart shares them.
 */
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  type KeyObject,
} from "node:crypto";
import type { AppMetaRepository } from "../../db/repositories/app-meta.repository.js";

export type AuthKeys = {
  /** HS256 key for access tokens. */
  jwtSecret: Uint8Array;
  /** RSA private key for RSA-OAEP-SHA256 password decryption. */
  passwordPrivateKey: KeyObject;
  /** The matching public key, DER SPKI in base64 (what getMessengerInfo publishes). */
  passwordPublicKeySpki: string;
};

const JWT_SECRET_KEY = "auth.jwt_secret";
const PASSWORD_KEY_KEY = "auth.password_rsa_pkcs8";

/**
 * Loads the keys, generating any that are missing.
 * @param meta the server-wide settings store.
 * @returns the keys.
 */
export async function loadAuthKeys(meta: AppMetaRepository): Promise<AuthKeys> {
  const secret = await meta.getOrCreate(JWT_SECRET_KEY, () =>
    randomBytes(32).toString("base64url"),
  );
  const pem = await meta.getOrCreate(PASSWORD_KEY_KEY, () => {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    return privateKey.export({ format: "pem", type: "pkcs8" }).toString();
  });
  const passwordPrivateKey = createPrivateKey(pem);
  const spki = createPublicKey(passwordPrivateKey).export({
    format: "der",
    type: "spki",
  });
  return {
    jwtSecret: new Uint8Array(Buffer.from(secret, "base64url")),
    passwordPrivateKey,
    passwordPublicKeySpki: spki.toString("base64"),
  };
}
