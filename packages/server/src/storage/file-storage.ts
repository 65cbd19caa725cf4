/**
 * Where uploaded bytes live. Objects are written by streaming (never held whole in memory) under a temporary
 * name and become visible only on commit, so an aborted or refused upload leaves nothing behind.
 */
import type { Readable } from "node:stream";

/** An object being written; commit or discard it exactly once. */
export type PendingObject = {
  key: string;
  /** Bytes written. */
  size: number;
  commit(): Promise<void>;
  discard(): Promise<void>;
};

/** File storage backends (local directory by default; object stores can implement the same). */
export interface FileStorage {
  /**
   * Streams a source into a pending object.
   * @param key where it will live once committed (slash-separated, no `..`).
   * @param source the bytes.
   * @returns the pending object; on a failed stream nothing remains.
   */
  write(key: string, source: Readable): Promise<PendingObject>;
  /**
   * Opens a committed object.
   * @returns a stream and its size, or undefined when missing.
   */
  read(key: string): Promise<{ stream: Readable; size: number } | undefined>;
  /** Removes a committed object (missing is fine). */
  remove(key: string): Promise<void>;
}
