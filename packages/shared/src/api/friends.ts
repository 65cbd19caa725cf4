/**
 * Organisation lookups and friends API (spec §7.4): absence status, users of a department, name search,
 * friend groups and friends (add in bulk, move, delete). Duplicate friends answer ErrorMsg "1105".
 */
import { z } from "zod";
import { orgUserSchema } from "./org.js";

/** ErrorMsg of an add or move that would duplicate a friend (spec §8); the body lists the names. */
export const FRIEND_DUPLICATE_CODE = "1105";

/** GET /api/v1/orgtree/absenceStatus?ids= — comma-separated login ids (at most 500). */
export const absenceStatusQuerySchema = z.object({
  ids: z
    .string()
    .max(20_000)
    .transform((s) =>
      s
        .split(",")
        .map((x) => x.trim())
        .filter((x) => x !== ""),
    )
    .pipe(z.array(z.string().max(100)).max(500)),
});

/** absenceStatus success: status by login id (users without an absence are left out). */
export const absenceStatusResponseSchema = z.object({
  ErrorCode: z.literal("00"),
  absenceStatus: z.record(z.string(), z.string()),
});

/** GET /api/v1/orgtree/users/{deptKey} success. */
export const deptUsersResponseSchema = z.object({
  ErrorCode: z.literal("00"),
  statusInfo: z.record(z.string(), z.string()),
  DeptUserInfo: z.array(orgUserSchema),
});

/** POST /api/v1/orgtree/search/ — body. */
export const orgSearchRequestSchema = z.object({
  searchKey: z.literal("name").default("name"),
  text: z.string().max(100),
});

/** Org search success: matching users, at most 200. */
export const orgSearchResponseSchema = z.object({
  ErrorCode: z.literal("00"),
  UserProfile: z.array(orgUserSchema),
});

/** A friend (spec §3 Friend). */
export const friendSchema = z.object({
  /** The friend's login id. */
  id: z.string(),
  group: z.object({ id: z.number().nullable() }),
  messengerId: z.string(),
  profile: orgUserSchema,
});

/** A friend group (spec §3 Friend group). */
export const friendGroupSchema = z.object({
  id: z.number(),
  name: z.string(),
  messengerId: z.string(),
  friends: z.array(z.string()),
});

/** POST group/new.json and PUT group/{id}/edit.json — body; the name rules (FR.GS.A.009/011) are the service's. */
export const friendGroupRequestSchema = z.object({
  name: z.string().max(500),
  messengerId: z.string().max(300).optional(),
});

const friendAddItemSchema = z.object({
  /** Login id of the colleague. */
  id: z.string().trim().min(1).max(100),
  name: z.string().max(200).optional(),
  position: z.string().max(200).optional(),
  company: z.string().max(200).optional(),
  messengerId: z.string().max(300).optional(),
  groupId: z.coerce.number().int().positive().nullable().optional(),
});

const listBody = <T extends z.ZodType>(item: T) =>
  z.union([
    z.array(item).min(1).max(500),
    z.object({ list: z.array(item).min(1).max(500) }).transform((b) => b.list),
  ]);

/** POST relation/new/list.json — body: the colleagues to add (an array, or `{ list }`). */
export const friendAddRequestSchema = listBody(friendAddItemSchema);

/** PUT relation/move/list.json — body: friends and their new group (null: no group). */
export const friendMoveRequestSchema = listBody(
  z.object({
    id: z.string().trim().min(1).max(100),
    groupId: z.coerce.number().int().min(0).nullable(),
    messengerId: z.string().max(300).optional(),
  }),
);

/** POST relation/list.json with _method=delete — body. */
export const friendDeleteRequestSchema = z.object({
  _method: z.literal("delete"),
  ids: z.union([
    z.array(z.string().min(1).max(100)).min(1).max(500),
    z
      .string()
      .min(1)
      .max(50_000)
      .transform((s) =>
        s
          .split(",")
          .map((x) => x.trim())
          .filter((x) => x !== ""),
      ),
  ]),
});
