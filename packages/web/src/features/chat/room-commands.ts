/**
 * What the user does to rooms from the main window (spec §4 Rooms, docs/protocol.md §3): pin and unpin (userData
 * roomOrders), alarm on and off (blockedAlarms), hiding the self room (privateRoom), leaving, and starting chats (the
 * self room, a reused or new 1:1 room, a new group or project room). Each command asks the server first, then updates
 * the room list store, so the list only shows what the server keeps.
 */
import {
  isMultiRoom,
  nextPinOrder,
  NS_MOA_ROOMS,
  NS_MOA_USER,
  ROOM_LIST_QUERY_TIMEOUT_MS,
  ROOM_TYPES,
  type RoomType,
} from "@moa/shared";
import { $iq } from "strophe.js";
import type { ChatSync } from "./chat-sync";
import type { Room, RoomMember } from "./chat-types";
import { addRoom, patchRoom, removeRoom } from "./room-state";
import {
  blockedAlarmsUpdate,
  parseBlockedAlarms,
  userDataQuery,
} from "./room-stanzas";
import { child } from "./stanzas";

/** A pin of userData roomOrders. */
type RoomOrder = { name: string; order: number };

/** Something the user can do to a room from its row in the list. */
export type RoomAction =
  "open" | "pin" | "unpin" | "alarmOff" | "alarmOn" | "hide" | "leave";

/** A person to start a chat with. */
export type ChatPartner = { readonly jid: string; readonly name: string };

/** userData set of the pins only. */
function roomOrdersUpdate(orders: readonly RoomOrder[]): Element {
  return $iq({ type: "set" })
    .c("user-data", { xmlns: NS_MOA_USER })
    .c("room-orders")
    .t(JSON.stringify(orders))
    .tree();
}

/** userData set of the private (self) room flag only. */
function privateRoomUpdate(on: boolean): Element {
  return $iq({ type: "set" })
    .c("user-data", { xmlns: NS_MOA_USER })
    .c("private-room")
    .t(on ? "ON" : "OFF")
    .tree();
}

/** The pins of a userData answer; empty when absent or malformed. */
function parseRoomOrders(iq: Element): RoomOrder[] {
  const data = child(iq, "user-data", NS_MOA_USER);
  const text = data ? child(data, "room-orders")?.textContent : undefined;
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed)
      ? parsed.filter(
          (o): o is RoomOrder =>
            typeof o === "object" &&
            o !== null &&
            typeof (o as RoomOrder).name === "string" &&
            typeof (o as RoomOrder).order === "number",
        )
      : [];
  } catch {
    return [];
  }
}

function createQuery(
  type: RoomType,
  title: string,
  memberJids: readonly string[],
): Element {
  const builder = $iq({ type: "set" }).c("create", {
    xmlns: NS_MOA_ROOMS,
    type: String(type),
    title,
  });
  for (const jid of memberJids) builder.c("member", { jid }).up();
  return builder.tree();
}

function roomQuery(name: "leave" | "leave-time", roomName: string): Element {
  return $iq({ type: "set" })
    .c(name, { xmlns: NS_MOA_ROOMS, room: roomName })
    .tree();
}

/**
 * What a row's menu offers (spec §4, §5): pin or unpin; the alarm except in news rooms (they never ring); hiding for
 * the self room; leaving for 1:1 and group rooms, and for a project room unless the user is its chief and others remain.
 * @param room - the room.
 * @param ownJid - the user's bare JID.
 * @returns the actions in menu order.
 */
export function roomActions(room: Room, ownJid: string): RoomAction[] {
  const actions: RoomAction[] = ["open", room.order === null ? "pin" : "unpin"];
  if (room.type !== ROOM_TYPES.news)
    actions.push(room.alarmBlocked ? "alarmOn" : "alarmOff");
  if (room.type === ROOM_TYPES.self) actions.push("hide");
  if (room.type === ROOM_TYPES.dual) actions.push("leave");
  if (isMultiRoom(room.type)) {
    const me = room.members.find((m) => m.jid === ownJid);
    const othersRemain = room.members.some(
      (m) => m.jid !== ownJid && m.affiliation !== "none",
    );
    const chief =
      room.type === ROOM_TYPES.project && me?.affiliation === "owner";
    if (!chief || !othersRemain) actions.push("leave");
  }
  return actions;
}

/** A room the list does not have yet, from the create answer, until the next room list fills in the rest. */
function createdRoom(
  answer: Element,
  fallbackType: RoomType,
  members: readonly RoomMember[],
): Room {
  const el = child(answer, "room", NS_MOA_ROOMS);
  const name = el?.getAttribute("name");
  if (!el || !name) throw new Error("create answer without a room");
  const type = Number(el.getAttribute("type") ?? fallbackType);
  return {
    name,
    jid: el.getAttribute("jid") ?? "",
    type: (Object.values(ROOM_TYPES) as number[]).includes(type)
      ? (type as RoomType)
      : fallbackType,
    title: el.getAttribute("title") ?? "",
    myRoomName: "",
    members,
    order: null,
    hidden: false,
    alarmBlocked: false,
    watch: 0,
    unreadCount: 0,
    lastMessageTime: 0,
    lastMessage: null,
  };
}

/** The room commands of one main window; answers and failures reject as the chat connection reports them. */
export class RoomCommands {
  constructor(private readonly sync: ChatSync) {}

