/**
 * Coalesces point lookups into batch queries: one query at a time, and every key asked for while it runs goes out
 * together in the next one. Idle, a lookup is sent at once; under load many share one round trip to the database.
 */

type Waiter<V> = {
  resolve: (value: V) => void;
  reject: (err: unknown) => void;
};

export class CoalescingLoader<K, V> {
  private queued = new Map<K, Waiter<V>[]>();
  private running = false;

  /**
   * @param load reads many keys in one query; a key missing from the result resolves to `missing`.
   * @param missing the value of a key the query did not return.
   * @param maxBatch the most keys per query (keeps statements and parameter lists bounded).
   */
  constructor(
    private readonly load: (keys: K[]) => Promise<Map<K, V>>,
    private readonly missing: V,
    private readonly maxBatch = 500,
  ) {}

  /**
   * Looks up one key. The query that answers starts after this call, so it sees every write committed before it.
   * @param key the key.
   * @returns its value, or `missing`.
   */
  get(key: K): Promise<V> {
    return new Promise<V>((resolve, reject) => {
      const waiters = this.queued.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else this.queued.set(key, [{ resolve, reject }]);
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    while (this.queued.size > 0) {
      const batch = this.take();
      try {
        const found = await this.load([...batch.keys()]);
        for (const [key, waiters] of batch) {
          const value = found.has(key) ? (found.get(key) as V) : this.missing;
          for (const w of waiters) w.resolve(value);
        }
      } catch (err) {
        for (const waiters of batch.values())
          for (const w of waiters) w.reject(err);
      }
    }
    this.running = false;
  }

  /** Removes up to maxBatch keys from the queue, oldest first. */
  private take(): Map<K, Waiter<V>[]> {
    if (this.queued.size <= this.maxBatch) {
      const all = this.queued;
      this.queued = new Map();
      return all;
    }
    const batch = new Map<K, Waiter<V>[]>();
    for (const [key, waiters] of this.queued) {
      if (batch.size === this.maxBatch) break;
      batch.set(key, waiters);
    }
    for (const key of batch.keys()) this.queued.delete(key);
    return batch;
  }
}
