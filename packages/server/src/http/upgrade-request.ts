/**
 * What a raw upgrade request (the chat WebSocket, outside Fastify's routing) says about its client, read with the
 * same TRUST_PROXY rule as Fastify's: X-Forwarded-For/-Proto count only when the peer is a trusted proxy.
 */
import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";
import proxyaddr from "@fastify/proxy-addr";
import type { TrustProxy } from "./trust-proxy.js";

export type UpgradeRequestInfo = {
  /** The client's address (the proxy's forwarded one behind a trusted proxy). */
  clientAddress(req: IncomingMessage): string;
  /** Whether the request came over https: TLS to this server, or X-Forwarded-Proto https from a trusted proxy. */
  isSecure(req: IncomingMessage): boolean;
};

/**
 * Builds the readers for a TRUST_PROXY setting.
 * @param trustProxy the setting.
 * @returns the readers.
 */
export function upgradeRequestInfo(trustProxy: TrustProxy): UpgradeRequestInfo {
  const trusted =
    trustProxy === false ? undefined : proxyaddr.compile(trustProxy);
  const peer = (req: IncomingMessage) => req.socket.remoteAddress ?? "";
  return {
    clientAddress: (req) => (trusted ? proxyaddr(req, trusted) : peer(req)),
    isSecure: (req) => {
      if ((req.socket as Partial<TLSSocket>).encrypted === true) return true;
      if (!trusted || !trusted(peer(req), 0)) return false;
      const proto = String(req.headers["x-forwarded-proto"] ?? "")
        .split(",")[0]
        ?.trim()
        .toLowerCase();
      return proto === "https";
    },
  };
}
