/**
 * The main window's answers for the webhard, as a transcript: availability from the menu flags, one webhard window
 * at a time, the webhard calls with userInfo (ssoUserId after the login), and one FILE message per link naming only
 * its token.
 */
import {
  createBridge,
  createMemoryHub,
  NS_MOA_CHAT,
  NS_SID,
  type ApiClient,
} from "@moa/shared";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { createChatServer, DOMAIN } from "../../test/chat-server";
import { ChatSync } from "./chat-sync";
import { connectRoomWebhard, type RoomWebhardDeps } from "./room-webhard";

const ROOM = "pc_webhard";
const ROOM_JID = `${ROOM}@conference.${DOMAIN}`;
const TOKEN = "AbCdEfGh_123-4567890xyz";

const parse = (xml: string) =>
  new DOMParser().parseFromString(xml, "text/xml").documentElement;

type Call = { path: string; body: unknown };

/** A REST client answering the webhard paths; records every call. */
function webhardApi(calls: Call[]): ApiClient {
  const answers: Record<string, unknown> = {
    "/external/webhard/v1/login/auth": {
      resultCode: "00000",
      ssoUserId: "minsu.kim",
    },
    "/external/webhard/v1/folders/0": {
      resultCode: "00000",
      folders: [{ id: 5, folderType: 1, name: "공용 문서" }],
    },
    "/external/webhard/v1/files/0": { resultCode: "00000", files: [] },
    "/external/webhard/v1/files/download": {
      resultCode: "00000",
      links: [
        {
          id: 9,
          name: "회의록.docx",
          extension: "docx",
          updateDate: "2025-03-01T00:00:00.000Z",
          size: 10,
          encOwnerId: "",
          roleDownload: 0,
          url: `http://moa.test/external/webhard/v1/download/${TOKEN}`,
          token: TOKEN,
        },
      ],
    },
  };
  return {
    request: (opts: { path: string; body?: unknown }) => {
      calls.push({ path: opts.path, body: opts.body });
      return Promise.resolve(answers[opts.path]);
    },
  } as unknown as ApiClient;
}

async function setup(overrides: Partial<RoomWebhardDeps> = {}) {
  const server = createChatServer([{ name: ROOM, type: 2, title: "자료방" }]);
  const sync = new ChatSync(server.transport);
  const stopSync = sync.start();
  await vi.waitFor(() => {
    expect(sync.store.getState().rooms.has(ROOM)).toBe(true);
  });
  const sent: Element[] = [];
  const listeners = new Set<(el: Element) => void>();
  const transport = {
    sendIq: (iq: Element, timeoutMs: number) =>
      server.transport.sendIq(iq, timeoutMs),
    onMessage: (fn: (el: Element) => void) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    send(stanza: Element) {
      sent.push(stanza);
      const id = stanza.getAttribute("id") ?? "";
      const reflection = parse(
        `<message xmlns="jabber:client" type="groupchat" id="${id}" from="${ROOM_JID}/me"><stanza-id xmlns="${NS_SID}" id="${String(sent.length)}" by="${ROOM_JID}"/><chat xmlns="${NS_MOA_CHAT}" time="1700000000001" content-type="FILE"/></message>`,
      );
      queueMicrotask(() => {
        for (const fn of listeners) fn(reflection);
      });
      return true;
    },
  };
  const calls: Call[] = [];
  const opened: string[] = [];
  let openFor: string | null = null;
  const hub = createMemoryHub();
  const main = createBridge("main", hub.connect());
  const view = createBridge("file-picker", hub.connect());
  const stop = connectRoomWebhard(main, sync, transport, {
    api: webhardApi(calls),
    user: () => ({ corpSeq: 3, userKey: 42 }),
    menuFlags: () => Promise.resolve({ webhardUsed: true }),
    encryptPassword: (password) => Promise.resolve(`enc(${password})`),
    focusOpenWebhard: () => openFor,
    openWebhard: (roomName) => {
      opened.push(roomName);
      openFor = roomName;
      return true;
    },
    ...overrides,
  });
  onTestFinished(() => {
    stop();
    stopSync();
  });
  return { view, sent, calls, opened };
}

