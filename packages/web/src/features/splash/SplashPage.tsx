/** The splash route (spec §2.1): the logo, then the login screen after 2 s without leaving a history entry. */
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { navigate } from "../../lib/router";
import { Logo, PageLayout } from "../../ui";

/** How long the splash shows (spec §9 "Splash: 2 s"). */
export const SPLASH_DURATION_MS = 2_000;

export function SplashPage() {
  const { t } = useTranslation();

  useEffect(() => {
    // Replace, not push: Back from the login screen must not return to the splash.
    const timer = window.setTimeout(() => {
      navigate("/login", { replace: true });
    }, SPLASH_DURATION_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, []);

  return (
    <PageLayout busy>
      <Logo size={120} />
      <h1 className="moa-page-title">{t("app.productName")}</h1>
      <span
        className="moa-spinner"
        role="img"
        aria-label={t("splash.page.loading")}
      />
    </PageLayout>
  );
}
