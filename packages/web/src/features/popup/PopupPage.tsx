/** The `/popup` route (spec §2.1): an empty view that waits for the desktop shell to name the window to show. */
import { useTranslation } from "react-i18next";
import { PageLayout } from "../../ui";

export function PopupPage() {
  const { t } = useTranslation();
  return <PageLayout label={t("popup.page.label")} busy />;
}