  /** Pins a room on top of the pinned ones, or unpins it. */
  async setPinned(roomName: string, pinned: boolean): Promise<void> {
    // The server's list, not ours: another device may have pinned rooms since the list loaded.
    const current = parseRoomOrders(await this.ask(userDataQuery()));
    const orders = current.filter((o) => o.name !== roomName);
    if (pinned) orders.push({ name: roomName, order: nextPinOrder(orders) });
    const saved = parseRoomOrders(await this.ask(roomOrdersUpdate(orders)));
    const order = saved.find((o) => o.name === roomName)?.order ?? null;
    this.update((rooms) => patchRoom(rooms, roomName, { order }));
  }

  /**
   * Turns a room's alarm on or off.
   * @returns whether the alarm is on after the change.
   */
  async setAlarm(roomName: string, on: boolean): Promise<boolean> {
    const current = parseBlockedAlarms(await this.ask(userDataQuery()));
    const blocked = current.filter((name) => name !== roomName);
    if (!on) blocked.push(roomName);
    const saved = parseBlockedAlarms(
      await this.ask(blockedAlarmsUpdate(blocked)),
    );
    const alarmBlocked = saved.includes(roomName);
    this.update((rooms) => patchRoom(rooms, roomName, { alarmBlocked }));
    return !alarmBlocked;
  }

  /** Hides the self room (privateRoom OFF); starting a chat with oneself shows it again. */
  async hideSelfRoom(): Promise<void> {
    await this.setSelfRoomShown(false);
  }

  /** Whether the self room is listed (the server-kept userData privateRoom; the settings' "use self room"). */
  isSelfRoomShown(): boolean {
    return this.sync.store.getState().privateRoom;
  }

  /** Lists or hides the self room (userData privateRoom ON or OFF). */
  async setSelfRoomShown(on: boolean): Promise<void> {
    await this.ask(privateRoomUpdate(on));
    this.sync.store.setState({ privateRoom: on });
  }

  /**
   * Leaves a room: a 1:1 room gets a leave time and is hidden until a new message (spec §4); a group or project room
   * is left with an exit notice and drops out of the list.
   */
  async leave(roomName: string): Promise<void> {
    const room = this.sync.store.getState().rooms.get(roomName);
    if (room?.type === ROOM_TYPES.dual) {
      await this.ask(roomQuery("leave-time", roomName));
      this.update((rooms) => patchRoom(rooms, roomName, { hidden: true }));
      return;
    }
    await this.ask(roomQuery("leave", roomName));
    this.update((rooms) => removeRoom(rooms, roomName));
  }

  /**
   * The self room, created on first use and listed again when it was hidden.
   * @returns its name.
   */
  async openSelfRoom(): Promise<string> {
    if (!this.sync.store.getState().privateRoom) {
      await this.ask(privateRoomUpdate(true));
      this.sync.store.setState({ privateRoom: true });
    }
    const existing = this.findRoom(ROOM_TYPES.self);
    if (existing) return existing.name;
    return this.create(ROOM_TYPES.self, "", []);
  }

  /**
   * The 1:1 room with someone: the listed one when there is one (spec §4: same members reuse the room), else the
   * server's (which returns an existing room the list has not loaded, or a new one).
   * @returns its name.
   */
  async openDualRoom(partner: ChatPartner): Promise<string> {
    const existing = this.findRoom(ROOM_TYPES.dual, partner.jid);
    if (existing) return existing.name;
    return this.create(ROOM_TYPES.dual, "", [partner]);
  }

  /**
   * Creates a group or project room with everyone picked (they are invited by the server's INVITE notice).
   * @returns its name.
   */
  createRoom(
    type: typeof ROOM_TYPES.group | typeof ROOM_TYPES.project,
    title: string,
    partners: readonly ChatPartner[],
  ): Promise<string> {
    return this.create(type, title, partners);
  }

  private async create(
    type: RoomType,
    title: string,
    partners: readonly ChatPartner[],
  ): Promise<string> {
    const answer = await this.ask(
      createQuery(
        type,
        title,
        partners.map((p) => p.jid),
      ),
    );
    const members: RoomMember[] = [
      { jid: this.sync.ownJid(), name: "", affiliation: "owner" },
      ...partners.map((p) => ({
        jid: p.jid,
        name: p.name,
        affiliation:
          type === ROOM_TYPES.project ? ("admin" as const) : ("owner" as const),
      })),
    ];
    const room = createdRoom(answer, type, members);
    this.update((rooms) => addRoom(rooms, room));
    return room.name;
  }

  private findRoom(type: RoomType, partnerJid?: string): Room | undefined {
    const ownJid = this.sync.ownJid();
    for (const room of this.sync.store.getState().rooms.values())
      if (
        room.type === type &&
        (partnerJid === undefined ||
          room.members.some((m) => m.jid === partnerJid && m.jid !== ownJid))
      )
        return room;
    return undefined;
  }

  private ask(iq: Element): Promise<Element> {
    return this.sync.request(iq, ROOM_LIST_QUERY_TIMEOUT_MS);
  }

  private update(
    change: (rooms: ReadonlyMap<string, Room>) => ReadonlyMap<string, Room>,
  ): void {
    this.sync.store.setState((s) => ({ rooms: change(s.rooms) }));
  }
}
