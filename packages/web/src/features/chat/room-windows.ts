/**
 * The main window's answers to chat room windows (spec §7.9): entering a room, history pages, sending, replying,
 * deleting, long messages and the alarm toggle go over the main window's chat connection; new messages, read
 * watermarks, deletions and reconnect catch-ups are forwarded to the room's windows. Focused room windows mark new
 * messages read, and {@link isRoomWindowFocused} tells the main window (notifications) which rooms are being looked at.
 */
import {
  MEMBER_EVENT_CONTENT_TYPES,
  buildTalkExtension,
  ROOM_LIST_QUERY_TIMEOUT_MS,
  type Bridge,
  type BridgeEvents,
  type Presence,
  type WindowId,
} from "@moa/shared";
import { toBridgeMessage } from "./bridge-message";
import type { ChatSync } from "./chat-sync";
import type { Room } from "./chat-types";
import { fetchRoomHistory } from "./room-history";
import { createRoomSender } from "./room-sender";
import {
  blockedAlarmsUpdate,
  deleteMessageQuery,
  longMessageQuery,
  membersQuery,
  parseBlockedAlarms,
  parseLongMessage,
  parseMembers,
  userDataQuery,
  type WatchedMember,
} from "./room-stanzas";
import type { RoomTransport } from "./room-transport";
import type { PresenceFollower } from "../presence";
import type { searchMessages } from "../message-search/search-api";

/** The server's message search, loaded when first used (the main window supplies it). */
export type SearchMessages = typeof searchMessages;

type Snapshot = BridgeEvents["room:initialized"];

// One main window per app, so the rooms whose window has the user's focus are kept once for the whole window.
const focusedRooms = new Set<string>();

/**
 * Tells whether a room's window is open and focused (the user sees new messages as they come).
 * @param roomName - the room.
 * @returns true while its room window reports focus.
 */
export function isRoomWindowFocused(roomName: string): boolean {
  return focusedRooms.has(roomName);
}

function toSnapshot(
  room: Room,
  title: string,
  members: readonly (Room["members"][number] & { watch?: number })[],
  presenceOf: (jid: string) => Presence,
): Snapshot {
  return {
    roomName: room.name,
    title,
    roomType: room.type,
    alarmOn: !room.alarmBlocked,
    members: members.map((m) => ({
      jid: m.jid,
      name: m.name,
      nickname: "",
      position: "",
      deptName: "",
      imageUrl: "",
      affiliation: m.affiliation,
      presence: presenceOf(m.jid),
      ...(m.watch === undefined ? {} : { watch: String(m.watch) }),
    })),
  };
}

/**
 * Answers room windows from the main window.
 * @param bridge - the main window's bridge.
 * @param sync - the room list sync.
 * @param transport - the session's chat connection.
 * @param titleOf - the room's listed name.
 * @param presence - follows the presence of open rooms' members.
 * @param search - the message search (Ctrl+F beyond a window's loaded pages).
 * @returns stops answering.
 */
