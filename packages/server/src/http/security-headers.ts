/**
 * Security headers on every answer (HTML, static assets, JSON, errors, downloads): a strict Content-Security-Policy
 * for the web client, no framing, no MIME sniffing, no referrer, and no powerful browser features the app never uses.
 */
import type { FastifyRequest } from "fastify";
import type { Config } from "../config.js";
import type { HttpApp } from "./http-app.js";

/**
 * Features the client never uses are switched off, so an injected script cannot ask for them either. Notifications
 * are not a policy-controlled feature; the clipboard (copying a message) stays with our own origin. Only features
 * Chromium knows are listed: an unknown one is reported as an error in the console.
 */
const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "serial=()",
  "usb=()",
  "clipboard-read=()",
  "clipboard-write=(self)",
].join(", ");

/** Answers that are not the web client's page need no sources at all; framing stays refused. */
const NON_DOCUMENT_POLICY =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** One year, without subdomains: other hosts of the company's domain may not serve HTTPS. */
const HSTS = "max-age=31536000";

/**
 * The web client's policy. The chat connection is a WebSocket to this same server: CSP Level 3 lets 'self' match
 * ws:/wss: of the page's host, but older engines (Safari before 15.4) do not, so the socket's origin is listed too.
 * @param origins the page's own origin and, when PUBLIC_URL is set, the public one (photo and chat URLs use it).
 */
export function clientPolicy(origins: readonly string[]): string {
  const http = [...new Set(origins)];
  const sockets = http.map((o) => o.replace(/^http/, "ws"));
  return [
    "default-src 'self'",
    "script-src 'self'",
    // antd 6 (CSS-in-JS) writes its styles into <style> elements at run time; a nonce would have to be rendered into
    // index.html per answer and handed to ConfigProvider. Inline styles cannot run code, scripts stay strict.
    "style-src 'self' 'unsafe-inline'",
    // Thumbnails and pasted images are shown from blob: URLs; antd's icons and empty states use data: images.
    `img-src 'self' data: blob: ${http.join(" ")}`,
    "font-src 'self' data:",
    `connect-src 'self' ${[...http, ...sockets].join(" ")}`,
    "media-src 'self' blob:",
    "worker-src 'none'",
    "manifest-src 'self'",
    "object-src 'none'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join("; ");
}

/**
 * The page's own origin (as the browser addressed it) and the configured public one. A Host header that is no valid
 * host is left out rather than copied into the policy.
 */
function pageOrigins(req: FastifyRequest, config: Config): string[] {
  const origins = config.publicUrl ? [new URL(config.publicUrl).origin] : [];
  try {
    origins.push(new URL(`${req.protocol}://${req.host}`).origin);
  } catch {
    // Not a host: the public origin and 'self' remain.
  }
  return origins;
}

/**
 * Adds the headers to every answer. onSend runs for handler answers, static files, 404s and error answers alike.
 * @param app the Fastify app.
 * @param config PUBLIC_URL decides HSTS (only over https) and the extra origin of the policy.
 */
export function registerSecurityHeaders(app: HttpApp, config: Config): void {
  const https = config.publicUrl?.startsWith("https:") ?? false;
  app.addHook("onSend", async (req, reply, payload) => {
    // A 304 has no type, and browsers merge its headers into the cached page: it must carry the page's policy too.
    const type = reply.getHeader("content-type");
    const document = type === undefined || String(type).startsWith("text/html");
    void reply
      .header(
        "content-security-policy",
        document ? clientPolicy(pageOrigins(req, config)) : NON_DOCUMENT_POLICY,
      )
      .header("x-content-type-options", "nosniff")
      .header("x-frame-options", "DENY")
      .header("referrer-policy", "no-referrer")
      .header("permissions-policy", PERMISSIONS_POLICY)
      .header("cross-origin-opener-policy", "same-origin");
    if (https) void reply.header("strict-transport-security", HSTS);
    return payload;
  });
}
