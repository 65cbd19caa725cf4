/** The `/blank` route (spec §2.1): an intentionally empty screen. */
import { useTranslation } from "react-i18next";
import { PageLayout } from "../../ui";

export function BlankPage() {
  const { t } = useTranslation();
  return <PageLayout label={t("blank.page.label")} />;
}
