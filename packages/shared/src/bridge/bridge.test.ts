/** The bridge core over the memory transport: requests and answers, validation on both ends, timeouts, versions. */
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  BridgeError,
  createBridge,
  type Bridge,
  type BridgeLogger,
} from "./bridge.js";
import { createMemoryHub } from "./memory-transport.js";
import { BRIDGE_PROTOCOL_VERSION, type BridgeTransport } from "./protocol.js";

const me = {
  jid: "minsu.kim.demo.moa.test@chat.moa.test",
  loginId: "minsu.kim",
  name: "김민수",
  nickname: "",
  position: "대리",
  deptName: "개발팀",
  photoUrl: "",
  freeUser: false,
  presence: "on" as const,
};

describe("createBridge", () => {
  const open: Bridge[] = [];
  const windows = (...ids: Parameters<typeof createBridge>[0][]) => {
    const hub = createMemoryHub();
    const made = ids.map((id) => createBridge(id, hub.connect()));
    open.push(...made);
    return { hub, made };
  };
  afterEach(() => {
    for (const b of open.splice(0)) b.close();
    vi.useRealTimers();
  });

  it("answers a room window's request from the main window", async () => {
    const {
      made: [main, room],
    } = windows("main", "room:pc_1");
    main!.handle("me:get", () => me);
    await expect(room!.request("me:get", {})).resolves.toEqual(me);
  });

  it("refuses a second handler for the same request in one window", () => {
    const {
      made: [main],
    } = windows("main");
    main!.handle("me:get", () => me);
    expect(() => main!.handle("me:get", () => me)).toThrow(
      /already has a handler/,
    );
  });

  it("rejects with no_handler when the addressed window does not answer that request", async () => {
    const {
      made: [, room],
    } = windows("main", "room:pc_1");
    await expect(room!.request("me:get", {})).rejects.toMatchObject({
      code: "no_handler",
    });
  });

  it("a window created with answerUnhandled false stays silent without a handler, so another window of its id answers", async () => {
    const hub = createMemoryHub();
    const loginTab = createBridge("main", hub.connect(), {
      answerUnhandled: false,
    });
    const signedInTab = createBridge("main", hub.connect(), {
      answerUnhandled: false,
    });
    const room = createBridge("room:pc_1", hub.connect(), { timeoutMs: 50 });
    open.push(loginTab, signedInTab, room);
    await expect(room.request("me:get", {})).rejects.toMatchObject({
      code: "timeout",
    });
    signedInTab.handle("me:get", () => me);
    await expect(room.request("me:get", {})).resolves.toEqual(me);
  });

  it("rejects with remote_error when the handler throws, and with the handler's message", async () => {
    const {
      made: [main, room],
    } = windows("main", "room:pc_1");
    main!.handle("room:leave", () => {
      throw new Error("not a member");
    });
    const err = await room!
      .request("room:leave", { roomName: "pc_1" })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BridgeError);
    expect(err).toMatchObject({
      code: "remote_error",
      message: "not a member",
    });
  });

  it("refuses to send an invalid payload, and the receiver refuses one sent by a foreign client", async () => {
    const { hub, made } = windows("main");
    const main = made[0]!;
    const handler = vi.fn(() => ({ left: true }));
    main.handle("room:leave", handler);
    const room = createBridge("room:x", hub.connect());
    open.push(room);
    await expect(
      room.request("room:leave", { roomName: 5 } as unknown as {
        roomName: string;
      }),
    ).rejects.toMatchObject({ code: "invalid_payload" });

    // A peer that skips validation on its side is still caught by the receiver.
    const raw = hub.connect();
    const answers: unknown[] = [];
    raw.subscribe((e) => answers.push(e));
    raw.post({
      v: BRIDGE_PROTOCOL_VERSION,
      kind: "request",
      from: "room:x",
      to: "main",
      id: "r1",
      type: "room:leave",
      payload: { roomName: "" },
    });
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    expect(answers[0]).toMatchObject({
      kind: "response",
      id: "r1",
      result: { ok: false, error: { code: "invalid_payload" } },
    });
    expect(handler).not.toHaveBeenCalled();
  });

  it("times out after 10 s by default", async () => {
    vi.useFakeTimers();
    const hub = createMemoryHub();
    const room = createBridge("room:x", hub.connect());
    open.push(room);
    const answer = room.request("me:get", {});
    const settled = expect(answer).rejects.toMatchObject({ code: "timeout" });
    await vi.advanceTimersByTimeAsync(9_999);
    await vi.advanceTimersByTimeAsync(1);
    await settled;
  });

  it("delivers an event to its addressee only, and a broadcast to every other window", async () => {
    const {
      made: [main, a, b],
    } = windows("main", "room:a", "room:b");
    const gotA = vi.fn();
    const gotB = vi.fn();
    const gotMain = vi.fn();
    a!.on("network:status-changed", gotA);
    b!.on("network:status-changed", gotB);
    main!.on("network:status-changed", gotMain);

    main!.emit("network:status-changed", { status: "fail" }, "room:a");
    await vi.waitFor(() =>
      expect(gotA).toHaveBeenCalledWith({ status: "fail" }, "main"),
    );
    expect(gotB).not.toHaveBeenCalled();

    main!.emit("network:status-changed", { status: "restore" });
    await vi.waitFor(() =>
      expect(gotB).toHaveBeenCalledWith({ status: "restore" }, "main"),
    );
    expect(gotA).toHaveBeenCalledTimes(2);
    expect(gotMain).not.toHaveBeenCalled();
  });

  it("drops invalid events and envelopes of another protocol version, and logs why", async () => {
    const hub = createMemoryHub();
    const log = vi.fn<BridgeLogger>();
    const room = createBridge("room:a", hub.connect(), { log });
    open.push(room);
    const got = vi.fn();
    room.on("lock:changed", got);
    const raw: BridgeTransport = hub.connect();
    raw.post({
      v: BRIDGE_PROTOCOL_VERSION,
      kind: "event",
      from: "main",
      type: "lock:changed",
      payload: { locked: "yes" },
    });
    raw.post({
      v: 2,
      kind: "event",
      from: "main",
      type: "lock:changed",
      payload: { locked: true },
    } as never);
    await vi.waitFor(() => expect(log).toHaveBeenCalledTimes(2));
    expect(log.mock.calls.map(([m]) => m)).toEqual([
      "bridge dropped an invalid event",
      "bridge dropped an envelope of another version",
    ]);
    expect(got).not.toHaveBeenCalled();
  });

  it("stops delivering after unsubscribe and rejects pending requests on close", async () => {
    const {
      made: [main, room],
    } = windows("main", "room:a");
    const got = vi.fn();
    const off = room!.on("lock:changed", got);
    off();
    main!.emit("lock:changed", { locked: true });

    const pending = room!.request("me:get", {});
    room!.close();
    await expect(pending).rejects.toMatchObject({ code: "no_handler" });
    expect(got).not.toHaveBeenCalled();
  });
});
