/** The login route (spec §2.2). For now: product name, heading and the language picker; the form comes next. */
import { Typography } from "antd";
import { useTranslation } from "react-i18next";
import { LanguageSelect } from "../language";
import { Logo, PageLayout } from "../../ui";

export function LoginPage() {
  const { t } = useTranslation();
  return (
    <PageLayout>
      <Logo size={72} />
      <Typography.Text strong style={{ fontSize: 20 }}>
        {t("app.productName")}
      </Typography.Text>
      <Typography.Title level={1}>{t("login.page.title")}</Typography.Title>
      <LanguageSelect />
    </PageLayout>
  );
}
