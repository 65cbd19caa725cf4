/** Opens groupware pages for the signed-in user: a signed link, the mini window, or an external menu's simple login. */
import type { GroupwareLinkTarget, WidgetOpenMode } from "@moa/shared";
import { App } from "antd";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { miniWindowLink, signedGroupwareLink } from "../../api/groupware-link";
import { requestMiniAuthNo } from "../../api/home-api";
import { requestSimpleLogin } from "../../api/sso-api";
import { openExternal } from "../../platform";
import { useSessionController } from "../session";
import type { MenuOpen } from "./groupware-menus";

/**
 * @param openMode - where widgets open (widgetOpenCd): pc (the browser) or the groupware's mini window.
 * @returns `open(how, query?)`; failures show a message.
 */
export function useGroupwareOpener(
  openMode: WidgetOpenMode,
): (how: MenuOpen, query?: string) => Promise<void> {
  const session = useSessionController();
  const { message } = App.useApp();
  const { t } = useTranslation();
  return useCallback(
    async (how, query = "") => {
      const { user, webToken } = session.store.getState();
      if (!user) return;
      try {
        if (how.kind === "external") {
          const res = await requestSimpleLogin(session.api, how.service, user);
          if (res.ok) openExternal(res.url);
          else
            void message.error(
              t("groupware.sso.failed", { message: res.message }),
            );
          return;
        }
        if (openMode === "mini" && how.mini) {
          const authNo = await requestMiniAuthNo(session.api);
          openExternal(
            miniWindowLink(user.domain, user.loginId, authNo, how.mini),
          );
          return;
        }
        if (!webToken) return;
        openExternal(
          await signedGroupwareLink(
            "",
            user.userKey,
            webToken,
            how.target,
            query,
          ),
        );
      } catch {
        void message.error(t("groupware.openFailed"));
      }
    },
    [session, message, t, openMode],
  );
}

/** A signed-link opening of a target (for entries that are not menu-config functions). */
export const linkTo = (target: GroupwareLinkTarget): MenuOpen => ({
  kind: "link",
  target,
});
