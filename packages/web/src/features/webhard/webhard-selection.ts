/**
 * The webhard window's file selection (spec §5, §9): files stay selected across folders in the order they were
 * picked; a selection that would pass 20 files is cut to its first 20 and says so (WH.A.023).
 */
import { limitWebhardSelection, type WebhardFileData } from "@moa/shared";

/** A selection change: the files now selected and whether it had to be cut to 20. */
export type SelectionChange = {
  readonly files: readonly WebhardFileData[];
  readonly cut: boolean;
};

const limited = (files: readonly WebhardFileData[]): SelectionChange => {
  const { files: kept, code } = limitWebhardSelection(files);
  return { files: kept, cut: code !== null };
};

/**
 * Selects or unselects one file.
 * @param selected - the current selection, in picking order.
 * @param file - the file.
 * @param on - select (true) or unselect.
 */
export function toggleFile(
  selected: readonly WebhardFileData[],
  file: WebhardFileData,
  on: boolean,
): SelectionChange {
  const rest = selected.filter((f) => f.id !== file.id);
  return limited(on ? [...rest, file] : rest);
}

/**
 * Selects or unselects every file of a folder (the header checkbox).
 * @param selected - the current selection, in picking order.
 * @param files - the folder's files, in listed order.
 * @param on - select (true) or unselect.
 */
export function toggleAll(
  selected: readonly WebhardFileData[],
  files: readonly WebhardFileData[],
  on: boolean,
): SelectionChange {
  if (!on) {
    const ids = new Set(files.map((f) => f.id));
    return { files: selected.filter((f) => !ids.has(f.id)), cut: false };
  }
  const picked = new Set(selected.map((f) => f.id));
  return limited([...selected, ...files.filter((f) => !picked.has(f.id))]);
}
