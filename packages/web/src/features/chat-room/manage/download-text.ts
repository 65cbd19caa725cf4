/** Saves text as a file through the browser's download (the saved chat of spec §9). */

// Windows Notepad reads UTF-8 without a byte-order mark as the local code page, which garbles Korean.
const UTF8_BOM = "\uFEFF";

/**
 * Downloads a text file.
 * @param fileName - the file's name.
 * @param text - its content.
 */
export function downloadTextFile(fileName: string, text: string): void {
  const url = URL.createObjectURL(
    new Blob([UTF8_BOM, text], { type: "text/plain;charset=utf-8" }),
  );
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the object URL; revoking later keeps slow browsers from losing it.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 60_000);
}
