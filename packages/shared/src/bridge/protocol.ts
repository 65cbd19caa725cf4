/**
 * The window bridge's one message map (spec §7.9, STYLE.md §4): every event and request that crosses between the
 * main window (which owns the session) and the chat-room, settings, file-picker and popup windows, with a zod
 * schema per payload. This is the ONLY file to edit to add a message; types are derived from the schemas.
 */
import { z } from "zod";

/** Wire version; envelopes with another version are logged and dropped. */
export const BRIDGE_PROTOCOL_VERSION = 1;

/** A window of the app: the main window, a singleton view, a chat room (`room:<name>`) or a popup awaiting its route. */
export type WindowId =
  "main" | "settings" | "file-picker" | `room:${string}` | `popup:${string}`;

/** Validates a {@link WindowId}. */
export const windowIdSchema = z.custom<WindowId>(
  (v) =>
    typeof v === "string" &&
    /^(main|settings|file-picker|room:[^\s]{1,300}|popup:[\w-]{1,64})$/.test(v),
  "invalid window id",
);

/** Network status shown by every window (spec §3 common state). */
export const networkStatusSchema = z.enum(["success", "fail", "restore"]);

/** Own presence states (spec §3). */
const ownPresenceSchema = z.enum(["on", "dnd", "away", "off"]);
/** Any presence value (spec §3). */
const presenceSchema = z.enum([
  "pc",
  "webchat",
  "mobile",
  "away",
  "dnd",
  "off",
]);

const roomNameSchema = z.string().min(1).max(300);
const jidSchema = z.string().min(3).max(3071);
/** 15-digit millisecond timestamp string (spec §9). */
const timestampSchema = z.string().regex(/^\d{1,15}$/);

/** The signed-in user as other windows see them (get-my-info). */
export const myInfoSchema = z.object({
  jid: jidSchema,
  loginId: z.string(),
  name: z.string(),
  nickname: z.string(),
  position: z.string(),
  deptName: z.string(),
  photoUrl: z.string(),
  freeUser: z.boolean(),
  presence: ownPresenceSchema,
});

/** A room member (spec §3 Member), as the room window needs it. */
export const bridgeMemberSchema = z.object({
  jid: jidSchema,
  name: z.string(),
  nickname: z.string(),
  position: z.string(),
  deptName: z.string(),
  imageUrl: z.string(),
  affiliation: z.enum(["owner", "admin", "none"]),
  presence: presenceSchema,
  watch: timestampSchema.optional(),
});

/** A chat message (spec §3 Chat message), the fields the room window shows. */
export const bridgeMessageSchema = z.object({
  key: timestampSchema,
  roomName: roomNameSchema,
  senderJid: jidSchema,
  senderName: z.string(),
  text: z.string(),
  contentType: z.enum([
    "TALK",
    "FILE",
    "INVITE",
    "EXIT",
    "BAN",
    "DELEGATE",
    "ALROOM",
  ]),
  isDel: z.boolean(),
  isLongMsg: z.boolean(),
  replyTitle: z.string().optional(),
  replyText: z.string().optional(),
  replyTime: timestampSchema.optional(),
  file: z
    .object({
      fileName: z.string(),
      fileSize: z.number(),
      fileDownUrl: z.string(),
    })
    .optional(),
});

/** What a room window is initialised with (init-room). */
export const roomSnapshotSchema = z.object({
  roomName: roomNameSchema,
  title: z.string(),
  roomType: z.union([
    z.literal(0),
    z.literal(1),
    z.literal(2),
    z.literal(3),
    z.literal(4),
    z.literal(9),
  ]),
  alarmOn: z.boolean(),
  members: z.array(bridgeMemberSchema),
});

const roomRef = z.object({ roomName: roomNameSchema });

/** Routes a popup window can be redirected to (spec §2.1). */
export const popupRouteSchema = z.enum(["chatRoom", "setting", "webhard"]);

