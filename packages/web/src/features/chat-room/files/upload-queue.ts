/**
 * The room window's upload queue (spec §4 "File upload"): files go one at a time with a 100 ms pause between them;
 * the dialog shows the file in flight as n/total with its progress and lists per-file errors; cancel aborts the
 * file in flight and skips the rest; when every file succeeded the dialog hides 1.5 s later.
 */
import { UPLOAD_BAR_HIDE_DELAY_MS, UPLOAD_PAUSE_MS } from "@moa/shared";
import { createStore, type StoreApi } from "zustand/vanilla";
import {
  UploadAbortedError,
  UploadError,
  type UploadErrorCode,
} from "./upload-file";

/** A file that did not reach the room, and why. */
export type UploadFailure = { fileName: string; code: UploadErrorCode };

/** What the upload dialog shows. */
export type UploadProgress = {
  /** The dialog is shown. */
  open: boolean;
  /** A file is in flight or waiting. */
  running: boolean;
  /** Files of the batch that are uploaded (refused ones are only listed as failures). */
  total: number;
  /** 1-based number of the file in flight. */
  current: number;
  fileName: string;
  /** Progress of the file in flight, 0–100. */
  percent: number;
  failures: readonly UploadFailure[];
  /** Every file reached the room; the dialog hides shortly. */
  done: boolean;
};

/** Uploads one file and announces it in the room; rejects with UploadError, or UploadAbortedError once aborted. */
export type SendFile = (
  file: File,
  onProgress: (percent: number) => void,
  signal: AbortSignal,
) => Promise<void>;

const IDLE: UploadProgress = {
  open: false,
  running: false,
  total: 0,
  current: 0,
  fileName: "",
  percent: 0,
  failures: [],
  done: false,
};

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}

export class UploadQueue {
  readonly store: StoreApi<UploadProgress> = createStore(() => IDLE);
  private waiting: File[] = [];
  private controller: AbortController | null = null;
  private hideTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly send: SendFile) {}

  /**
   * Adds files to upload (to the batch in flight, if any) and shows the dialog.
   * @param files - files that passed the limits.
   * @param refused - files refused before upload, listed as failures.
   */
  add(files: readonly File[], refused: readonly UploadFailure[] = []): void {
    this.clearHideTimer();
    const s = this.store.getState();
    const fresh = !s.running;
    this.store.setState({
      open: true,
      done: false,
      total: (fresh ? 0 : s.total) + files.length,
      failures: [...(fresh ? [] : s.failures), ...refused],
      ...(fresh ? { current: 0, fileName: "", percent: 0 } : {}),
    });
    this.waiting.push(...files);
    if (fresh) void this.run();
  }

  /** Aborts the file in flight and drops the files still waiting. */
  cancel(): void {
    this.waiting = [];
    this.controller?.abort();
  }

  /** Closes the dialog once nothing is in flight (its close button). */
  close(): void {
    if (this.store.getState().running) return;
    this.clearHideTimer();
    this.store.setState({ open: false });
  }

  /** Stops everything (the window closes). */
  dispose(): void {
    this.cancel();
    this.clearHideTimer();
  }

  private async run() {
    const controller = new AbortController();
    this.controller = controller;
    this.store.setState({ running: true });
    let next = this.waiting.shift();
    while (next && !controller.signal.aborted) {
      const file = next;
      this.store.setState((s) => ({
        current: s.current + 1,
        fileName: file.name,
        percent: 0,
      }));
      try {
        await this.send(
          file,
          (percent) => {
            this.store.setState({ percent });
          },
          controller.signal,
        );
        this.store.setState({ percent: 100 });
      } catch (err) {
        if (err instanceof UploadAbortedError) break;
        const code =
          err instanceof UploadError ? err.code : "files.upload.failed";
        this.store.setState((s) => ({
          failures: [...s.failures, { fileName: file.name, code }],
        }));
      }
      next = this.waiting.shift();
      if (next) await wait(UPLOAD_PAUSE_MS, controller.signal);
    }
    this.controller = null;
    const { failures } = this.store.getState();
    const cancelled = controller.signal.aborted;
    const done = !cancelled && failures.length === 0;
    // A cancel with nothing to report closes at once; failures stay listed until the user closes the dialog.
    this.store.setState({
      running: false,
      done,
      ...(cancelled && failures.length === 0 ? { open: false } : {}),
    });
    if (done)
      this.hideTimer = setTimeout(() => {
        this.hideTimer = null;
        this.store.setState({ open: false, done: false });
      }, UPLOAD_BAR_HIDE_DELAY_MS);
  }

  private clearHideTimer() {
    if (this.hideTimer) clearTimeout(this.hideTimer);
    this.hideTimer = null;
  }
}
