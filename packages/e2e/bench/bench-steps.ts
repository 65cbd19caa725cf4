/** Steps the browser benches share: printing a result line, timing an action, and scrolling a list frame by frame. */

/** Prints one JSON line of results (what `npm run bench` keeps in bench-results/). */
export const emit = (line: Record<string, unknown>): void => {
  process.stdout.write(`${JSON.stringify(line)}\n`);
};

/**
 * Milliseconds from an action until a condition holds.
 * @param action - what the user does.
 * @param done - waits for what they then see.
 */
export async function timed(
  action: () => Promise<void>,
  done: () => Promise<void>,
): Promise<number> {
  const start = performance.now();
  await action();
  await done();
  return Math.round(performance.now() - start);
}

/**
 * The page script that scrolls a list to the bottom and back, a step per animation frame, and returns every frame's
 * interval. A string, so the bundler's helpers never reach the page.
 * @param scroller - CSS selector of the list's scrolling element.
 * @param step - pixels per frame.
 * @returns an expression to evaluate in the page.
 */
export function scrollFramesScript(scroller: string, step: number): string {
  return `(async (step) => {
  const scroller = document.querySelector(${JSON.stringify(scroller)});
  if (!scroller) throw new Error("scroller not found");
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const deltas = [];
  let last = await frame();
  const scrollTo = async (target) => {
    const direction = Math.sign(target - scroller.scrollTop);
    while (direction !== 0 && Math.sign(target - scroller.scrollTop) === direction) {
      const before = scroller.scrollTop;
      scroller.scrollTop += direction * step;
      const now = await frame();
      deltas.push(now - last);
      last = now;
      // The end was reached (the list's height may settle while scrolling).
      if (scroller.scrollTop === before) break;
    }
  };
  await scrollTo(scroller.scrollHeight);
  await scrollTo(0);
  return deltas;
})(${String(step)})`;
}
