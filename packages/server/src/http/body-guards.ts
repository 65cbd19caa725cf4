/**
 * Request bodies at the socket level: an answer given before the body is read (413, 401, …) reaches the client, and a
 * body that stops arriving is cut off instead of holding the request (and a partial upload) open forever.
 */
import type { IncomingMessage } from "node:http";
import type { Config } from "../config.js";
import type { HttpApp } from "./http-app.js";

/**
 * How much of a refused body is still read (and thrown away) after the answer. Closing at once while the client is
 * still sending makes the kernel reset the connection, and the client then often loses the answer it was sent; past
 * this the connection is closed anyway, long after the answer had time to arrive.
 */
export const DRAIN_MAX_BYTES = 16 * 1024 * 1024;

/** Node's own answer for a request that timed out, with the header every answer carries. */
const REQUEST_TIMEOUT_ANSWER =
  "HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\nX-Content-Type-Options: nosniff\r\n\r\n";

function expectsBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return (
    req.headers["transfer-encoding"] !== undefined ||
    (length !== undefined && length !== "0")
  );
}

/**
 * Installs both guards.
 * @param app the Fastify app.
 * @param config bodyIdleTimeoutMs: the longest pause between two pieces of a body.
 */
export function registerBodyGuards(app: HttpApp, config: Config): void {
  app.addHook("onRequest", async (req, reply) => {
    const raw = req.raw;
    if (raw.complete || !expectsBody(raw)) return;
    const socket = raw.socket;
    const onTimeout = () => {
      req.log.info({ reqId: req.id }, "request body stalled; cut off");
      // Destroying the socket aborts the body stream: an upload in progress fails and removes its partial file.
      if (reply.raw.headersSent) socket.destroy();
      else socket.end(REQUEST_TIMEOUT_ANSWER, () => socket.destroy());
    };
    const done = () => {
      raw.off("timeout", onTimeout);
      // Back to the server's idle setting (none) for the answer and the next request on this connection.
      socket.setTimeout(app.server.timeout);
    };
    // Node emits "timeout" on the request while its body is incomplete; a listener keeps Node from its own destroy.
    raw.on("timeout", onTimeout);
    raw.once("end", done);
    raw.once("close", done);
    socket.setTimeout(config.bodyIdleTimeoutMs);
  });

  app.addHook("onSend", async (req, reply, payload) => {
    const raw = req.raw;
    if (raw.complete || !expectsBody(raw)) return payload;
    // Fastify (and a refused upload) ask for the connection to be closed right after the answer; drain instead.
    reply.removeHeader("connection");
    reply.raw.once("finish", () => {
      // Node reads and discards the rest of the body once the answer is out (keeping the connection); bound it.
      let drained = 0;
      raw.on("data", (chunk: Buffer) => {
        drained += chunk.length;
        if (drained > DRAIN_MAX_BYTES) raw.socket.destroy();
      });
    });
    return payload;
  });
}
