/**
 * A scripted chat server for component tests of the room list: answers MyRoomList, MAM, watch and message search iqs
 * from an in-memory archive with the server's rules (docs/protocol.md §3–§4, urn:moa:search:0) and pushes live
 * deliveries as DOM elements.
 */
import {
  NS_MAM,
  NS_MOA_CHAT,
  NS_MOA_ROOMS,
  NS_MOA_SEARCH,
  NS_RSM,
  NS_SID,
  type ContentType,
} from "@moa/shared";
import type { ChatTransport } from "../features/chat/chat-sync";

export const DOMAIN = "chat.moa.test";
export const ME = `me.demo.moa.test@${DOMAIN}`;
export const KIM = `kim.demo.moa.test@${DOMAIN}`;

export type RoomSpec = {
  name: string;
  type: number;
  title?: string;
  order?: number;
  watch?: number;
  members?: { jid: string; name: string }[];
};

export type Archived = {
  id: number;
  room: string;
  sender: string;
  senderName: string;
  time: number;
  contentType: ContentType;
  body: string;
};

const esc = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

function parse(xml: string): Element {
  return new DOMParser().parseFromString(xml, "text/xml").documentElement;
}

function delivery(m: Archived, roomType: number): string {
  return (
    `<message xmlns="jabber:client" type="groupchat" from="${m.room}@conference.${DOMAIN}/x" to="${ME}" id="m${String(m.id)}">` +
    (m.body ? `<body>${esc(m.body)}</body>` : "") +
    `<stanza-id xmlns="${NS_SID}" id="${String(m.id)}" by="${m.room}@conference.${DOMAIN}"/>` +
    `<chat xmlns="${NS_MOA_CHAT}" sender="${m.sender}" sender-name="${esc(m.senderName)}" time="${String(m.time)}" room-type="${String(roomType)}" content-type="${m.contentType}"/>` +
    `</message>`
  );
}

const UNREAD: readonly string[] = ["TALK", "FILE", "ALROOM"];

