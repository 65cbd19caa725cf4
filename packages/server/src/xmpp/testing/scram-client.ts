/**
 * SCRAM-SHA-256 for @xmpp/client, which ships only SCRAM-SHA-1: the client side of RFC 5802/7677 in the shape of a
 * `saslmechanisms` mechanism, so tests log in the way Gajim, Dino or Conversations do.
 */
import { createHash, createHmac, pbkdf2Sync, randomBytes } from "node:crypto";
import type { XmppClient } from "@xmpp/client";

const hmac = (key: Buffer, data: string) =>
  createHmac("sha256", key).update(data).digest();

export class ScramSha256 {
  readonly name = "SCRAM-SHA-256";
  readonly clientFirst = true;
  private stage: "first" | "final" | "done" = "first";
  private readonly nonce = randomBytes(12).toString("base64");
  private bare = "";
  private serverFirst = "";

  response(cred: { username: string; password: string }): string {
    if (this.stage === "first") {
      this.stage = "final";
      this.bare = `n=${cred.username},r=${this.nonce}`;
      return `n,,${this.bare}`;
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
    const withoutProof = `c=${Buffer.from("n,,").toString("base64")},r=${attrs.get("r") ?? ""}`;
    const signature = hmac(
      storedKey,
      `${this.bare},${this.serverFirst},${withoutProof}`,
    );
    const proof = clientKey.map((b, i) => b ^ (signature[i] ?? 0));
    return `${withoutProof},p=${Buffer.from(proof).toString("base64")}`;
  }

  challenge(chal: string): this {
    this.serverFirst = chal;
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
