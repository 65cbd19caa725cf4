/**
 * A file-backed PGlite running in a worker thread (pglite-worker.ts). Query work no longer blocks the event loop,
 * so sockets keep being served while a commit runs, and a second core can take the database.
 */
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { Results } from "@electric-sql/pglite";
import type { PGliteQueryable } from "./pglite-dialect.js";

export type WorkerRequest = {
  id: number;
  sql: string;
  /** Undefined: run with the simple protocol (several statements allowed). */
  params: unknown[] | undefined;
  close?: boolean;
};

export type WorkerReply =
  | { id: number; result: Results; error?: undefined }
  | { id: number; error: Record<string, unknown>; result?: undefined };

// The worker's JS heap only relays statements and results; a small young generation keeps its memory flat.
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 4 };

type Waiter = {
  resolve: (r: Results) => void;
  reject: (err: Error) => void;
};

export class PGliteThread implements PGliteQueryable {
  /** Requests are posted in call order and the worker runs them one by one in arrival order. */
  readonly runsInCallOrder = true;
  private nextId = 1;
  private readonly waiters = new Map<number, Waiter>();
  private failure: Error | undefined;

  private constructor(private readonly worker: Worker) {
    worker.on("message", (reply: WorkerReply) => {
      const waiter = this.waiters.get(reply.id);
      if (!waiter) return;
      this.waiters.delete(reply.id);
      if (reply.error) waiter.reject(toError(reply.error));
      else waiter.resolve(reply.result);
    });
    const fail = (err: Error) => {
      this.failure = err;
      for (const w of this.waiters.values()) w.reject(err);
      this.waiters.clear();
    };
    worker.on("error", fail);
    worker.on("exit", () => fail(new Error("PGlite worker exited")));
  }

  /**
   * Starts the worker and waits until the database is open.
   * @param dataDir the PGlite data directory.
   * @returns the running thread.
   * @throws Error when PGlite cannot open the directory.
   */
  static async open(dataDir: string): Promise<PGliteThread> {
    const worker = import.meta.url.endsWith(".ts")
      ? sourceWorker(dataDir)
      : new Worker(new URL("./pglite-worker.js", import.meta.url), {
          workerData: { dataDir },
          resourceLimits: WORKER_LIMITS,
        });
    const thread = new PGliteThread(worker);
    try {
      await thread.expect(0);
    } catch (err) {
      await worker.terminate();
      throw err;
    }
    return thread;
  }

  query<R>(sql: string, params: unknown[]): Promise<Results<R>> {
    return this.send(sql, params) as Promise<Results<R>>;
  }

  async exec(sql: string): Promise<Results[]> {
    return [await this.send(sql, undefined)];
  }

  /** Closes the database (flushing it) and stops the worker. */
  async close(): Promise<void> {
    const id = this.nextId++;
    const done = this.expect(id);
    this.worker.postMessage({
      id,
      sql: "",
      params: undefined,
      close: true,
    } satisfies WorkerRequest);
    await done;
    await this.worker.terminate();
  }

  private send(sql: string, params: unknown[] | undefined): Promise<Results> {
    const id = this.nextId++;
    const reply = this.expect(id);
    this.worker.postMessage({ id, sql, params } satisfies WorkerRequest);
    return reply;
  }

  /** Registers for the reply to request id (0 is the worker's "opened" message). */
  private expect(id: number): Promise<Results> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) =>
      this.waiters.set(id, { resolve, reject }),
    );
  }
}

/**
 * Run from TypeScript sources (tsx, vitest) a worker gets no TS loader of its own: it registers tsx,
 * then imports the .ts entry. Built, the plain .js entry is used instead.
 */
function sourceWorker(dataDir: string): Worker {
  // require resolves tsx's API to its CommonJS build, whose register() cannot find its hooks; the ESM build
  // sits beside it.
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve("tsx/esm/api")
      .replace(/\.cjs$/, ".mjs"),
  ).href;
  const entry = new URL("./pglite-worker.ts", import.meta.url).href;
  const boot = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, {
    eval: true,
    workerData: { dataDir },
    resourceLimits: WORKER_LIMITS,
  });
}

/** Rebuilds a database error from its cloned fields (code, detail, constraint, … stay readable). */
function toError(fields: Record<string, unknown>): Error {
  return Object.assign(new Error(String(fields.message)), fields);
}
