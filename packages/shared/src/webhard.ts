/** Webhard picker rules (spec §5, §9): which files are listed, the send selection limit and the window layout. */

import {
  WEBHARD_NAME_COLUMN_OFFSET,
  WEBHARD_SEND_MAX_FILES,
  WEBHARD_TABLE_HEIGHT_OFFSET,
} from "./constants.js";
import { MESSAGE_CODES } from "./codes/message-codes.js";
import { fail, ok, type Result } from "./result.js";

/** Webhard folder types. */
export const WEBHARD_FOLDER_TYPES = { normal: 1, guest: 4 } as const;
/** Id of the guest folder. */
export const WEBHARD_GUEST_FOLDER_ID = -99;
/** Id of the root folder. */
export const WEBHARD_ROOT_FOLDER_ID = 0;

/**
 * Tells whether a webhard file is listed: only files whose `roleDownload` equals 0.
 * @param file - the file's `roleDownload`.
 * @returns true when the file is listed.
 */
export function isWebhardFileListed(file: {
  readonly roleDownload: number | string;
}): boolean {
  return Number(file.roleDownload) === 0;
}

/**
 * Applies the send limit to a selection: more than 20 files are cut to the first 20 with WH.A.023.
 * @param selected - the selected files, in selection order.
 * @returns the files kept and the alert to show (null when nothing was cut).
 */
export function limitWebhardSelection<T>(selected: readonly T[]): {
  readonly files: T[];
  readonly code: typeof MESSAGE_CODES.webhardSelectionCut | null;
} {
  if (selected.length <= WEBHARD_SEND_MAX_FILES)
    return { files: [...selected], code: null };
  return {
    files: selected.slice(0, WEBHARD_SEND_MAX_FILES),
    code: MESSAGE_CODES.webhardSelectionCut,
  };
}

/**
 * Checks a send: at least one file and at most 20.
 * @param selected - the selected files.
 * @returns the files, or WH.A.017 (nothing selected) / WH.A.023 (more than 20).
 */
export function validateWebhardSend<T>(
  selected: readonly T[],
): Result<
  readonly T[],
  | typeof MESSAGE_CODES.webhardNothingSelected
  | typeof MESSAGE_CODES.webhardSelectionCut
> {
  if (selected.length === 0) return fail(MESSAGE_CODES.webhardNothingSelected);
  if (selected.length > WEBHARD_SEND_MAX_FILES)
    return fail(MESSAGE_CODES.webhardSelectionCut);
  return ok(selected);
}

/**
 * Sizes the file table for a window size: name column = width − 700, table height = height − 160 (never negative).
 * @param window - the window's inner width and height in px.
 * @returns the name column width and table height in px.
 */
export function webhardTableLayout(window: {
  readonly width: number;
  readonly height: number;
}): {
  readonly nameColumnWidth: number;
  readonly tableHeight: number;
} {
  return {
    nameColumnWidth: Math.max(0, window.width - WEBHARD_NAME_COLUMN_OFFSET),
    tableHeight: Math.max(0, window.height - WEBHARD_TABLE_HEIGHT_OFFSET),
  };
}

/**
 * Checks the webhard login form: ID first, then password; the ID is trimmed, the password kept as typed.
 * @param form - the typed ID and password.
 * @returns the cleaned form, or WH.A.007 (empty ID) / WH.A.008 (empty password).
 */
export function validateWebhardLogin(form: {
  readonly id: string;
  readonly password: string;
}): Result<
  { readonly id: string; readonly password: string },
  | typeof MESSAGE_CODES.webhardIdRequired
  | typeof MESSAGE_CODES.webhardPasswordRequired
> {
  const id = form.id.trim();
  if (id === "") return fail(MESSAGE_CODES.webhardIdRequired);
  if (form.password === "") return fail(MESSAGE_CODES.webhardPasswordRequired);
  return ok({ id, password: form.password });
}
