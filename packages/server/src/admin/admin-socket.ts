/**
 * The running server's admin channel: `npm run moa -- …` cannot open an embedded (PGlite) database the server
 * holds, so while the server runs the CLI hands it the command over a Unix socket in DATA_DIR. Nothing listens on
 * the network; the socket and the secret file are the server user's only (0600), and every request must carry the
 * secret, which is new at every start.
 */
import { randomBytes, createHash, timingSafeEqual } from "node:crypto";
import { chmod, mkdir, rm, writeFile } from "node:fs/promises";
import Fastify from "fastify";
import { z } from "zod";
import { runCommand, type CommandServices } from "../cli/commands.js";
import { failBody, okBody } from "../http/envelope.js";
import { registerErrorHandler } from "../http/error-handler.js";
import { parseInput } from "../http/validate.js";
import type { Logger } from "../logger.js";
import {
  ADMIN_COMMAND_PATH,
  adminSecretPath,
  adminSocketPath,
} from "./admin-files.js";

const commandSchema = z.object({
  argv: z.array(z.string().max(10_000)).max(100),
});

const digest = (s: string) => createHash("sha256").update(s).digest();

export type AdminSocket = { close(): Promise<void> };

/**
 * Writes a fresh secret and listens on DATA_DIR/admin.sock.
 * @param dataDir the server's DATA_DIR.
 * @param services what the commands act through (the server's own, so their effects reach online clients).
 * @param logger the server's logger.
 * @returns a handle that stops listening and removes the socket and the secret.
 */
export async function startAdminSocket(
  dataDir: string,
  services: CommandServices,
  logger: Logger,
): Promise<AdminSocket> {
  const socketPath = adminSocketPath(dataDir);
  const secretPath = adminSecretPath(dataDir);
  const secret = randomBytes(32).toString("base64url");
  await mkdir(dataDir, { recursive: true });
  await writeFile(secretPath, secret, { mode: 0o600 });
  // An older file keeps its mode on rewrite.
  await chmod(secretPath, 0o600);
  // A socket file left by a killed server would make listen fail; the database lock already keeps a second
  // server off this DATA_DIR, so the file is stale.
  await rm(socketPath, { force: true });

  const app = Fastify({ loggerInstance: logger.child({ component: "admin" }) });
  registerErrorHandler(app);
  app.post(ADMIN_COMMAND_PATH, async (req, reply) => {
    const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "");
    if (!m?.[1] || !timingSafeEqual(digest(m[1]), digest(secret)))
      return reply.code(401).send(failBody("01", "unauthorized"));
    const { argv } = parseInput(commandSchema, req.body);
    const out: string[] = [];
    const err: string[] = [];
    const exitCode = await runCommand(argv, {
      ...services,
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    });
    req.log.info({ argv: argv.slice(0, 2), exitCode }, "admin command");
    return okBody({ exitCode, out, err });
  });
  await app.listen({ path: socketPath });
  await chmod(socketPath, 0o600);
  return {
    close: async () => {
      await app.close();
      await rm(secretPath, { force: true });
    },
  };
}