describe("connectRoomWebhard", () => {
  it("offers the webhard only with the menu flag", async () => {
    const on = await setup();
    expect(await on.view.request("webhard:get-availability", {})).toEqual({
      available: true,
    });
    const off = await setup({
      menuFlags: () => Promise.resolve({ webhardUsed: false, mailUsed: true }),
    });
    expect(await off.view.request("webhard:get-availability", {})).toEqual({
      available: false,
    });
  });

  it("opens one webhard window: again for its room, busy for another room", async () => {
    const { view, opened } = await setup();
    expect(await view.request("webhard:open", { roomName: ROOM })).toEqual({
      opened: true,
      busy: false,
    });
    expect(await view.request("webhard:open", { roomName: ROOM })).toEqual({
      opened: true,
      busy: false,
    });
    expect(
      await view.request("webhard:open", { roomName: "pc_other" }),
    ).toEqual({ opened: false, busy: true });
    expect(opened).toEqual([ROOM]);
  });

  it("logs in with the encrypted password, then lists and links with the webhard user id", async () => {
    const { view, calls } = await setup();
    expect(await view.request("webhard:get-state", {})).toEqual({
      loggedIn: false,
    });
    expect(
      await view.request("webhard:login", {
        id: "minsu.kim",
        password: "pw",
      }),
    ).toEqual({ resultCode: "00000" });
    // A webhard window opened later in this session opens usable.
    expect(await view.request("webhard:get-state", {})).toEqual({
      loggedIn: true,
    });
    expect(calls[0]).toEqual({
      path: "/external/webhard/v1/login/auth",
      body: {
        userInfo: { corpSeq: 3, usrKey: 42 },
        id: "minsu.kim",
        token: "enc(pw)",
      },
    });
    expect(await view.request("webhard:list", { folderId: 0 })).toEqual({
      resultCode: "00000",
      folders: [{ id: 5, folderType: 1, name: "공용 문서" }],
      files: [],
    });
    expect(await view.request("webhard:make-links", { fileIds: [9] })).toEqual({
      resultCode: "00000",
      links: [{ fileName: "회의록.docx", token: TOKEN }],
    });
    const userInfo = { corpSeq: 3, usrKey: 42, ssoUserId: "minsu.kim" };
    expect(calls.slice(1)).toEqual([
      { path: "/external/webhard/v1/folders/0", body: { userInfo } },
      { path: "/external/webhard/v1/files/0", body: { userInfo } },
      {
        path: "/external/webhard/v1/files/download",
        body: { userInfo, fileIds: [9] },
      },
    ]);
    // More than 20 files never reach the server.
    await expect(
      view.request("webhard:make-links", {
        fileIds: Array.from({ length: 21 }, (_, i) => i + 1),
      }),
    ).rejects.toThrow();
    expect(calls).toHaveLength(4);
  });

  it("sends a link as a FILE message naming only its token", async () => {
    const { view, sent } = await setup();
    expect(
      await view.request("webhard:send-link", {
        roomName: ROOM,
        fileName: "회의록.docx",
        token: TOKEN,
      }),
    ).toEqual({ sent: true });
    const [message] = sent as [Element];
    expect(message.getAttribute("to")).toBe(ROOM_JID);
    expect(message.getElementsByTagName("body")[0]?.textContent).toBe(
      "회의록.docx",
    );
    expect(
      JSON.parse(
        message.getElementsByTagName("extensions")[0]?.textContent ?? "",
      ),
    ).toEqual({ contentType: "FILE", webhardLink: TOKEN });
    await expect(
      view.request("webhard:send-link", {
        roomName: "pc_other",
        fileName: "a",
        token: TOKEN,
      }),
    ).rejects.toThrow();
  });
});
