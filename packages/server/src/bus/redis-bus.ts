/**
 * ChatBus over Redis pub/sub, for several server nodes (docs/scaling.md). Each node holds one publishing and one
 * subscribing connection and subscribes to a Redis channel only while it has a local subscriber of that topic, so a
 * user's events reach just the nodes where that user is connected. Local subscribers get events through Redis too:
 * every node then sees one order per topic (the order Redis received the publishes) and each event once.
 * Once-only deliveries (room messages, to every member's topic) go instead as one publish per event on a channel every
 * node subscribes to, naming the topics: each node hands the event to its local subscribers of those topics. A
 * message to a room of ten then costs one publish and one parse per node, not one per member. Redis sends a
 * subscriber connection its channels' messages in the one order it ran the publishes, so the two kinds of channel
 * keep each other's order.
 */
import { performance } from "node:perf_hooks";
import { Redis } from "ioredis";
import type { BusEvent, BusHandler, ChatBus } from "./bus.js";
import { createLogger } from "../logger.js";

const log = createLogger("bus.redis");

/**
 * Several once-only deliveries in one script, in order. KEYS the deliveries' markers; ARGV[1] their lifetime in ms,
 * then per delivery its number of events n and n channel, payload pairs. Returns 1 per delivery it published, else 0.
 */
const PUBLISH_ONCE = `
local at = 2
local published = {}
for k = 1, #KEYS do
  local n = tonumber(ARGV[at])
  at = at + 1
  if redis.call('SET', KEYS[k], '1', 'NX', 'PX', ARGV[1]) then
    for i = at, at + 2 * n - 1, 2 do redis.call('PUBLISH', ARGV[i], ARGV[i + 1]) end
    published[k] = 1
  else
    published[k] = 0
  end
  at = at + 2 * n
end
return published
`;
/** How long a delivery's marker lives: longer than a client takes to reconnect and retry (resumption waits 120 s). */
const ONCE_MARKER_MS = 3 * 60_000;
/** The channel (after the prefix) of once-only deliveries, which every node subscribes to. */
const FANOUT_CHANNEL = "fanout";
/** Longest run of deliveries before the node reads its sockets again (see the inbox). */
const DRAIN_SLICE_MS = 1;
/** Separates a fan-out payload's topics (which never contain it) from its JSON event. */
const TOPICS_END = "\n";

/** A publish waiting for earlier subscribes: one event, or a once-only group. */
type Held =
  | { channel: string; payload: string }
  | { once: string; args: string[]; done: (published: boolean) => void };

/**
 * Connects the Redis bus.
 * @param url the Redis URL.
 * @param prefix namespace of the channels (deployments or test runs sharing one Redis use different ones).
 * @returns the bus, once both connections are ready.
 * @throws Error when Redis cannot be reached.
 */
