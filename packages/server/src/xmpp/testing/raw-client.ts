/**
 * A transcript-style XMPP-over-WebSocket test client: send raw XML, wait for the stanza that matches.
 * Test-only; talks to a real server over a real socket.
 */
import { randomUUID } from "node:crypto";
import type { Element } from "@xmpp/xml";
import { WebSocket } from "ws";
import { NS_BIND, NS_FRAMING, NS_SASL } from "@moa/shared";
import { FrameParser } from "../stream/parser.js";

const WAIT_MS = 5_000;

export type RawClient = {
  ws: WebSocket;
  /** Every element received so far, in order. */
  received: Element[];
  send(xml: string): void;
  /** Waits for (and consumes) the first unconsumed element matching the predicate. */
  next(match: (el: Element) => boolean, what?: string): Promise<Element>;
  /** Sends an iq and waits for its result or error. */
  iq(type: "get" | "set", payload: string, to?: string): Promise<Element>;
  /** Resolves with the close code when the socket closes. */
  closed: Promise<number>;
  jid: string;
  close(): Promise<void>;
};

/**
 * Opens a socket to /ws/.
 * @param baseUrl the server's http URL.
 * @param opts subprotocols and headers.
 * @returns the client (not yet opened at the XMPP level).
 */
export async function connectRaw(
  baseUrl: string,
  opts: { protocols?: string[]; origin?: string } = {},
): Promise<RawClient> {
  const ws = new WebSocket(
    `${baseUrl.replace(/^http/, "ws")}/ws/`,
    opts.protocols ?? ["xmpp"],
    {
      ...(opts.origin ? { origin: opts.origin } : {}),
    },
  );
  const parser = new FrameParser({
    maxDepth: 100,
    maxElements: 100_000,
    maxAttributes: 1000,
  });
  const received: Element[] = [];
  const consumed = new Set<Element>();
  const waiters = new Set<() => void>();
  ws.on("message", (data) => {
    received.push(parser.parse((data as Buffer).toString("utf8")));
    for (const w of waiters) w();
  });
  const closed = new Promise<number>((resolve) =>
    ws.on("close", (code) => resolve(code)),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  const client: RawClient = {
    ws,
    received,
    jid: "",
    closed,
    send: (xml) => ws.send(xml),
    next: (match, what = "a matching stanza") =>
      new Promise<Element>((resolve, reject) => {
        const check = () => {
          const found = received.find((el) => !consumed.has(el) && match(el));
          if (!found) return false;
          consumed.add(found);
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `timed out waiting for ${what}; got:\n${received.map(String).join("\n")}`,
            ),
          );
        }, WAIT_MS);
        if (!check()) waiters.add(check);
      }),
    iq: async (type, payload, to) => {
      const id = randomUUID();
      ws.send(
        `<iq xmlns="jabber:client" type="${type}" id="${id}"${to ? ` to="${to}"` : ""}>${payload}</iq>`,
      );
      return client.next(
        (el) => el.name === "iq" && el.attrs.id === id,
        `iq ${id}`,
      );
    },
    close: async () => {
      if (ws.readyState === ws.OPEN) ws.close();
      await closed;
    },
  };
  return client;
}

/**
 * Opens the stream and logs in with SASL PLAIN, binds a resource.
 * @param baseUrl the server URL.
 * @param user the user's bare JID and access token.
 * @param resource the resource to bind, or null to stop after authentication (to resume instead).
 * @returns the bound client.
 */
export async function loginRaw(
  baseUrl: string,
  user: { jid: string; accessToken: string },
  resource: string | null = "web-1",
): Promise<RawClient> {
  const c = await connectRaw(baseUrl);
  const [local = "", domain = ""] = user.jid.split("@");
  c.send(`<open xmlns="${NS_FRAMING}" to="${domain}" version="1.0"/>`);
  await c.next((el) => el.name === "stream:features", "pre-auth features");
  const plain = Buffer.from(`\0${local}\0${user.accessToken}`).toString(
    "base64",
  );
  c.send(`<auth xmlns="${NS_SASL}" mechanism="PLAIN">${plain}</auth>`);
  const outcome = await c.next(
    (el) => el.name === "success" || el.name === "failure",
    "sasl outcome",
  );
  if (outcome.name !== "success")
    throw new Error(`login failed: ${outcome.toString()}`);
  c.send(`<open xmlns="${NS_FRAMING}" to="${domain}" version="1.0"/>`);
  await c.next((el) => el.name === "stream:features", "post-auth features");
  if (resource === null) return c;
  const bound = await c.iq(
    "set",
    `<bind xmlns="${NS_BIND}"><resource>${resource}</resource></bind>`,
  );
  const jid = bound.getChild("bind", NS_BIND)?.getChildText("jid");
  if (!jid) throw new Error(`bind failed: ${bound.toString()}`);
  c.jid = jid;
  return c;
}
