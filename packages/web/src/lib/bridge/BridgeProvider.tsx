/** Each window's bridge in React context; components use only `useBridgeEvent` and `useBridgeRequest` (STYLE.md §4). */
import type {
  Bridge,
  BridgeEventType,
  BridgeEvents,
  BridgeRequestType,
  BridgeRequests,
  BridgeResponses,
  WindowId,
} from "@moa/shared";
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  type ReactNode,
} from "react";

const BridgeContext = createContext<Bridge | null>(null);

export function BridgeProvider({
  bridge,
  children,
}: {
  bridge: Bridge;
  children: ReactNode;
}) {
  return <BridgeContext value={bridge}>{children}</BridgeContext>;
}

/** The window's bridge (for the session owner's handlers; views use the two hooks below). */
export function useBridge(): Bridge {
  const bridge = useContext(BridgeContext);
  if (!bridge) throw new Error("useBridge outside BridgeProvider");
  return bridge;
}

/** The window's bridge, or null where none is provided (components that also work on their own, in tests). */
export function useOptionalBridge(): Bridge | null {
  return useContext(BridgeContext);
}

/** Runs `listener` for every `type` event while the component is mounted. */
export function useBridgeEvent<K extends BridgeEventType>(
  type: K,
  listener: (payload: BridgeEvents[K], from: WindowId) => void,
): void {
  const bridge = useBridge();
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(
    () =>
      bridge.on(type, (payload, from) => {
        latest.current(payload, from);
      }),
    [bridge, type],
  );
}

/**
 * A function that sends a `type` request (to main unless told otherwise; waiting the bridge's default time unless
 * told otherwise) and resolves with the answer.
 */
export function useBridgeRequest<K extends BridgeRequestType>(
  type: K,
): (
  payload: BridgeRequests[K],
  to?: WindowId,
  timeoutMs?: number,
) => Promise<BridgeResponses[K]> {
  const bridge = useBridge();
  return useCallback(
    (payload, to, timeoutMs) =>
      bridge.request(type, payload, {
        ...(to ? { to } : {}),
        ...(timeoutMs ? { timeoutMs } : {}),
      }),
    [bridge, type],
  );
}
