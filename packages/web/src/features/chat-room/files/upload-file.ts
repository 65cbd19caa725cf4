/**
 * One file upload to the room (spec §7.6) over XMLHttpRequest, the browser API that reports upload progress. The
 * form fields go before the file: the server checks the room before it reads any file byte.
 */
import {
  CHAT_FILE_ID_PREFIX,
  CHAT_UPLOAD_PATH,
  chatUploadResponseSchema,
  isExpiredJwt,
  MESSAGE_CODES,
  REQUESTED_WITH_HEADER,
  type ChatFileData,
} from "@moa/shared";
import { openAuthorizedXhr } from "../../../api/authorized-fetch";
import type { TokenCall } from "./access-token";

/** Why one file did not reach the room (an i18n key). */
export type UploadErrorCode =
  | typeof MESSAGE_CODES.uploadFileTooLarge
  | typeof MESSAGE_CODES.uploadTooManyFiles
  | "files.upload.failed"
  | "files.upload.sendFailed";

/** A refused upload: the reason to show next to the file's name. */
export class UploadError extends Error {
  constructor(readonly code: UploadErrorCode) {
    super(`upload failed: ${code}`);
    this.name = "UploadError";
  }
}

/** The user cancelled the upload in flight. */
export class UploadAbortedError extends Error {
  constructor() {
    super("upload aborted");
    this.name = "UploadAbortedError";
  }
}

export type UploadRequest = {
  file: File;
  roomName: string;
  loginId: string;
  token: string;
  /** Bytes sent so far of the file's request. */
  onProgress: (loaded: number, total: number) => void;
  signal: AbortSignal;
};

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function errorOf(status: number, body: unknown): UploadErrorCode {
  const message = (body as { ErrorMsg?: unknown } | undefined)?.ErrorMsg;
  if (message === MESSAGE_CODES.uploadTooManyFiles) return message;
  // Spec §5: a too-large-body answer is the 1 GB message, whatever produced it (the server or a proxy).
  if (status === 413) return MESSAGE_CODES.uploadFileTooLarge;
  return "files.upload.failed";
}

/**
 * Uploads one file.
 * @returns the stored file, or `refused` when the server refused the token.
 * @throws UploadError with the reason; UploadAbortedError when `signal` aborted it.
 */
export function uploadChatFile(
  req: UploadRequest,
): Promise<TokenCall<ChatFileData>> {
  return new Promise((resolve, reject) => {
    if (req.signal.aborted) {
      reject(new UploadAbortedError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const form = new FormData();
    form.append("ID", `${CHAT_FILE_ID_PREFIX}${req.loginId}`);
    form.append("roomname", req.roomName);
    form.append("trid", String(Date.now()));
    form.append("client", "pc");
    form.append("multipartFile", req.file, req.file.name);
    const abort = () => {
      xhr.abort();
    };
    req.signal.addEventListener("abort", abort, { once: true });
    const settle = () => {
      req.signal.removeEventListener("abort", abort);
    };
    xhr.upload.addEventListener("progress", (e) => {
      req.onProgress(e.loaded, e.lengthComputable ? e.total : req.file.size);
    });
    xhr.addEventListener("load", () => {
      settle();
      const body = parseJson(xhr.responseText);
      if (
        xhr.status === 401 ||
        (typeof body === "object" && body !== null && isExpiredJwt(body))
      ) {
        resolve({ refused: true });
        return;
      }
      const parsed = chatUploadResponseSchema.safeParse(body);
      const stored = parsed.success ? parsed.data.multipartFile[0] : undefined;
      if (xhr.status === 200 && stored)
        resolve({ refused: false, value: stored });
      else reject(new UploadError(errorOf(xhr.status, body)));
    });
    xhr.addEventListener("error", () => {
      settle();
      reject(new UploadError("files.upload.failed"));
    });
    xhr.addEventListener("abort", () => {
      settle();
      reject(new UploadAbortedError());
    });
    openAuthorizedXhr(xhr, "POST", CHAT_UPLOAD_PATH, req.token);
    xhr.setRequestHeader(REQUESTED_WITH_HEADER, "MoaWeb");
    xhr.send(form);
  });
}
