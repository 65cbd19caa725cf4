/** Starting chats and reusing rooms through the room commands, against the scripted chat server. */
import { describe, expect, it, vi } from "vitest";
import { createChatServer, KIM, type RoomSpec } from "../../test/chat-server";
import { withRoomCommands } from "../../test/room-commands-server";
import { ChatSync } from "./chat-sync";
import { RoomCommands } from "./room-commands";
import { visibleRooms } from "./room-state";

async function setUp(rooms: RoomSpec[]) {
  const server = createChatServer(rooms);
  const wrapped = withRoomCommands(server, rooms);
  const sync = new ChatSync(wrapped.transport);
  const stop = sync.start();
  await vi.waitFor(() => {
    expect(sync.store.getState().loaded).toBe(true);
  });
  return {
    sync,
    stop,
    commands: new RoomCommands(sync),
    sent: wrapped.commands,
  };
}

const LEE = "lee.demo.moa.test@chat.moa.test";

describe("RoomCommands", () => {
  it("reuses a listed 1:1 room without asking the server", async () => {
    const { commands, sent, stop } = await setUp([
      { name: "s_kim", type: 1, members: [{ jid: KIM, name: "김민수" }] },
    ]);
    expect(await commands.openDualRoom({ jid: KIM, name: "김민수" })).toBe(
      "s_kim",
    );
    expect(sent).toEqual([]);
    stop();
  });

  it("creates a 1:1 room with someone new and lists it at once, so its window can enter it", async () => {
    const { commands, sync, sent, stop } = await setUp([]);
    const name = await commands.openDualRoom({ jid: LEE, name: "이영희" });
    expect(sent).toEqual([`create 1 ["${LEE}"]`]);
    expect(
      sync.store
        .getState()
        .rooms.get(name)
        ?.members.map((m) => m.name),
    ).toContain("이영희");
    stop();
  });

  it("creates a group room with everyone picked, titled even when its invite notice arrived first", async () => {
    const { commands, sync, sent, stop } = await setUp([]);
    const name = await commands.createRoom(2, "주간 회의", [
      { jid: KIM, name: "김민수" },
      { jid: LEE, name: "이영희" },
    ]);
    expect(sent).toEqual([`create 2 ["${KIM}","${LEE}"]`]);
    expect(sync.store.getState().rooms.get(name)?.title).toBe("주간 회의");
    stop();
  });

  it("shows the hidden self room again when the user starts a chat with themselves", async () => {
    const { commands, sync, sent, stop } = await setUp([
      { name: "s_s_me", type: 4 },
    ]);
    await commands.hideSelfRoom();
    expect(visibleRooms(sync.store.getState())).toEqual([]);
    expect(await commands.openSelfRoom()).toBe("s_s_me");
    expect(visibleRooms(sync.store.getState()).map((r) => r.name)).toEqual([
      "s_s_me",
    ]);
    expect(sent).toEqual(["private-room OFF", "private-room ON"]);
    stop();
  });
});
