/** The main window route `/` (spec §2.3); its tabs and header are built in later steps. */
import { Typography } from "antd";
import { useTranslation } from "react-i18next";
import { PageLayout } from "../../ui";

export function MainPage() {
  const { t } = useTranslation();
  return (
    <PageLayout>
      <Typography.Title level={1}>{t("main.page.title")}</Typography.Title>
    </PageLayout>
  );
}
