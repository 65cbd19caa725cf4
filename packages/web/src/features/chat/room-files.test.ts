/** The main window's answers for room files, as a transcript: file:send → one FILE message per file; token asks. */
import {
  createBridge,
  createMemoryHub,
  NS_MOA_CHAT,
  NS_SID,
  type ChatFileData,
} from "@moa/shared";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { ChatSync } from "./chat-sync";
import { connectRoomFiles } from "./room-files";
import { createChatServer, DOMAIN } from "../../test/chat-server";

const ROOM = "pc_files";
const ROOM_JID = `${ROOM}@conference.${DOMAIN}`;

const file = (fileno: number, fileName: string): ChatFileData => ({
  fileName,
  fileSize: "1.00 KB",
  fileSizeOrg: 1024,
  fileno,
  fileDownUrl: "http://moa.test/fileupload/Common/download.on21",
  thumbUrl: "",
});

const parse = (xml: string) =>
  new DOMParser().parseFromString(xml, "text/xml").documentElement;

async function setup(
  accessToken = vi.fn((refused?: string) =>
    Promise.resolve(refused ? "renewed" : "current"),
  ),
) {
  const server = createChatServer([{ name: ROOM, type: 2, title: "파일방" }]);
  const sync = new ChatSync(server.transport);
  const stopSync = sync.start();
  await vi.waitFor(() => {
    expect(sync.store.getState().rooms.has(ROOM)).toBe(true);
  });
  const sent: Element[] = [];
  const listeners = new Set<(el: Element) => void>();
  let time = 1_700_000_000_000;
  const transport = {
    sendIq: (iq: Element, timeoutMs: number) =>
      server.transport.sendIq(iq, timeoutMs),
    onMessage: (fn: (el: Element) => void) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    // The server reflects each stored message to the sender with its id and archive id.
    send(stanza: Element) {
      sent.push(stanza);
      const id = stanza.getAttribute("id") ?? "";
      time += 1;
      const reflection = parse(
        `<message xmlns="jabber:client" type="groupchat" id="${id}" from="${ROOM_JID}/me"><stanza-id xmlns="${NS_SID}" id="${String(sent.length)}" by="${ROOM_JID}"/><chat xmlns="${NS_MOA_CHAT}" time="${String(time)}" content-type="FILE"/></message>`,
      );
      queueMicrotask(() => {
        for (const fn of listeners) fn(reflection);
      });
      return true;
    },
  };
  const hub = createMemoryHub();
  const main = createBridge("main", hub.connect());
  const room = createBridge(`room:${ROOM}`, hub.connect());
  const stop = connectRoomFiles(main, sync, transport, accessToken);
  onTestFinished(() => {
    stop();
    stopSync();
  });
  return { room, sent, accessToken };
}

describe("connectRoomFiles", () => {
  it("sends one FILE message per uploaded file: body = file name, extensions = the file record", async () => {
    const { room, sent } = await setup();
    const answer = await room.request("file:send", {
      roomName: ROOM,
      files: [file(7, "회의록.hwp"), file(8, "<사진>.png")],
    });
    expect(answer).toEqual({ sent: 2 });
    expect(sent).toHaveLength(2);
    const [first, second] = sent as [Element, Element];
    expect(first.getAttribute("type")).toBe("groupchat");
    expect(first.getAttribute("to")).toBe(ROOM_JID);
    expect(first.getElementsByTagName("body")[0]?.textContent).toBe(
      "회의록.hwp",
    );
    expect(
      JSON.parse(
        first.getElementsByTagName("extensions")[0]?.textContent ?? "",
      ),
    ).toEqual({ contentType: "FILE", ...file(7, "회의록.hwp") });
    expect(second.getElementsByTagName("body")[0]?.textContent).toBe(
      "<사진>.png",
    );
  });

  it("refuses a room the user is not in", async () => {
    const { room, sent } = await setup();
    await expect(
      room.request("file:send", {
        roomName: "pc_other",
        files: [file(1, "a.txt")],
      }),
    ).rejects.toThrow();
    expect(sent).toHaveLength(0);
  });

  it("answers token asks, passing on the token the server refused", async () => {
    const { room, accessToken } = await setup();
    expect(await room.request("session:get-access-token", {})).toEqual({
      accessToken: "current",
    });
    expect(
      await room.request("session:get-access-token", { refused: "current" }),
    ).toEqual({ accessToken: "renewed" });
    expect(accessToken.mock.calls).toEqual([[undefined], ["current"]]);
  });
});
