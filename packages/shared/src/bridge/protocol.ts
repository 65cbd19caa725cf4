/**
 * The window bridge's one message map (spec §7.9, STYLE.md §4): every event and request that crosses between the
 * main window (which owns the session) and the chat-room, settings, file-picker and popup windows, with a zod
 * schema per payload. This is the ONLY file to edit to add a message; types are derived from the schemas.
 */
import { z } from "zod";
import {
  MESSAGE_TEXT_MAX_LENGTH,
  WEBHARD_SEND_MAX_FILES,
} from "../constants.js";
import { uploadedFileSchema } from "../api/files.js";
import { webhardFileSchema, webhardFolderSchema } from "../api/webhard.js";
import { webhardLinkTokenSchema } from "../messages/webhard-link-message.js";
import { localSettingsSchema } from "../settings.js";

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
  /** Absence status shown next to the name (e.g. vacation); absent when none. */
  absenceStatus: z.string().optional(),
});

/** A chat message (spec §3 Chat message), the fields the room window shows. */
export const bridgeMessageSchema = z.object({
  key: timestampSchema,
  roomName: roomNameSchema,
  /** Empty for the server's own messages: news room entries (ALROOM) have no sender (docs/protocol.md §6). */
  senderJid: z.union([jidSchema, z.literal("")]),
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
      /** The server's file number, for the download link (absent: the file cannot be downloaded). */
      fileno: z.number().int().positive().optional(),
      /** The server has a thumbnail of this image (its link is built from the room and file number). */
      thumbnail: z.boolean().optional(),
      /** A webhard link's token instead of a file number (its download path is built from the token). */
      webhardLink: webhardLinkTokenSchema.optional(),
    })
    .optional(),
  /** INVITE/EXIT/BAN/DELEGATE: who acted and whom it concerns (bare JIDs; names come from the member list). */
  event: z
    .object({ actor: z.string().optional(), targets: z.array(z.string()) })
    .optional(),
  /** Name and position of the sender and of whom an event names, also after they left the room (server-kept). */
  people: z
    .array(
      z.object({ jid: z.string(), name: z.string(), position: z.string() }),
    )
    .optional(),
  /** TALK: JIDs of the members it mentions (docs/protocol.md "Mentions"), to highlight the reader's own. */
  mentions: z.array(z.string()).max(1000).optional(),
  /** ALROOM: an alarm or news-feed entry of a news room (spec §3). */
  alarm: z
    .object({
      title: z.string(),
      detail: z.string(),
      senderDetail: z.string(),
      link: z.string(),
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

/** A person as the user card shows them (spec §2.11 user info card, §3 Org user). */
export const cardUserSchema = z.object({
  jid: jidSchema,
  loginId: z.string(),
  name: z.string(),
  position: z.string(),
  title: z.string(),
  /** Department names from the company down. */
  deptPath: z.array(z.string()),
  company: z.string(),
  email: z.string(),
  phone: z.string(),
  extension: z.string(),
  mobile: z.string(),
  jobDescription: z.string(),
  nickname: z.string(),
  photoUrl: z.string(),
});

/** What the user card can do for the signed-in user. */
export const userCardActionSchema = z.enum([
  "chat",
  "addFriend",
  "removeFriend",
  "mail",
  "note",
  "call",
]);

/** A user of the org tree as pickers list them (spec §3 Org user). */
export const orgPickerUserSchema = z.object({
  jid: jidSchema,
  id: z.string(),
  name: z.string(),
  position: z.string(),
  deptKey: z.string(),
  deptName: z.string(),
});

/** A department of the org tree with its users and sub-departments (spec §3 Department). */
export type OrgPickerDepartmentData = {
  key: string;
  name: string;
  users: readonly z.infer<typeof orgPickerUserSchema>[];
  children: readonly OrgPickerDepartmentData[];
};

/** Validates an {@link OrgPickerDepartmentData}. */
export const orgPickerDepartmentSchema: z.ZodType<OrgPickerDepartmentData> =
  z.lazy(() =>
    z.object({
      key: z.string(),
      name: z.string(),
      users: z.array(orgPickerUserSchema),
      children: z.array(orgPickerDepartmentSchema),
    }),
  );

/** A file sent in a room (spec §3 File data), for the room settings' file list. */
export const roomFileSchema = z.object({
  /** The message key (log time) of the FILE message. */
  key: timestampSchema,
  /** The server's file number; 0 when the message did not carry one. */
  fileno: z.number().int(),
  fileName: z.string(),
  fileSize: z.number(),
  senderName: z.string(),
});

/** Routes a popup window can be redirected to (spec §2.1). */
export const popupRouteSchema = z.enum(["chatRoom", "setting", "webhard"]);

/** A message text as the composer allows it (the server refuses stanzas over 256 KiB). */
const messageTextSchema = z.string().min(1).max(MESSAGE_TEXT_MAX_LENGTH);
/** JIDs of the members a message mentions (docs/protocol.md "Mentions"). */
const mentionsSchema = z.array(jidSchema).max(1000).optional();

/** Events: fire-and-forget, to one window or (without `to`) to all others. Names are past participles. */
export const bridgeEvents = {
  // Any window → main.
  "window:ready": z.object({ windowId: windowIdSchema }),
  // Room window → main: whether the user is looking at the room (marks new messages read, silences notifications).
  "room:focus-changed": z.object({
    roomName: roomNameSchema,
    focused: z.boolean(),
  }),
  // Room window → main: the window is closing (the main window stops following its members' presence).
  "room:window-closed": z.object({ roomName: roomNameSchema }),
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
    // A room window opened at a message (a search result): its log time.
    at: timestampSchema.optional(),
  }),
  // Main → room windows (spec §7.9 main → chat).
  "room:initialized": roomSnapshotSchema,
  // The main window reconnected and caught up: the room window reloads what it shows (missed messages, deletions).
  "room:caught-up": roomRef,
  "message:added": z.object({
    roomName: roomNameSchema,
    message: bridgeMessageSchema,
  }),
  "room:members-updated": z.object({
    roomName: roomNameSchema,
    members: z.array(bridgeMemberSchema),
  }),
  // The user renamed the room for themself (myRoomName): headers show the new name.
  "room:title-changed": z.object({
    roomName: roomNameSchema,
    title: z.string(),
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
  // Any window → every other: the user's local settings changed (spec §2.12: they apply live in every window).
  "settings:changed": z.object({
    jid: jidSchema,
    settings: localSettingsSchema,
  }),
  // Any window → every other: the light or dark look changed (kept per device, before and after login).
  "theme:changed": z.object({ mode: z.enum(["light", "dark"]) }),
} satisfies Record<`${string}:${string}`, z.ZodType>;

/** Requests: answered by exactly one window (main unless told otherwise). Names are verbs. */
export const bridgeRequests = {
  // Spec §7.9 chat → main.
  "room:enter": { req: roomRef, res: roomSnapshotSchema },
  // The whole org tree in the pickers' shape (the room window's org picker searches it locally).
  "org:get": {
    req: z.object({}),
    res: z.object({ departments: z.array(orgPickerDepartmentSchema) }),
  },
  "me:get": { req: z.object({}), res: myInfoSchema },
  "messages:fetch": {
    // Without `before` or `after`: the newest page. `before`: the page older than that log time; `after`: the page
    // newer than it (a window opened at a search result loads forward to the newest message).
    req: z.object({
      roomName: roomNameSchema,
      before: timestampSchema.optional(),
      after: timestampSchema.optional(),
    }),
    res: z.object({
      messages: z.array(bridgeMessageSchema),
      reachedFirst: z.boolean(),
      // For `after`: the page reaches the room's newest message (true for the other pages, loaded from the newest down).
      reachedLast: z.boolean().optional(),
    }),
  },
  // Room window → main: the server's message search within the room (Ctrl+F beyond the loaded pages), newest first.
  "messages:search": {
    req: z.object({
      roomName: roomNameSchema,
      q: z.string().min(1).max(100),
      before: z.string().max(200).optional(),
    }),
    res: z.object({
      // The matching messages' keys.
      keys: z.array(timestampSchema),
      // The cursor of the next (older) page; absent at the end.
      next: z.string().max(200).optional(),
    }),
  },
  "message:send": {
    req: z.object({
      roomName: roomNameSchema,
      text: messageTextSchema,
      mentions: mentionsSchema,
    }),
    res: z.object({ messageKey: timestampSchema }),
  },
  "message:reply": {
    req: z.object({
      roomName: roomNameSchema,
      text: messageTextSchema,
      mentions: mentionsSchema,
      replyTitle: z.string(),
      replyText: z.string(),
      replyTime: timestampSchema,
    }),
    res: z.object({ messageKey: timestampSchema }),
  },
  // One FILE message per uploaded file, as the upload answered it (spec §7.6 multipartFile).
  "file:send": {
    req: z.object({
      roomName: roomNameSchema,
      files: z.array(uploadedFileSchema).min(1).max(10),
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
  "room:leave": {
    req: roomRef,
    res: z.object({
      left: z.boolean(),
      // The chief of a project room cannot leave while others remain (spec §5).
      reason: z.enum(["chiefCannotLeave"]).optional(),
    }),
  },
  "room:invite": {
    req: z.object({
      roomName: roomNameSchema,
      invitees: z.array(jidSchema).min(1),
      roomType: z.union([z.literal(2), z.literal(3)]),
      description: z.string().max(20),
    }),
    // A dual (or legacy) room gets a new room with everyone (`created`); `refused`: only the chief invites here.
    res: z.object({
      roomName: roomNameSchema,
      created: z.boolean(),
      refused: z.enum(["chiefOnly"]).optional(),
    }),
  },
  // The room's history as a saved-chat text file (spec §9); the room window downloads it.
  "chat:save": {
    req: roomRef,
    res: z.union([
      z.object({
        saved: z.literal(true),
        fileName: z.string(),
        text: z.string(),
      }),
      z.object({
        saved: z.literal(false),
        reason: z.enum(["noData", "failed"]),
      }),
    ]),
  },
  // The room settings' info tab: the room's own title, the user's own name for it, creation time and members.
  "room:get-details": {
    req: roomRef,
    res: z.object({
      title: z.string(),
      myRoomName: z.string(),
      roomType: roomSnapshotSchema.shape.roomType,
      /** Epoch ms; null when the server did not say. */
      createdAt: z.number().nullable(),
      members: z.array(bridgeMemberSchema),
    }),
  },
  // The room settings' file tab: the room's FILE messages, by file number.
  "room:list-files": {
    req: roomRef,
    res: z.object({ files: z.array(roomFileSchema) }),
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
  // Room window → main: whether the user may use the webhard (company menu and user kind, spec §6).
  "webhard:get-availability": {
    req: z.object({}),
    res: z.object({ available: z.boolean() }),
  },
  // Room window → main: opens the webhard window for the room (spec §7.9 open-whard-window). `busy`: it is already
  // open for another room.
  "webhard:open": {
    req: roomRef,
    res: z.object({ opened: z.boolean(), busy: z.boolean() }),
  },
  // Webhard window → main (spec §7.6 whard-login, get-whard-folder, get-whard-file, get-whard-down-link): the main
  // window makes the webhard calls with the session; answers carry the webhard's result code ("00000" success).
  // Webhard window → main: whether this session already logged in to the webhard (the window opens usable, spec §4).
  "webhard:get-state": {
    req: z.object({}),
    res: z.object({ loggedIn: z.boolean() }),
  },
  "webhard:login": {
    req: z.object({
      id: z.string().min(1).max(100),
      password: z.string().min(1).max(1000),
    }),
    res: z.object({ resultCode: z.string() }),
  },
  "webhard:list": {
    req: z.object({ folderId: z.number().int().min(-99) }),
    res: z.object({
      resultCode: z.string(),
      folders: z.array(webhardFolderSchema),
      files: z.array(webhardFileSchema),
    }),
  },
  "webhard:make-links": {
    req: z.object({
      fileIds: z
        .array(z.number().int().positive())
        .min(1)
        .max(WEBHARD_SEND_MAX_FILES),
    }),
    res: z.object({
      resultCode: z.string(),
      links: z.array(
        z.object({ fileName: z.string(), token: webhardLinkTokenSchema }),
      ),
    }),
  },
  // Webhard window → main: one FILE message naming a webhard link the server made for this user (one per request,
  // so the user can cancel between links).
  "webhard:send-link": {
    req: z.object({
      roomName: roomNameSchema,
      fileName: z.string().min(1).max(1000),
      token: webhardLinkTokenSchema,
    }),
    res: z.object({ sent: z.boolean() }),
  },
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
  // Any window → main: the access token for the file API (views never hold the session). `refused`: the token the
  // server just refused (401 / ExpiredJwt); main renews it unless it has changed since.
  "session:get-access-token": {
    req: z.object({ refused: z.string().optional() }),
    res: z.object({ accessToken: z.string().min(1) }),
  },
  // Room window → main: the user card of a member or message sender, and its actions (run by the main window).
  "user-card:get": {
    req: z.object({ jid: jidSchema }),
    res: z.object({
      user: cardUserSchema.nullable(),
      absence: z.string().optional(),
      actions: z.array(userCardActionSchema),
    }),
  },
  "user-card:act": {
    req: z.object({ jid: jidSchema, action: userCardActionSchema }),
    res: z.object({ done: z.boolean() }),
  },
  // Settings window → main: the settings the server keeps (userData privateRoom: the self room shows in the list).
  "settings:get-server": {
    req: z.object({}),
    res: z.object({
      useSelfRoom: z.boolean(),
      menuFlags: z.record(z.string(), z.boolean()),
    }),
  },
  "settings:set-self-room": {
    req: z.object({ on: z.boolean() }),
    res: z.object({ on: z.boolean() }),
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
