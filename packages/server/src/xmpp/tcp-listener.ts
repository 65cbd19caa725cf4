/**
 * The XMPP client-to-server TCP listeners: RFC 6120 with STARTTLS required (XMPP_PORT, default 5222) and direct
 * TLS (XEP-0368, XMPP_TLS_PORT, default 5223). Each accepted socket becomes a TcpTransport under the same
 * connection code as the WebSocket endpoint.
 */
import { once } from "node:events";
import { createServer, type Server, type Socket } from "node:net";
import {
  createSecureContext,
  createServer as createTlsServer,
  type SecureContext,
} from "node:tls";
import type { XmppLimits } from "./stream/limits.js";
import { TcpTransport } from "./stream/tcp-transport.js";
import type { TlsCredentials } from "./tls-credentials.js";

export type TcpListenOptions = {
  host: string;
  /** STARTTLS port; undefined: off; 0: a free one. */
  port: number | undefined;
  /** Direct TLS port; undefined: off; 0: a free one. */
  tlsPort: number | undefined;
  credentials: TlsCredentials;
};

/** The ports actually bound, for tests and the startup log. */
export type TcpPorts = { starttls?: number; directTls?: number };

export type TcpListeners = {
  ports: TcpPorts;
  /** Stops accepting at once; resolves when the open streams (ended by the endpoint) have closed. */
  close(): Promise<void>;
};

async function bind(server: Server, host: string, port: number) {
  server.listen(port, host);
  await once(server, "listening");
  const addr = server.address();
  return addr && typeof addr !== "string" ? addr.port : port;
}

/**
 * Starts the listeners.
 * @param options host, ports and TLS credentials.
 * @param limits connection limits (parser).
 * @param accept receives each new transport.
 * @returns the bound ports and a closer.
 */
export async function listenTcp(
  options: TcpListenOptions,
  limits: XmppLimits,
  accept: (transport: TcpTransport) => void,
): Promise<TcpListeners> {
  const context: SecureContext = createSecureContext({
    cert: options.credentials.cert,
    key: options.credentials.key,
  });
  const servers: Server[] = [];
  const ports: TcpPorts = {};
  const onSocket = (socket: Socket) => {
    socket.setNoDelay(true);
    // The keep-alive rounds ask only bound streams: a stream this server closed, whose peer vanished before closing
    // its side, is still found by TCP's own probes.
    socket.setKeepAlive(true, 60_000);
    accept(new TcpTransport(socket, limits, context));
  };
  if (options.port !== undefined) {
    const server = createServer(onSocket);
    servers.push(server);
    ports.starttls = await bind(server, options.host, options.port);
  }
  if (options.tlsPort !== undefined) {
    const server = createTlsServer(
      { cert: options.credentials.cert, key: options.credentials.key },
      onSocket,
    );
    // A failed handshake is the client's problem; it must not reach the process.
    server.on("tlsClientError", (_err, socket) => socket.destroy());
    servers.push(server);
    ports.directTls = await bind(server, options.host, options.tlsPort);
  }
  return {
    ports,
    close: async () => {
      await Promise.all(
        servers.map(
          (s) => new Promise<void>((resolve) => s.close(() => resolve())),
        ),
      );
    },
  };
}
