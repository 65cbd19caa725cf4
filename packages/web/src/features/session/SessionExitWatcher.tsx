/** Follows the end of a session: to the login screen (with the logout or authfail flag), or out of the app. */
import { useEffect } from "react";
import { navigate } from "../../lib/router";
import { useSession, useSessionController } from "./SessionContext";

export function SessionExitWatcher() {
  const controller = useSessionController();
  const exit = useSession((s) => s.exit);
  useEffect(() => {
    if (!exit) return;
    controller.clearExit();
    // A browser tab cannot close itself: "quit" lands on the login screen without auto login.
    const flag = exit.to === "quit" ? "logout" : exit.flag;
    navigate(
      flag === "authfail"
        ? "/login?authfail=true"
        : flag === "logout"
          ? "/login?isLogout=true"
          : "/login",
      { replace: true },
    );
  }, [controller, exit]);
  return null;
}
