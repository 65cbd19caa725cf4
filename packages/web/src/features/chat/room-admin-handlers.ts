/**
 * The main window's answers to a room window's management requests (spec §2.11, §4 Rooms, §6, §7.9): rename
 * (myRoomName), kick-out, delegate, leave, invite (a dual room gets a new room with everyone), room details, the
 * room's files, save chat and groupware links, plus the org tree for the room window's org picker. The server
 * enforces every rule; these handlers translate its refusals into the answers the room window shows.
 */
import {
  formatSavedChat,
  isMultiRoom,
  MEMBER_EVENT_CONTENT_TYPES,
  ROOM_LIST_QUERY_TIMEOUT_MS,
  ROOM_TYPES,
  savedChatFileName,
  type Bridge,
  type BridgeEvents,
  type BridgeResponses,
  type GroupwareLinkTarget,
  type OrgPickerDepartmentData,
  type OrgUser,
  type SavedChatMessage,
} from "@moa/shared";
import { toBridgeMessage } from "./bridge-message";
import type { ChatSync } from "./chat-sync";
import type { ChatMessage, Person, Room, RoomMember } from "./chat-types";
import {
  delegateQuery,
  inviteQuery,
  kickQuery,
  myRoomNameQuery,
  parseListedJids,
  parseMemberList,
} from "./room-admin-stanzas";
import { readRoomArchive } from "./room-archive";
import { RoomCommands } from "./room-commands";
import { patchRoom, removeRoom } from "./room-state";
import {
  longMessageQuery,
  membersQuery,
  parseLongMessage,
} from "./room-stanzas";
import type { RoomTransport } from "./room-transport";

/** The server's display data of someone a message names (kept for members who left). */
function personOf(m: ChatMessage, jid: string): Person | undefined {
  const key = jid.toLowerCase();
  return m.people?.find((p) => p.jid === key);
}

type BridgeMember = BridgeEvents["room:members-updated"]["members"][number];

/** What the handlers need from the session besides the chat connection; tests pass fakes. */
export type RoomAdminDeps = {
  transport: RoomTransport;
  /** The room's listed name (own name, title or members). */
  titleOf: (room: Room) => string;
  /** The org tree's user of a JID. */
  orgUser: (jid: string) => OrgUser | undefined;
  /** Absence statuses by login id; users without one are left out. */
  absence: (loginIds: readonly string[]) => Promise<Record<string, string>>;
  /** The org tree in the pickers' shape. */
  orgTree: () => Promise<readonly OrgPickerDepartmentData[]>;
  /** Opens a room's window; false when it could not be opened. */
  openRoom: (roomName: string) => boolean;
  /** Opens a groupware page in the browser; false when it could not be opened. */
  openGroupware: (
    target: GroupwareLinkTarget,
    query: string,
  ) => Promise<boolean>;
  /** The text a deleted message is saved as. */
  deletedText: () => string;
  now: () => number;
  /** The user's UTC offset in minutes, east positive. */
  offsetMinutes: () => number;
};

// Groupware pages a room window may open: the member list's mail and note buttons write to the chosen members.
const GROUPWARE_PAGES = {
  mailWrite: { target: "mailWrite", recipient: "email" },
  noteWrite: { target: "noteWrite", recipient: "loginId" },
} as const satisfies Record<
  string,
  { target: GroupwareLinkTarget; recipient: "email" | "loginId" }
>;

const isGroupwarePage = (
  target: string,
): target is keyof typeof GROUPWARE_PAGES =>
  Object.hasOwn(GROUPWARE_PAGES, target);

// Saved chats keep what people said: talk, files and news entries (room events are not conversation).
const SAVED_TYPES: readonly ChatMessage["contentType"][] = [
  "TALK",
  "FILE",
  "ALROOM",
];

/** The RFC 6120 condition of a refused iq (the session's IqError), or "". */
const condition = (err: unknown): string =>
  err instanceof Error &&
  "condition" in err &&
  typeof err.condition === "string"
    ? err.condition
    : "";

/**
 * Answers room windows' management requests.
 * @param bridge - the main window's bridge.
 * @param sync - the room list sync (its store is updated on leave and rename).
 * @param deps - the session's parts.
 * @returns stops answering.
 */
