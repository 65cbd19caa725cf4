/** The CLI's side of the admin channel: runs a command in the running server, or says no server is there. */
import { request } from "node:http";
import { readFile } from "node:fs/promises";
import { z } from "zod";
import {
  ADMIN_COMMAND_PATH,
  adminSecretPath,
  adminSocketPath,
} from "./admin-files.js";

const answerSchema = z.object({
  ErrorCode: z.literal("00"),
  exitCode: z.number().int(),
  out: z.array(z.string()),
  err: z.array(z.string()),
});

/** The running server's answer. */
export type AdminAnswer = z.infer<typeof answerSchema>;

/** Connection errors that mean "no server is listening": the CLI then opens the database itself. */
const NO_SERVER = new Set(["ENOENT", "ECONNREFUSED"]);

/**
 * Sends one command to the server running on DATA_DIR.
 * @param dataDir the DATA_DIR the CLI is configured with.
 * @param argv the command's arguments.
 * @returns the server's exit code and output, or undefined when no server is running there.
 * @throws Error when a server is there but refuses or answers something else (e.g. the secret is unreadable).
 */
export async function runInServer(
  dataDir: string,
  argv: readonly string[],
): Promise<AdminAnswer | undefined> {
  let secret: string;
  try {
    secret = (await readFile(adminSecretPath(dataDir), "utf8")).trim();
  } catch (e) {
    // A server that is not running (or stopped cleanly) leaves no secret.
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new Error(
      `cannot read the server's admin secret: ${(e as Error).message}`,
    );
  }
  const answer = await new Promise<
    { status: number; text: string } | undefined
  >((resolve, reject) => {
    const req = request(
      {
        socketPath: adminSocketPath(dataDir),
        path: ADMIN_COMMAND_PATH,
        method: "POST",
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${secret}`,
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
        res.on("error", reject);
      },
    );
    // A killed server leaves its files behind; nobody listens on the socket then.
    req.on("error", (e: NodeJS.ErrnoException) =>
      e.code && NO_SERVER.has(e.code) ? resolve(undefined) : reject(e),
    );
    req.end(JSON.stringify({ argv }));
  });
  if (!answer) return undefined;
  const parsed = answerSchema.safeParse(JSON.parse(answer.text));
  if (!parsed.success)
    throw new Error(
      `the running server refused the command (HTTP ${answer.status}): ${answer.text}`,
    );
  return parsed.data;
}
