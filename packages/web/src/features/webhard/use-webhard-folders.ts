/**
 * The webhard's folders as the window has seen them (spec §2.10, §8): each listing asks the main window for a
 * folder's sub-folders and files (root 0; the guest folder is -99); the sub-folders are kept for the tree and for
 * finding a folder's parent. A failed listing is WH.A.020 + WH.A.022 and ends the webhard for the window.
 */
import {
  isWebhardSuccess,
  WEBHARD_ROOT_FOLDER_ID,
  type WebhardFileData,
  type WebhardFolderData,
} from "@moa/shared";
import { useCallback, useState } from "react";
import { useBridgeRequest } from "../../lib/bridge";

/** One folder's content. */
export type FolderListing = {
  readonly folderId: number;
  readonly folders: readonly WebhardFolderData[];
  readonly files: readonly WebhardFileData[];
};

/**
 * @returns the sub-folders seen so far by parent id, `list` (null when the webhard failed), and `parentOf`.
 */
export function useWebhardFolders() {
  const request = useBridgeRequest("webhard:list");
  const [children, setChildren] = useState<
    ReadonlyMap<number, readonly WebhardFolderData[]>
  >(new Map());

  const list = useCallback(
    async (folderId: number): Promise<FolderListing | null> => {
      try {
        const res = await request({ folderId });
        if (!isWebhardSuccess(res.resultCode)) return null;
        setChildren((m) => new Map(m).set(folderId, res.folders));
        return { folderId, folders: res.folders, files: res.files };
      } catch {
        return null;
      }
    },
    [request],
  );

  /** The parent of a seen folder; the root for the root itself and for folders not seen yet. */
  const parentOf = useCallback(
    (folderId: number): number => {
      for (const [parent, folders] of children)
        if (folders.some((f) => f.id === folderId)) return parent;
      return WEBHARD_ROOT_FOLDER_ID;
    },
    [children],
  );

  return { children, list, parentOf };
}
