/** The browser's bridge transport: one BroadcastChannel shared by every window of the origin (STYLE.md §4). */
import type { BridgeTransport } from "@moa/shared";

/** The channel every Moa window listens on; the version matches the bridge protocol. */
export const BRIDGE_CHANNEL = "moa:bridge:v1";

/**
 * Opens the channel. BroadcastChannel never delivers a window's own posts back to it, as the bridge expects.
 * @param name - channel name (tests use their own to stay isolated).
 * @returns the transport.
 */
export function createBroadcastChannelTransport(
  name: string = BRIDGE_CHANNEL,
): BridgeTransport {
  const channel = new BroadcastChannel(name);
  return {
    post(envelope) {
      channel.postMessage(envelope);
    },
    subscribe(listener) {
      const onMessage = (event: MessageEvent<unknown>) => {
        listener(event.data);
      };
      channel.addEventListener("message", onMessage);
      return () => {
        channel.removeEventListener("message", onMessage);
      };
    },
    close() {
      channel.close();
    },
  };
}