/** Events: fire-and-forget, to one window or (without `to`) to all others. Names are past participles. */
export const bridgeEvents = {
  // Any window → main.
  "window:ready": z.object({ windowId: windowIdSchema }),
  "chat-contextmenu:requested": z.object({
    roomName: roomNameSchema,
    messageKey: timestampSchema,
    x: z.number(),
    y: z.number(),
  }),
  // Main → popup: becomes the named route with rparam (spec §2.1 /popup).
  "popup:redirected": z.object({
    route: popupRouteSchema,
    rparam: z.string().max(4000),
  }),
  // Main → room windows (spec §7.9 main → chat).
  "room:initialized": roomSnapshotSchema,
  "room:entered": z.object({
    roomName: roomNameSchema,
    messages: z.array(bridgeMessageSchema),
  }),
  "message:added": z.object({
    roomName: roomNameSchema,
    message: bridgeMessageSchema,
  }),
  "room:members-updated": z.object({
    roomName: roomNameSchema,
    members: z.array(bridgeMemberSchema),
  }),
  "room:watch-updated": z.object({
    roomName: roomNameSchema,
    jid: jidSchema,
    watch: timestampSchema,
  }),
  "message:deleted": z.object({
    roomName: roomNameSchema,
    messageKey: timestampSchema,
  }),
  "member:presence-updated": z.object({
    jid: jidSchema,
    presence: presenceSchema,
  }),
  "network:status-changed": z.object({ status: networkStatusSchema }),
  // Main → every window: session lifecycle.
  "lock:changed": z.object({ locked: z.boolean() }),
  "session:ended": z.object({
    reason: z.enum(["logout", "authfail", "exit", "conflict"]),
  }),
} satisfies Record<`${string}:${string}`, z.ZodType>;

/** Requests: answered by exactly one window (main unless told otherwise). Names are verbs. */
export const bridgeRequests = {
  // Spec §7.9 chat → main.
  "room:enter": { req: roomRef, res: roomSnapshotSchema },
  "org:get": {
    req: z.object({ deptKey: z.string().optional() }),
    res: z.object({ departments: z.array(z.unknown()) }),
  },
  "me:get": { req: z.object({}), res: myInfoSchema },
  "messages:fetch": {
    req: z.object({ roomName: roomNameSchema, before: timestampSchema }),
    res: z.object({
      messages: z.array(bridgeMessageSchema),
      reachedFirst: z.boolean(),
    }),
  },
  "message:send": {
    req: z.object({
      roomName: roomNameSchema,
      text: z.string().min(1).max(100_000),
    }),
    res: z.object({ messageKey: timestampSchema }),
  },
  "message:reply": {
    req: z.object({
      roomName: roomNameSchema,
      text: z.string().min(1).max(100_000),
      replyTitle: z.string(),
      replyText: z.string(),
      replyTime: timestampSchema,
    }),
    res: z.object({ messageKey: timestampSchema }),
  },
  "file:send": {
    req: z.object({
      roomName: roomNameSchema,
      files: z
        .array(
          z.object({
            fileName: z.string(),
            fileSize: z.number(),
            fileDownUrl: z.string(),
          }),
        )
        .min(1)
        .max(10),
    }),
    res: z.object({ sent: z.number().int() }),
  },
  "message:get-full": {
    req: z.object({
      roomName: roomNameSchema,
      messageKey: timestampSchema,
      senderJid: jidSchema,
    }),
    res: z.object({ text: z.string() }),
  },
  "room:rename": {
    req: z.object({ roomName: roomNameSchema, title: z.string().max(20) }),
    res: z.object({ saved: z.boolean() }),
  },
  "room:kick-out": {
    req: z.object({
      roomName: roomNameSchema,
      jids: z.array(jidSchema).min(1),
    }),
    res: z.object({ expelled: z.number().int() }),
  },
  "room:delegate": {
    req: z.object({
      roomName: roomNameSchema,
      fromJid: jidSchema,
      toJid: jidSchema,
    }),
    res: z.object({ delegated: z.boolean() }),
  },
  "room:leave": { req: roomRef, res: z.object({ left: z.boolean() }) },
  "room:invite": {
    req: z.object({
      roomName: roomNameSchema,
      invitees: z.array(jidSchema).min(1),
      roomType: z.union([z.literal(2), z.literal(3)]),
      description: z.string().max(20),
    }),
    res: z.object({ roomName: roomNameSchema }),
  },
  "chat:save": {
    req: roomRef,
    res: z.object({
      saved: z.boolean(),
      reason: z.enum(["noData", "failed"]).optional(),
    }),
  },
  "member:get-status": {
    req: z.object({ jids: z.array(jidSchema) }),
    res: z.record(z.string(), presenceSchema),
  },
  "user:get-info": {
    req: z.object({ jid: jidSchema }),
    res: myInfoSchema
      .omit({ presence: true })
      .extend({ presence: presenceSchema }),
  },
  "groupware:open": {
    req: z.object({
      target: z.string().min(1).max(50),
      params: z.record(z.string(), z.string()).optional(),
    }),
    res: z.object({ opened: z.boolean() }),
  },
  "call:set-info": {
    req: z.object({
      members: z
        .array(
          z.object({ jid: jidSchema, name: z.string(), phoneNum: z.string() }),
        )
        .max(6),
    }),
    res: z.object({ accepted: z.boolean() }),
  },
  "file-picker:open": { req: roomRef, res: z.object({ opened: z.boolean() }) },
  "room:set-alarm": {
    req: z.object({ roomName: roomNameSchema, on: z.boolean() }),
    res: z.object({ on: z.boolean() }),
  },
  "message:delete": {
    req: z.object({ roomName: roomNameSchema, messageKey: timestampSchema }),
    res: z.object({ deleted: z.boolean() }),
  },
  "messages:fetch-server": {
    req: z.object({ roomName: roomNameSchema, latestMsgTime: timestampSchema }),
    res: z.object({ messages: z.array(bridgeMessageSchema) }),
  },
  // Any window → main: the session as views may know it.
  "session:get": {
    req: z.object({}),
    res: z.object({
      signedIn: z.boolean(),
      locked: z.boolean(),
      network: networkStatusSchema,
    }),
  },
} satisfies Record<`${string}:${string}`, { req: z.ZodType; res: z.ZodType }>;

