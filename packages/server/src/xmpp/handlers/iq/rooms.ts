/**
 * Moa room queries of spec §7.8 in `urn:moa:rooms:0` (docs/protocol.md §Rooms): MyRoomList, create, invite,
 * leave, RoomOwnerList, members, myRoomName, ChangeRoomMember, DeleteRoomMember, roomtype, leaveTime,
 * watchmsgtimeMember, longMessage, DeleteMessage.
 */
import xml from "@xmpp/xml";
import { NS_MOA_ROOMS, roomJid } from "@moa/shared";
import type { ChatServices } from "../../../services/chat/chat-services.js";
import type { Router } from "../../router.js";
import { sessionDomain } from "../../render.js";
import { StanzaError } from "../../stream/errors.js";
import { memberJids, requireAttr, requireTime } from "../target.js";

/** An optional attribute: left out when the value is null or undefined. */
const attr = (
  name: string,
  v: string | number | null | undefined,
): Record<string, string> =>
  v === null || v === undefined ? {} : { [name]: String(v) };

/**
 * Registers the room query handlers.
 * @param router the router.
 * @param chat the chat services.
 */
export function registerRoomQueries(router: Router, chat: ChatServices): void {
  // The session's pushes wait until the list is written: one sent while the list is read (a read watermark, a deletion,
  // a message) would reach the client before the older list, which would overwrite it.
  router.iq(
    "get",
    NS_MOA_ROOMS,
    "rooms",
    async (session) => {
      const rooms = await chat.rooms.list(session.actor);
      const data = await chat.userData.get(session.actor);
      const el = xml("rooms", {
        xmlns: NS_MOA_ROOMS,
        "private-room": data.privateRoom ? "ON" : "OFF",
      });
      for (const r of rooms) {
        const room = el.c("room", {
          name: r.name,
          jid: roomJid(r.name, sessionDomain(session)),
          type: String(r.type),
          title: r.title,
          affiliation: r.affiliation,
          "join-time": String(r.joinTime),
          watch: String(r.watch),
          unread: String(r.unread),
          display: r.hidden ? "off" : "on",
          hidden: String(r.hidden),
          "alarm-blocked": String(r.alarmBlocked),
          ...attr("my-room-name", r.myRoomName),
          ...attr("leave-time", r.leaveTime),
          ...attr("order", r.order),
        });
        for (const m of r.members) {
          room
            .c("member", {
              jid: m.jid,
              name: m.name,
              affiliation: m.affiliation,
              watch: String(m.watch),
            })
            .up();
        }
        if (r.lastMessage) {
          room
            .c("last", {
              sender: r.lastMessage.senderJid,
              time: String(r.lastMessage.logTime),
              "content-type": r.lastMessage.contentType,
              ...(r.lastMessage.deleted ? { deleted: "true" } : {}),
            })
            .t(r.lastMessage.body);
        }
      }
      return el;
    },
    { holdEvents: true },
  );

  router.iq("set", NS_MOA_ROOMS, "create", async (session, payload) => {
    const type = Number(requireAttr(payload, "type"));
    const room = await chat.rooms.create(session.actor, {
      type,
      title: (payload.attrs.title as string | undefined) ?? "",
      memberJids: memberJids(payload),
    });
    return xml("room", {
      xmlns: NS_MOA_ROOMS,
      name: room.name,
      jid: roomJid(room.name, sessionDomain(session)),
      type: String(room.type),
      title: room.title,
    });
  });

  router.iq("set", NS_MOA_ROOMS, "invite", async (session, payload) => {
    const room = requireAttr(payload, "room");
    const added = await chat.rooms.invite(
      session.actor,
      room,
      memberJids(payload),
    );
    return xml(
      "invite",
      { xmlns: NS_MOA_ROOMS, room },
      ...added.map((jid) => xml("member", { jid })),
    );
  });

  router.iq("set", NS_MOA_ROOMS, "leave", async (session, payload) => {
    await chat.rooms.leave(session.actor, requireAttr(payload, "room"));
    return undefined;
  });

  // leaveTime set: the client records that it left a dual room (hidden until a new message).
  router.iq("set", NS_MOA_ROOMS, "leave-time", async (session, payload) => {
    const room = requireAttr(payload, "room");
    const found = await chat.rooms.members(session.actor, room);
    if (found.room.type !== 1)
      throw new StanzaError("not-allowed", "not_allowed");
    await chat.rooms.leave(session.actor, room);
    return undefined;
  });

  router.iq("get", NS_MOA_ROOMS, "owners", async (session, payload) => {
    const room = requireAttr(payload, "room");
    const owners = await chat.rooms.owners(session.actor, room);
    return xml(
      "owners",
      { xmlns: NS_MOA_ROOMS, room },
      ...owners.map((jid) => xml("member", { jid })),
    );
  });

  router.iq("get", NS_MOA_ROOMS, "members", async (session, payload) => {
    const roomName = requireAttr(payload, "room");
    const { room, members } = await chat.rooms.members(session.actor, roomName);
    return xml(
      "members",
      {
        xmlns: NS_MOA_ROOMS,
        room: roomName,
        type: String(room.type),
        created: String(room.createdAt),
      },
      ...members.map((m) =>
        xml("member", {
          jid: m.jid,
          name: m.name,
          affiliation: m.affiliation,
          "join-time": String(m.joinedAt),
          watch: String(m.watch),
          ...attr("leave-time", m.leaveTime),
        }),
      ),
    );
  });

  router.iq("set", NS_MOA_ROOMS, "my-room-name", async (session, payload) => {
    await chat.rooms.setMyRoomName(
      session.actor,
      requireAttr(payload, "room"),
      payload.getText(),
    );
    return undefined;
  });

  router.iq("set", NS_MOA_ROOMS, "change-member", async (session, payload) => {
    const affiliation = requireAttr(payload, "affiliation");
    if (affiliation !== "owner")
      throw new StanzaError("not-allowed", "not_allowed");
    await chat.rooms.delegate(
      session.actor,
      requireAttr(payload, "room"),
      requireAttr(payload, "jid"),
    );
    return undefined;
  });

  router.iq("set", NS_MOA_ROOMS, "delete-member", async (session, payload) => {
    const room = requireAttr(payload, "room");
    const jids = memberJids(payload);
    if (jids.length === 0)
      throw new StanzaError("bad-request", "invalid_input");
    if (jids.length === 1 && jids[0]?.toLowerCase() === session.bare) {
      await chat.rooms.leave(session.actor, room);
      return undefined;
    }
    const removed = await chat.rooms.kick(session.actor, room, jids);
    return xml(
      "delete-member",
      { xmlns: NS_MOA_ROOMS, room },
      ...removed.map((jid) => xml("member", { jid })),
    );
  });

  router.iq("set", NS_MOA_ROOMS, "room-type", async (session, payload) => {
    await chat.rooms.setType(
      session.actor,
      requireAttr(payload, "room"),
      Number(requireAttr(payload, "type")),
    );
    return undefined;
  });

  router.iq("set", NS_MOA_ROOMS, "watch", async (session, payload) => {
    const room = requireAttr(payload, "room");
    const watch = await chat.messages.setWatch(
      session.actor,
      room,
      requireTime(payload, "time"),
    );
    return xml("watch", {
      xmlns: NS_MOA_ROOMS,
      room,
      jid: session.bare,
      time: String(watch),
    });
  });

  router.iq("get", NS_MOA_ROOMS, "watch", async (session, payload) => {
    const room = requireAttr(payload, "room");
    const watches = await chat.messages.getWatches(session.actor, room);
    return xml(
      "watch",
      { xmlns: NS_MOA_ROOMS, room },
      ...watches.map((w) =>
        xml("member", { jid: w.jid, time: String(w.watch) }),
      ),
    );
  });

  router.iq("get", NS_MOA_ROOMS, "long-message", async (session, payload) => {
    const room = requireAttr(payload, "room");
    const time = requireTime(payload, "time");
    const sender = payload.attrs.sender as string | undefined;
    const body = await chat.messages.longMessage(
      session.actor,
      room,
      time,
      sender,
    );
    return xml(
      "long-message",
      { xmlns: NS_MOA_ROOMS, room, time: String(time) },
      body,
    );
  });

  router.iq("set", NS_MOA_ROOMS, "delete-message", async (session, payload) => {
    await chat.messages.deleteMessage(
      session.actor,
      requireAttr(payload, "room"),
      requireTime(payload, "time"),
    );
    return undefined;
  });
}
