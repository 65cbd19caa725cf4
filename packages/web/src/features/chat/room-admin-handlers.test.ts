/**
 * The main window's answers to room management requests, as transcripts against a scripted chat server: what is asked
 * of the server for each request and what the room window gets back, refusals included.
 */
import {
  createBridge,
  createMemoryHub,
  NS_MAM,
  NS_MOA_CHAT,
  NS_MOA_ROOMS,
  NS_RSM,
  NS_SID,
  type OrgUser,
} from "@moa/shared";
import { describe, expect, it, vi } from "vitest";
import { ChatSync } from "./chat-sync";
import type { Room } from "./chat-types";
import { connectRoomAdmin, type RoomAdminDeps } from "./room-admin-handlers";

const D = "chat.test";
const ME = `me.corp@${D}`;
const KIM = `kim.corp@${D}`;
const LEE = `lee.corp@${D}`;

function parse(xml: string): Element {
  return new DOMParser().parseFromString(xml, "text/xml").documentElement;
}

function room(name: string, type: Room["type"], members: string[]): Room {
  return {
    name,
    jid: `${name}@conference.${D}`,
    type,
    title: "",
    myRoomName: "",
    members: members.map((jid) => ({ jid, name: "", affiliation: "owner" })),
    order: null,
    hidden: false,
    alarmBlocked: false,
    watch: 0,
    unreadCount: 0,
    lastMessageTime: 0,
    lastMessage: null,
  };
}

type Archived = {
  time: number;
  sender: string;
  type: string;
  body: string;
  ext?: object;
};

/** A chat server answering from scripts: `answers` by the iq child's name, an archive for MAM. */
function createServer(
  answers: Record<string, (payload: Element) => string>,
  archive: Archived[] = [],
) {
  const listeners = new Set<(el: Element) => void>();
  const sent: Element[] = [];
  const transport = {
    ownJid: () => ME,
    onResume: () => () => undefined,
    onMessage(fn: (el: Element) => void) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    send: () => true,
    sendIq(iq: Element) {
      sent.push(iq);
      const payload = iq.firstElementChild;
      if (!payload) return Promise.reject(new Error("empty iq"));
      if (payload.localName === "query") {
        const roomJid = iq.getAttribute("to") ?? "";
        const queryId = payload.getAttribute("queryid") ?? "";
        archive.forEach((m, i) => {
          const ext = m.ext
            ? JSON.stringify({ contentType: m.type, ...m.ext })
            : "";
          const el = parse(
            `<message xmlns="jabber:client"><result xmlns="${NS_MAM}" queryid="${queryId}" id="${String(i + 1)}"><forwarded xmlns="urn:xmpp:forward:0">` +
              `<message type="groupchat" from="${roomJid}/x"><body>${m.body}</body><stanza-id xmlns="${NS_SID}" id="${String(i + 1)}"/>` +
              `<chat xmlns="${NS_MOA_CHAT}" sender="${m.sender}" sender-name="" time="${String(m.time)}" content-type="${m.type}"/>` +
              (ext
                ? `<extensions xmlns="${NS_MOA_CHAT}">${ext}</extensions>`
                : "") +
              `</message></forwarded></result></message>`,
          );
          for (const fn of listeners) fn(el);
        });
        return Promise.resolve(
          parse(
            `<iq xmlns="jabber:client" type="result"><fin xmlns="${NS_MAM}" complete="true"><set xmlns="${NS_RSM}"/></fin></iq>`,
          ),
        );
      }
      const answer = answers[payload.localName];
      if (!answer)
        return Promise.reject(new Error(`unscripted ${payload.localName}`));
      const xml = answer(payload);
      if (xml.startsWith("error:"))
        return Promise.reject(
          Object.assign(new Error("iq failed"), { condition: xml.slice(6) }),
        );
      return Promise.resolve(
        parse(`<iq xmlns="jabber:client" type="result">${xml}</iq>`),
      );
    },
  };
  return { transport, sent };
}

function orgUser(
  jid: string,
  id: string,
  name: string,
  position: string,
): OrgUser {
  return {
    type: "user",
    id,
    userKey: 1,
    messengerId: jid,
    deptUserKey: "",
    user: {
      id,
      name,
      position,
      title: "",
      email: `${id}@corp.test`,
      loginEmailId: id,
      photo: { fullUrl: "" },
      department: { id: "d", name: "개발팀", company: { name: "" } },
    },
    contact: {
      personal: { mobile: "" },
      business: { phone: "", extension: "" },
    },
    messenger: { nickname: "" },
    property: { jobDescription: "" },
    freeUserYn: "N",
    crxUserYn: "N",
  };
}