/** Event names. */
export type BridgeEventType = keyof typeof bridgeEvents;
/** Event payloads by name. */
export type BridgeEvents = {
  [K in BridgeEventType]: z.infer<(typeof bridgeEvents)[K]>;
};
/** Request names. */
export type BridgeRequestType = keyof typeof bridgeRequests;
/** Request payloads by name. */
export type BridgeRequests = {
  [K in BridgeRequestType]: z.infer<(typeof bridgeRequests)[K]["req"]>;
};
/** Response values by request name. */
export type BridgeResponses = {
  [K in BridgeRequestType]: z.infer<(typeof bridgeRequests)[K]["res"]>;
};

/** Why a request failed. */
export const bridgeErrorCodeSchema = z.enum([
  "timeout",
  "no_handler",
  "invalid_payload",
  "remote_error",
]);
/** A bridge failure code. */
export type BridgeErrorCode = z.infer<typeof bridgeErrorCodeSchema>;

const base = { v: z.literal(BRIDGE_PROTOCOL_VERSION), from: windowIdSchema };

/** Every envelope on the wire: plain, structured-clone-safe data. */
export const envelopeSchema = z.discriminatedUnion("kind", [
  z.object({
    ...base,
    kind: z.literal("event"),
    to: windowIdSchema.optional(),
    type: z.string(),
    payload: z.unknown(),
  }),
  z.object({
    ...base,
    kind: z.literal("request"),
    to: windowIdSchema,
    id: z.string(),
    type: z.string(),
    payload: z.unknown(),
  }),
  z.object({
    ...base,
    kind: z.literal("response"),
    to: windowIdSchema,
    id: z.string(),
    result: z.discriminatedUnion("ok", [
      z.object({ ok: z.literal(true), value: z.unknown() }),
      z.object({
        ok: z.literal(false),
        error: z.object({ code: bridgeErrorCodeSchema, message: z.string() }),
      }),
    ]),
  }),
]);

/** A bridge envelope. */
export type Envelope = z.infer<typeof envelopeSchema>;

/** Stops a subscription. */
export type Unsubscribe = () => void;

/** Carries envelopes between windows; never echoes a window's own envelopes back to it (or the bridge drops them). */
export interface BridgeTransport {
  /** Sends an envelope to the other windows. */
  post(envelope: Envelope): void;
  /** Receives envelopes from the other windows (unvalidated: the bridge validates). */
  subscribe(listener: (envelope: unknown) => void): Unsubscribe;
  /** Releases the transport. */
  close?(): void;
}
