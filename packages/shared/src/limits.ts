/**
 * Length and count limits of spec §5/§9 as validators returning the spec's code. Text is trimmed and counted in
 * characters as {@link countCharacters} defines (code points of the NFC form); the accepted value is the trimmed NFC text.
 */

import {
  GROUP_NAME_MAX_LENGTH,
  NICKNAME_MAX_LENGTH,
  PROFILE_MESSAGE_MAX_LENGTH,
  ROOM_TITLE_MAX_LENGTH,
  UPLOAD_MAX_FILE_BYTES,
  UPLOAD_MAX_FILES,
} from "./constants.js";
import { MESSAGE_CODES } from "./codes/message-codes.js";
import { fail, ok, type Result } from "./result.js";
import { countCharacters } from "./text.js";

const clean = (text: string): string => text.normalize("NFC").trim();

/**
 * Validates a group room's title: required (CH.A.023) and at most 20 characters.
 * @param title - the typed title.
 * @returns the trimmed title, or CH.A.023 / `chat.roomTitle.tooLong`.
 */
export function validateRoomTitle(
  title: string,
): Result<
  string,
  typeof MESSAGE_CODES.roomTitleRequired | typeof MESSAGE_CODES.roomTitleTooLong
> {
  const value = clean(title);
  if (value === "") return fail(MESSAGE_CODES.roomTitleRequired);
  if (countCharacters(value) > ROOM_TITLE_MAX_LENGTH)
    return fail(MESSAGE_CODES.roomTitleTooLong);
  return ok(value);
}

/**
 * Validates a friend group name: required, at most 50 characters (FR.GS.A.009), unique among the user's other
 * groups (FR.GS.A.011, compared after trimming; when renaming, leave the group itself out of `otherNames`).
 * @param name - the typed name.
 * @param otherNames - names of the user's other groups.
 * @returns the trimmed name, or `friend.group.nameRequired` / FR.GS.A.009 / FR.GS.A.011.
 */
export function validateGroupName(
  name: string,
  otherNames: readonly string[],
): Result<
  string,
  | typeof MESSAGE_CODES.groupNameRequired
  | typeof MESSAGE_CODES.groupNameTooLong
  | typeof MESSAGE_CODES.groupNameDuplicate
> {
  const value = clean(name);
  if (value === "") return fail(MESSAGE_CODES.groupNameRequired);
  if (countCharacters(value) > GROUP_NAME_MAX_LENGTH)
    return fail(MESSAGE_CODES.groupNameTooLong);
  if (otherNames.some((other) => clean(other) === value))
    return fail(MESSAGE_CODES.groupNameDuplicate);
  return ok(value);
}

/**
 * Validates a nickname: at most 21 characters (MA.US.A.011); empty clears the nickname.
 * @param nickname - the typed nickname.
 * @returns the trimmed nickname (maybe ""), or MA.US.A.011.
 */
export function validateNickname(
  nickname: string,
): Result<string, typeof MESSAGE_CODES.nicknameTooLong> {
  const value = clean(nickname);
  return countCharacters(value) > NICKNAME_MAX_LENGTH
    ? fail(MESSAGE_CODES.nicknameTooLong)
    : ok(value);
}

/**
 * Validates a profile message: at most 21 characters; empty clears it.
 * @param message - the typed profile message.
 * @returns the trimmed message (maybe ""), or `profile.message.tooLong`.
 */
export function validateProfileMessage(
  message: string,
): Result<string, typeof MESSAGE_CODES.profileMessageTooLong> {
  const value = clean(message);
  return countCharacters(value) > PROFILE_MESSAGE_MAX_LENGTH
    ? fail(MESSAGE_CODES.profileMessageTooLong)
    : ok(value);
}

/** A file offered for a chat upload. */
export type UploadCandidate = { readonly name: string; readonly size: number };

/**
 * Validates the number of files dropped or picked for one upload: 1 to 10.
 * @param files - the files.
 * @returns the files, or `chat.upload.noFiles` / `chat.upload.tooManyFiles`.
 */
export function validateUploadCount<T extends UploadCandidate>(
  files: readonly T[],
): Result<
  readonly T[],
  typeof MESSAGE_CODES.uploadNoFiles | typeof MESSAGE_CODES.uploadTooManyFiles
> {
  if (files.length === 0) return fail(MESSAGE_CODES.uploadNoFiles);
  if (files.length > UPLOAD_MAX_FILES)
    return fail(MESSAGE_CODES.uploadTooManyFiles);
  return ok(files);
}

/**
 * Validates one file's size: at most 1 GB (1024^3 bytes, exactly 1 GB is allowed).
 * @param file - the file.
 * @returns the file, or `chat.upload.fileTooLarge`.
 */
export function validateUploadFile<T extends UploadCandidate>(
  file: T,
): Result<T, typeof MESSAGE_CODES.uploadFileTooLarge> {
  return file.size > UPLOAD_MAX_FILE_BYTES
    ? fail(MESSAGE_CODES.uploadFileTooLarge)
    : ok(file);
}