const ORG = new Map([
  [KIM, orgUser(KIM, "kim", "김민수", "과장")],
  [LEE, orgUser(LEE, "lee", "이서준", "대리")],
  [ME, orgUser(ME, "me", "나", "부장")],
]);

function setUp(
  rooms: Room[],
  server: ReturnType<typeof createServer>,
  overrides: Partial<RoomAdminDeps> = {},
) {
  const sync = new ChatSync(server.transport);
  sync.store.setState({
    rooms: new Map(rooms.map((r) => [r.name, r])),
    loaded: true,
  });
  const hub = createMemoryHub();
  const main = createBridge("main", hub.connect());
  const roomWindow = createBridge("room:x", hub.connect());
  const deps: RoomAdminDeps = {
    transport: server.transport,
    titleOf: (r) => r.myRoomName || r.title || "대화방",
    orgUser: (jid) => ORG.get(jid),
    absence: () => Promise.resolve({ kim: "vacation" }),
    orgTree: () => Promise.resolve([]),
    openRoom: vi.fn(() => true),
    openGroupware: vi.fn(() => Promise.resolve(true)),
    deletedText: () => "삭제된 메시지입니다.",
    now: () => Date.UTC(2024, 4, 1, 5, 3),
    offsetMinutes: () => 540,
    ...overrides,
  };
  connectRoomAdmin(main, sync, deps);
  return { sync, deps, ask: roomWindow.request.bind(roomWindow) };
}

const jidsOf = (el: Element | undefined) =>
  [...(el?.firstElementChild?.children ?? [])].map((m) =>
    m.getAttribute("jid"),
  );

describe("room:invite", () => {
  it("creates a new room with the 1:1 partner and the invitees, of the chosen type and title, and opens it", async () => {
    const server = createServer({
      create: () =>
        `<room xmlns="${NS_MOA_ROOMS}" name="pc_pjt_new" jid="pc_pjt_new@conference.${D}" type="3" title="신제품"/>`,
    });
    const { ask, deps, sync } = setUp([room("s_dual", 1, [ME, KIM])], server);
    const answer = await ask("room:invite", {
      roomName: "s_dual",
      invitees: [LEE],
      roomType: 3,
      description: " 신제품 ",
    });
    expect(answer).toEqual({ roomName: "pc_pjt_new", created: true });
    const create = server.sent.at(-1)?.firstElementChild;
    expect(create?.getAttribute("type")).toBe("3");
    expect(create?.getAttribute("title")).toBe("신제품");
    expect(jidsOf(server.sent.at(-1))).toEqual([KIM, LEE]);
    expect(deps.openRoom).toHaveBeenCalledWith("pc_pjt_new");
    expect(sync.store.getState().rooms.has("pc_pjt_new")).toBe(true);
  });

  it("invites into a group room, and turns the server's refusal in a project room into chiefOnly", async () => {
    const server = createServer({
      invite: (p) =>
        p.getAttribute("room") === "pc_pjt_x"
          ? "error:forbidden"
          : `<invite xmlns="${NS_MOA_ROOMS}" room="pc_g"><member jid="${LEE}"/></invite>`,
    });
    const { ask } = setUp(
      [room("pc_g", 2, [ME, KIM]), room("pc_pjt_x", 3, [ME, KIM])],
      server,
    );
    const request = { invitees: [LEE], roomType: 2 as const, description: "" };
    expect(await ask("room:invite", { roomName: "pc_g", ...request })).toEqual({
      roomName: "pc_g",
      created: false,
    });
    expect(
      await ask("room:invite", { roomName: "pc_pjt_x", ...request }),
    ).toEqual({
      roomName: "pc_pjt_x",
      created: false,
      refused: "chiefOnly",
    });
  });
});

describe("room:leave", () => {
  it("tells the chief of a project room to stay, and drops a left group room from the list", async () => {
    const server = createServer({
      leave: (p) =>
        p.getAttribute("room") === "pc_pjt_x" ? "error:not-allowed" : "",
    });
    const { ask, sync } = setUp(
      [room("pc_pjt_x", 3, [ME, KIM]), room("pc_g", 2, [ME, KIM])],
      server,
    );
    expect(await ask("room:leave", { roomName: "pc_pjt_x" })).toEqual({
      left: false,
      reason: "chiefCannotLeave",
    });
    expect(await ask("room:leave", { roomName: "pc_g" })).toEqual({
      left: true,
    });
    expect([...sync.store.getState().rooms.keys()]).toEqual(["pc_pjt_x"]);
  });
});

