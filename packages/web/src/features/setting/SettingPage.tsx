/** The settings window `/setting` (spec §2.12); its five tabs come in a later step. */
import { Typography } from "antd";
import { useTranslation } from "react-i18next";
import { PageLayout } from "../../ui";

export function SettingPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t("setting.page.title")}>
      <Typography.Title level={1}>{t("setting.page.title")}</Typography.Title>
    </PageLayout>
  );
}
