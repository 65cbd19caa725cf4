/** Shown for any route the app does not know (spec §2.1 "any other"), with a way back. */
import { useTranslation } from "react-i18next";
import { routeHref } from "../../lib/router";
import { PageLayout } from "../../ui";

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <PageLayout>
      <h1 className="moa-page-title">{t("fallback.page.title")}</h1>
      <p className="moa-secondary-text">{t("fallback.page.description")}</p>
      <a className="moa-link" href={routeHref("/")}>
        {t("fallback.page.homeLink")}
      </a>
    </PageLayout>
  );
}