describe("room:kick-out, room:delegate, room:rename", () => {
  it("asks the server and reports what it did", async () => {
    const server = createServer({
      "delete-member": () =>
        `<delete-member xmlns="${NS_MOA_ROOMS}" room="pc_pjt_x"><member jid="${LEE}"/></delete-member>`,
      "change-member": () => "error:forbidden",
      "my-room-name": () => "",
    });
    const { ask, sync } = setUp([room("pc_pjt_x", 3, [ME, KIM, LEE])], server);
    expect(
      await ask("room:kick-out", { roomName: "pc_pjt_x", jids: [LEE, KIM] }),
    ).toEqual({ expelled: 1 });
    expect(
      await ask("room:delegate", {
        roomName: "pc_pjt_x",
        fromJid: ME,
        toJid: KIM,
      }),
    ).toEqual({ delegated: false });
    expect(
      await ask("room:rename", { roomName: "pc_pjt_x", title: " 우리 방 " }),
    ).toEqual({
      saved: true,
    });
    expect(server.sent.at(-1)?.firstElementChild?.textContent).toBe("우리 방");
    expect(sync.store.getState().rooms.get("pc_pjt_x")?.myRoomName).toBe(
      "우리 방",
    );
  });
});

describe("room:get-details", () => {
  it("gives the creation time and members with position, department and absence", async () => {
    const server = createServer({
      members: () =>
        `<members xmlns="${NS_MOA_ROOMS}" room="pc_g" type="2" created="1700000000000">` +
        `<member jid="${ME}" name="나" affiliation="owner"/><member jid="${KIM}" name="김민수" affiliation="owner"/></members>`,
    });
    const { ask } = setUp([room("pc_g", 2, [ME, KIM])], server);
    const details = await ask("room:get-details", { roomName: "pc_g" });
    expect(details.createdAt).toBe(1700000000000);
    expect(details.members[1]).toMatchObject({
      jid: KIM,
      position: "과장",
      deptName: "개발팀",
      absenceStatus: "vacation",
    });
  });
});

describe("chat:save and room:list-files", () => {
  const archive: Archived[] = [
    { time: Date.UTC(2024, 4, 1, 1), sender: ME, type: "INVITE", body: "" },
    {
      time: Date.UTC(2024, 4, 1, 2),
      sender: KIM,
      type: "TALK",
      body: "안녕하세요",
    },
    {
      time: Date.UTC(2024, 4, 1, 3),
      sender: LEE,
      type: "FILE",
      body: "b.pdf",
      ext: { fileName: "b.pdf", fileSize: 10, fileno: 9, fileDownUrl: "/b" },
    },
    {
      time: Date.UTC(2024, 4, 1, 4),
      sender: KIM,
      type: "FILE",
      body: "a.png",
      ext: { fileName: "a.png", fileSize: 20, fileno: 3, fileDownUrl: "/a" },
    },
  ];

  it("saves talk and file messages as name[position] lines, named after the room and the time", async () => {
    const { ask } = setUp(
      [room("pc_g", 2, [ME, KIM, LEE])],
      createServer({}, archive),
    );
    expect(await ask("chat:save", { roomName: "pc_g" })).toEqual({
      saved: true,
      fileName: "대화방_2024_0501_1403.txt",
      text:
        "[2024-05-01 11:00:00] 김민수[과장] : 안녕하세요\r\n" +
        "[2024-05-01 12:00:00] 이서준[대리] : b.pdf\r\n" +
        "[2024-05-01 13:00:00] 김민수[과장] : a.png\r\n",
    });
  });

  it("reports noData for a room with only room events", async () => {
    const { ask } = setUp(
      [room("pc_g", 2, [ME, KIM])],
      createServer({}, archive.slice(0, 1)),
    );
    expect(await ask("chat:save", { roomName: "pc_g" })).toEqual({
      saved: false,
      reason: "noData",
    });
  });

  it("lists the room's files by file number", async () => {
    const { ask } = setUp(
      [room("pc_g", 2, [ME, KIM, LEE])],
      createServer({}, archive),
    );
    const { files } = await ask("room:list-files", { roomName: "pc_g" });
    expect(files.map((f) => [f.fileno, f.fileName, f.senderName])).toEqual([
      [3, "a.png", "김민수"],
      [9, "b.pdf", "이서준"],
    ]);
  });
});
