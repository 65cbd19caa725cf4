/**
 * The bridge contract (STYLE.md §9), run over each transport the web app uses: the memory transport of tests and
 * the browser's BroadcastChannel (Node's global one here), with the main window answering and room windows asking.
 */
import {
  createBridge,
  createMemoryHub,
  type Bridge,
  type BridgeTransport,
} from "@moa/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createBroadcastChannelTransport } from "./broadcast-channel-transport";

type MakeTransports = () => () => BridgeTransport;

let channelSeq = 0;
const transports: [string, MakeTransports][] = [
  [
    "memory",
    () => {
      const hub = createMemoryHub();
      return () => hub.connect();
    },
  ],
  [
    "BroadcastChannel",
    () => {
      const name = `moa:test:${String((channelSeq += 1))}`;
      return () => createBroadcastChannelTransport(name);
    },
  ],
];

describe.each(transports)("bridge over %s", (_name, make) => {
  const open: Bridge[] = [];
  const windows = (...ids: Parameters<typeof createBridge>[0][]) => {
    const connect = make();
    const made = ids.map((id) =>
      createBridge(id, connect(), { timeoutMs: 1000 }),
    );
    open.push(...made);
    return made;
  };
  afterEach(() => {
    for (const b of open.splice(0)) b.close();
  });

  it("answers a request from the window that handles it, with the validated value", async () => {
    const [main, room] = windows("main", "room:pc_1");
    main!.handle("session:get", () => ({
      signedIn: true,
      locked: false,
      network: "success",
    }));
    await expect(room!.request("session:get", {})).resolves.toEqual({
      signedIn: true,
      locked: false,
      network: "success",
    });
  });

  it("lets two room windows ask at once and gives each its own answer", async () => {
    const [main, a, b] = windows("main", "room:a", "room:b");
    main!.handle("room:leave", ({ roomName }) => ({ left: roomName === "a" }));
    const [ra, rb] = await Promise.all([
      a!.request("room:leave", { roomName: "a" }),
      b!.request("room:leave", { roomName: "b" }),
    ]);
    expect(ra).toEqual({ left: true });
    expect(rb).toEqual({ left: false });
  });

  it("delivers a targeted event to its window only and a broadcast to all others, never back to the sender", async () => {
    const [main, a, b] = windows("main", "room:a", "room:b");
    const got = { main: vi.fn(), a: vi.fn(), b: vi.fn() };
    main!.on("lock:changed", got.main);
    a!.on("lock:changed", got.a);
    b!.on("lock:changed", got.b);
    main!.emit("lock:changed", { locked: true }, "room:b");
    main!.emit("lock:changed", { locked: false });
    await vi.waitFor(() => {
      expect(got.b).toHaveBeenCalledTimes(2);
    });
    await vi.waitFor(() => {
      expect(got.a).toHaveBeenCalledWith({ locked: false }, "main");
    });
    expect(got.a).toHaveBeenCalledTimes(1);
    expect(got.main).not.toHaveBeenCalled();
  });

  it("turns a popup into its route: main redirects the popup once it says it is ready", async () => {
    const [main, popup] = windows("main", "popup:1");
    main!.on("window:ready", ({ windowId }) => {
      main!.emit(
        "popup:redirected",
        { route: "chatRoom", rparam: "pc_1" },
        windowId,
      );
    });
    const redirected = new Promise((resolve) =>
      popup!.on("popup:redirected", resolve),
    );
    popup!.emit("window:ready", { windowId: "popup:1" }, "main");
    await expect(redirected).resolves.toEqual({
      route: "chatRoom",
      rparam: "pc_1",
    });
  });

  it("reports no_handler when nobody answers that request, and a handler's failure as remote_error", async () => {
    const [main, room] = windows("main", "room:a");
    await expect(room!.request("me:get", {})).rejects.toMatchObject({
      code: "no_handler",
    });
    main!.handle("me:get", () => {
      throw new Error("not signed in");
    });
    await expect(room!.request("me:get", {})).rejects.toMatchObject({
      code: "remote_error",
      message: "not signed in",
    });
  });

  it("times out when the addressed window does not exist", async () => {
    const [room] = windows("room:a");
    await expect(
      room!.request("me:get", {}, { timeoutMs: 50 }),
    ).rejects.toMatchObject({ code: "timeout" });
  });
});
