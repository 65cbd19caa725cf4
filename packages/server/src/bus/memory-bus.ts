/** In-process ChatBus: the default for a single node. Delivery is synchronous, in publish order. */
import type { BusEvent, BusHandler, ChatBus } from "./bus.js";
import { createLogger } from "../logger.js";

const log = createLogger("bus.memory");

/**
 * Creates the in-process bus.
 * @returns a bus whose subscribers live in this process.
 */
export function createMemoryBus(): ChatBus {
  const topics = new Map<string, Set<BusHandler>>();
  let closed = false;
  const bus: ChatBus = {
    publishOnce(key, items): Promise<boolean> {
      // One process: a delivery cannot be lost between commit and publish without losing every session too.
      for (const { topic, event } of items) bus.publish(topic, event);
      return Promise.resolve(true);
    },
    publish(topic: string, event: BusEvent): void {
      if (closed) return;
      const handlers = topics.get(topic);
      if (!handlers) return;
      for (const handler of handlers) {
        try {
          handler(event);
        } catch (err) {
          // One broken subscriber must not stop delivery to the others.
          log.error({ err, topic }, "bus handler failed");
        }
      }
    },
    subscribe(topic: string, handler: BusHandler): () => void {
      let set = topics.get(topic);
      if (!set) {
        set = new Set();
        topics.set(topic, set);
      }
      set.add(handler);
      return () => {
        const current = topics.get(topic);
        if (!current) return;
        current.delete(handler);
        if (current.size === 0) topics.delete(topic);
      };
    },
    ready(): Promise<void> {
      // Subscriptions take effect at once in process.
      return Promise.resolve();
    },
    close(): Promise<void> {
      closed = true;
      topics.clear();
      return Promise.resolve();
    },
  };
  return bus;
}
