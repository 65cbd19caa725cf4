/**
 * The login screen (spec §2.2, §5, §8): language, ID and password (Enter submits), caps-lock warning, save ID and
 * auto login, links, the loading view with cancel, and the domain, session-exists, password-expired and consent dialogs.
 * Auto login runs at start unless the user logged out, authentication failed, or the app restarted.
 */
import { validateLoginInput } from "@moa/shared";
import {
  CloseCircleFilled,
  ExclamationCircleFilled,
  EyeInvisibleOutlined,
  EyeOutlined,
  InfoCircleFilled,
} from "@ant-design/icons";
import { Button, Flex } from "antd";
import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from "react";
import { useTranslation } from "react-i18next";
import { asCatalogKey } from "../../i18n";
import { navigate, useHashLocation } from "../../lib/router";
import { openExternal } from "../../platform";
import { Logo, useWindowTitle } from "../../ui";
import { LanguageSelect } from "../language";
import {
  loadLoginSettings,
  saveLoginSettings,
  useSession,
  useSessionController,
  type SignInForm,
  type SignInResult,
} from "../session";
import { ChoiceDialog } from "./ChoiceDialog";
import { DomainDialog } from "./DomainDialog";
import "./login.css";

type Dialog =
  "none" | "domain" | "sessionExists" | "passwordExpired" | "privacyNotAgreed";

