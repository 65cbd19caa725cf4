/**
 * Groupware links (spec §7.7): signed links that the Moa server verifies and redirects to the company's groupware
 * page, and the groupware's mini window.
 */
import {
  SSO_LINK_PATH,
  ssoSigningInput,
  type GroupwareLinkTarget,
} from "@moa/shared";

/** The mini window's pages by name. */
export const GROUPWARE_TARGETS = {
  mail: "/mail",
  approval: "/approval",
  note: "/note",
  journal: "/journal",
  schedule: "/schedule",
  home: "/",
  sms: "/sms",
  webfax: "/webfax",
  webhard: "/webhard",
  elecdoc: "/elecdoc",
  noticeList: "/board/notice",
  noticeShow: "/board/notice/view",
  support: "/support",
} as const;

/** A mini window page. */
export type GroupwareTarget = keyof typeof GROUPWARE_TARGETS;

/**
 * The groupware's mini window (spec §7.2 mini/reqnum): it checks the one-time number with the server
 * (docs/integration.md, mini/verify) instead of a signature, since it opens without a web session.
 * @param domain - the company's groupware domain.
 * @param loginId - the login id.
 * @param authNo - the number from `requestMiniAuthNo`.
 * @param target - the page to land on (the mini window's home when absent).
 * @param query - extra query for the target page (e.g. the recipient of a mail), starting with `?`.
 * @returns the URL to open.
 */
export function miniWindowLink(
  domain: string,
  loginId: string,
  authNo: string,
  target?: GroupwareTarget,
  query = "",
): string {
  const params = new URLSearchParams({ loginId, domain, authNo });
  if (target) params.set("target", GROUPWARE_TARGETS[target] + query);
  return `https://${domain}/mini?${params.toString()}`;
}

/**
 * A link the server's verifier accepts (GET /sso/link, spec §7.7): uid is the user key, re the target key with an
 * optional `?query`, and sign = base64(HMAC-SHA1(web token, ssoSigningInput)), URL-encoded. The server checks the
 * signature against the session's web token and the age of ts, then redirects to the company's groupware page.
 * @param origin - the Moa server's origin ("" in the browser: the page's own).
 * @param userKey - User_Info.userKey.
 * @param webToken - the session's web token (the HMAC key).
 * @param target - where to land.
 * @param query - extra query for the target, starting with `?`.
 * @param now - the time to stamp, epoch ms.
 * @returns the URL to open.
 */
export async function signedGroupwareLink(
  origin: string,
  userKey: number,
  webToken: string,
  target: GroupwareLinkTarget,
  query = "",
  now = Date.now(),
): Promise<string> {
  const link = { uid: String(userKey), ts: String(now), re: target + query };
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(webToken),
    { name: "HMAC", hash: "SHA-1" },
    false,
    ["sign"],
  );
  const mac = await crypto.subtle.sign(
    "HMAC",
    key,
    new TextEncoder().encode(ssoSigningInput(link)),
  );
  let binary = "";
  for (const b of new Uint8Array(mac)) binary += String.fromCharCode(b);
  const params = new URLSearchParams({ ...link, sign: btoa(binary) });
  return `${origin}${SSO_LINK_PATH}?${params.toString()}`;
}
