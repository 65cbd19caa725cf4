/**
 * The room management queries of docs/protocol.md §3 (spec §7.8) that room windows ask for: invite, members with
 * the room's creation time, myRoomName, ChangeRoomMember (delegate) and DeleteRoomMember (kick-out). Builders return
 * Strophe trees; readers take the answer iq.
 */
import { NS_MOA_ROOMS } from "@moa/shared";
import { $iq } from "strophe.js";
import type { RoomMember } from "./chat-types";
import { affiliation, child, children } from "./stanzas";

/** invite: adds users to a group or project room. */
export function inviteQuery(
  roomName: string,
  memberJids: readonly string[],
): Element {
  const builder = $iq({ type: "set" }).c("invite", {
    xmlns: NS_MOA_ROOMS,
    room: roomName,
  });
  for (const jid of memberJids) builder.c("member", { jid }).up();
  return builder.tree();
}

/** myRoomName set: the user's own name for the room ("" clears it). */
export function myRoomNameQuery(roomName: string, name: string): Element {
  return $iq({ type: "set" })
    .c("my-room-name", { xmlns: NS_MOA_ROOMS, room: roomName })
    .t(name)
    .tree();
}

/** ChangeRoomMember set: the chief makes `jid` the new chief. */
export function delegateQuery(roomName: string, jid: string): Element {
  return $iq({ type: "set" })
    .c("change-member", {
      xmlns: NS_MOA_ROOMS,
      room: roomName,
      jid,
      affiliation: "owner",
    })
    .tree();
}

/** DeleteRoomMember set: the chief removes members. */
export function kickQuery(roomName: string, jids: readonly string[]): Element {
  const builder = $iq({ type: "set" }).c("delete-member", {
    xmlns: NS_MOA_ROOMS,
    room: roomName,
  });
  for (const jid of jids) builder.c("member", { jid }).up();
  return builder.tree();
}

/** The answer of a members query with the room's type and creation time (docs/protocol.md §3 members). */
export type MemberList = {
  readonly roomType: number;
  /** Epoch ms; null when the server did not say. */
  readonly createdAt: number | null;
  readonly members: readonly RoomMember[];
};

/**
 * Reads a members answer with its room attributes.
 * @returns the list, or null when the iq holds no `<members/>`.
 */
export function parseMemberList(iq: Element): MemberList | null {
  const list = child(iq, "members", NS_MOA_ROOMS);
  if (!list) return null;
  const created = Number(list.getAttribute("created") ?? "");
  return {
    roomType: Number(list.getAttribute("type") ?? ""),
    createdAt: Number.isSafeInteger(created) && created > 0 ? created : null,
    members: children(list, "member").map((m) => ({
      jid: m.getAttribute("jid") ?? "",
      name: m.getAttribute("name") ?? "",
      affiliation: affiliation(m.getAttribute("affiliation")),
    })),
  };
}

/**
 * The JIDs an invite or kick-out answer lists (`<invite>` / `<delete-member>` with `<member jid/>` children).
 * @returns the JIDs; empty when the answer lists none.
 */
export function parseListedJids(iq: Element, name: string): string[] {
  const list = child(iq, name, NS_MOA_ROOMS);
  return list
    ? children(list, "member").map((m) => m.getAttribute("jid") ?? "")
    : [];
}
