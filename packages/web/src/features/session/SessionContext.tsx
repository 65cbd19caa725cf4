/** Gives every component of a window its session controller, and a hook to read the session store. */
import { createContext, useContext, type ReactNode } from "react";
import { useStore } from "zustand";
import type { SessionController, SessionState } from "./session-controller";

const SessionContext = createContext<SessionController | null>(null);

export function SessionProvider({
  controller,
  children,
}: {
  controller: SessionController;
  children: ReactNode;
}) {
  return <SessionContext value={controller}>{children}</SessionContext>;
}

/** The window's session controller. */
export function useSessionController(): SessionController {
  const controller = useContext(SessionContext);
  if (!controller)
    throw new Error("useSessionController outside SessionProvider");
  return controller;
}

/** A slice of the session state; re-renders when it changes. */
export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(useSessionController().store, selector);
}
