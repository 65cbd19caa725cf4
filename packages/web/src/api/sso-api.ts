/** Simple login of the external single-sign-on menus (spec §7.2): webfax, webhard and elecdoc open only after it. */
import {
  simpleLoginResponseSchema,
  type ApiClient,
  type SIMPLE_LOGIN_SERVICES,
} from "@moa/shared";

/** An external menu. */
export type SimpleLoginService = (typeof SIMPLE_LOGIN_SERVICES)[number];

/**
 * Asks the server for the menu's simple-login page.
 * @returns the page to open, or the server's message code when the check failed.
 */
export async function requestSimpleLogin(
  api: ApiClient,
  service: SimpleLoginService,
  user: { corpSeq: number; userKey: number },
): Promise<{ ok: true; url: string } | { ok: false; message: string }> {
  const res = await api.request({
    method: "POST",
    path: `/external/sso/msn/${service}/simpl.json`,
    body: { corpSeq: user.corpSeq, usrKey: user.userKey },
    schema: simpleLoginResponseSchema,
  });
  return res.success
    ? { ok: true, url: res.data.url }
    : { ok: false, message: res.message };
}
