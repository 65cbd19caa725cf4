/** Image thumbnails for chat files (sharp): at most 320 px on the longer side, WebP, from images up to 50 MB. */
import type { Readable } from "node:stream";
import sharp from "sharp";
import { createLogger } from "../../logger.js";

const log = createLogger("files.thumbnailer");

/** Longest side of a thumbnail, px. */
export const THUMBNAIL_SIZE = 320;
/** Larger images get no thumbnail (the client shows a file icon). */
export const THUMBNAIL_MAX_SOURCE_BYTES = 50 * 1024 * 1024;
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
 * Renders a thumbnail.
 * @param source the image bytes.
 * @returns WebP bytes, or undefined when the bytes are not a readable image.
 */
export async function renderThumbnail(
  source: Readable,
): Promise<Buffer | undefined> {
  const transformer = sharp({ failOn: "error", limitInputPixels: 100_000_000 })
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
    log.debug({ err }, "no thumbnail: not a readable image");
    return undefined;
  } finally {
    source.destroy();
  }
}
