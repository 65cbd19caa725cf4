/**
 * Tells this browser's other windows that server data changed (e.g. the friend list), so they refetch at once.
 * The server has no push for these changes; other browsers catch up when their window regains focus or on the
 * next interval refetch.
 */

const CHANNEL = "moa:changes:v1";

/**
 * Announces a change of `topic` (for the same user) to the browser's other windows; BroadcastChannel never echoes
 * to the sender.
 * @param topic - what changed, e.g. `friends`.
 * @param user - whose data (windows of another signed-in user ignore it).
 */
export function announceChange(topic: string, user: string): void {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage({ topic, user });
  channel.close();
}

/**
 * Calls `fn` when another window announces a change of `topic` for `user`.
 * @returns stops listening.
 */
export function onChangeAnnounced(
  topic: string,
  user: string,
  fn: () => void,
): () => void {
  if (typeof BroadcastChannel === "undefined") return () => undefined;
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (e: MessageEvent<unknown>) => {
    const data = e.data as { topic?: unknown; user?: unknown } | null;
    if (data?.topic === topic && data.user === user) fn();
  };
  return () => {
    channel.close();
  };
}
