/**
 * The REST calls behind the user card (spec §7.4): the friend list with add and remove. The
 * friend list is a react-query under FRIENDS_QUERY_KEY, so a change made from the card refreshes every view of it.
 */
import type { ApiClient } from "@moa/shared";
import { z } from "zod";

/** The react-query key of the friend list. */
export const FRIENDS_QUERY_KEY = ["friends"] as const;

/** The card's own entry below it (the friend tab keeps its groups under the bare key): just the friends' login ids. */
export const FRIEND_IDS_QUERY_KEY = [...FRIENDS_QUERY_KEY, "ids"] as const;

// Anything but "00" (e.g. a duplicate friend's 1105) fails the parse, so the caller sees the failure.
const okSchema = z.looseObject({ ErrorCode: z.literal("00") });

const friendListSchema = z.object({
  ErrorCode: z.literal("00"),
  content: z.array(z.object({ id: z.string(), messengerId: z.string() })),
});

/**
 * GET relation.json.
 * @returns the login ids of the user's friends.
 */
export async function fetchFriendIds(api: ApiClient): Promise<Set<string>> {
  const res = await api.request({
    path: "/api/v1/chat/home/relation.json",
    schema: friendListSchema,
  });
  return new Set(res.content.map((f) => f.id));
}

/** A colleague to add as a friend. */
export type NewFriend = {
  id: string;
  name: string;
  position: string;
  company: string;
  messengerId: string;
};

/** POST relation/new/list.json with one colleague (no group). */
export async function addFriend(
  api: ApiClient,
  friend: NewFriend,
): Promise<void> {
  await api.request({
    method: "POST",
    path: "/api/v1/chat/home/relation/new/list.json",
    body: [friend],
    schema: okSchema,
  });
}

/** POST relation/list.json with _method=delete for one friend. */
export async function removeFriend(api: ApiClient, id: string): Promise<void> {
  await api.request({
    method: "POST",
    path: "/api/v1/chat/home/relation/list.json",
    body: { _method: "delete", ids: [id] },
    schema: okSchema,
  });
}
