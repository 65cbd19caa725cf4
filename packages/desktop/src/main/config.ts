/** Desktop shell settings: the only place the main process reads its environment. */

export type ShellConfig = Readonly<{
  /** URL of the Moa server whose web client the windows load. */
  serverUrl: string;
}>;

/**
 * Reads the shell configuration.
 * @param env the environment (process.env by default).
 * @returns the configuration; `MOA_SERVER_URL` defaults to a local server.
 * @throws Error when the URL is not http(s).
 */
export function loadShellConfig(
  env: Record<string, string | undefined> = process.env,
): ShellConfig {
  const serverUrl = env.MOA_SERVER_URL ?? "http://127.0.0.1:8080/";
  const parsed = new URL(serverUrl);
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new Error(`MOA_SERVER_URL must be http(s), got ${parsed.protocol}`);
  }
  return Object.freeze({ serverUrl: parsed.href });
}
