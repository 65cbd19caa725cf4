/**
 * Thumbnails are made a few at a time (THUMBNAIL_CONCURRENCY): many images uploaded at once wait their turn instead
 * of being decoded side by side, which would multiply the decoder's memory (issue #11: ten 100-megapixel PNGs in
 * parallel added 438 MiB).
 */
import { Readable } from "node:stream";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { until } from "../../testing/until.js";
import { renderThumbnail, THUMBNAIL_CONCURRENCY } from "./thumbnailer.js";

const IMAGES = 6;

describe("renderThumbnail", () => {
  it("reads at most two images at a time; the others start as earlier ones finish, and all get a thumbnail", async () => {
    expect(THUMBNAIL_CONCURRENCY).toBe(2);
    const png = await sharp({
      create: { width: 640, height: 480, channels: 3, background: "#c33" },
    })
      .png()
      .toBuffer();
    // An upload whose bytes arrive only when the test sends them: "reading" means the thumbnailer started on it.
    const reading = new Set<number>();
    const sources = Array.from(
      { length: IMAGES },
      (_, i) =>
        new Readable({
          read() {
            reading.add(i);
          },
        }),
    );
    const results = sources.map((s) => renderThumbnail(s));
    await until(
      () => reading.size >= THUMBNAIL_CONCURRENCY,
      "the first images being read",
    );
    // A wait for something that must not happen: it can only make the test pass wrongly, never fail wrongly.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect([...reading].sort()).toEqual([0, 1]);
    for (let i = 0; i < IMAGES; i += 1) {
      sources[i]?.push(png);
      sources[i]?.push(null);
      const thumbnail = await results[i];
      expect((await sharp(thumbnail).metadata()).width).toBe(320);
      // One more starts per finished one (the wait fails if more had started, since the count would pass it).
      await until(
        () => reading.size === Math.min(i + 1 + THUMBNAIL_CONCURRENCY, IMAGES),
        "the next image being read",
      );
    }
  });
});
