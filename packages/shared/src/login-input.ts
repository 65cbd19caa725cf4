/**
 * Login form rules (spec §5 Login): ID and password are required; an ID typed as an e-mail keeps only the part
 * before `@` (with a notice); the company domain loses its scheme and trailing slashes.
 */

import { MESSAGE_CODES } from "./codes/message-codes.js";
import { fail, ok, type Result } from "./result.js";

/** Codes {@link validateLoginInput} fails with. */
export type LoginInputCode =
  | typeof MESSAGE_CODES.loginIdRequired
  | typeof MESSAGE_CODES.loginPasswordRequired;

/** Accepted login input. */
export type LoginInput = {
  /** The groupware ID, trimmed, without any `@domain` part. */
  readonly id: string;
  /** The password exactly as typed (blanks can be part of it). */
  readonly password: string;
  /** `login.validation.idWithoutDomain` when a domain part was removed from the ID, to tell the user; else null. */
  readonly notice: typeof MESSAGE_CODES.loginIdWithoutDomain | null;
};

/**
 * Validates the login form. The ID is checked first, so an empty form reports the missing ID.
 * @param form - the typed ID and password.
 * @returns the cleaned input, or `login.validation.idRequired` / `login.validation.passwordRequired`.
 */
export function validateLoginInput(form: {
  readonly id: string;
  readonly password: string;
}): Result<LoginInput, LoginInputCode> {
  const typed = form.id.trim();
  const at = typed.indexOf("@");
  const id = at === -1 ? typed : typed.slice(0, at).trim();
  if (id === "") return fail(MESSAGE_CODES.loginIdRequired);
  if (form.password === "") return fail(MESSAGE_CODES.loginPasswordRequired);
  return ok({
    id,
    password: form.password,
    notice: at === -1 ? null : MESSAGE_CODES.loginIdWithoutDomain,
  });
}

/**
 * Normalises a typed company domain: trims it, removes a leading `http://` or `https://` (any case) and trailing
 * slashes, and lower-cases it (host names are case-insensitive).
 * @param typed - the domain as typed, e.g. `https://Corp.Example.com/`.
 * @returns the domain, e.g. `corp.example.com`, or `login.validation.domainRequired` when nothing is left.
 */
export function normalizeDomain(
  typed: string,
): Result<string, typeof MESSAGE_CODES.loginDomainRequired> {
  const domain = typed
    .trim()
    .replace(/^https?:\/\//i, "")
    .replace(/\/+$/, "")
    .trim()
    .toLowerCase();
  return domain === "" ? fail(MESSAGE_CODES.loginDomainRequired) : ok(domain);
}

/**
 * The e-mail the messenger handshake is asked for: the login ID joined to the domain.
 * @param id - the validated login ID.
 * @param domain - the normalised company domain.
 * @returns `id@domain`.
 */
export function handshakeEmail(id: string, domain: string): string {
  return `${id}@${domain}`;
}
