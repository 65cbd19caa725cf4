/**
 * Every message code a rule in @moa/shared returns or the spec names. Codes are i18n keys: the web client maps
 * them to ko-KR / en-US text; the server sends codes, never text. Spec codes are kept verbatim; where the spec
 * gives only text, the key follows `feature.component.purpose`.
 */

/** Message codes by meaning. */
export const MESSAGE_CODES = {
  // Login screen and session (spec §2.2, §5, §8).
  loginCapsLockOn: "LO.A.053",
  loginIdRequired: "login.validation.idRequired",
  loginPasswordRequired: "login.validation.passwordRequired",
  loginIdWithoutDomain: "login.validation.idWithoutDomain",
  loginDomainRequired: "login.validation.domainRequired",
  loginWrongDomain: "login.error.wrongDomain",
  loginUserNotFound: "login.error.userNotFound",
  loginBlocked: "login.error.blocked",
  loginWrongPassword: "login.error.wrongPassword",
  loginPasswordExpired: "login.error.passwordExpired",
  loginPrivacyNotAgreed: "login.error.privacyNotAgreed",
  loginMismatch: "login.error.mismatch",
  loginSessionExists: "login.session.exists",
  loginServerUnreachable: "login.error.serverUnreachable",
  loginDatabaseInitFailed: "login.error.databaseInitFailed",
  authFailedReconnect: "LO.A.078",
  authFailedLogin: "LO.A.013",
  authFailedLoginDetail: "LO.A.013-1",
  tokenUserNotFound: "LO.A.072",
  retriesExhausted: "LO.A.061",
  retriesExhaustedDetail: "LO.A.061-1",
  networkFailed: "LO.A.048",
  networkRestored: "LO.A.062",
  sessionExpired: "common.error.sessionExpired",
  serverError: "common.error.server",
  tooManyRequests: "common.error.tooManyRequests",
  // Lock screen.
  lockBlocked: "LO.A.079",
  lockWrongPassword: "LO.A.076",
  lockFailed: "SE.NO.A.011",
  // Chat rooms and messages.
  roomTitleRequired: "CH.A.023",
  roomTitleTooLong: "chat.roomTitle.tooLong",
  pickerNobodySelectedInRoom: "CH.PA.A.008",
  downloadNotFound: "CH.H.038",
  downloadFailed: "CH.H.030",
  messageDeleteExpired: "chat.message.deleteWindowExpired",
  uploadNoFiles: "chat.upload.noFiles",
  uploadTooManyFiles: "chat.upload.tooManyFiles",
  uploadFileTooLarge: "chat.upload.fileTooLarge",
  // Friends, groups and org picker.
  groupNameRequired: "friend.group.nameRequired",
  groupNameTooLong: "FR.GS.A.009",
  groupNameDuplicate: "FR.GS.A.011",
  groupAddFailed: "FR.GS.C.020",
  groupAdded: "FR.GS.C.022",
  groupDeleteFailed: "FR.GS.C.024",
  groupDeleted: "FR.GS.C.028",
  groupEditFailed: "FR.GS.A.030",
  groupEdited: "FR.GS.A.031",
  friendDuplicateOrg: "OR.A.058",
  friendDuplicateAdd: "FR.AF.A.011",
  friendDuplicateMove: "FR.RC.A.053",
  friendAdded: "OR.A.057",
  pickerNobodySelected: "OR.A.063",
  // Profile.
  nicknameTooLong: "MA.US.A.011",
  nicknameSaved: "MA.US.A.013",
  profileMessageTooLong: "profile.message.tooLong",
  // Widgets.
  widgetsTooMany: "settings.widgets.tooMany",
  widgetsUnknown: "settings.widgets.unknown",
  // Internet phone.
  callNumberRequired: "IP.T.012",
  callAlreadyActive: "IP.A.013",
  callHoldWithoutCall: "IP.A.014",
  callTooManyParticipants: "IP.A.015",
  callRedialEmpty: "IP.T.016",
  callNoParticipants: "call.participants.none",
  // Attendance.
  attendanceNoYesterdayCard: "PU.A.012",
  attendanceCheckInFailed: "PU.H.021",
  attendanceCheckOutFailed: "PU.H.022",
  // Webhard.
  webhardIdRequired: "WH.A.007",
  webhardPasswordRequired: "WH.A.008",
  webhardNothingSelected: "WH.A.017",
  webhardCancelSendConfirm: "WH.A.018",
  webhardLoadFailed: "WH.A.020",
  webhardLoginFailed: "WH.A.021",
  webhardTryLater: "WH.A.022",
  webhardSelectionCut: "WH.A.023",
  webhardEmptyFolder: "WH.T.015",
} as const;

/** One of {@link MESSAGE_CODES}' values: an i18n key both catalogs must contain. */
export type MessageCode = (typeof MESSAGE_CODES)[keyof typeof MESSAGE_CODES];

/**
 * Lists every message code, e.g. for a test asserting both locale catalogs are complete.
 * @returns all codes, without duplicates.
 */
export function listMessageCodes(): readonly MessageCode[] {
  return [...new Set(Object.values(MESSAGE_CODES))];
}