export function LoginPage() {
  const { t } = useTranslation();
  useWindowTitle(t("login.page.title"));
  const session = useSessionController();
  const phase = useSession((s) => s.phase);
  const step = useSession((s) => s.step);
  const { query } = useHashLocation();
  const [settings, setSettings] = useState(loadLoginSettings);
  const [id, setId] = useState(
    settings.saveId || settings.auto ? settings.id : "",
  );
  const [password, setPassword] = useState("");
  const [showPassword, setShowPassword] = useState(false);
  const [saveId, setSaveId] = useState(settings.saveId);
  const [auto, setAuto] = useState(settings.auto);
  const [capsLock, setCapsLock] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(
    settings.domain === "" ? "domain" : "none",
  );
  const lastForm = useRef<SignInForm | null>(null);
  const idField = useId();
  const passwordField = useId();
  const autoTried = useRef(false);

  const handleResult = (result: SignInResult) => {
    switch (result.kind) {
      case "signedIn":
        navigate("/", { replace: true });
        return;
      case "sessionExists":
      case "passwordExpired":
      case "privacyNotAgreed":
        setDialog(result.kind);
        return;
      case "failed":
      case "cancelled":
        setSettings(loadLoginSettings());
        return;
    }
  };

  const run = async (form: SignInForm) => {
    lastForm.current = form;
    handleResult(await session.signIn(form));
  };

  useEffect(() => {
    if (autoTried.current) return;
    autoTried.current = true;
    const blocked =
      query.get("isLogout") === "true" ||
      query.get("authfail") === "true" ||
      query.get("restart") === "true";
    const s = loadLoginSettings();
    if (
      blocked ||
      !s.auto ||
      !s.autoToken ||
      s.domain === "" ||
      session.store.getState().phase !== "signedOut"
    )
      return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- auto login talks to the server; state changes follow its answer
    void run({
      domain: s.domain,
      id: s.id,
      password: null,
      autoToken: s.autoToken,
      saveId: s.saveId,
      auto: true,
    });
    // Runs once when the screen opens; later changes of the query must not sign in again.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, []);

  const submit = () => {
    setNotice(null);
    const checked = validateLoginInput({ id, password });
    if (!checked.ok) {
      setProblem(t(asCatalogKey(checked.code)));
      return;
    }
    setProblem(null);
    if (checked.value.notice) {
      setNotice(t(asCatalogKey(checked.value.notice)));
      setId(checked.value.id);
    }
    if (settings.domain === "") {
      setDialog("domain");
      return;
    }
    void run({
      domain: settings.domain,
      id: checked.value.id,
      password,
      saveId,
      auto,
    });
  };

  const trackCapsLock = (e: KeyboardEvent) => {
    setCapsLock(e.getModifierState("CapsLock"));
  };

  const site = (path: string) =>
    `https://${settings.domain || "www.moa.test"}${path}`;
  const busy = phase === "signingIn";

  return (
    <main className="moa-login" aria-busy={busy}>
      <div className="moa-login__top">
        <LanguageSelect />
      </div>
      <section className="moa-login__card">
        <Flex vertical align="center" gap={4}>
          <Logo size={64} />
          <strong className="moa-login__product">{t("app.productName")}</strong>
          <h1 className="moa-login__title">{t("login.page.title")}</h1>
          {settings.domain ? (
            <span
              className="moa-secondary-text"
              aria-label={t("login.form.domainLabel")}
            >
              {settings.domain}
            </span>
          ) : null}
        </Flex>

        {busy ? (
          <Flex
            vertical
            align="center"
            gap={16}
            className="moa-login__loading"
            role="status"
            aria-label={t("login.loading.title")}
          >
            <span className="moa-spinner moa-spinner--large" />
            <span>{t(`login.loading.step.${step}`)}</span>
            <Button
              onClick={() => {
                void session.cancelSignIn();
              }}
            >
              {t("common.button.cancel")}
            </Button>
          </Flex>
        ) : (
          <form
            className="moa-login__form"
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <label htmlFor={idField} className="moa-visually-hidden">
              {t("login.form.id")}
            </label>
            {/* Native fields styled like antd's: its Input brings TextArea, OTP and Search into the first load. */}
            <input
              id={idField}
              className="moa-input"
              value={id}
              placeholder={t("login.form.id")}
              autoComplete="username"
              onChange={(e) => {
                setId(e.target.value);
              }}
            />
            <label htmlFor={passwordField} className="moa-visually-hidden">
              {t("login.form.password")}
            </label>
            <span className="moa-input-affix">
              <input
                id={passwordField}
                className="moa-input"
                type={showPassword ? "text" : "password"}
                value={password}
                placeholder={t("login.form.password")}
                autoComplete="current-password"
                onChange={(e) => {
                  setPassword(e.target.value);
                }}
                onKeyDown={trackCapsLock}
                onKeyUp={trackCapsLock}
              />
              <Button
                type="text"
                size="small"
                icon={showPassword ? <EyeOutlined /> : <EyeInvisibleOutlined />}
                aria-label={t(
                  showPassword
                    ? "login.form.hidePassword"
                    : "login.form.showPassword",
                )}
                aria-pressed={showPassword}
                onClick={() => {
                  setShowPassword((shown) => !shown);
                }}
              />
            </span>
            {capsLock ? (
              <Notice kind="warning" role="status">
                {t("LO.A.053")}
              </Notice>
            ) : null}
            {problem ? (
              <Notice kind="error" role="alert">
                {problem}
              </Notice>
            ) : null}
            {notice ? (
              <Notice kind="info" role="status">
                {notice}
              </Notice>
            ) : null}
            <Flex justify="space-between">
              <label className="moa-check">
                <input
                  type="checkbox"
                  checked={saveId || auto}
                  disabled={auto}
                  onChange={(e) => {
                    setSaveId(e.target.checked);
                  }}
                />
                {t("login.form.saveId")}
              </label>
              <label className="moa-check">
                <input
                  type="checkbox"
                  checked={auto}
                  onChange={(e) => {
                    setAuto(e.target.checked);
                  }}
                />
                {t("login.form.autoLogin")}
              </label>
            </Flex>
            <Button type="primary" size="large" htmlType="submit" block>
              {t("login.form.submit")}
            </Button>
            <Flex justify="center" gap={4} wrap className="moa-login__links">
              <Button
                type="link"
                size="small"
                onClick={() => openExternal(site("/password/reset"))}
              >
                {t("login.link.passwordReset")}
              </Button>
              <Button
                type="link"
                size="small"
                onClick={() => {
                  setDialog("domain");
                }}
              >
                {t("login.link.domain")}
              </Button>
              <Button
                type="link"
                size="small"
                onClick={() => openExternal(site("/support"))}
              >
                {t("login.link.support")}
              </Button>
            </Flex>
          </form>
        )}
      </section>

      <DomainDialog
        key={dialog === "domain" ? "open" : "closed"}
        open={dialog === "domain"}
        domains={settings.domains}
        current={settings.domain}
        closable={settings.domain !== ""}
        onConfirm={(domain) => {
          setSettings(
            saveLoginSettings({
              domain,
              domains: [
                domain,
                ...settings.domains.filter((d) => d !== domain),
              ],
            }),
          );
          setDialog("none");
        }}
        onRemove={(domain) => {
          const domains = settings.domains.filter((d) => d !== domain);
          setSettings(
            saveLoginSettings({
              domains,
              domain: settings.domain === domain ? "" : settings.domain,
            }),
          );
        }}
        onCancel={() => {
          setDialog("none");
        }}
      />
      <ChoiceDialog
        open={dialog === "sessionExists"}
        title={t("login.sessionDialog.title")}
        message={t("login.session.exists")}
        primary={{
          label: t("login.sessionDialog.continue"),
          onClick: () => {
            setDialog("none");
            void (async () => {
              handleResult(await session.continueSignIn());
            })();
          },
        }}
        secondary={{
          label: t("common.button.cancel"),
          onClick: () => {
            setDialog("none");
            void session.cancelSignIn();
          },
        }}
      />
      <ChoiceDialog
        open={dialog === "passwordExpired"}
        title={t("login.expiredDialog.title")}
        message={t("login.error.passwordExpired")}
        primary={{
          label: t("login.expiredDialog.change"),
          onClick: () => {
            setDialog("none");
            openExternal(site("/password/change"));
          },
        }}
        secondary={{
          label: t("login.expiredDialog.later"),
          onClick: () => {
            setDialog("none");
            if (lastForm.current)
              void run({ ...lastForm.current, changePasswordLater: true });
          },
        }}
      />
      <ChoiceDialog
        open={dialog === "privacyNotAgreed"}
        title={t("login.privacyDialog.title")}
        message={t("login.error.privacyNotAgreed")}
        primary={{
          label: t("login.privacyDialog.openBrowser"),
          onClick: () => {
            setDialog("none");
            openExternal(site("/"));
          },
        }}
        secondary={{
          label: t("login.privacyDialog.exit"),
          onClick: () => {
            setDialog("none");
            setPassword("");
          },
        }}
      />
    </main>
  );
}

const noticeIcons = {
  warning: <ExclamationCircleFilled />,
  error: <CloseCircleFilled />,
  info: <InfoCircleFilled />,
};

/** A one-line message under the fields, drawn like antd's Alert (which would add its own chunk to the first load). */
function Notice({
  kind,
  role,
  children,
}: {
  kind: keyof typeof noticeIcons;
  role: "alert" | "status";
  children: ReactNode;
}) {
  return (
    <div className={`moa-notice moa-notice--${kind}`} role={role}>
      {noticeIcons[kind]}
      <span>{children}</span>
    </div>
  );
}
