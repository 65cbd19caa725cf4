/** The `/popup` route (spec §2.1): an empty view that becomes the window the main window names, with its rparam. */
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useBridge, useBridgeEvent } from "../../lib/bridge";
import { navigate } from "../../lib/router";
import { PageLayout } from "../../ui";

export function PopupPage() {
  const { t } = useTranslation();
  const bridge = useBridge();
  useBridgeEvent("popup:redirected", ({ route, rparam, at }) => {
    const atMessage = at === undefined ? "" : `&at=${at}`;
    navigate(`/${route}?rparam=${encodeURIComponent(rparam)}${atMessage}`, {
      replace: true,
    });
  });
  useEffect(() => {
    bridge.emit("window:ready", { windowId: bridge.self }, "main");
  }, [bridge]);
  return <PageLayout label={t("popup.page.label")} busy />;
}