/** Creates the scripted server; `transport` is what a ChatSync talks to. */
export function createChatServer(rooms: RoomSpec[]) {
  const archive: Archived[] = [];
  const listeners = new Set<(el: Element) => void>();
  const resumeListeners = new Set<() => void>();
  /** Every iq the client sent, as a short description (`rooms`, `mam latest`, `mam after 3`, `watch r 5`). */
  const iqs: string[] = [];
  let nextId = 1;
  let beforeRoomListAnswer: (() => void) | null = null;

  const typeOf = (room: string) =>
    rooms.find((r) => r.name === room)?.type ?? 2;
  const push = (xml: string) => {
    const el = parse(xml);
    for (const fn of listeners) fn(el);
  };

  function roomList(): string {
    const items = rooms.map((r) => {
      const msgs = archive.filter((m) => m.room === r.name);
      const last = msgs.at(-1);
      const unread = msgs.filter(
        (m) =>
          m.sender !== ME &&
          UNREAD.includes(m.contentType) &&
          m.time > (r.watch ?? 0),
      ).length;
      const members = [{ jid: ME, name: "나" }, ...(r.members ?? [])]
        .map(
          (m) =>
            `<member jid="${m.jid}" name="${esc(m.name)}" affiliation="owner" watch="0"/>`,
        )
        .join("");
      return (
        `<room name="${r.name}" jid="${r.name}@conference.${DOMAIN}" type="${String(r.type)}" title="${esc(r.title ?? "")}" affiliation="owner" join-time="1" watch="${String(r.watch ?? 0)}" unread="${String(unread)}" display="on" hidden="false" alarm-blocked="false"${r.order === undefined ? "" : ` order="${String(r.order)}"`}>` +
        members +
        (last
          ? `<last sender="${last.sender}" time="${String(last.time)}" content-type="${last.contentType}">${esc(last.body)}</last>`
          : "") +
        `</room>`
      );
    });
    return `<iq xmlns="jabber:client" type="result"><rooms xmlns="${NS_MOA_ROOMS}" private-room="ON">${items.join("")}</rooms></iq>`;
  }

  function mam(query: Element): string {
    const queryId = query.getAttribute("queryid") ?? "";
    // Strophe's builder writes xmlns as a plain attribute, so the parts are found by name.
    const set = query.getElementsByTagName("set")[0];
    const max = Number(set?.getElementsByTagName("max")[0]?.textContent ?? 100);
    const after = set?.getElementsByTagName("after")[0]?.textContent;
    let page: Archived[];
    let complete: boolean;
    if (after !== undefined) {
      iqs.push(`mam after ${after}`);
      const rest = archive.filter((m) => m.id > Number(after));
      page = rest.slice(0, max);
      complete = rest.length <= max;
    } else {
      iqs.push("mam latest");
      page = archive.slice(-max);
      complete = archive.length <= max;
    }
    for (const m of page)
      push(
        `<message xmlns="jabber:client" to="${ME}"><result xmlns="${NS_MAM}" queryid="${queryId}" id="${String(m.id)}"><forwarded xmlns="urn:xmpp:forward:0">${delivery(m, typeOf(m.room))}</forwarded></result></message>`,
      );
    const ids =
      page.length > 0
        ? `<first>${String(page[0]?.id)}</first><last>${String(page.at(-1)?.id)}</last>`
        : "";
    return `<iq xmlns="jabber:client" type="result"><fin xmlns="${NS_MAM}" complete="${String(complete)}"><set xmlns="${NS_RSM}">${ids}</set></fin></iq>`;
  }

  /** Newest first, keyset paged by archive id; each match in the snippet wrapped in <em>. */
  function search(query: Element): string {
    const q = query.getAttribute("q") ?? "";
    const room = query.getAttribute("room");
    const set = query.getElementsByTagName("set")[0];
    const max = Number(set?.getElementsByTagName("max")[0]?.textContent ?? 20);
    const before = set?.getElementsByTagName("before")[0]?.textContent;
    iqs.push(
      `search ${q}${room ? ` room=${room}` : ""}${before ? ` before=${before}` : ""}`,
    );
    if (searchFailure) {
      const condition = searchFailure;
      return `<iq xmlns="jabber:client" type="error"><error type="modify"><${condition} xmlns="urn:ietf:params:xml:ns:xmpp-stanzas"/></error></iq>`;
    }
    const page = archive
      .filter(
        (m) =>
          m.body.includes(q) &&
          (!room || m.room === room) &&
          (!before || m.id < Number(before)),
      )
      .reverse()
      .slice(0, max);
    const hits = page.map((m) => {
      const spec = rooms.find((r) => r.name === m.room);
      const snippet = m.body
        .split(q)
        .map(esc)
        .join(`<em>${esc(q)}</em>`);
      return `<hit id="${String(m.id)}" room="${m.room}" room-jid="${m.room}@conference.${DOMAIN}" room-type="${String(spec?.type ?? 2)}" room-title="${esc(spec?.title ?? m.room)}" sender="${m.sender}" sender-name="${esc(m.senderName)}" time="${String(m.time)}" content-type="${m.contentType}"><snippet>${snippet}</snippet></hit>`;
    });
    const ids =
      page.length > 0
        ? `<first>${String(page[0]?.id)}</first><last>${String(page.at(-1)?.id)}</last>`
        : "";
    return `<iq xmlns="jabber:client" type="result"><search xmlns="${NS_MOA_SEARCH}" q="${esc(q)}">${hits.join("")}<set xmlns="${NS_RSM}">${ids}</set></search></iq>`;
  }
  let searchFailure: string | null = null;
  let roomListsToTimeOut = 0;

  const transport: ChatTransport = {
    ownJid: () => ME,
    sendIq(iq) {
      const payload = iq.firstElementChild;
      if (payload?.localName === "rooms") {
        iqs.push("rooms");
        if (roomListsToTimeOut > 0) {
          roomListsToTimeOut -= 1;
          return Promise.reject(new Error("room list timed out"));
        }
        const answer = roomList();
        // The list was made; what the hook sends now reaches the client before the list does.
        beforeRoomListAnswer?.();
        return Promise.resolve(parse(answer));
      }
      if (payload?.localName === "query")
        return Promise.resolve(parse(mam(payload)));
      if (payload?.localName === "search") {
        const answer = parse(search(payload));
        return answer.getAttribute("type") === "error"
          ? Promise.reject(new Error("search refused"))
          : Promise.resolve(answer);
      }
      if (payload?.localName === "watch") {
        const room = payload.getAttribute("room") ?? "";
        const time = Number(payload.getAttribute("time"));
        iqs.push(`watch ${room} ${String(time)}`);
        const spec = rooms.find((r) => r.name === room);
        if (spec) spec.watch = Math.max(spec.watch ?? 0, time);
        return Promise.resolve(
          parse(`<iq xmlns="jabber:client" type="result"/>`),
        );
      }
      return Promise.reject(
        new Error(`unexpected iq ${payload?.localName ?? ""}`),
      );
    },
    onMessage(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    onResume(fn) {
      resumeListeners.add(fn);
      return () => resumeListeners.delete(fn);
    },
  };

  return {
    transport,
    iqs,
    archive,
    /** Stores a message; `live` also delivers it now (false: the client was away). */
    post(
      room: string,
      body: string,
      opts: {
        sender?: string;
        contentType?: ContentType;
        live?: boolean;
        time?: number;
      } = {},
    ): Archived {
      const id = nextId++;
      const m: Archived = {
        id,
        room,
        sender: opts.sender ?? KIM,
        senderName: "김민수",
        time: opts.time ?? 1_700_000_000_000 + id * 1000,
        contentType: opts.contentType ?? "TALK",
        body,
      };
      archive.push(m);
      if (opts.live ?? true) push(delivery(m, typeOf(room)));
      return m;
    },
    /** Delivers an archived message (again). */
    redeliver(m: Archived) {
      push(delivery(m, typeOf(m.room)));
    },
    /** A read watermark push for a member. */
    watch(room: string, jid: string, time: number) {
      push(
        `<message xmlns="jabber:client" type="headline" from="${room}@conference.${DOMAIN}"><watch xmlns="${NS_MOA_ROOMS}" room="${room}" jid="${jid}" time="${String(time)}"/></message>`,
      );
    },
    /** Message searches fail with this condition from now on (null: they are answered again). */
    failSearches(condition: string | null) {
      searchFailure = condition;
    },
    /** The next `n` room list queries time out (a server still waking up after a restart). */
    timeOutRoomLists(n: number) {
      roomListsToTimeOut = n;
    },
    /** The connection came back. */
    resume() {
      for (const fn of resumeListeners) fn();
    },
    /** Runs `fn` while the next room list answer is on its way (a message racing the reload). */
    onNextRoomList(fn: () => void) {
      beforeRoomListAnswer = () => {
        beforeRoomListAnswer = null;
        fn();
      };
    },
  };
}
