/** The connection machine, one spec §4 rule per test: first login, reconnect, auth failure and each disconnect reason. */
import { describe, expect, it } from "vitest";
import {
  INITIAL_CONNECTION_STATE,
  stepConnection,
  type ConnectionState,
  type ConnectionStatus,
  type DisconnectReason,
} from "./connection-machine";

const status = (
  s: ConnectionState,
  st: ConnectionStatus,
  extra: { condition?: string; networkUp?: boolean } = {},
) =>
  stepConnection(s, {
    type: "status",
    status: st,
    networkUp: extra.networkUp ?? true,
    ...(extra.condition ? { condition: extra.condition } : {}),
  });

const connected = status(INITIAL_CONNECTION_STATE, "connected").state;

describe("stepConnection", () => {
  it("initialises the app on the first login's connection", () => {
    const { state, effects } = status(INITIAL_CONNECTION_STATE, "connected");
    expect(effects).toEqual([{ type: "initialise" }]);
    expect(state).toMatchObject({
      initialised: true,
      network: "success",
      retries: 0,
    });
  });

  it("on a reconnect resumes (handlers, token, rooms), resets retries and reports the network restored", () => {
    const lost = status(connected, "disconnected").state;
    expect(lost).toMatchObject({ retries: 1, network: "fail" });
    const { state, effects } = status(lost, "connected");
    expect(effects).toEqual([{ type: "resume" }]);
    expect(state).toMatchObject({ retries: 0, network: "restore" });
    expect(
      stepConnection(state, { type: "networkAcknowledged" }).state.network,
    ).toBe("success");
  });

  it("auth failure at first login alerts LO.A.013 and stops loading", () => {
    expect(status(INITIAL_CONNECTION_STATE, "authfail").effects).toEqual([
      { type: "alert", code: "LO.A.013", detail: "LO.A.013-1" },
      { type: "stopLoading" },
    ]);
  });

  it("auth failure during a reconnect alerts LO.A.078, clears auto login and closes with authfail → login with flag", () => {
    const { state, effects } = status(connected, "authfail");
    expect(effects).toEqual([
      { type: "alert", code: "LO.A.078" },
      { type: "clearAutoLogin" },
      { type: "close", reason: "authfail" },
    ]);
    expect(status(state, "disconnected").effects).toEqual([
      { type: "toLogin", flag: "authfail" },
    ]);
  });

  it.each<[DisconnectReason, unknown[]]>([
    ["logout", [{ type: "toLogin", flag: "logout" }]],
    ["authfail", [{ type: "toLogin", flag: "authfail" }]],
    ["exit", [{ type: "quit" }]],
    ["cancel", [{ type: "stopLoading" }]],
    ["failInitChatDB", [{ type: "stopLoading" }]],
    ["conflict", [{ type: "scheduleLogout", delayMs: 10_000 }]],
    ["reconnect", [{ type: "reconnect", delayMs: 0 }]],
  ])(
    "closing with reason %s, then disconnected, does what spec §4 says",
    (reason, expected) => {
      const closing = stepConnection(connected, { type: "close", reason });
      expect(closing.effects).toEqual([{ type: "close", reason }]);
      const { state, effects } = status(closing.state, "disconnected");
      expect(effects).toEqual(expected);
      expect(state.reason).toBeNull();
      expect(state.conflict).toBe(reason === "conflict");
    },
  );

  it("a conflict stream error sets the conflict flag and logs out after 10 s", () => {
    const err = status(connected, "error", { condition: "conflict" }).state;
    const { state, effects } = status(err, "disconnected");
    expect(state.conflict).toBe(true);
    expect(effects).toEqual([{ type: "scheduleLogout", delayMs: 10_000 }]);
  });

  it("an unexpected drop with the network up retries up to 10 times, then alerts LO.A.061 and returns to login", () => {
    let s = connected;
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const step = status(s, "disconnected");
      expect(step.effects).toEqual([
        { type: "reconnect", delayMs: expect.any(Number) as number },
      ]);
      expect(step.state.retries).toBe(attempt);
      s = status(step.state, "connfail").state;
    }
    expect(status(s, "disconnected").effects).toEqual([
      { type: "alert", code: "LO.A.061", detail: "LO.A.061-1" },
      { type: "toLogin", flag: null },
    ]);
  });

  it("an unexpected drop with the network down only marks the network failed; coming back online reconnects", () => {
    const { state, effects } = status(connected, "disconnected", {
      networkUp: false,
    });
    expect(effects).toEqual([]);
    expect(state.network).toBe("fail");
    expect(
      stepConnection(state, { type: "network", up: true }).effects,
    ).toEqual([{ type: "reconnect", delayMs: 0 }]);
  });

  it("going offline shows the failure dialog even while connected", () => {
    expect(
      stepConnection(connected, { type: "network", up: false }).state.network,
    ).toBe("fail");
  });

  it("a drop before the first login completed just stops the loading view", () => {
    expect(status(INITIAL_CONNECTION_STATE, "disconnected").effects).toEqual([
      { type: "stopLoading" },
    ]);
  });
});
