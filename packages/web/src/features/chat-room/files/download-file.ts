/**
 * Downloads of room files (spec §4 "File download in a message", §8): the bytes are fetched with the session's
 * token and read as a stream for the progress, then handed to the browser as a Blob download.
 */
import { MESSAGE_CODES } from "@moa/shared";
import { authorizedFetch } from "../../../api/authorized-fetch";
import {
  isRefusedResponse,
  withAccessToken,
  type TokenSource,
} from "./access-token";

/** Why a download failed: CH.H.038 when the file is gone (404, also after the 7-day expiry), else CH.H.030. */
export type DownloadErrorCode =
  typeof MESSAGE_CODES.downloadNotFound | typeof MESSAGE_CODES.downloadFailed;

export class DownloadError extends Error {
  constructor(readonly code: DownloadErrorCode) {
    super(`download failed: ${code}`);
    this.name = "DownloadError";
  }
}

async function readAll(
  res: Response,
  expected: number,
  onProgress: (received: number, total: number) => void,
): Promise<Blob> {
  const total = Number(res.headers.get("content-length")) || expected;
  if (!res.body) return res.blob();
  const reader = res.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(received, total);
  }
  return new Blob(chunks, { type: "application/octet-stream" });
}

/**
 * Fetches a file's bytes.
 * @param path - the download path on this server (chatFileDownloadPath); never a URL from a message.
 * @param expectedSize - the size the message announced, for the progress when the answer has no length.
 * @returns the bytes.
 * @throws DownloadError with the message to show.
 */
export async function downloadChatFile(
  path: string,
  expectedSize: number,
  tokens: TokenSource,
  onProgress: (received: number, total: number) => void,
): Promise<Blob> {
  try {
    return await withAccessToken(tokens, async (token) => {
      const res = await authorizedFetch(path, token);
      if (await isRefusedResponse(res)) return { refused: true };
      if (res.status === 404)
        throw new DownloadError(MESSAGE_CODES.downloadNotFound);
      // A 200 JSON answer is an error envelope, never a file.
      if (!res.ok || res.headers.get("content-type")?.includes("json"))
        throw new DownloadError(MESSAGE_CODES.downloadFailed);
      return {
        refused: false,
        value: await readAll(res, expectedSize, onProgress),
      };
    });
  } catch (err) {
    if (err instanceof DownloadError) throw err;
    throw new DownloadError(MESSAGE_CODES.downloadFailed);
  }
}

// Long enough for the browser to start reading the object URL after the click; then the memory is released.
const REVOKE_AFTER_MS = 10_000;

/**
 * Saves downloaded bytes the browser way: a click on an `<a download>` link to an object URL. The desktop shell
 * (spec §4: open file / open folder after the download) has no DesktopApi for this yet; it replaces this function.
 * @param blob - the file's bytes.
 * @param fileName - the name to save under (the browser sanitises it).
 */
export function saveBlobAsDownload(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, REVOKE_AFTER_MS);
}
