/**
 * One SASL attempt by hand, over direct TLS or WebSocket, reporting how the server answered. For refusals:
 * @xmpp/client leaves a rejected promise unhandled when its login fails, which the test runner reports as an error.
 */
import { createHash } from "node:crypto";
import { connect as tlsConnect } from "node:tls";
import type { Element } from "@xmpp/xml";
import { NS_FRAMING, NS_SASL } from "@moa/shared";
import { TcpStreamParser } from "../stream/tcp-parser.js";
import { connectRaw } from "./raw-client.js";
import { ScramSha256 } from "./scram-client.js";

const WAIT_MS = 5_000;

type Channel = {
  /** Channel binding of the TLS session, of the type RFC 9266 / RFC 5929 give its TLS version. */
  binding?: () => { type: string; data: Buffer };
  send(xml: string): void;
  next(match: (el: Element) => boolean): Promise<Element>;
  close(): void;
};

function tlsChannel(port: number, tls12: boolean): Channel {
  const socket = tlsConnect({
    port,
    host: "127.0.0.1",
    rejectUnauthorized: false,
    ...(tls12 ? { maxVersion: "TLSv1.2" as const } : {}),
  });
  const received: Element[] = [];
  let wake = () => {};
  const parser = new TcpStreamParser(
    { maxDepth: 100, maxElements: 10_000, maxAttributes: 100 },
    () => 1_000_000,
    (el) => {
      received.push(el);
      wake();
    },
  );
  socket.on("data", (chunk: Buffer) => parser.write(chunk.toString("utf8")));
  return {
    binding: () =>
      socket.getProtocol() === "TLSv1.3"
        ? {
            type: "tls-exporter",
            data: socket.exportKeyingMaterial(
              32,
              "EXPORTER-Channel-Binding",
              Buffer.alloc(0),
            ),
          }
        : {
            type: "tls-server-end-point",
            data: createHash("sha256")
              .update(socket.getPeerCertificate().raw)
              .digest(),
          },
    send: (xml) => socket.write(xml),
    next: (match) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("timed out")), WAIT_MS);
        const check = () => {
          const i = received.findIndex(match);
          if (i < 0) return;
          clearTimeout(timer);
          resolve(received.splice(i, 1)[0] as Element);
        };
        wake = check;
        check();
      }),
    close: () => socket.destroy(),
  };
}

/**
 * Tries one login.
 * @param target direct TLS port, or the server's http URL for WebSocket.
 * @param jid the user's bare JID.
 * @param secret password, app password or token.
 * @param mechanism PLAIN, SCRAM-SHA-256 or SCRAM-SHA-256-PLUS (TLS only; `tls12` limits TLS to 1.2).
 * @param tamper alters the channel binding data (a man in the middle has a different TLS session).
 * @returns "success" with the server's final message verified, or the failure's condition and text.
 */
export async function saslAttempt(
  target: { tlsPort: number; tls12?: boolean } | { url: string },
  jid: string,
  secret: string,
  mechanism: "PLAIN" | "SCRAM-SHA-256" | "SCRAM-SHA-256-PLUS",
  tamper = false,
): Promise<"success" | { condition: string; text: string }> {
  const [local = "", domain = ""] = jid.split("@");
  let channel: Channel;
  if ("tlsPort" in target) {
    channel = tlsChannel(target.tlsPort, target.tls12 ?? false);
    channel.send(
      `<?xml version='1.0'?><stream:stream xmlns="jabber:client" xmlns:stream="http://etherx.jabber.org/streams" to="${domain}" version="1.0">`,
    );
  } else {
    const ws = await connectRaw(target.url);
    channel = {
      send: (xml) => ws.send(xml),
      next: (match) => ws.next(match),
      close: () => void ws.close(),
    };
    channel.send(`<open xmlns="${NS_FRAMING}" to="${domain}" version="1.0"/>`);
  }
  try {
    await channel.next((el) => el.name === "stream:features");
    const b64 = (s: string) => Buffer.from(s).toString("base64");
    const binding = channel.binding?.();
    if (binding && tamper) binding.data[0] = (binding.data[0] ?? 0) ^ 1;
    const scram = new ScramSha256(
      mechanism === "SCRAM-SHA-256-PLUS" ? binding : undefined,
    );
    const cred = { username: local, password: secret };
    channel.send(
      `<auth xmlns="${NS_SASL}" mechanism="${mechanism}">${b64(
        mechanism === "PLAIN" ? `\0${local}\0${secret}` : scram.response(cred),
      )}</auth>`,
    );
    for (;;) {
      const el = await channel.next((e) =>
        ["challenge", "success", "failure"].includes(e.name),
      );
      if (el.name === "success") {
        if (mechanism !== "PLAIN") {
          const final = Buffer.from(el.getText(), "base64").toString("utf8");
          if (!scram.verifyServer(final))
            throw new Error(`server signature wrong: ${final}`);
        }
        return "success";
      }
      if (el.name === "failure") {
        const condition =
          el.getChildElements().find((c) => c.name !== "text")?.name ?? "";
        return { condition, text: el.getChildText("text") ?? "" };
      }
      scram.challenge(Buffer.from(el.getText(), "base64").toString("utf8"));
      channel.send(
        `<response xmlns="${NS_SASL}">${b64(scram.response(cred))}</response>`,
      );
    }
  } finally {
    channel.close();
  }
}
