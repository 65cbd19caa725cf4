/**
 * The certificate and key of the XMPP TCP listeners: from XMPP_TLS_CERT/XMPP_TLS_KEY when set, else a self-signed
 * pair generated once and kept in DATA_DIR/xmpp-tls/, so clients that pinned it keep trusting it across restarts.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { generate } from "selfsigned";
import type { Config } from "../config.js";

export type TlsCredentials = { cert: string; key: string };

/** Ten years: it is self-signed, so expiry protects nothing and would only break pinned clients. */
const SELF_SIGNED_DAYS = 3650;

type TlsCredentialsOptions = {
  certPath: string | undefined;
  keyPath: string | undefined;
  dataDir: string;
  hostName: string;
};

/**
 * Where the server's configuration says the pair comes from.
 * @param config the server configuration.
 * @returns the options of {@link loadTlsCredentials}.
 */
export function tlsCredentialsOptions(config: Config): TlsCredentialsOptions {
  return {
    certPath: config.xmpp.tlsCert,
    keyPath: config.xmpp.tlsKey,
    dataDir: config.dataDir,
    hostName: config.publicUrl
      ? new URL(config.publicUrl).hostname
      : config.host,
  };
}

/**
 * Loads the configured pair, or the stored self-signed one, generating it on first use.
 * @param opts configured PEM file paths, the data directory and the host name to certify.
 * @returns PEM certificate (chain) and key.
 */
export async function loadTlsCredentials(
  opts: TlsCredentialsOptions,
): Promise<TlsCredentials> {
  if (opts.certPath && opts.keyPath)
    return {
      cert: await readFile(opts.certPath, "utf8"),
      key: await readFile(opts.keyPath, "utf8"),
    };
  const dir = join(opts.dataDir, "xmpp-tls");
  const certFile = join(dir, "cert.pem");
  const keyFile = join(dir, "key.pem");
  try {
    return {
      cert: await readFile(certFile, "utf8"),
      key: await readFile(keyFile, "utf8"),
    };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  const now = new Date();
  const pems = await generate([{ name: "commonName", value: opts.hostName }], {
    keyType: "ec",
    curve: "P-256",
    algorithm: "sha256",
    notBeforeDate: now,
    notAfterDate: new Date(now.getTime() + SELF_SIGNED_DAYS * 86_400_000),
    extensions: [
      { name: "basicConstraints", cA: false },
      { name: "extKeyUsage", serverAuth: true },
      {
        name: "subjectAltName",
        altNames: [
          { type: 2, value: opts.hostName },
          { type: 2, value: "localhost" },
          { type: 7, ip: "127.0.0.1" },
        ],
      },
    ],
  });
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await writeFile(keyFile, pems.private, { mode: 0o600 });
  await writeFile(certFile, pems.cert);
  return { cert: pems.cert, key: pems.private };
}
