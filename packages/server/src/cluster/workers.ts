/**
 * Several server processes on one machine (WORKERS; docs/scaling.md "Several workers on one machine"). The primary
 * prepares the database once, forks the workers (they share the listening ports through node:cluster), replaces a
 * worker that dies and stops them all on SIGTERM. Each worker is a full node of the Redis cluster; the primary serves
 * nothing itself. A worker whose primary is gone (killed outright) exits at once, as node:cluster makes it: its
 * clients reconnect elsewhere, as after a node's crash.
 */
import cluster, { type Worker } from "node:cluster";
import type { Config } from "../config.js";
import type { Logger } from "../logger.js";
import { prepareForWorkers } from "../server.js";
import type { DemoSeedSummary } from "../services/seed/demo-seed.js";

/** What a worker tells the primary once its ports are open. */
type ListeningMessage = { type: "moa:listening"; url: string };

const isListening = (m: unknown): m is ListeningMessage =>
  (m as Partial<ListeningMessage> | null)?.type === "moa:listening" &&
  typeof (m as ListeningMessage).url === "string";

/** Whether this process is a worker forked by {@link runPrimary}. */
export const isWorker = (): boolean => cluster.isWorker;

/**
 * In a worker: tells the primary the server is listening.
 * @param url the server's advertised URL.
 */
export function reportListening(url: string): void {
  const message: ListeningMessage = { type: "moa:listening", url };
  process.send?.(message);
}

/**
 * Runs the primary: prepares the database, forks `config.workers` workers and supervises them.
 * @param config the configuration.
 * @param logger the root logger.
 * @param ready called once every worker listens, with the URL and what the preparation seeded.
 * @returns once the workers have stopped after SIGTERM/SIGINT, or after a worker failed to start.
 */
export async function runPrimary(
  config: Config,
  logger: Logger,
  ready: (url: string, seeded: DemoSeedSummary | undefined) => void,
): Promise<number> {
  const seeded = await prepareForWorkers(config, logger);
  const listening = new Set<Worker>();
  let stopping = false;
  let announced = false;
  const fork = () =>
    // The preparation seeded already; a worker seeing an empty database would mean another process emptied it.
    cluster.fork({ SEED_DEMO: "false" });

  return new Promise<number>((resolve) => {
    const stopAll = (code: number) => {
      if (stopping) return;
      stopping = true;
      const workers = Object.values(cluster.workers ?? {}).filter(
        (w): w is Worker => w !== undefined,
      );
      if (workers.length === 0) resolve(code);
      // Each worker drains as a single node does on SIGTERM (its streams end with system-shutdown).
      for (const w of workers) w.process.kill("SIGTERM");
      cluster.on("exit", () => {
        if (Object.keys(cluster.workers ?? {}).length === 0) resolve(code);
      });
    };
    cluster.on("message", (worker, message: unknown) => {
      if (!isListening(message)) return;
      listening.add(worker);
      if (!announced && listening.size === config.workers) {
        announced = true;
        ready(message.url, seeded);
      }
    });
    cluster.on("exit", (worker, code, signal) => {
      const started = listening.delete(worker);
      if (stopping) return;
      if (!started && !announced) {
        // The first start failed: configuration or database trouble that a new fork would repeat.
        logger.fatal({ code, signal }, "a worker failed to start");
        stopAll(1);
        return;
      }
      logger.warn(
        { pid: worker.process.pid, code, signal },
        "worker ended; starting another",
      );
      // A replacement that fails to start (the database briefly away) is tried again, a second apart.
      if (started) fork();
      else setTimeout(() => stopping || fork(), 1_000).unref();
    });
    process.once("SIGTERM", () => stopAll(0));
    process.once("SIGINT", () => stopAll(0));
    for (let i = 0; i < config.workers; i++) fork();
  });
}
