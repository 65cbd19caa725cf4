/** Runs the built server as a child process (`node dist/main.js`), as `npm start` does, for e2e and kill tests. */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { promisify } from "node:util";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const serverMainPath = fileURLToPath(
  new URL("../../dist/main.js", import.meta.url),
);

/** The built admin CLI (`npm run moa`). */
export const cliMainPath = fileURLToPath(
  new URL("../../dist/cli/moa.js", import.meta.url),
);

/**
 * Runs the built admin CLI as `npm run moa -- …` does.
 * @param dataDir the DATA_DIR it works on (that of a running server, or a stopped one).
 * @param args the command's arguments.
 * @returns the exit code and the output.
 */
export async function runCli(
  dataDir: string,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [cliMainPath, ...args],
      { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" } },
    );
    return { code: 0, stdout, stderr };
  } catch (e) {
    const failed = e as { code?: number; stdout?: string; stderr?: string };
    return {
      code: typeof failed.code === "number" ? failed.code : -1,
      stdout: failed.stdout ?? "",
      stderr: failed.stderr ?? "",
    };
  }
}

/** SIGKILL, unless the process has gone already. */
function killIfAlive(pid: number): void {
  try {
    process.kill(pid, "SIGKILL");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ESRCH") throw err;
  }
}

export type ServerProcess = {
  url: string;
  dataDir: string;
  child: ChildProcess;
  /** Output so far, for diagnosing a failed test. */
  output(): string;
  /** SIGTERM and wait; removes the data dir unless keepData. */
  stop(opts?: { keepData?: boolean }): Promise<void>;
  /** SIGKILL to the process and its workers (WORKERS) at once, and wait (crash simulation); keeps the data dir. */
  kill(): Promise<void>;
  /** The worker processes it runs (WORKERS above 1), by pid. */
  workerPids(): number[];
};

/**
 * The child processes of a process (Linux).
 * @param pid the parent.
 * @returns their pids; none once it has exited.
 */
function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .split(" ")
      .filter((p) => p !== "")
      .map(Number);
  } catch {
    return [];
  }
}

/**
 * Starts the built server on a free port.
 * @param opts dataDir to reuse (default: a fresh temp dir) and extra env.
 * @returns the process once it prints its URL.
 * @throws Error when it exits or stays silent for 180 s.
 */
export async function startServerProcess(
  opts: {
    dataDir?: string;
    env?: Record<string, string>;
    /** Extra Node options for the server, e.g. `--cpu-prof` when profiling a benchmark. */
    nodeArgs?: readonly string[];
  } = {},
): Promise<ServerProcess> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), "moa-e2e-"));
  const child = spawn(
    process.execPath,
    [...(opts.nodeArgs ?? []), serverMainPath],
    {
      env: {
        ...process.env,
        PORT: "0",
        HOST: "127.0.0.1",
        // Several test servers run at once: free ports, not 5222/5223.
        XMPP_PORT: "0",
        XMPP_TLS_PORT: "0",
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        ...opts.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let out = "";
  const exited = new Promise<void>((resolve) =>
    child.once("exit", () => resolve()),
  );
  const url = await new Promise<string>((resolve, reject) => {
    // A first start seeds the demo company (password hashing): on a machine shared by parallel builds that alone
    // has taken over 60 s.
    const timer = setTimeout(
      () => reject(new Error(`server did not start within 180 s:\n${out}`)),
      180_000,
    );
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Moa is running at (\S+?)\/?\s/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(
        new Error(
          `server exited with ${String(code)} before starting:\n${out}`,
        ),
      );
    });
  });
  return {
    url,
    dataDir,
    child,
    output: () => out,
    stop: async ({ keepData = false } = {}) => {
      if (child.exitCode === null && child.signalCode === null)
        child.kill("SIGTERM");
      await exited;
      if (!keepData && !opts.dataDir)
        rmSync(dataDir, { recursive: true, force: true });
    },
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        // The whole node dies in one instant, as when its machine does: workers are not left to drain.
        const workers = child.pid === undefined ? [] : childPids(child.pid);
        child.kill("SIGKILL");
        for (const pid of workers) killIfAlive(pid);
      }
      await exited;
    },
    workerPids: () => (child.pid === undefined ? [] : childPids(child.pid)),
  };
}
