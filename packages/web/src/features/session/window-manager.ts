/**
 * The main window's side of the bridge: answers session questions while signed in, opens view windows through /popup
 * (spec §2.1: a popup becomes the named route with rparam once it says it is ready), tells views about lock, and
 * closes every view window at once when the session ends (logout, login conflict, exit, reload of the main window).
 */
import {
  WEBHARD_LOGIN_WINDOW_SIZE,
  type Bridge,
  type BridgeEvents,
  type WindowId,
} from "@moa/shared";
import {
  onWindowClosing,
  openAppWindow,
  type AppWindowHandle,
} from "../../platform";
import type { SessionController, SessionState } from "./session-controller";

type EndReason = BridgeEvents["session:ended"]["reason"];

/** Why a signed-in session became signed out, as views are told. */
function endReason(exit: SessionState["exit"]): EndReason {
  if (exit?.to === "quit") return "exit";
  return exit?.flag === "authfail" ? "authfail" : "logout";
}

type Route = BridgeEvents["popup:redirected"]["route"];

const SIZES: Record<Route, { width: number; height: number }> = {
  chatRoom: { width: 420, height: 640 },
  setting: { width: 640, height: 560 },
  // Spec §4: the webhard window opens small with its login form and grows once logged in.
  webhard: WEBHARD_LOGIN_WINDOW_SIZE,
};

export type WindowManager = {
  /**
   * Opens a view window; false when the app is locked (spec §4) or the browser blocked it. `at`: a room window opens
   * at the message of that log time.
   */
  open(route: Route, rparam: string, at?: number): boolean;
  /** Focuses the open window of a route (the newest) and tells its rparam; null when none is open. */
  focusOpen(route: Route): string | null;
  /** Stops answering and listening. */
  dispose(): void;
};

/**
 * Wires the main window's bridge to its session.
 * @param bridge - the main window's bridge.
 * @param session - the session controller.
 * @returns the window manager.
 */
export function createWindowManager(
  bridge: Bridge,
  session: SessionController,
): WindowManager {
  const pending = new Map<WindowId, BridgeEvents["popup:redirected"]>();
  const opened = new Map<
    string,
    { handle: AppWindowHandle; route: Route; rparam: string }
  >();
  let seq = 0;
  let answering: (() => void)[] = [];

  // Only a signed-in main window answers: another tab of the same profile on the login screen must not.
  const answer = () => [
    bridge.handle("session:get", () => {
      const s = session.store.getState();
      return {
        signedIn: s.phase === "signedIn",
        locked: s.locked,
        network: s.connection.network,
      };
    }),
    bridge.handle("me:get", () => {
      const s = session.store.getState();
      if (!s.user) throw new Error("not signed in");
      const u = s.user;
      return {
        jid: u.messengerId,
        loginId: u.loginId,
        name: u.name,
        nickname: u.nickname,
        position: u.position,
        deptName: u.deptName,
        photoUrl: u.photoUrl,
        freeUser: u.freeUserYn === "Y",
        presence: s.presence,
      };
    }),
  ];
  const stopAnswering = () => {
    for (const off of answering) off();
    answering = [];
  };

  /** Every view window goes at once: those this window opened, and (told over the bridge) any left from before. */
  const endViews = (reason: EndReason) => {
    bridge.emit("session:ended", { reason });
    for (const { handle } of opened.values())
      if (!handle.closed) handle.close();
    opened.clear();
    pending.clear();
  };

  if (session.store.getState().phase === "signedIn") answering = answer();
  const offs = [
    bridge.on("window:ready", ({ windowId }) => {
      const redirect = pending.get(windowId);
      if (!redirect) return;
      pending.delete(windowId);
      bridge.emit("popup:redirected", redirect, windowId);
    }),
    session.store.subscribe((s, prev) => {
      if (s.phase === "signedIn" && prev.phase !== "signedIn")
        answering = answer();
      if (s.locked !== prev.locked)
        bridge.emit("lock:changed", { locked: s.locked });
      if (s.connection.network !== prev.connection.network)
        bridge.emit("network:status-changed", { status: s.connection.network });
      if (s.connection.conflict && !prev.connection.conflict) {
        // Spec §4: a login conflict hides the windows; the conversation must not stay on screen for the 10 s.
        endViews("conflict");
      }
      if (prev.phase === "signedIn" && s.phase === "signedOut") {
        stopAnswering();
        endViews(endReason(s.exit));
      }
    }),
    // Reloading or closing the main window ends the session (SessionController.endOnUnload): its views go too.
    onWindowClosing(() => {
      if (session.store.getState().phase === "signedIn") endViews("exit");
    }),
  ];
  return {
    open(route, rparam, at) {
      if (session.store.getState().locked) return false;
      const id: WindowId = `popup:${String(Date.now())}${String((seq += 1))}`;
      pending.set(id, {
        route,
        rparam,
        ...(at === undefined ? {} : { at: String(at) }),
      });
      const name = id.replace(/\W/g, "_");
      const handle = openAppWindow(
        `/popup?wid=${encodeURIComponent(id)}`,
        name,
        SIZES[route],
      );
      if (!handle) return false;
      for (const [key, w] of opened) if (w.handle.closed) opened.delete(key);
      opened.set(name, { handle, route, rparam });
      return true;
    },
    focusOpen(route) {
      const open = [...opened.values()].filter(
        (w) => w.route === route && !w.handle.closed,
      );
      const newest = open.at(-1);
      if (!newest) return null;
      newest.handle.focus();
      return newest.rparam;
    },
    dispose() {
      stopAnswering();
      for (const off of offs) off();
    },
  };
}
