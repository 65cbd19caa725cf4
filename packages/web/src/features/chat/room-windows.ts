/**
 * The main window's answers to chat room windows (spec §7.9): `room:enter` gets the room's snapshot and the messages
 * this session received for it, opening marks the room read, and each new message is forwarded to its room's windows.
 */
import type { Bridge, BridgeEvents, WindowId } from "@moa/shared";
import type { ChatMessage, Room } from "./chat-types";
import type { ChatSync } from "./chat-sync";

type BridgeMessage = BridgeEvents["message:added"]["message"];

// Messages kept per room for a window opened later; the full history comes from the archive (room window, part 2).
const RECENT_PER_ROOM = 50;

/** A message as the room window reads it (its key is the 15-digit log time). */
export function toBridgeMessage(message: ChatMessage): BridgeMessage {
  return {
    key: String(message.time),
    roomName: message.roomName,
    senderJid: message.senderJid,
    senderName: message.senderName,
    text: message.text,
    contentType: message.contentType,
    isDel: message.deleted,
    isLongMsg: message.long,
  };
}

function snapshot(room: Room, title: string): BridgeEvents["room:initialized"] {
  return {
    roomName: room.name,
    title,
    roomType: room.type,
    alarmOn: !room.alarmBlocked,
    members: room.members.map((m) => ({
      jid: m.jid,
      name: m.name,
      nickname: "",
      position: "",
      deptName: "",
      imageUrl: "",
      affiliation: m.affiliation,
      // Presence arrives with the member list of the room window (part 2); until then nobody shows as online.
      presence: "off" as const,
    })),
  };
}

/**
 * Answers room windows from the main window.
 * @param bridge - the main window's bridge.
 * @param sync - the room list sync.
 * @param titleOf - the room's listed name.
 * @returns stops answering.
 */
export function connectRoomWindows(
  bridge: Bridge,
  sync: ChatSync,
  titleOf: (room: Room) => string,
): () => void {
  const recent = new Map<string, BridgeMessage[]>();
  const windows = new Map<string, Set<WindowId>>();
  const offs = [
    sync.onNewMessage((message) => {
      const forwarded = toBridgeMessage(message);
      const kept = recent.get(message.roomName) ?? [];
      kept.push(forwarded);
      if (kept.length > RECENT_PER_ROOM) kept.shift();
      recent.set(message.roomName, kept);
      for (const id of windows.get(message.roomName) ?? [])
        bridge.emit(
          "message:added",
          { roomName: message.roomName, message: forwarded },
          id,
        );
    }),
    bridge.handle("room:enter", ({ roomName }, from) => {
      const room = sync.store.getState().rooms.get(roomName);
      if (!room) throw new Error("unknown room");
      const ids = windows.get(roomName) ?? new Set<WindowId>();
      ids.add(from);
      windows.set(roomName, ids);
      void sync.markRead(roomName);
      // The answer goes first; the messages follow as the enter-room callback.
      queueMicrotask(() => {
        bridge.emit(
          "room:entered",
          { roomName, messages: recent.get(roomName) ?? [] },
          from,
        );
      });
      return snapshot(room, titleOf(room));
    }),
  ];
  return () => {
    for (const off of offs) off();
  };
}
