/** Transcripts of the stream layer against a real server: framing, SASL PLAIN with access tokens, bind, ping, stream errors and limits. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NS_FRAMING, NS_PING, NS_SASL, NS_STREAMS } from "@moa/shared";
import type { Element } from "@xmpp/xml";
import { createTestServer, type TestServer } from "../../testing/index.js";
import {
  createCompany,
  createUser,
  loginAs,
  type TestUser,
} from "../../testing/factories.js";
import { connectRaw, loginRaw, type RawClient } from "../testing/raw-client.js";

let server: TestServer;
let alice: TestUser & { accessToken: string };
let bob: TestUser & { accessToken: string };

beforeAll(async () => {
  server = await createTestServer();
  const company = await createCompany(server.database.db);
  const a = await createUser(server.database.db, company);
  const b = await createUser(server.database.db, company);
  alice = { ...a, accessToken: (await loginAs(server, a)).accessToken };
  bob = { ...b, accessToken: (await loginAs(server, b)).accessToken };
});
afterAll(async () => {
  await server.close();
});

const domainOf = (jid: string) => jid.split("@")[1] ?? "";

/** Waits for a stream error and the socket close; returns the condition name. */
async function streamError(c: RawClient): Promise<string> {
  const err = await c.next((el) => el.name === "stream:error", "stream error");
  await c.next(
    (el) => el.name === "close" && el.getNS() === NS_FRAMING,
    "close",
  );
  await c.closed;
  const cond = err.children.find(
    (ch): ch is Element => typeof ch !== "string" && ch.getNS() === NS_STREAMS,
  );
  return cond?.name ?? "";
}

async function opened(): Promise<RawClient> {
  const c = await connectRaw(server.url);
  c.send(
    `<open xmlns="${NS_FRAMING}" to="${domainOf(alice.jid)}" version="1.0"/>`,
  );
  await c.next((el) => el.name === "stream:features");
  return c;
}

describe("upgrade", () => {
  it("refuses a socket without the xmpp subprotocol", async () => {
    await expect(
      connectRaw(server.url, { protocols: ["chat"] }),
    ).rejects.toThrow(/400/);
  });

  it("refuses a browser page from another origin", async () => {
    await expect(
      connectRaw(server.url, { origin: "https://evil.example" }),
    ).rejects.toThrow(/403/);
  });

  it("accepts the server's own origin", async () => {
    const c = await connectRaw(server.url, { origin: server.url });
    await c.close();
  });
});

describe("stream open and SASL", () => {
  it("answers <open/> with an <open/> and offers SCRAM-SHA-256 and PLAIN", async () => {
    const c = await connectRaw(server.url);
    c.send(
      `<open xmlns="${NS_FRAMING}" to="${domainOf(alice.jid)}" version="1.0"/>`,
    );
    const open = await c.next((el) => el.name === "open");
    expect(open.attrs).toMatchObject({
      from: domainOf(alice.jid),
      version: "1.0",
    });
    const features = await c.next((el) => el.name === "stream:features");
    expect(
      features
        .getChild("mechanisms", NS_SASL)
        ?.getChildren("mechanism")
        .map((m) => m.getText()),
    ).toEqual(["SCRAM-SHA-256", "PLAIN"]);
    await c.close();
  });

  it("rejects a wrong access token with not-authorized and keeps the stream for a retry", async () => {
    const c = await opened();
    const local = alice.jid.split("@")[0]!;
    c.send(
      `<auth xmlns="${NS_SASL}" mechanism="PLAIN">${Buffer.from(`\0${local}\0nope`).toString("base64")}</auth>`,
    );
    const failure = await c.next((el) => el.name === "failure");
    expect(failure.getChild("not-authorized")).toBeDefined();
    c.send(
      `<auth xmlns="${NS_SASL}" mechanism="PLAIN">${Buffer.from(`\0${local}\0${alice.accessToken}`).toString("base64")}</auth>`,
    );
    await c.next((el) => el.name === "success");
    await c.close();
  });

  it("rejects another user's token for this JID", async () => {
    const c = await opened();
    const local = alice.jid.split("@")[0]!;
    c.send(
      `<auth xmlns="${NS_SASL}" mechanism="PLAIN">${Buffer.from(`\0${local}\0${bob.accessToken}`).toString("base64")}</auth>`,
    );
    expect(
      (await c.next((el) => el.name === "failure")).getChild("not-authorized"),
    ).toBeDefined();
    await c.close();
  });

  it("refuses a new login with the token of a session that just logged out, while other logins go on", async () => {
    const company = await createCompany(server.database.db);
    const users = await Promise.all(
      [0, 1, 2].map(async () => {
        const u = await createUser(server.database.db, company);
        return { ...u, accessToken: (await loginAs(server, u)).accessToken };
      }),
    );
    const [leaving, ...staying] = users as [(typeof users)[0], ...typeof users];
    // The token worked a moment ago, so a check that trusted an earlier answer would let it in again.
    await (await loginRaw(server.url, leaving)).close();
    const logout = await fetch(`${server.url}/api/v1/auth/logout`, {
      method: "POST",
      headers: {
        "x-requested-with": "XMLHttpRequest",
        authorization: `Bearer ${leaving.accessToken}`,
      },
    });
    expect(await logout.json()).toEqual({ ErrorCode: "00" });
    // Checked together with others in flight, the revoked session is still told apart.
    const attempts = await Promise.allSettled(
      [leaving, ...staying, leaving].map((u) => loginRaw(server.url, u)),
    );
    expect(attempts.map((a) => a.status)).toEqual([
      "rejected",
      "fulfilled",
      "fulfilled",
      "rejected",
    ]);
    expect(String((attempts[0] as PromiseRejectedResult).reason)).toContain(
      "not-authorized",
    );
    await Promise.all(
      attempts.flatMap((a) =>
        a.status === "fulfilled" ? [a.value.close()] : [],
      ),
    );
  });

  it("closes with not-authorized when a stanza comes before authentication", async () => {
    const c = await opened();
    c.send(
      `<iq xmlns="jabber:client" type="get" id="1"><ping xmlns="${NS_PING}"/></iq>`,
    );
    expect(await streamError(c)).toBe("not-authorized");
  });

  it("closes with host-unknown for a domain it does not serve", async () => {
    const c = await connectRaw(server.url);
    c.send(`<open xmlns="${NS_FRAMING}" to="bad domain" version="1.0"/>`);
    expect(await streamError(c)).toBe("host-unknown");
  });
});

