/** Reads the password clients send encrypted (RSA-OAEP with SHA-256) to the key published by getMessengerInfo. */
import { constants, privateDecrypt, type KeyObject } from "node:crypto";

/** Longest password accepted after decryption; longer input is refused before hashing. */
const MAX_PASSWORD_LENGTH = 128;

/**
 * Decrypts a password.
 * @param privateKey the server's RSA private key.
 * @param token base64 RSA-OAEP-SHA256 ciphertext of the UTF-8 password.
 * @returns the password, or undefined when the token is not a readable ciphertext.
 */
export function decryptPassword(
  privateKey: KeyObject,
  token: string,
): string | undefined {
  if (!/^[A-Za-z0-9+/=_-]{16,1024}$/.test(token)) return undefined;
  try {
    const plain = privateDecrypt(
      {
        key: privateKey,
        padding: constants.RSA_PKCS1_OAEP_PADDING,
        oaepHash: "sha256",
      },
      Buffer.from(token, "base64"),
    ).toString("utf8");
    return plain.length > 0 && plain.length <= MAX_PASSWORD_LENGTH
      ? plain
      : undefined;
  } catch {
    return undefined;
  }
}
