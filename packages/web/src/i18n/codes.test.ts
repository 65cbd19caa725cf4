/** Every spec message code the login, session and lock flows can show (computed at run time) exists in both catalogs. */
import { MESSAGE_CODES } from "@moa/shared";
import { describe, expect, it } from "vitest";
import { catalogs } from "./catalogs";
import { LOCALES } from "./locales";

const SHOWN = [
  "loginCapsLockOn",
  "loginIdRequired",
  "loginPasswordRequired",
  "loginIdWithoutDomain",
  "loginDomainRequired",
  "loginWrongDomain",
  "loginUserNotFound",
  "loginBlocked",
  "loginWrongPassword",
  "loginPasswordExpired",
  "loginPrivacyNotAgreed",
  "loginMismatch",
  "loginSessionExists",
  "loginServerUnreachable",
  "loginDatabaseInitFailed",
  "authFailedReconnect",
  "authFailedLogin",
  "authFailedLoginDetail",
  "tokenUserNotFound",
  "retriesExhausted",
  "retriesExhaustedDetail",
  "networkFailed",
  "networkRestored",
  "sessionExpired",
  "serverError",
  "lockBlocked",
  "lockWrongPassword",
  "lockFailed",
  "nicknameTooLong",
  "nicknameSaved",
] as const satisfies readonly (keyof typeof MESSAGE_CODES)[];

describe("message codes", () => {
  it.each(LOCALES)("%s has every code the session can show", (locale) => {
    const missing = SHOWN.map((name) => MESSAGE_CODES[name]).filter(
      (code) => !(code in catalogs[locale]),
    );
    expect(missing).toEqual([]);
  });
});