describe("bound session", () => {
  it("binds the requested resource and answers XEP-0199 ping", async () => {
    const c = await loginRaw(server.url, alice, "pc-1");
    expect(c.jid).toBe(`${alice.jid}/pc-1`);
    const pong = await c.iq("get", `<ping xmlns="${NS_PING}"/>`);
    expect(pong.attrs.type).toBe("result");
    await c.close();
  });

  it("answers an unknown query with service-unavailable", async () => {
    const c = await loginRaw(server.url, alice);
    const res = await c.iq("get", `<query xmlns="urn:example:nothing"/>`);
    expect(res.attrs.type).toBe("error");
    expect(
      res.getChild("error")?.getChild("service-unavailable"),
    ).toBeDefined();
    await c.close();
  });

  it("ends the older session with conflict when the same full JID logs in again", async () => {
    const first = await loginRaw(server.url, alice, "same");
    const second = await loginRaw(server.url, alice, "same");
    expect(await streamError(first)).toBe("conflict");
    const pong = await second.iq("get", `<ping xmlns="${NS_PING}"/>`);
    expect(pong.attrs.type).toBe("result");
    await second.close();
  });

  it("closes with invalid-from when a stanza claims another user", async () => {
    const c = await loginRaw(server.url, alice);
    c.send(
      `<iq xmlns="jabber:client" type="get" id="x" from="${bob.jid}/web"><ping xmlns="${NS_PING}"/></iq>`,
    );
    expect(await streamError(c)).toBe("invalid-from");
  });

  it("answers </close> with </close> and closes the socket", async () => {
    const c = await loginRaw(server.url, alice);
    c.send(`<close xmlns="${NS_FRAMING}"/>`);
    await c.next((el) => el.name === "close");
    await c.closed;
  });
});

describe("bad input", () => {
  it("closes with not-well-formed for broken XML", async () => {
    const c = await opened();
    c.send("<iq><unclosed></iq>");
    expect(await streamError(c)).toBe("not-well-formed");
  });

  it("ends only the stream that sent bad XML: other streams keep parsing, before and after the broken frame", async () => {
    const bystander = await loginRaw(server.url, bob);
    for (const broken of ["<iq><unclosed>", "<message><a></b></message>"]) {
      const c = await loginRaw(server.url, alice);
      c.send(broken);
      expect(await streamError(c)).toBe("not-well-formed");
      const pong = await bystander.iq("get", `<ping xmlns="${NS_PING}"/>`);
      expect(pong.attrs.type).toBe("result");
      const fresh = await loginRaw(server.url, alice);
      expect(
        (await fresh.iq("get", `<ping xmlns="${NS_PING}"/>`)).attrs.type,
      ).toBe("result");
      await fresh.close();
    }
    await bystander.close();
  });

  it("closes with restricted-xml for a DOCTYPE with entities (billion laughs)", async () => {
    const c = await opened();
    c.send(
      '<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><message>&lol2;</message>',
    );
    expect(await streamError(c)).toBe("restricted-xml");
  });

  it("closes with restricted-xml for a comment", async () => {
    const c = await opened();
    c.send("<message><!-- hi --></message>");
    expect(await streamError(c)).toBe("restricted-xml");
  });

  it("closes with policy-violation for a frame over 8 KiB before authentication", async () => {
    const c = await opened();
    c.send(
      `<auth xmlns="${NS_SASL}" mechanism="PLAIN">${"A".repeat(9 * 1024)}</auth>`,
    );
    expect(await streamError(c)).toBe("policy-violation");
  });

  it("closes with policy-violation for a stanza over 256 KiB after authentication", async () => {
    const c = await loginRaw(server.url, alice);
    c.send(
      `<message xmlns="jabber:client" type="groupchat" to="x@conference.${domainOf(alice.jid)}"><body>${"가".repeat(90_000)}</body></message>`,
    );
    expect(await streamError(c)).toBe("policy-violation");
  });

  it("closes with policy-violation for nesting that is too deep", async () => {
    const c = await loginRaw(server.url, alice);
    c.send(
      `<message xmlns="jabber:client">${"<a>".repeat(40)}${"</a>".repeat(40)}</message>`,
    );
    expect(await streamError(c)).toBe("policy-violation");
  });

  it("closes with unsupported-stanza-type for an unknown top-level element", async () => {
    const c = await loginRaw(server.url, alice);
    c.send(`<foo xmlns="jabber:client"/>`);
    expect(await streamError(c)).toBe("unsupported-stanza-type");
  });
});
