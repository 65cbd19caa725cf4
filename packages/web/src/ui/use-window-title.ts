/**
 * Names the window after what it shows, so the desktop title bar and the task switcher tell the room and screen
 * windows apart: "{screen} · 모아", or the product name for the main window and screens without a name.
 */
import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/**
 * Sets `document.title` while the calling screen is shown (and again when the language changes).
 * @param screen - the room title or screen name; the product name alone when omitted.
 */
export function useWindowTitle(screen?: string): void {
  const { t } = useTranslation();
  const title = screen
    ? t("window.title.screen", { screen })
    : t("app.productName");
  useEffect(() => {
    document.title = title;
  }, [title]);
}