export function connectRoomAdmin(
  bridge: Bridge,
  sync: ChatSync,
  deps: RoomAdminDeps,
): () => void {
  const { transport } = deps;
  const iq = (el: Element) => transport.sendIq(el, ROOM_LIST_QUERY_TIMEOUT_MS);
  const roomOf = (roomName: string): Room => {
    const room = sync.store.getState().rooms.get(roomName);
    if (!room) throw new Error("unknown room");
    return room;
  };
  const commands = new RoomCommands(sync);

  /** Members with their org details and absence; presence is the room window's (snapshot and live events). */
  const describeMembers = async (
    members: readonly RoomMember[],
  ): Promise<BridgeMember[]> => {
    const users = members.map((m) => deps.orgUser(m.jid));
    const loginIds = users.flatMap((u) => (u ? [u.id] : []));
    let absence: Record<string, string> = {};
    try {
      if (loginIds.length > 0) absence = await deps.absence(loginIds);
    } catch {
      // Absence is a hint: the list shows without it rather than failing.
    }
    return members.map((m, i) => {
      const user = users[i];
      const status = user ? absence[user.id] : undefined;
      return {
        jid: m.jid,
        name: m.name || (user?.user.name ?? ""),
        nickname: user?.messenger.nickname ?? "",
        position: user?.user.position ?? "",
        deptName: user?.user.department.name ?? "",
        imageUrl: user?.user.photo.fullUrl ?? "",
        affiliation: m.affiliation,
        presence: "off",
        ...(status ? { absenceStatus: status } : {}),
      };
    });
  };

  const invite = async (req: {
    roomName: string;
    invitees: string[];
    roomType: 2 | 3;
    description: string;
  }): Promise<BridgeResponses["room:invite"]> => {
    const room = roomOf(req.roomName);
    const own = sync.ownJid();
    if (isMultiRoom(room.type)) {
      // The room list's affiliations may predate a delegation: the server decides who is chief.
      try {
        await iq(inviteQuery(room.name, req.invitees));
      } catch (err) {
        if (condition(err) === "forbidden")
          return { roomName: room.name, created: false, refused: "chiefOnly" };
        throw err;
      }
      return { roomName: room.name, created: false };
    }
    // Spec §4: inviting into a one-to-one (or self, or legacy) room creates a new room with everyone.
    const everyone = new Set(
      [...room.members.map((m) => m.jid), ...req.invitees].filter(
        (jid) => jid !== own,
      ),
    );
    const partners = [...everyone].map((jid) => ({
      jid,
      name: deps.orgUser(jid)?.user.name ?? "",
    }));
    const created = await commands.createRoom(
      req.roomType,
      req.description.trim(),
      partners,
    );
    deps.openRoom(created);
    return { roomName: created, created: true };
  };

  const saveChat = async (
    roomName: string,
  ): Promise<BridgeResponses["chat:save"]> => {
    const room = roomOf(roomName);
    let archived: ChatMessage[];
    try {
      archived = await readRoomArchive(transport, room.jid);
    } catch {
      return { saved: false, reason: "failed" };
    }
    const kept = archived.filter((m) => SAVED_TYPES.includes(m.contentType));
    if (kept.length === 0) return { saved: false, reason: "noData" };
    const lines: SavedChatMessage[] = [];
    for (const m of kept) {
      let text = m.deleted ? deps.deletedText() : m.text;
      // A long message arrives truncated; the file gets the whole body.
      if (m.long && !m.deleted)
        try {
          text =
            parseLongMessage(
              await iq(longMessageQuery(room.name, m.time, m.senderJid)),
            ) ?? text;
        } catch {
          // Keep the truncated text rather than failing the whole save.
        }
      const sender = deps.orgUser(m.senderJid);
      // The server names former members too; the org tree is the fallback for an archive without names.
      const person = personOf(m, m.senderJid);
      lines.push({
        time: m.time,
        userName: person?.name || m.senderName || (sender?.user.name ?? ""),
        position: person?.position ?? sender?.user.position,
        text,
      });
    }
    const offset = deps.offsetMinutes();
    return {
      saved: true,
      fileName: savedChatFileName(deps.titleOf(room), deps.now(), offset),
      text: formatSavedChat(lines, offset),
    };
  };

  const offs = [
    // Removed from a room elsewhere (kicked, or left on another device): it leaves this list too.
    sync.onNewMessage((message) => {
      if (!MEMBER_EVENT_CONTENT_TYPES.includes(message.contentType)) return;
      const event = toBridgeMessage(message).event;
      const gone =
        message.contentType === "BAN" || message.contentType === "EXIT";
      if (gone && event?.targets.includes(sync.ownJid()))
        sync.store.setState((s) => ({
          rooms: removeRoom(s.rooms, message.roomName),
        }));
    }),
    bridge.handle("room:rename", async ({ roomName, title }) => {
      const name = title.trim();
      try {
        await iq(myRoomNameQuery(roomName, name));
      } catch {
        return { saved: false };
      }
      sync.store.setState((s) => ({
        rooms: patchRoom(s.rooms, roomName, { myRoomName: name }),
      }));
      bridge.emit("room:title-changed", {
        roomName,
        title: deps.titleOf(roomOf(roomName)),
      });
      return { saved: true };
    }),
    bridge.handle("room:kick-out", async ({ roomName, jids }) => {
      try {
        const answer = await iq(kickQuery(roomName, jids));
        return { expelled: parseListedJids(answer, "delete-member").length };
      } catch {
        return { expelled: 0 };
      }
    }),
    bridge.handle("room:delegate", async ({ roomName, toJid }) => {
      try {
        await iq(delegateQuery(roomName, toJid));
        return { delegated: true };
      } catch {
        return { delegated: false };
      }
    }),
    bridge.handle("room:leave", async ({ roomName }) => {
      const room = roomOf(roomName);
      try {
        // Spec §4: a dual room records the leave time and hides; a multi room posts EXIT and leaves the list.
        await commands.leave(roomName);
      } catch (err) {
        if (
          room.type === ROOM_TYPES.project &&
          condition(err) === "not-allowed"
        )
          return { left: false, reason: "chiefCannotLeave" };
        throw err;
      }
      return { left: true };
    }),
    bridge.handle("room:invite", invite),
    bridge.handle("chat:save", ({ roomName }) => saveChat(roomName)),
    bridge.handle("room:get-details", async ({ roomName }) => {
      const room = roomOf(roomName);
      const list = parseMemberList(await iq(membersQuery(roomName)));
      if (!list) throw new Error("members answer without <members/>");
      return {
        title: room.title,
        myRoomName: room.myRoomName,
        roomType: room.type,
        createdAt: list.createdAt,
        members: await describeMembers(list.members),
      };
    }),
    bridge.handle("room:list-files", async ({ roomName }) => {
      const room = roomOf(roomName);
      const files = (await readRoomArchive(transport, room.jid)).flatMap(
        (m) => {
          const file =
            m.contentType === "FILE" && !m.deleted
              ? toBridgeMessage(m).file
              : undefined;
          return file
            ? [
                {
                  key: String(m.time),
                  fileno: file.fileno ?? 0,
                  fileName: file.fileName,
                  fileSize: file.fileSize,
                  senderName:
                    personOf(m, m.senderJid)?.name ||
                    m.senderName ||
                    (deps.orgUser(m.senderJid)?.user.name ?? ""),
                },
              ]
            : [];
        },
      );
      // Spec §3: the file list is sorted by file number (sending order where a message carries none).
      files.sort(
        (a, b) => a.fileno - b.fileno || Number(a.key) - Number(b.key),
      );
      return { files };
    }),
    bridge.handle("groupware:open", async ({ target, params }) => {
      if (!isGroupwarePage(target)) throw new Error("unknown groupware page");
      const page = GROUPWARE_PAGES[target];
      const to = (params?.to ?? "")
        .split(",")
        .map((jid) => deps.orgUser(jid.trim()))
        .flatMap((u) => {
          if (!u) return [];
          return [page.recipient === "email" ? u.user.email : u.id];
        });
      const query = new URLSearchParams({ to: to.join(",") });
      return {
        opened: await deps.openGroupware(page.target, `?${query.toString()}`),
      };
    }),
    bridge.handle("org:get", async () => ({
      departments: [...(await deps.orgTree())],
    })),
  ];
  return () => {
    for (const off of offs) off();
  };
}
