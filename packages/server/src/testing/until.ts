/**
 * Waits until a condition holds, checking it every 20 ms: tests wait for conditions, never for times.
 * @param done the condition (it may query).
 * @param what what is awaited, for the timeout's message.
 * @param ms how long to wait at most.
 * @throws Error when the condition does not hold in time.
 */
export async function until(
  done: () => boolean | Promise<boolean>,
  what: string,
  ms = 20_000,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