export async function createRedisBus(
  url: string,
  prefix: string,
): Promise<ChatBus> {
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const sub = new Redis(url, { lazyConnect: true });
  for (const [name, client] of [
    ["publisher", pub],
    ["subscriber", sub],
  ] as const)
    client.on("error", (err: unknown) =>
      log.warn({ err, connection: name }, "redis connection error"),
    );
  await Promise.all([pub.connect(), sub.connect()]);
  const fanoutChannel = prefix + FANOUT_CHANNEL;
  await sub.subscribe(fanoutChannel);

  const topics = new Map<string, Set<BusHandler>>();
  /** Subscribe commands Redis has not confirmed yet: publishes wait for them (see publish). */
  let pendingSubscribes = 0;
  const held: Held[] = [];
  let closed = false;

  const parse = (channel: string, text: string): BusEvent | undefined => {
    try {
      return JSON.parse(text) as BusEvent;
    } catch (err) {
      log.error({ err, channel }, "unreadable bus event");
      return undefined;
    }
  };
  const deliver = (
    handlers: readonly BusHandler[],
    event: BusEvent,
    channel: string,
  ): void => {
    for (const handler of handlers) {
      try {
        handler(event);
      } catch (err) {
        // One broken subscriber must not stop delivery to the others.
        log.error({ err, channel }, "bus handler failed");
      }
    }
  };
  /**
   * Events received and not yet handed to their subscribers, in arrival order. They are handed over after the I/O
   * phase that read them, a slice of at most DRAIN_SLICE_MS at a time with I/O in between: the replies the archive's
   * cluster-wide commit lock waits for (the database's, Redis's) are then read within a slice, not after every
   * delivery of a batch of another node's messages.
   */
  const inbox: { handlers: BusHandler[][]; channel: string; text: string }[] =
    [];
  let next = 0;
  const drain = (): void => {
    const until = performance.now() + DRAIN_SLICE_MS;
    do {
      const item = inbox[next];
      if (!item) break;
      next += 1;
      // Parsed once for all of this node's subscribers of the event.
      const event = parse(item.channel, item.text);
      if (event)
        for (const set of item.handlers) deliver(set, event, item.channel);
    } while (performance.now() < until);
    if (next < inbox.length) {
      // Under a steady backlog the array never empties: drop what was handed over now and then.
      if (next >= 1024) {
        inbox.splice(0, next);
        next = 0;
      }
      setImmediate(drain);
      return;
    }
    inbox.length = 0;
    next = 0;
  };
  sub.on("message", (channel: string, payload: string) => {
    // Subscribers are those at arrival: a session that subscribes later gets what Redis sends after its subscribe.
    let handlers: BusHandler[][];
    let text = payload;
    if (channel === fanoutChannel) {
      const end = payload.indexOf(TOPICS_END);
      handlers = payload
        .slice(0, end)
        .split(" ")
        .flatMap((topic) => {
          const set = topics.get(topic);
          return set ? [[...set]] : [];
        });
      text = payload.slice(end + 1);
    } else {
      const set = topics.get(channel.slice(prefix.length));
      handlers = set ? [[...set]] : [];
    }
    if (handlers.length === 0) return;
    inbox.push({ handlers, channel, text });
    if (inbox.length === 1) setImmediate(drain);
  });

  /**
   * Once-only deliveries of this event-loop turn: a committed batch announces all its messages in one turn, and they go
   * to Redis as one script (one command instead of one per message).
   */
  const onceBatch: Extract<Held, { once: string }>[] = [];
  const sendOnce = async (
    items: Extract<Held, { once: string }>[],
  ): Promise<void> => {
    const args = items.flatMap((m) => [String(m.args.length / 2), ...m.args]);
    try {
      // eval writes the command before its first await: commands leave in call order.
      const published: unknown = await pub.eval(
        PUBLISH_ONCE,
        items.length,
        ...items.map((m) => m.once),
        ONCE_MARKER_MS,
        ...args,
      );
      items.forEach((m, k) =>
        m.done(Array.isArray(published) && published[k] === 1),
      );
    } catch (err) {
      log.error({ err, deliveries: items.length }, "bus publish failed");
      for (const m of items) m.done(false);
    }
  };
  const flushOnce = (): void => {
    if (onceBatch.length > 0) void sendOnce(onceBatch.splice(0));
  };
  const send = (channel: string, payload: string): void => {
    // Keep publish order: once-only deliveries queued before this publish go first.
    flushOnce();
    pub.publish(channel, payload).catch((err: unknown) => {
      log.error({ err, channel }, "bus publish failed");
    });
  };
  const dispatch = (m: Held): void => {
    if ("channel" in m) send(m.channel, m.payload);
    else {
      onceBatch.push(m);
      if (onceBatch.length === 1) process.nextTick(flushOnce);
    }
  };

  const waiters: (() => void)[] = [];
  const release = (): void => {
    if (pendingSubscribes > 0) return;
    for (const m of held.splice(0)) dispatch(m);
    for (const wake of waiters.splice(0)) wake();
  };

  return {
    publishOnce(key, items): Promise<boolean> {
      if (closed) return Promise.resolve(false);
      // Each distinct event once on the fan-out channel, with the topics it goes to (a message: its members' topics).
      const byEvent = new Map<BusEvent, string[]>();
      for (const { topic, event } of items) {
        const list = byEvent.get(event);
        if (list) list.push(topic);
        else byEvent.set(event, [topic]);
      }
      return new Promise((done) => {
        const m: Held = {
          once: `${prefix}once:${key}`,
          args: [...byEvent].flatMap(([event, eventTopics]) => [
            fanoutChannel,
            `${eventTopics.join(" ")}${TOPICS_END}${JSON.stringify(event)}`,
          ]),
          done,
        };
        if (pendingSubscribes > 0 || held.length > 0) held.push(m);
        else dispatch(m);
      });
    },
    publish(topic: string, event: BusEvent): void {
      if (closed) return;
      const channel = prefix + topic;
      const payload = JSON.stringify(event);
      // A session subscribes and at once publishes to its own topic (bind): the two travel on different
      // connections, so a publish waits until every earlier subscribe is confirmed, keeping publish order.
      if (pendingSubscribes > 0 || held.length > 0)
        held.push({ channel, payload });
      else send(channel, payload);
    },
    subscribe(topic: string, handler: BusHandler): () => void {
      let set = topics.get(topic);
      if (!set) {
        set = new Set();
        topics.set(topic, set);
        pendingSubscribes += 1;
        sub
          .subscribe(prefix + topic)
          .catch((err: unknown) => {
            log.error({ err, topic }, "bus subscribe failed");
          })
          .finally(() => {
            pendingSubscribes -= 1;
            release();
          });
      }
      set.add(handler);
      return () => {
        const current = topics.get(topic);
        if (!current?.delete(handler) || current.size > 0) return;
        topics.delete(topic);
        if (!closed)
          sub.unsubscribe(prefix + topic).catch((err: unknown) => {
            log.warn({ err, topic }, "bus unsubscribe failed");
          });
      };
    },
    ready(): Promise<void> {
      if (pendingSubscribes === 0) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      for (const wake of waiters.splice(0)) wake();
      topics.clear();
      inbox.length = 0;
      next = 0;
      for (const m of held.splice(0)) if ("done" in m) m.done(false);
      for (const m of onceBatch.splice(0)) m.done(false);
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
