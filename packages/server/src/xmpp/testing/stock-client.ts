/**
 * A stock XMPP client (@xmpp/client over WebSocket) for interop transcripts: it logs in as a user, keeps every
 * stanza it receives, and waits for the one a test expects. Test-only.
 */
import type { Element } from "@xmpp/xml";
import { WebSocket } from "ws";
import type { TestServer } from "../../testing/index.js";
import type { ChatUser } from "./chat-fixture.js";

const WAIT_MS = 5_000;

export type StockClient = {
  jid: string;
  /** Every stanza received so far, in order. */
  stanzas: Element[];
  send(stanza: Element): Promise<void>;
  /** Sends an iq and resolves with its result; rejects with the error stanza's condition. */
  request(iq: Element): Promise<Element>;
  /** Waits for the first received stanza (already received or not) that matches. */
  waitFor(match: (s: Element) => boolean, what: string): Promise<Element>;
  stop(): Promise<void>;
};

/**
 * Logs a user in with @xmpp/client (SASL PLAIN with the REST access token).
 * @param server the test server.
 * @param user the user.
 * @param resource the resource to bind.
 * @returns the started client.
 */
export async function stockClient(
  server: TestServer,
  user: ChatUser,
  resource: string,
): Promise<StockClient> {
  // Node 20 has no global WebSocket; @xmpp/websocket expects the browser API.
  (globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;
  const { client } = await import("@xmpp/client");
  const [local, domain] = user.jid.split("@") as [string, string];
  const xmpp = client({
    service: `${server.url.replace("http", "ws")}/ws/`,
    domain,
    resource,
    username: local,
    password: user.accessToken,
  });
  const stanzas: Element[] = [];
  xmpp.on("stanza", (s: Element) => stanzas.push(s));
  xmpp.on("error", () => undefined);
  const address = await xmpp.start();
  const waitFor = (match: (s: Element) => boolean, what: string) =>
    new Promise<Element>((resolve, reject) => {
      const found = stanzas.find(match);
      if (found) {
        resolve(found);
        return;
      }
      const timer = setTimeout(() => {
        xmpp.removeListener("stanza", onStanza);
        reject(new Error(`timed out waiting for ${what}`));
      }, WAIT_MS);
      const onStanza = (s: Element) => {
        if (!match(s)) return;
        clearTimeout(timer);
        xmpp.removeListener("stanza", onStanza);
        resolve(s);
      };
      xmpp.on("stanza", onStanza);
    });
  return {
    jid: address.toString(),
    stanzas,
    send: (s) => xmpp.send(s),
    request: (iq) => xmpp.iqCaller.request(iq),
    waitFor,
    stop: () => xmpp.stop(),
  };
}
