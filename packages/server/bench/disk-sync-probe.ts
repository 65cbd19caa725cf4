/**
 * Times the disk while a bench step runs: an 8 KiB write and fdatasync in the temporary directory every 100 ms, as a
 * database commit waits for its log to reach the disk. On a virtual disk whose syncs stall under load, PostgreSQL's
 * latency tail is the disk's, and the step's figures say so next to it.
 */
import { mkdtemp, open, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout } from "node:timers/promises";

/** A running probe; `stop` ends it and gives the sync times in milliseconds, sorted. */
export type DiskSyncProbe = { stop(): Promise<Float64Array> };

/**
 * Starts timing syncs until stopped.
 * @param intervalMs - pause between two syncs.
 */
export async function startDiskSyncProbe(
  intervalMs = 100,
): Promise<DiskSyncProbe> {
  const dir = await mkdtemp(join(tmpdir(), "moa-disk-probe-"));
  const file = await open(join(dir, "probe"), "w");
  const page = Buffer.alloc(8192, 1);
  const times: number[] = [];
  const stopped = new AbortController();
  const loop = (async () => {
    while (!stopped.signal.aborted) {
      const started = performance.now();
      await file.write(page, 0, page.length, 0);
      await file.datasync();
      times.push(performance.now() - started);
      await setTimeout(intervalMs);
    }
  })();
  return {
    async stop() {
      stopped.abort();
      await loop;
      await file.close();
      await rm(dir, { recursive: true, force: true });
      return Float64Array.from(times).sort();
    },
  };
}
