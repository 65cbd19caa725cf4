/**
 * The Strophe adapter against a real WebSocket: a chat server that goes away while a query waits must not leave the
 * query waiting for ever (Strophe drops its handlers and their time-outs on disconnect), and a server that goes silent
 * without closing is asked (XEP-0199 ping) and, unanswered, counted as lost so the session reconnects.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { WebSocket, WebSocketServer, type RawData } from "ws";
import { IqError } from "./chat-connection";
import type { ConnectionStatus } from "./connection-machine";
import { createStropheConnection } from "./strophe-connection";

const FRAMING = "urn:ietf:params:xml:ns:xmpp-framing";
// jsdom's own WebSocket fires Node's events into jsdom's Event class and fails; `ws` is a real client with the
// browser's API.
beforeAll(() => {
  vi.stubGlobal("WebSocket", WebSocket);
});

/**
 * A chat server that speaks just enough XMPP over WebSocket (RFC 7395) to log in and bind, then hands every other
 * stanza to `onStanza`.
 */
function startChatServer(onStanza: (socket: WebSocket, text: string) => void) {
  const server = new WebSocketServer({
    port: 0,
    host: "127.0.0.1",
    handleProtocols: () => "xmpp",
  });
  server.on("connection", (socket) => {
    let authenticated = false;
    socket.on("message", (data: RawData) => {
      const text = Buffer.isBuffer(data) ? data.toString("utf8") : "";
      if (text.startsWith("<open")) {
        socket.send(
          `<open xmlns="${FRAMING}" from="moa.test" id="s1" version="1.0"/>`,
        );
        socket.send(
          authenticated
            ? `<stream:features xmlns:stream="http://etherx.jabber.org/streams"><bind xmlns="urn:ietf:params:xml:ns:xmpp-bind"/></stream:features>`
            : `<stream:features xmlns:stream="http://etherx.jabber.org/streams"><mechanisms xmlns="urn:ietf:params:xml:ns:xmpp-sasl"><mechanism>PLAIN</mechanism></mechanisms></stream:features>`,
        );
      } else if (text.startsWith("<auth")) {
        authenticated = true;
        socket.send(`<success xmlns="urn:ietf:params:xml:ns:xmpp-sasl"/>`);
      } else if (text.includes("urn:ietf:params:xml:ns:xmpp-bind")) {
        const id = /id="([^"]+)"/.exec(text)?.[1] ?? "";
        socket.send(
          `<iq xmlns="jabber:client" type="result" id="${id}"><bind xmlns="urn:ietf:params:xml:ns:xmpp-bind"><jid>a@moa.test/webchat</jid></bind></iq>`,
        );
      } else {
        onStanza(socket, text);
      }
    });
  });
  const listening = new Promise<string>((resolve) => {
    server.on("listening", () => {
      const address = server.address();
      if (address !== null && typeof address === "object")
        resolve(`ws://127.0.0.1:${String(address.port)}/ws/`);
    });
  });
  return { url: listening, close: () => server.close() };
}

let stopServer: (() => void) | undefined;
afterEach(() => {
  stopServer?.();
});

describe("the Strophe chat connection", () => {
  it("fails a query still waiting when the server goes away, instead of leaving it waiting", async () => {
    const received: string[] = [];
    const server = startChatServer((socket, text) => {
      received.push(text);
      // The server dies with the query unanswered (a restart, a crash).
      if (text.startsWith("<iq")) socket.terminate();
    });
    stopServer = server.close;
    const connection = createStropheConnection(await server.url);
    const statuses: ConnectionStatus[] = [];
    const connected = new Promise<void>((resolve) => {
      connection.connect("a@moa.test", "token", (status) => {
        statuses.push(status);
        if (status === "connected") resolve();
      });
    });
    await connected;

    const iq = new DOMParser().parseFromString(
      `<iq xmlns="jabber:client" type="get" id="q1"><query xmlns="urn:moa:rooms:0"/></iq>`,
      "text/xml",
    ).documentElement;
    // A minute's time-out: without the fix the query would outlive the test's own limit.
    const answer = connection.sendIq(iq, 60_000);

    await expect(answer).rejects.toEqual(new IqError("offline"));
    expect(received.some((s) => s.includes('id="q1"'))).toBe(true);
    expect(statuses).toContain("disconnected");
  });

  it("asks a silent server whether it is there and reports the connection lost when it does not answer", async () => {
    const pings: string[] = [];
    // The far end vanished: the socket stays open, nothing comes back (a dead host sends no close).
    const server = startChatServer((_socket, text) => {
      if (text.includes("urn:xmpp:ping")) pings.push(text);
    });
    stopServer = server.close;
    const connection = createStropheConnection(await server.url, {
      silenceMs: 200,
      answerMs: 300,
    });
    const lost = new Promise<ConnectionStatus[]>((resolve) => {
      const statuses: ConnectionStatus[] = [];
      connection.connect("a@moa.test", "token", (status) => {
        statuses.push(status);
        if (status === "disconnected") resolve(statuses);
      });
    });
    const statuses = await lost;
    expect(statuses).toContain("connected");
    expect(pings).toHaveLength(1);
  }, 20_000);

  it("keeps a quiet connection whose server answers the pings", async () => {
    let answered = 0;
    const server = startChatServer((socket, text) => {
      if (!text.includes("urn:xmpp:ping")) return;
      const id = /id="([^"]+)"/.exec(text)?.[1] ?? "";
      socket.send(`<iq xmlns="jabber:client" type="result" id="${id}"/>`);
      answered += 1;
    });
    stopServer = server.close;
    const connection = createStropheConnection(await server.url, {
      silenceMs: 200,
      answerMs: 2_000,
    });
    const statuses: ConnectionStatus[] = [];
    connection.connect("a@moa.test", "token", (status) => {
      statuses.push(status);
    });
    await vi.waitFor(
      () => {
        expect(answered).toBeGreaterThanOrEqual(3);
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(statuses).toContain("connected");
    expect(statuses).not.toContain("disconnected");
    connection.disconnect("done");
  }, 20_000);
});
