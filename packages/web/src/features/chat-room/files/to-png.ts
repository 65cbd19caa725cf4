/** Pasted images are sent as PNG (spec §2.11): other clipboard formats are redrawn on a canvas. */

/**
 * Gives the image as PNG.
 * @param image - the clipboard image.
 * @returns the same blob when it already is PNG, else a PNG of it.
 * @throws Error when the browser cannot decode the image.
 */
export async function toPngBlob(image: Blob): Promise<Blob> {
  if (image.type === "image/png") return image;
  const bitmap = await createImageBitmap(image);
  const canvas = document.createElement("canvas");
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("no 2d canvas");
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  return new Promise((resolve, reject) => {
    canvas.toBlob((png) => {
      if (png) resolve(png);
      else reject(new Error("PNG encoding failed"));
    }, "image/png");
  });
}
