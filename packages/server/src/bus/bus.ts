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
   * Publishes events under a key, once: of several calls with one key (a message's first delivery, and its sender's
   * retry on another node after the first node died) only the first publishes; never throws.
   * @param key identifies the delivery (e.g. `msg:{stanzaId}`).
   * @param items the topics and their events.
   * @returns whether this call published them.
   */
  publishOnce(
    key: string,
    items: readonly { topic: string; event: BusEvent }[],
  ): Promise<boolean>;
  /**
   * Subscribes to a topic.
   * @param topic the topic.
   * @param handler called for each event, in publish order per publisher.
   * @returns the unsubscribe function.
   */
  subscribe(topic: string, handler: BusHandler): () => void;
  /**
   * Waits until every subscription made so far receives events (a session answers its bind only then, so a
   * message committed after the client's catch-up query cannot slip past both).
   * @returns when the subscriptions are in effect.
   */
  ready(): Promise<void>;
  /** Releases connections; later publishes are dropped. */
  close(): Promise<void>;
}

/** Topic of events for every connection of one user. */
export const userTopic = (userId: number): string => `user:${userId}`;
/** Topic of presence changes of one user. */
export const presenceTopic = (userId: number): string => `presence:${userId}`;
/** Topic of room membership changes (cache invalidation on every node). */
export const ROOM_MEMBERS_TOPIC = "rooms:members";
