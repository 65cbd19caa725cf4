/** The server's externally visible origin, for absolute links (photo URLs, the chat WebSocket URL). */
import type { FastifyRequest } from "fastify";
import type { Config } from "../config.js";

/**
 * The origin clients reach this server at: PUBLIC_URL when set, else the request's own scheme and host.
 * @returns e.g. `https://moa.example.com` (no trailing slash).
 */
export function publicOrigin(req: FastifyRequest, config: Config): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, "");
  return `${req.protocol}://${req.host}`;
}

/**
 * The origin the server tells people to open: PUBLIC_URL when set, else its own listening address.
 * @param port the port actually bound (PORT may be 0).
 * @returns e.g. `http://127.0.0.1:8080`.
 */
export function advertisedOrigin(config: Config, port: number): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, "");
  return `http://${config.host}:${port}`;
}

/**
 * The chat server's WebSocket URL (RFC 7395 over the same origin, path /ws/).
 * @returns e.g. `wss://moa.example.com/ws/`.
 */
export function chatServerUrl(req: FastifyRequest, config: Config): string {
  return `${publicOrigin(req, config).replace(/^http/, "ws")}/ws/`;
}
