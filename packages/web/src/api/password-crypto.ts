/** Encrypts the password to the server's published key (RSA-OAEP-256, getMessengerInfo) with WebCrypto before login2. */

const decodeBase64 = (b64: string): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));

const encodeBase64 = (bytes: ArrayBuffer): string => {
  let binary = "";
  for (const b of new Uint8Array(bytes)) binary += String.fromCharCode(b);
  return btoa(binary);
};

/**
 * Encrypts a password.
 * @param spki - the server's public key, DER SubjectPublicKeyInfo in base64.
 * @param password - the password as typed.
 * @returns the ciphertext in base64, as login2's `token` and the lock check expect.
 */
export async function encryptPassword(
  spki: string,
  password: string,
): Promise<string> {
  const key = await crypto.subtle.importKey(
    "spki",
    decodeBase64(spki),
    { name: "RSA-OAEP", hash: "SHA-256" },
    false,
    ["encrypt"],
  );
  const cipher = await crypto.subtle.encrypt(
    { name: "RSA-OAEP" },
    key,
    new TextEncoder().encode(password),
  );
  return encodeBase64(cipher);
}
