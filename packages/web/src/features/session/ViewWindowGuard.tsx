/**
 * Keeps a view window (chat room, settings, webhard, popup) in step with the main window's session: its page shows
 * only after the main window confirmed a live, unlocked session; a lock hides it until unlocked (spec §4); the end
 * of the session (logout, login conflict, exit) closes the window. A window left from an old session (its main
 * window reloaded or gone) gets no answer and closes, so it never shows conversation text again.
 */
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useBridge, useBridgeEvent, useBridgeRequest } from "../../lib/bridge";
import { closeThisWindow } from "../../platform";
import { PageLayout } from "../../ui";

type ViewState = "checking" | "live" | "locked" | "ended";

/** How long a view waits for the main window's answer before it counts the session as gone. */
export const SESSION_CHECK_TIMEOUT_MS = 5000;

export function ViewWindowGuard({ children }: { children: ReactNode }) {
  const isView = useBridge().self !== "main";
  return isView ? <Guarded>{children}</Guarded> : children;
}

function Guarded({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const getSession = useBridgeRequest("session:get");
  const [state, setState] = useState<ViewState>("checking");
  const end = () => {
    setState("ended");
    closeThisWindow();
  };
  useEffect(() => {
    const mounted = { current: true };
    void (async () => {
      let live: { signedIn: boolean; locked: boolean } | null = null;
      try {
        live = await getSession({}, undefined, SESSION_CHECK_TIMEOUT_MS);
      } catch {
        // No signed-in main window answered: this window belongs to a session that is over.
      }
      if (!mounted.current) return;
      if (!live?.signedIn) {
        setState("ended");
        closeThisWindow();
        return;
      }
      const next = live.locked ? "locked" : "live";
      // An end or a lock that arrived while the answer travelled wins.
      setState((s) => (s === "checking" ? next : s));
    })();
    return () => {
      mounted.current = false;
    };
  }, [getSession]);
  useBridgeEvent("session:ended", end);
  useBridgeEvent("lock:changed", ({ locked }) => {
    setState((s) => (s === "ended" ? s : locked ? "locked" : "live"));
  });

  if (state === "live") return children;
  if (state === "checking")
    return <PageLayout label={t("view.checking")} busy />;
  return (
    <PageLayout label={t(state === "locked" ? "view.locked" : "view.ended")}>
      <p role="status">
        {t(state === "locked" ? "view.lockedText" : "view.endedText")}
      </p>
    </PageLayout>
  );
}
