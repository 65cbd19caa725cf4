/**
 * The fan-out bus: how one server node tells the others (and itself) about chat events. The engine only
 * publishes JSON-serialisable events to topics and subscribes to topics, so Redis can carry them later.
 */

/** A JSON-serialisable event. */
export type BusEvent = { readonly kind: string } & Readonly<
  Record<string, unknown>
>;

/** Handler of events on one topic. */
export type BusHandler = (event: BusEvent) => void;

/** Publish/subscribe between server nodes; topics are strings like `user:42`. */
export interface ChatBus {
  /**
   * Delivers an event to every subscriber of a topic on every node; never throws.
   * @param topic the topic.
   * @param event the event.
   */
  publish(topic: string, event: BusEvent): void;
  /**
   * Subscribes to a topic.
   * @param topic the topic.
   * @param handler called for each event, in publish order per publisher.
   * @returns the unsubscribe function.
   */
  subscribe(topic: string, handler: BusHandler): () => void;
  /** Releases connections; later publishes are dropped. */
  close(): Promise<void>;
}

/** Topic of events for every connection of one user. */
export const userTopic = (userId: number): string => `user:${userId}`;
/** Topic of presence changes of one user. */
export const presenceTopic = (userId: number): string => `presence:${userId}`;
/** Topic of room membership changes (cache invalidation on every node). */
export const ROOM_MEMBERS_TOPIC = "rooms:members";
