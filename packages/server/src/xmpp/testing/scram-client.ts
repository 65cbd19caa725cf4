/**
 * SCRAM-SHA-256 for @xmpp/client, which ships only SCRAM-SHA-1: the client side of RFC 5802/7677 in the shape of a
 * `saslmechanisms` mechanism, so tests log in the way Gajim, Dino or Conversations do.
 */
import { createHash, createHmac, pbkdf2Sync, randomBytes } from "node:crypto";
import type { XmppClient } from "@xmpp/client";

const hmac = (key: Buffer, data: string) =>
  createHmac("sha256", key).update(data).digest();

export class ScramSha256 {
  readonly name: string;
  readonly clientFirst = true;
  private stage: "first" | "final" | "done" = "first";
  private readonly nonce = randomBytes(12).toString("base64");
  private bare = "";
  private serverFirst = "";
  private readonly gs2Header: string;
  private authMessage = "";
  private serverKey = Buffer.alloc(0);

  /** @param binding channel binding (SCRAM-SHA-256-PLUS): its type and the data the client's TLS session gives. */
  constructor(private readonly binding?: { type: string; data: Buffer }) {
    this.name = binding ? "SCRAM-SHA-256-PLUS" : "SCRAM-SHA-256";
    this.gs2Header = binding ? `p=${binding.type},,` : "n,,";
  }

  response(cred: { username: string; password: string }): string {
    if (this.stage === "first") {
      this.stage = "final";
      this.bare = `n=${cred.username},r=${this.nonce}`;
      return `${this.gs2Header}${this.bare}`;
    }
    if (this.stage === "done") return "";
    this.stage = "done";
    const attrs = new Map(
      this.serverFirst.split(",").map((a) => [a[0], a.slice(2)] as const),
    );
    const salted = pbkdf2Sync(
      cred.password,
      Buffer.from(attrs.get("s") ?? "", "base64"),
      Number(attrs.get("i")),
      32,
      "sha256",
    );
    const clientKey = hmac(salted, "Client Key");
    const storedKey = createHash("sha256").update(clientKey).digest();
    const cb = Buffer.concat([
      Buffer.from(this.gs2Header),
      this.binding?.data ?? Buffer.alloc(0),
    ]);
    const withoutProof = `c=${cb.toString("base64")},r=${attrs.get("r") ?? ""}`;
    this.authMessage = `${this.bare},${this.serverFirst},${withoutProof}`;
    this.serverKey = hmac(salted, "Server Key");
    const signature = hmac(storedKey, this.authMessage);
    const proof = clientKey.map((b, i) => b ^ (signature[i] ?? 0));
    return `${withoutProof},p=${Buffer.from(proof).toString("base64")}`;
  }

  /**
   * Checks the server's final message (RFC 5802 §3: the server proves it knows the keys too).
   * @param final the `v=…` message sent with success.
   * @returns whether the signature is right.
   */
  verifyServer(final: string): boolean {
    const expected = hmac(this.serverKey, this.authMessage).toString("base64");
    return final === `v=${expected}`;
  }

  challenge(chal: string): this {
    // The server-final message (v=…) comes with success, not as a challenge; only the first one is kept.
    if (!this.serverFirst) this.serverFirst = chal;
    return this;
  }
}

/**
 * Makes a client prefer SCRAM-SHA-256.
 * @param xmpp the client, before start().
 */
export function useScramSha256(xmpp: XmppClient): void {
  xmpp.saslFactory._mechs.unshift({ name: "SCRAM-SHA-256", mech: ScramSha256 });
}
