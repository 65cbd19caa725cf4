/**
 * A stock XMPP client for tests: @xmpp/client (a library no one here wrote), by default over WebSocket with SASL
 * PLAIN and the REST login's access token, or over any service with the account password and SCRAM-SHA-256; with a
 * log of every stanza and waits for the one a test expects.
 */
import { WebSocket } from "ws";
import type { Element } from "@xmpp/xml";
import type { XmppClient } from "@xmpp/client";
import type { TestServer } from "../../testing/index.js";
import { useScramSha256 } from "./scram-client.js";

const WAIT_MS = 5_000;

export type StockClient = {
  xmpp: XmppClient;
  /** The bound full JID. */
  jid: string;
  /** Every stanza received so far, in order. */
  stanzas: Element[];
  send(stanza: Element): Promise<void>;
  /** Waits for (and consumes) the first unconsumed stanza that matches. */
  next(match: (s: Element) => boolean, what?: string): Promise<Element>;
  /** Waits for the first received stanza (already received or not) that matches, without consuming it. */
  waitFor(match: (s: Element) => boolean, what: string): Promise<Element>;
  /** Sends an iq and resolves with the whole answer, error or result (never throws on an error answer). */
  iq(stanza: Element): Promise<Element>;
  /** Sends an iq and resolves with its result; rejects with the error stanza's condition. */
  request(iq: Element): Promise<Element>;
  stop(): Promise<void>;
};

/** How a stock client reaches the server and proves who it is, when not over WebSocket with the access token. */
export type StockLogin = {
  /** An @xmpp/client service, e.g. `xmpp://127.0.0.1:5222` for TCP with STARTTLS. */
  service: string;
  /** The account password. */
  password: string;
  mechanism: "PLAIN" | "SCRAM-SHA-256";
};

/**
 * Starts a stock client.
 * @param baseUrl the server's http URL.
 * @param user the user's bare JID and access token.
 * @param resource the resource to bind (not a Moa prefix, so the server treats the session as a stock client).
 * @param login another service and the password instead of the WebSocket and the access token.
 * @returns the online client.
 */
export async function startStockClient(
  baseUrl: string,
  user: { jid: string; accessToken: string },
  resource: string,
  login?: StockLogin,
): Promise<StockClient> {
  // Node 20 has no global WebSocket; @xmpp/websocket expects the browser API.
  (globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;
  const { client } = await import("@xmpp/client");
  const [local, domain] = user.jid.split("@") as [string, string];
  const xmpp = client({
    service: login?.service ?? `${baseUrl.replace(/^http/, "ws")}/ws/`,
    domain,
    resource,
    username: local,
    password: login?.password ?? user.accessToken,
  });
  if (login?.mechanism === "SCRAM-SHA-256") useScramSha256(xmpp);
  // @xmpp/client picks the mechanism itself: note the one it used, so a login by another fails the test.
  let mechanism: unknown;
  xmpp.on("send", (s: Element) => {
    if (s.is("auth")) mechanism = s.attrs.mechanism;
  });
  const stanzas: Element[] = [];
  const consumed = new Set<Element>();
  const waiters = new Set<() => void>();
  xmpp.on("stanza", (s: Element) => {
    stanzas.push(s);
    for (const w of [...waiters]) w();
  });
  xmpp.on("error", () => undefined);
  const wait = (
    match: (s: Element) => boolean,
    what: string,
    consume: boolean,
  ) =>
    new Promise<Element>((resolve, reject) => {
      const check = () => {
        const found = stanzas.find(
          (s) => !(consume && consumed.has(s)) && match(s),
        );
        if (!found) return false;
        if (consume) consumed.add(found);
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(
          new Error(
            `${resource}: timed out waiting for ${what}; got:\n${stanzas.map(String).join("\n")}`,
          ),
        );
      }, WAIT_MS);
      if (!check()) waiters.add(check);
    });
  const next = (match: (s: Element) => boolean, what = "a matching stanza") =>
    wait(match, what, true);
  let seq = 0;
  const address = await xmpp.start();
  if (login && mechanism !== login.mechanism) {
    await xmpp.stop();
    throw new Error(
      `logged in with ${String(mechanism)}, not ${login.mechanism}`,
    );
  }
  return {
    xmpp,
    jid: address.toString(),
    stanzas,
    send: (s) => xmpp.send(s),
    next,
    waitFor: (match, what) => wait(match, what, false),
    iq: async (stanza) => {
      seq += 1;
      const id = `${resource}-iq-${seq}`;
      stanza.attrs.id = id;
      await xmpp.send(stanza);
      return next((s) => s.is("iq") && s.attrs.id === id, `iq ${id}`);
    },
    request: (iq) => xmpp.iqCaller.request(iq),
    stop: () => xmpp.stop(),
  };
}

/**
 * Starts a stock client on a test server.
 * @param server the test server.
 * @param user the user's bare JID and access token.
 * @param resource the resource to bind.
 * @returns the online client.
 */
export function stockClient(
  server: TestServer,
  user: { jid: string; accessToken: string },
  resource: string,
): Promise<StockClient> {
  return startStockClient(server.url, user, resource);
}
