/** Shown for any route the app does not know (spec §2.1 "any other"), with a way back. */
import { Typography } from "antd";
import { useTranslation } from "react-i18next";
import { routeHref } from "../../lib/router";
import { PageLayout } from "../../ui";

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <PageLayout>
      <Typography.Title level={1}>{t("fallback.page.title")}</Typography.Title>
      <Typography.Paragraph type="secondary">
        {t("fallback.page.description")}
      </Typography.Paragraph>
      <Typography.Link href={routeHref("/")}>
        {t("fallback.page.homeLink")}
      </Typography.Link>
    </PageLayout>
  );
}
