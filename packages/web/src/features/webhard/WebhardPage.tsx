/** The file-storage picker window `/webhard` (spec §2.10); login form and file table come in a later step. */
import { Typography } from "antd";
import { useTranslation } from "react-i18next";
import { PageLayout } from "../../ui";

export function WebhardPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t("webhard.page.title")}>
      <Typography.Title level={1}>{t("webhard.page.title")}</Typography.Title>
    </PageLayout>
  );
}
