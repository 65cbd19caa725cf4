/** An in-process bridge transport for tests: every connected window gets the others' envelopes, never its own. */
import type { BridgeTransport, Envelope } from "./protocol.js";

/** Connects in-memory transports to one another. */
export type MemoryHub = {
  /** A new transport on this hub (one per simulated window). */
  connect(): BridgeTransport;
};

async function deliverLater(deliver: (e: unknown) => void, envelope: unknown) {
  await Promise.resolve();
  deliver(envelope);
}

/**
 * Creates a hub. Delivery is asynchronous and copies each envelope (envelopes are plain JSON data), like a real
 * channel, so a test cannot pass by sharing object references.
 * @returns the hub.
 */
export function createMemoryHub(): MemoryHub {
  const peers = new Set<(e: unknown) => void>();
  return {
    connect() {
      const own = new Set<(e: unknown) => void>();
      let open = true;
      return {
        post(envelope: Envelope) {
          if (!open) return;
          for (const deliver of peers)
            if (!own.has(deliver)) {
              const copy: unknown = JSON.parse(JSON.stringify(envelope));
              void deliverLater(deliver, copy);
            }
        },
        subscribe(listener) {
          const deliver = (e: unknown) => {
            if (open) listener(e);
          };
          own.add(deliver);
          peers.add(deliver);
          return () => {
            own.delete(deliver);
            peers.delete(deliver);
          };
        },
        close() {
          open = false;
          for (const d of own) peers.delete(d);
          own.clear();
        },
      };
    },
  };
}
