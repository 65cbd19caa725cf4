import { describe, expect, it } from "vitest";
import { InFlight } from "./in-flight.js";

/** A promise with its resolver, settled when the test says. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe("InFlight", () => {
  it("settled waits for the work tracked before it, failed work included, not for work started later", async () => {
    const inFlight = new InFlight();
    const first = deferred();
    const failing = inFlight.track(Promise.reject(new Error("refused")));
    await expect(failing).rejects.toThrow("refused");
    void inFlight.track(first.promise);
    let done = false;
    const settled = (async () => {
      await inFlight.settled();
      done = true;
    })();
    const later = deferred();
    void inFlight.track(later.promise);
    await Promise.resolve();
    expect(done).toBe(false);
    first.resolve();
    await settled;
    expect(done).toBe(true);
    later.resolve();
  });

  it("drain also waits for work started while it waits", async () => {
    const inFlight = new InFlight();
    const first = deferred();
    const second = deferred();
    void inFlight.track(first.promise);
    let done = false;
    const drained = (async () => {
      await inFlight.drain();
      done = true;
    })();
    void inFlight.track(second.promise);
    first.resolve();
    await first.promise;
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toBe(false);
    second.resolve();
    await drained;
    expect(done).toBe(true);
  });
});
