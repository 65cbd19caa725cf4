/** Work a stopping server lets finish before it closes what the work uses (streams, the database). */
export class InFlight {
  private readonly pending = new Set<Promise<unknown>>();

  /**
   * Tracks work until it settles.
   * @param work the work under way.
   * @returns the same work, for the caller to await.
   */
  track<T>(work: Promise<T>): Promise<T> {
    this.pending.add(work);
    void (async () => {
      try {
        await work;
      } catch {
        // The caller handles the failure; here it only ends the tracking.
      } finally {
        this.pending.delete(work);
      }
    })();
    return work;
  }

  /** Resolves when the work tracked before the call has settled (work started meanwhile is not waited for). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }

  /** Resolves when no tracked work is left, including work started while it waits. */
  async drain(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }
}
