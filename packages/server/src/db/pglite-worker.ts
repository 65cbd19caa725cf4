/**
 * Worker thread that owns a file-backed PGlite, so its WebAssembly query work runs beside the event loop
 * instead of on it. Answers {id, sql, params} requests in order; params undefined means the simple protocol, otherwise
 * the statement runs prepared (pglite-statements.ts).
 */
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_EXTENSIONS } from "./pglite-extensions.js";
import { PreparedStatements } from "./pglite-statements.js";
import type { WorkerReply, WorkerRequest } from "./pglite-thread.js";

const INT8_OID = 20;
const port = parentPort;
if (!port) throw new Error("pglite-worker must run in a worker thread");
const { dataDir } = workerData as { dataDir: string };

/** Copies what callers read from a PostgreSQL error (code, constraint, …): errors are cloned without their class. */
function errorFields(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  return { ...Object.fromEntries(Object.entries(err)), message: err.message };
}

try {
  const lite = await PGlite.create(dataDir, {
    parsers: { [INT8_OID]: (v: string) => Number(v) },
    extensions: PGLITE_EXTENSIONS,
  });
  // PostgreSQL fills each new 16 MB WAL segment with zeros before writing to it. In PGlite that write held the
  // database for 25–90 ms every few thousand messages, and every message waiting on the archive with it. PGlite does
  // not fsync, so the space reserved up front guaranteed nothing here.
  await lite.exec("set wal_init_zero = off");
  const statements = new PreparedStatements(lite);
  // One statement at a time, in arrival order: the main thread relies on it (see pglite-dialect.ts).
  let tail = Promise.resolve();
  port.on("message", (req: WorkerRequest) => {
    const previous = tail;
    tail = (async () => {
      await previous;
      let reply: WorkerReply;
      try {
        if (req.close) {
          await lite.close();
          reply = { id: req.id, result: { rows: [], fields: [] } };
        } else {
          reply = {
            id: req.id,
            result:
              req.params === undefined
                ? ((await lite.exec(req.sql)).at(-1) ?? {
                    rows: [],
                    fields: [],
                  })
                : await statements.query(req.sql, req.params),
          };
        }
      } catch (err) {
        reply = { id: req.id, error: errorFields(err) };
      }
      port.postMessage(reply);
    })();
  });
  port.postMessage({ id: 0, result: { rows: [], fields: [] } });
} catch (err) {
  port.postMessage({ id: 0, error: errorFields(err) });
}
