/**
 * Sending the chosen files as links (spec §2.10, §5): the webhard makes one link per file (at most 20), then the
 * main window posts one FILE message per link into the room, one at a time, so a cancel (confirmed with WH.A.018)
 * stops before the next link.
 */
import {
  isWebhardSuccess,
  validateWebhardSend,
  type WebhardFileData,
} from "@moa/shared";
import { useCallback, useRef, useState } from "react";
import { useBridgeRequest } from "../../lib/bridge";

/** How far a running send is. */
export type SendProgress = { sent: number; total: number };

/** How a send ended: nothing selected (WH.A.017), all sent, cancelled, or failed making or sending links. */
export type SendOutcome =
  | { kind: "nothingSelected" }
  | { kind: "done"; sent: number }
  | { kind: "cancelled"; sent: number }
  | { kind: "failed"; sent: number; code: "load" | "send" };

/**
 * @param roomName - the room the links go to.
 * @returns the running send's progress (null when none), `send` and `cancel` (stops before the next link).
 */
export function useLinkSender(roomName: string) {
  const makeLinks = useBridgeRequest("webhard:make-links");
  const sendLink = useBridgeRequest("webhard:send-link");
  const [progress, setProgress] = useState<SendProgress | null>(null);
  // Set by cancel while a send runs; read between links.
  const cancelled = useRef({ current: false });

  const run = useCallback(
    async (
      files: readonly WebhardFileData[],
      stop: { current: boolean },
    ): Promise<SendOutcome> => {
      let sent = 0;
      try {
        const made = await makeLinks({ fileIds: files.map((f) => f.id) });
        if (!isWebhardSuccess(made.resultCode))
          return { kind: "failed", sent, code: "load" };
        for (const link of made.links) {
          if (stop.current) return { kind: "cancelled", sent };
          await sendLink({
            roomName,
            fileName: link.fileName,
            token: link.token,
          });
          sent += 1;
          setProgress({ sent, total: made.links.length });
        }
        return { kind: "done", sent };
      } catch {
        return { kind: "failed", sent, code: "send" };
      }
    },
    [makeLinks, sendLink, roomName],
  );

  const send = useCallback(
    async (files: readonly WebhardFileData[]): Promise<SendOutcome> => {
      if (!validateWebhardSend(files).ok) return { kind: "nothingSelected" };
      const stop = { current: false };
      cancelled.current = stop;
      setProgress({ sent: 0, total: files.length });
      const outcome = await run(files, stop);
      setProgress(null);
      return outcome;
    },
    [run],
  );

  const cancel = useCallback(() => {
    cancelled.current.current = true;
  }, []);

  return { progress, send, cancel };
}
