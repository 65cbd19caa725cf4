/**
 * Image thumbnails for chat files (sharp): at most 320 px on the longer side, WebP, from images up to 50 MB and
 * {@link THUMBNAIL_MAX_SOURCE_PIXELS}, a few at a time.
 */
import type { Readable } from "node:stream";
import pLimit from "p-limit";
import sharp from "sharp";
import { createLogger } from "../../logger.js";

const log = createLogger("files.thumbnailer");

/** Longest side of a thumbnail, px. */
export const THUMBNAIL_SIZE = 320;
/** Larger images get no thumbnail (the client shows a file icon). */
export const THUMBNAIL_MAX_SOURCE_BYTES = 50 * 1024 * 1024;
/**
 * Larger images get no thumbnail: decoding takes about 4 bytes a pixel, so a 100-megapixel PNG (a few KB of file)
 * would hold hundreds of MB. 33 MP covers an 8K photo (7680 x 4320) and every phone camera's default.
 */
export const THUMBNAIL_MAX_SOURCE_PIXELS = 33_000_000;
/** Thumbnails rendered at once; further uploads wait their turn, so parallel uploads cannot multiply the memory. */
export const THUMBNAIL_CONCURRENCY = 2;
const renderSlots = pLimit(THUMBNAIL_CONCURRENCY);

const IMAGE_TYPES = new Set([
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
]);

/**
 * Whether a file gets a thumbnail.
 * @param mimeType the declared type.
 * @param size bytes.
 * @returns true for common raster images up to the size limit.
 */
export const wantsThumbnail = (mimeType: string, size: number) =>
  IMAGE_TYPES.has(mimeType) && size <= THUMBNAIL_MAX_SOURCE_BYTES;

/**
 * Renders a thumbnail, waiting for a free slot first.
 * @param source the image bytes.
 * @returns WebP bytes, or undefined when the bytes are not a readable image or have too many pixels.
 */
export function renderThumbnail(source: Readable): Promise<Buffer | undefined> {
  return renderSlots(() => render(source));
}

async function render(source: Readable): Promise<Buffer | undefined> {
  const transformer = sharp({
    failOn: "error",
    limitInputPixels: THUMBNAIL_MAX_SOURCE_PIXELS,
  })
    .rotate()
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, {
      fit: "inside",
      withoutEnlargement: true,
    })
    .webp({ quality: 75 });
  try {
    source.pipe(transformer);
    return await transformer.toBuffer();
  } catch (err) {
    log.debug({ err }, "no thumbnail: not a readable image or too large");
    return undefined;
  } finally {
    source.destroy();
  }
}
