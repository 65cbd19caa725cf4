/**
 * The main window's side of the bridge: answers session questions, opens view windows through /popup (spec §2.1:
 * a popup becomes the named route with rparam once it says it is ready) and tells views about lock and logout.
 */
import type { Bridge, BridgeEvents, WindowId } from "@moa/shared";
import { openAppWindow } from "../../platform";
import type { SessionController } from "./session-controller";

type Route = BridgeEvents["popup:redirected"]["route"];

const SIZES: Record<Route, { width: number; height: number }> = {
  chatRoom: { width: 420, height: 640 },
  setting: { width: 640, height: 560 },
  webhard: { width: 1200, height: 550 },
};

export type WindowManager = {
  /** Opens a view window; false when the app is locked (spec §4) or the browser blocked it. */
  open(route: Route, rparam: string): boolean;
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
  let seq = 0;
  const offs = [
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
    bridge.on("window:ready", ({ windowId }) => {
      const redirect = pending.get(windowId);
      if (!redirect) return;
      pending.delete(windowId);
      bridge.emit("popup:redirected", redirect, windowId);
    }),
    session.store.subscribe((s, prev) => {
      if (s.locked !== prev.locked)
        bridge.emit("lock:changed", { locked: s.locked });
      if (s.connection.network !== prev.connection.network)
        bridge.emit("network:status-changed", { status: s.connection.network });
      if (prev.phase === "signedIn" && s.phase === "signedOut")
        bridge.emit("session:ended", { reason: "logout" });
    }),
  ];
  return {
    open(route, rparam) {
      if (session.store.getState().locked) return false;
      const id: WindowId = `popup:${String(Date.now())}${String((seq += 1))}`;
      pending.set(id, { route, rparam });
      return openAppWindow(
        `/popup?wid=${encodeURIComponent(id)}`,
        id.replace(/\W/g, "_"),
        SIZES[route],
      );
    },
    dispose() {
      for (const off of offs) off();
    },
  };
}