export function connectRoomWindows(
  bridge: Bridge,
  sync: ChatSync,
  transport: RoomTransport,
  titleOf: (room: Room) => string,
  presence: PresenceFollower,
  search: SearchMessages,
): () => void {
  const windows = new Map<string, Set<WindowId>>();
  const sender = createRoomSender(transport);

  const presenceOf = (jid: string) => presence.presenceOf(jid);
  /** The members whose presence each open room's windows show. */
  const followed = new Map<string, ReadonlySet<string>>();
  const followMembers = (
    roomName: string,
    members: readonly { jid: string }[],
  ) => {
    const jids = members.map((m) => m.jid);
    followed.set(roomName, new Set(jids));
    presence.follow(`room:${roomName}`, jids);
  };
  const roomOf = (roomName: string): Room => {
    const room = sync.store.getState().rooms.get(roomName);
    if (!room) throw new Error("unknown room");
    return room;
  };
  const toWindows = (roomName: string, emit: (id: WindowId) => void) => {
    for (const id of windows.get(roomName) ?? []) emit(id);
  };
  const watchedMembers = async (
    room: Room,
  ): Promise<WatchedMember[] | null> => {
    try {
      return parseMembers(
        await transport.sendIq(
          membersQuery(room.name),
          ROOM_LIST_QUERY_TIMEOUT_MS,
        ),
      );
    } catch {
      return null;
    }
  };
  const refreshMembers = async (roomName: string) => {
    const room = sync.store.getState().rooms.get(roomName);
    const members = room ? await watchedMembers(room) : null;
    if (!room || !members) return;
    followMembers(roomName, members);
    const { members: listed } = toSnapshot(room, "", members, presenceOf);
    toWindows(roomName, (id) => {
      bridge.emit("room:members-updated", { roomName, members: listed }, id);
    });
  };

  const offs = [
    sync.onNewMessage((message) => {
      const forwarded = toBridgeMessage(message);
      toWindows(message.roomName, (id) => {
        bridge.emit(
          "message:added",
          { roomName: message.roomName, message: forwarded },
          id,
        );
      });
      if (
        MEMBER_EVENT_CONTENT_TYPES.includes(message.contentType) &&
        windows.has(message.roomName)
      )
        void refreshMembers(message.roomName);
      if (focusedRooms.has(message.roomName))
        void sync.markRead(message.roomName);
    }),
    sync.onRoomPush((push) => {
      if (push.kind === "watch")
        toWindows(push.roomName, (id) => {
          bridge.emit(
            "room:watch-updated",
            {
              roomName: push.roomName,
              jid: push.jid,
              watch: String(push.time),
            },
            id,
          );
        });
      else
        toWindows(push.roomName, (id) => {
          bridge.emit(
            "message:deleted",
            { roomName: push.roomName, messageKey: String(push.time) },
            id,
          );
        });
    }),
    // Live messages missed while offline came through the catch-up; deletions and read marks did not.
    sync.onCaughtUp(() => {
      for (const roomName of windows.keys())
        toWindows(roomName, (id) => {
          bridge.emit("room:caught-up", { roomName }, id);
        });
    }),
    // Members' presence reaches the windows of the rooms they are in.
    presence.onChange((jid, value) => {
      for (const [roomName, jids] of followed)
        if (jids.has(jid))
          toWindows(roomName, (id) => {
            bridge.emit(
              "member:presence-updated",
              { jid, presence: value },
              id,
            );
          });
    }),
    bridge.on("room:window-closed", ({ roomName }, from) => {
      const ids = windows.get(roomName);
      ids?.delete(from);
      if (ids?.size) return;
      windows.delete(roomName);
      followed.delete(roomName);
      presence.unfollow(`room:${roomName}`);
    }),
    bridge.on("room:focus-changed", ({ roomName, focused }) => {
      if (!focused) {
        focusedRooms.delete(roomName);
        return;
      }
      focusedRooms.add(roomName);
      void sync.markRead(roomName);
    }),
    bridge.handle("room:enter", async ({ roomName }, from) => {
      const room = roomOf(roomName);
      const ids = windows.get(roomName) ?? new Set<WindowId>();
      ids.add(from);
      windows.set(roomName, ids);
      void sync.markRead(roomName);
      const members = await watchedMembers(room);
      const listed = members ?? room.members;
      followMembers(roomName, listed);
      return toSnapshot(room, titleOf(room), listed, presenceOf);
    }),
    bridge.handle("messages:fetch", async ({ roomName, before, after }) => {
      const room = roomOf(roomName);
      const page = await fetchRoomHistory(
        transport,
        room.jid,
        after === undefined
          ? { before: before === undefined ? null : Number(before) }
          : { after: Number(after) },
      );
      return {
        messages: page.messages.map(toBridgeMessage),
        reachedFirst: page.reachedFirst,
        reachedLast: page.reachedLast,
      };
    }),
    bridge.handle("messages:search", async ({ roomName, q, before }) => {
      const page = await search(
        (iq) => transport.sendIq(iq, ROOM_LIST_QUERY_TIMEOUT_MS),
        {
          q,
          room: roomOf(roomName).name,
          ...(before === undefined ? {} : { before }),
        },
      );
      return {
        keys: page.hits.map((hit) => String(hit.time)),
        ...(page.next === undefined ? {} : { next: page.next }),
      };
    }),
    bridge.handle("message:send", async ({ roomName, text, mentions }) => {
      const time = await sender.send(
        roomOf(roomName).jid,
        text,
        null,
        buildTalkExtension(mentions ?? []),
      );
      return { messageKey: String(time) };
    }),
    bridge.handle("message:reply", async (req) => {
      const time = await sender.send(
        roomOf(req.roomName).jid,
        req.text,
        {
          title: req.replyTitle,
          text: req.replyText,
          time: Number(req.replyTime),
        },
        buildTalkExtension(req.mentions ?? []),
      );
      return { messageKey: String(time) };
    }),
    bridge.handle(
      "message:get-full",
      async ({ roomName, messageKey, senderJid }) => {
        const answer = await transport.sendIq(
          longMessageQuery(roomName, Number(messageKey), senderJid),
          ROOM_LIST_QUERY_TIMEOUT_MS,
        );
        const text = parseLongMessage(answer);
        if (text === null)
          throw new Error("long-message answer without a body");
        return { text };
      },
    ),
    bridge.handle("message:delete", async ({ roomName, messageKey }) => {
      await transport.sendIq(
        deleteMessageQuery(roomName, Number(messageKey)),
        ROOM_LIST_QUERY_TIMEOUT_MS,
      );
      return { deleted: true };
    }),
    bridge.handle("room:set-alarm", async ({ roomName, on }) => {
      const current = parseBlockedAlarms(
        await transport.sendIq(userDataQuery(), ROOM_LIST_QUERY_TIMEOUT_MS),
      );
      const blocked = current.filter((name) => name !== roomName);
      if (!on) blocked.push(roomName);
      const saved = parseBlockedAlarms(
        await transport.sendIq(
          blockedAlarmsUpdate(blocked),
          ROOM_LIST_QUERY_TIMEOUT_MS,
        ),
      );
      const alarmBlocked = saved.includes(roomName);
      sync.store.setState((s) => {
        const room = s.rooms.get(roomName);
        if (!room) return {};
        const rooms = new Map(s.rooms);
        rooms.set(roomName, { ...room, alarmBlocked });
        return { rooms };
      });
      return { on: !alarmBlocked };
    }),
  ];
  return () => {
    for (const off of offs) off();
    sender.dispose();
    focusedRooms.clear();
  };
}
