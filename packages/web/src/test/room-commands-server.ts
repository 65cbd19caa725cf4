/**
 * Adds the room commands of docs/protocol.md §3 to the scripted chat server: userData get/set (pins, private room,
 * muted rooms), create (1:1 and self rooms reused by members), leave and leave-time. Changes show in the next room list.
 */
import { NS_MOA_ROOMS, NS_MOA_USER } from "@moa/shared";
import type { ChatTransport } from "../features/chat/chat-sync";
import {
  DOMAIN,
  ME,
  type createChatServer,
  type RoomSpec,
} from "./chat-server";

type ChatServer = ReturnType<typeof createChatServer>;

function parse(xml: string): Element {
  return new DOMParser().parseFromString(xml, "text/xml").documentElement;
}

/**
 * Wraps a scripted server's transport.
 * @param server - the scripted server.
 * @param rooms - the same room specs the server was made with (new rooms are added to them).
 */
export function withRoomCommands(server: ChatServer, rooms: RoomSpec[]) {
  const data = {
    roomOrders: [] as { name: string; order: number }[],
    privateRoom: true,
    blockedAlarms: [] as string[],
  };
  /** Every command, as a short description (`pins [...]`, `create 2 [...]`, `leave r`). */
  const commands: string[] = [];
  let created = 0;
  const userData = () =>
    `<iq xmlns="jabber:client" type="result"><user-data xmlns="${NS_MOA_USER}"><room-orders>${JSON.stringify(data.roomOrders)}</room-orders><private-room>${data.privateRoom ? "ON" : "OFF"}</private-room><blocked-alarms>${JSON.stringify(data.blockedAlarms)}</blocked-alarms></user-data></iq>`;
  const empty = () => parse(`<iq xmlns="jabber:client" type="result"/>`);

  const transport: ChatTransport = {
    ...server.transport,
    sendIq(iq, timeoutMs) {
      const payload = iq.firstElementChild;
      const type = iq.getAttribute("type");
      switch (payload?.localName) {
        case "user-data": {
          if (type === "set") {
            const text = (name: string) =>
              payload.getElementsByTagName(name)[0]?.textContent ?? null;
            const orders = text("room-orders");
            const blocked = text("blocked-alarms");
            const privateRoom = text("private-room");
            if (orders !== null) {
              data.roomOrders = JSON.parse(orders) as typeof data.roomOrders;
              commands.push(`pins ${orders}`);
              for (const room of rooms) {
                const pin = data.roomOrders.find((o) => o.name === room.name);
                if (pin) room.order = pin.order;
                else delete room.order;
              }
            }
            if (blocked !== null) {
              data.blockedAlarms = JSON.parse(blocked) as string[];
              commands.push(`muted ${blocked}`);
            }
            if (privateRoom !== null) {
              data.privateRoom = privateRoom === "ON";
              commands.push(`private-room ${privateRoom}`);
            }
          }
          return Promise.resolve(parse(userData()));
        }
        case "create": {
          const roomType = Number(payload.getAttribute("type"));
          const members = [...payload.getElementsByTagName("member")].map(
            (m) => m.getAttribute("jid") ?? "",
          );
          commands.push(
            `create ${String(roomType)} ${JSON.stringify(members)}`,
          );
          const same =
            roomType === 1 || roomType === 4
              ? rooms.find(
                  (r) =>
                    r.type === roomType &&
                    (r.members ?? []).map((m) => m.jid).join() ===
                      members.join(),
                )
              : undefined;
          const room = same ?? {
            name: `${roomType === 4 ? "s_s_" : roomType === 1 ? "s_" : "pc_"}new${String((created += 1))}`,
            type: roomType,
            title: payload.getAttribute("title") ?? "",
            members: members.map((jid) => ({
              jid,
              name: jid.split(".")[0] ?? "",
            })),
          };
          if (!same) rooms.push(room);
          // As the real server does, a new group or project room's invite notice reaches the creator before the answer.
          if (!same && (roomType === 2 || roomType === 3))
            server.post(room.name, "", { sender: ME, contentType: "INVITE" });
          return Promise.resolve(
            parse(
              `<iq xmlns="jabber:client" type="result"><room xmlns="${NS_MOA_ROOMS}" name="${room.name}" jid="${room.name}@conference.${DOMAIN}" type="${String(room.type)}" title="${room.title ?? ""}"/></iq>`,
            ),
          );
        }
        case "leave":
        case "leave-time": {
          const name = payload.getAttribute("room") ?? "";
          commands.push(`${payload.localName} ${name}`);
          const i = rooms.findIndex((r) => r.name === name);
          if (i >= 0) rooms.splice(i, 1);
          return Promise.resolve(empty());
        }
        default:
          return server.transport.sendIq(iq, timeoutMs);
      }
    },
  };
  return { transport, data, commands, me: ME };
}
