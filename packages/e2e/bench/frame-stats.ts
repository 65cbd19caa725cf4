/** Frame-time figures of a scroll measured as the gaps between animation frames (shared by the scroll benches). */

// A gap this much longer than one 60 Hz frame means the display skipped at least one frame.
const MISSED_FRAME_MS = 1.5 * (1000 / 60);

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * Summarises frame gaps.
 * @param frames - gaps between consecutive animation frames, in ms.
 * @returns count, p50/p95/p99/max in ms and the share of gaps that skipped a frame, in percent.
 */
export function frameStats(frames: readonly number[]) {
  const sorted = [...frames].sort((a, b) => a - b);
  const at = (p: number) =>
    round(
      sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0,
    );
  const missed = sorted.filter((ms) => ms > MISSED_FRAME_MS).length;
  return {
    frames: sorted.length,
    p50Ms: at(0.5),
    p95Ms: at(0.95),
    p99Ms: at(0.99),
    maxMs: round(sorted.at(-1) ?? 0),
    missedFramesPct: round((100 * missed) / Math.max(1, sorted.length)),
  };
}
