/** The room list sync against a scripted server: loading, live unread rules, watermarks and catch-up after a reconnect. */
import { describe, expect, it } from "vitest";
import { createChatServer, KIM, ME } from "../../test/chat-server";
import { ChatSync } from "./chat-sync";

const ROOMS = [
  { name: "pc_team", type: 2, title: "개발팀" },
  { name: "s_kim", type: 1, members: [{ jid: KIM, name: "김민수" }] },
];

async function started(server: ReturnType<typeof createChatServer>) {
  const sync = new ChatSync(server.transport);
  const stop = sync.start();
  await expect.poll(() => sync.store.getState().loaded).toBe(true);
  return {
    sync,
    stop,
    room: (name: string) => sync.store.getState().rooms.get(name),
  };
}

describe("ChatSync", () => {
  it("loads the room list with the server's unread counts and last messages, and the newest archive id", async () => {
    const server = createChatServer(structuredClone(ROOMS));
    server.post("pc_team", "안녕하세요", { live: false });
    server.post("pc_team", "회의 10시", { live: false });
    const { room, stop } = await started(server);
    expect(room("pc_team")).toMatchObject({
      unreadCount: 2,
      lastMessage: { text: "회의 10시" },
    });
    expect(room("s_kim")).toMatchObject({ unreadCount: 0, lastMessage: null });
    expect(server.iqs).toEqual(expect.arrayContaining(["rooms", "mam latest"]));
    stop();
  });

  it("counts talk, file and news from others as unread, but not own messages or member events", async () => {
    const server = createChatServer(structuredClone(ROOMS));
    const { room, stop } = await started(server);
    server.post("pc_team", "첫 메시지");
    server.post("pc_team", "보고서.pdf", { contentType: "FILE" });
    server.post("pc_team", "", { contentType: "EXIT" });
    server.post("pc_team", "내가 보냄", { sender: ME });
    expect(room("pc_team")).toMatchObject({
      unreadCount: 2,
      lastMessage: { text: "내가 보냄", senderJid: ME },
    });
    stop();
  });

  it("counts a message once when the same stanza id arrives twice", async () => {
    const server = createChatServer(structuredClone(ROOMS));
    const { room, stop } = await started(server);
    const m = server.post("s_kim", "점심?");
    server.redeliver(m);
    server.redeliver(m);
    expect(room("s_kim")?.unreadCount).toBe(1);
    stop();
  });

  it("clears the unread count when the user's own watermark passes the last message, not another member's", async () => {
    const server = createChatServer(structuredClone(ROOMS));
    const { room, stop } = await started(server);
    const m = server.post("s_kim", "확인 부탁");
    server.watch("s_kim", KIM, m.time + 1);
    expect(room("s_kim")?.unreadCount).toBe(1);
    server.watch("s_kim", ME, m.time);
    expect(room("s_kim")?.unreadCount).toBe(0);
    stop();
  });

  it("after a reconnect reloads the list and catches up from the last stanza id seen, without doubling anything", async () => {
    const server = createChatServer(structuredClone(ROOMS));
    const { sync, room, stop } = await started(server);
    const heard: string[] = [];
    sync.onNewMessage((m) => heard.push(m.text));
    const seen = server.post("pc_team", "끊기 전");
    server.redeliver(seen);
    // While the client is away, three messages are stored that it never received live.
    server.post("pc_team", "없는 동안 1", { live: false });
    server.post("s_kim", "없는 동안 2", { live: false });
    server.post("pc_team", "없는 동안 3", { live: false });
    // And one arrives live while the reloaded list is already on its way.
    server.onNextRoomList(() => {
      server.post("s_kim", "다시 연결되는 중");
    });
    server.resume();
    await expect
      .poll(() => server.iqs.at(-1))
      .toBe(`mam after ${String(seen.id)}`);
    await expect.poll(() => room("s_kim")?.unreadCount).toBe(2);
    expect(room("pc_team")).toMatchObject({
      unreadCount: 3,
      lastMessage: { text: "없는 동안 3" },
    });
    expect(room("s_kim")?.lastMessage?.text).toBe("다시 연결되는 중");
    // Room windows get every message once: the live ones and the missed ones from the archive.
    expect(heard).toEqual([
      "끊기 전",
      "없는 동안 1",
      "없는 동안 2",
      "없는 동안 3",
      "다시 연결되는 중",
    ]);
    stop();
  });

  it("after a reconnect whose room list times out, tries again until the missed messages are caught up", async () => {
    const server = createChatServer(structuredClone(ROOMS));
    const { sync, room, stop } = await started(server);
    const seen = server.post("pc_team", "끊기 전");
    server.post("s_kim", "없는 동안 1", { live: false });
    server.post("s_kim", "없는 동안 2", { live: false });
    // The restarted server answers the first two reloads too late.
    server.timeOutRoomLists(2);
    server.resume();
    await expect
      .poll(() => room("s_kim")?.unreadCount, { timeout: 10_000 })
      .toBe(2);
    expect(room("s_kim")?.lastMessage?.text).toBe("없는 동안 2");
    expect(server.iqs.filter((iq) => iq === "rooms")).toHaveLength(4);
    expect(server.iqs.at(-1)).toBe(`mam after ${String(seen.id)}`);
    expect(sync.store.getState().failed).toBe(false);
    stop();
  });

  it("lists a room first seen through a message under its title: the room list is reloaded before the message is applied", async () => {
    const rooms = structuredClone(ROOMS);
    const server = createChatServer(rooms);
    const { sync, room, stop } = await started(server);
    const titles: string[] = [];
    const unsubscribe = sync.store.subscribe((state) => {
      const listed = state.rooms.get("pc_new");
      if (listed) titles.push(listed.title);
    });
    rooms.push({ name: "pc_new", type: 2, title: "새 프로젝트" });
    server.post("pc_new", "초대합니다");
    await expect.poll(() => room("pc_new")?.unreadCount).toBe(1);
    expect(room("pc_new")?.lastMessage?.text).toBe("초대합니다");
    // Never shown under the sender's name first.
    expect(new Set(titles)).toEqual(new Set(["새 프로젝트"]));
    unsubscribe();
    stop();
  });

  it("still lists such a room from its message when the room list cannot be reloaded, and completes it later", async () => {
    const rooms = structuredClone(ROOMS);
    const server = createChatServer(rooms);
    const { room, stop } = await started(server);
    server.timeOutRoomLists(1);
    rooms.push({ name: "pc_new", type: 2, title: "새 프로젝트" });
    server.post("pc_new", "초대합니다");
    await expect.poll(() => room("pc_new")?.unreadCount).toBe(1);
    await expect
      .poll(() => room("pc_new")?.title, { timeout: 10_000 })
      .toBe("새 프로젝트");
    expect(room("pc_new")?.unreadCount).toBe(1);
    stop();
  });

  it("marks a room read on the server past its last message when it is opened", async () => {
    const server = createChatServer(structuredClone(ROOMS));
    const { sync, room, stop } = await started(server);
    const m = server.post("s_kim", "읽어 주세요");
    await sync.markRead("s_kim");
    expect(room("s_kim")?.unreadCount).toBe(0);
    expect(server.iqs).toContain(`watch s_kim ${String(m.time + 1)}`);
    stop();
  });
});
