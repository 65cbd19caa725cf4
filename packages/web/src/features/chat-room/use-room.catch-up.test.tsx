/**
 * After the main window reconnects (room:caught-up), the room window shows what changed meanwhile: new messages,
 * members' read watermarks, and deletions, also in older pages the user had scrolled to.
 */
import {
  createBridge,
  createMemoryHub,
  type BridgeEvents,
  type BridgeResponses,
} from "@moa/shared";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { BridgeProvider } from "../../lib/bridge";
import { useRoom } from "./use-room";

type Message = BridgeEvents["message:added"]["message"];
const ROOM = "pc_team";
const ME = "me.demo@chat.moa.test";
const KIM = "kim.demo@chat.moa.test";

const message = (n: number): Message => ({
  key: String(1_700_000_000_000 + n * 1000),
  roomName: ROOM,
  senderJid: KIM,
  senderName: "김민수",
  text: `메시지 ${String(n)}`,
  contentType: "TALK",
  isDel: false,
  isLongMsg: false,
});

describe("useRoom catch-up", () => {
  it("reloads the members, the newest page and every older page shown, so missed messages and deletions appear", async () => {
    // The server's history: 1..6 now, pages of two; the window saw 1..5 before the outage.
    let history = [1, 2, 3, 4, 5].map(message);
    let kimWatch = "0";
    const hub = createMemoryHub();
    const main = createBridge("main", hub.connect());
    const win = createBridge(`room:${ROOM}`, hub.connect());
    main.handle("room:enter", () => ({
      roomName: ROOM,
      title: "개발팀",
      roomType: 2,
      alarmOn: true,
      members: [ME, KIM].map((jid) => ({
        jid,
        name: jid,
        nickname: "",
        position: "",
        deptName: "",
        imageUrl: "",
        affiliation: "owner" as const,
        presence: "off" as const,
        watch: jid === KIM ? kimWatch : "0",
      })),
    }));
    main.handle("me:get", () => ({
      jid: ME,
      loginId: "me",
      name: "나",
      nickname: "",
      position: "",
      deptName: "",
      photoUrl: "",
      freeUser: false,
      presence: "on",
    }));
    main.handle(
      "messages:fetch",
      ({ before }): BridgeResponses["messages:fetch"] => {
        const older = history.filter(
          (m) => before === undefined || Number(m.key) < Number(before),
        );
        const page = older.slice(-2);
        return {
          messages: page,
          reachedFirst: page.length === older.length,
        };
      },
    );
    const wrapper = ({ children }: { children: ReactNode }) => (
      <BridgeProvider bridge={win}>{children}</BridgeProvider>
    );
    const { result } = renderHook(
      () =>
        useRoom(ROOM, () => {
          // Live messages are not part of this test.
        }),
      { wrapper },
    );
    await waitFor(() => {
      expect(result.current.state.status).toBe("ready");
    });
    // The user scrolls up to the first message.
    await act(() => result.current.loadOlder());
    await act(() => result.current.loadOlder());
    await waitFor(() => {
      expect(result.current.state.reachedFirst).toBe(true);
    });
    expect(result.current.state.messages).toHaveLength(5);

    // Meanwhile: message 1 (three pages up) and 5 were deleted, 6 arrived, Kim read up to 6.
    history = [...history, message(6)].map((m) =>
      m.key === message(1).key || m.key === message(5).key
        ? { ...m, text: "", isDel: true }
        : m,
    );
    kimWatch = String(Number(message(6).key) + 1);
    main.emit("room:caught-up", { roomName: ROOM }, `room:${ROOM}`);

    await waitFor(() => {
      expect(
        result.current.state.messages.map((m) => [m.text, m.isDel]),
      ).toEqual([
        ["", true],
        ["메시지 2", false],
        ["메시지 3", false],
        ["메시지 4", false],
        ["", true],
        ["메시지 6", false],
      ]);
    });
    expect(
      result.current.state.room?.members.find((m) => m.jid === KIM)?.watch,
    ).toBe(kimWatch);
  });
});
