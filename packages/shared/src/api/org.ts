/** Organisation API (spec §3 Org user / Department, §7.1): the org tree and the org setting. */
import { z } from "zod";
import { ynSchema } from "./envelope.js";

/** A user row in the org tree (spec §3 Org user, without the live presence, which comes over XMPP). */
export const orgUserSchema = z.object({
  type: z.literal("user"),
  /** Login id. */
  id: z.string(),
  /** Numeric user key (User_Info.userKey). */
  userKey: z.number(),
  /** Bare chat JID. */
  messengerId: z.string(),
  /** Department key + "_" + user key. */
  deptUserKey: z.string(),
  user: z.object({
    id: z.string(),
    name: z.string(),
    position: z.string(),
    title: z.string(),
    email: z.string(),
    loginEmailId: z.string(),
    photo: z.object({ fullUrl: z.string() }),
    department: z.object({
      id: z.string(),
      name: z.string(),
      company: z.object({ name: z.string() }),
    }),
  }),
  contact: z.object({
    personal: z.object({ mobile: z.string() }),
    business: z.object({ phone: z.string(), extension: z.string() }),
  }),
  messenger: z.object({ nickname: z.string() }),
  property: z.object({ jobDescription: z.string() }),
  freeUserYn: ynSchema,
  crxUserYn: ynSchema,
});

/** A user row in the org tree. */
export type OrgUser = z.infer<typeof orgUserSchema>;

/** A department node (spec §3 Department). */
export type OrgDepartment = {
  type: "dept";
  key: string;
  name: string;
  order: number;
  /** Part of the virtual branch (shown only when VirtUseYN is Y). */
  isVirtual: boolean;
  isOpen: boolean;
  isShow: boolean;
  userList: OrgUser[];
  child: OrgDepartment[];
};

/** A department node with its sub-departments and users. */
export const orgDepartmentSchema: z.ZodType<OrgDepartment> = z.lazy(() =>
  z.object({
    type: z.literal("dept"),
    key: z.string(),
    name: z.string(),
    order: z.number(),
    isVirtual: z.boolean(),
    isOpen: z.boolean(),
    isShow: z.boolean(),
    userList: z.array(orgUserSchema),
    child: z.array(orgDepartmentSchema),
  }),
);

/** GET /api/v1/orgtree/tree/{orgUrl} success. Served with an ETag; send If-None-Match to get 304 when unchanged. */
export const orgTreeResponseSchema = z.object({
  ErrorCode: z.literal("00"),
  /** Changes whenever a department or user changes. */
  orgVersion: z.number(),
  userCount: z.number(),
  tree: z.array(orgDepartmentSchema),
});

/** The org tree response. */
export type OrgTreeResponse = z.infer<typeof orgTreeResponseSchema>;

/** GET /api/v1/chat/home/org/setting success. */
export const orgSettingResponseSchema = z.object({
  ErrorCode: z.literal("00"),
  orgSetting: z.object({ VirtUseYN: ynSchema }),
});
