/**
 * Friend calls of spec §7.4: groups and friends, group add / rename / delete, friends added in bulk, moved and
 * removed. A refusal (ErrorCode 01) comes back as `{ ok: false, code }` with the server's ErrorMsg (a message code
 * such as FR.GS.A.011, or 1105 with the duplicate names) so the caller shows the spec's text.
 */
import {
  failureBodySchema,
  friendGroupSchema,
  friendSchema,
  type ApiClient,
} from "@moa/shared";
import { z } from "zod";

/** A friend group as listed. */
export type FriendGroup = z.infer<typeof friendGroupSchema>;
/** A friend as listed. */
export type Friend = z.infer<typeof friendSchema>;

/** A change's outcome: done, or refused with the server's code (and the duplicate names of a 1105). */
export type FriendChange =
  { ok: true } | { ok: false; code: string; names: readonly string[] };

const okSchema = z.looseObject({ ErrorCode: z.literal("00") });
const changeSchema = z.union([okSchema, failureBodySchema]);
const namesSchema = z.object({ names: z.array(z.string()) });

const toChange = (body: z.infer<typeof changeSchema>): FriendChange => {
  if (body.ErrorCode === "00") return { ok: true };
  const details = namesSchema.safeParse(
    (body as { details?: unknown }).details,
  );
  return {
    ok: false,
    code: String(body.ErrorMsg),
    names: details.success ? details.data.names : [],
  };
};

/** Sends one change and reads its outcome. */
async function change(
  api: ApiClient,
  method: "POST" | "PUT" | "DELETE",
  path: string,
  body?: unknown,
): Promise<FriendChange> {
  return toChange(
    await api.request({ method, path, body, schema: changeSchema }),
  );
}

/** The caller's groups, in creation order. */
export async function fetchFriendGroups(
  api: ApiClient,
): Promise<FriendGroup[]> {
  return (
    await api.request({
      path: "/api/v1/chat/home/group.json",
      schema: z.object({ content: z.array(friendGroupSchema) }),
    })
  ).content;
}

/** The caller's friends. */
export async function fetchFriends(api: ApiClient): Promise<Friend[]> {
  return (
    await api.request({
      path: "/api/v1/chat/home/relation.json",
      schema: z.object({ content: z.array(friendSchema) }),
    })
  ).content;
}

/** Creates a group. */
export async function createFriendGroup(
  api: ApiClient,
  name: string,
): Promise<FriendChange> {
  return change(api, "POST", "/api/v1/chat/home/group/new.json", { name });
}

/** Renames a group. */
export async function renameFriendGroup(
  api: ApiClient,
  id: number,
  name: string,
): Promise<FriendChange> {
  return change(api, "PUT", `/api/v1/chat/home/group/${String(id)}/edit.json`, {
    name,
  });
}

/** Deletes a group; its friends stay, ungrouped. */
export async function deleteFriendGroup(
  api: ApiClient,
  id: number,
): Promise<FriendChange> {
  return change(
    api,
    "DELETE",
    `/api/v1/chat/home/group/${String(id)}/edit.json`,
  );
}

/** Adds colleagues (login ids) as friends into a group (null: no group), all or nothing. */
export async function addFriends(
  api: ApiClient,
  ids: readonly string[],
  groupId: number | null,
): Promise<FriendChange> {
  return change(
    api,
    "POST",
    "/api/v1/chat/home/relation/new/list.json",
    ids.map((id) => ({ id, groupId })),
  );
}

/** Moves friends into a group (null: no group). */
export async function moveFriends(
  api: ApiClient,
  ids: readonly string[],
  groupId: number | null,
): Promise<FriendChange> {
  return change(
    api,
    "PUT",
    "/api/v1/chat/home/relation/move/list.json",
    ids.map((id) => ({ id, groupId })),
  );
}

/** Removes friends. */
export async function removeFriends(
  api: ApiClient,
  ids: readonly string[],
): Promise<FriendChange> {
  return change(api, "POST", "/api/v1/chat/home/relation/list.json", {
    _method: "delete",
    ids,
  });
}
