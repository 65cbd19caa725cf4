/** The connection machine, one spec §4 rule per test: first login, reconnect, auth failure and each disconnect reason. */
import { describe, expect, it } from "vitest";
import { RECONNECT_MAX_RETRIES } from "@moa/shared";
import {
  INITIAL_CONNECTION_STATE,
  reconnectDelay,
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

  it("on a reconnect resumes (handlers, token, rooms), resets retries and reports the network restored, closing the notice by itself", () => {
    const lost = status(connected, "disconnected").state;
    expect(lost).toMatchObject({ retries: 1, network: "fail" });
    const attempt = stepConnection(lost, { type: "attempt" }).state;
    const { state, effects } = status(attempt, "connected");
    expect(effects).toEqual([
      { type: "resume" },
      { type: "acknowledgeNetwork", delayMs: 1000 },
    ]);
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
      s = stepConnection(step.state, { type: "attempt" }).state;
      s = status(s, "connfail").state;
    }
    // Giving up keeps auto login: only an authentication failure clears it.
    expect(status(s, "disconnected").effects).toEqual([
      { type: "alert", code: "LO.A.061", detail: "LO.A.061-1" },
      { type: "toLogin", flag: null },
    ]);
  });

  it("a second disconnected status before the scheduled retry started spends no attempt", () => {
    const lost = status(connected, "disconnected").state;
    const again = status(lost, "disconnected");
    expect(again.effects).toEqual([]);
    expect(again.state.retries).toBe(1);
  });

  it("coming back online while a retry waits out its backoff retries at once", () => {
    const lost = status(connected, "disconnected").state;
    expect(stepConnection(lost, { type: "network", up: true }).effects).toEqual(
      [{ type: "reconnect", delayMs: 0 }],
    );
  });

  it("an offline/online blip that kept the connection switches the dialog to restored at once, which then closes", () => {
    const offline = stepConnection(connected, { type: "network", up: false });
    expect(offline.state.network).toBe("fail");
    const online = stepConnection(offline.state, { type: "network", up: true });
    expect(online.state.network).toBe("restore");
    expect(online.effects).toEqual([
      { type: "acknowledgeNetwork", delayMs: 1000 },
    ]);
    expect(
      stepConnection(online.state, { type: "networkAcknowledged" }).state
        .network,
    ).toBe("success");
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

  it("the schedule doubles from 1 s up to 25 s, and every jitter keeps the 10 attempts within 124–187 s", () => {
    const attempts = Array.from(
      { length: RECONNECT_MAX_RETRIES },
      (_, i) => i + 1,
    );
    expect(attempts.map((n) => reconnectDelay(n))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 25_000, 25_000, 25_000, 25_000, 25_000,
    ]);
    const total = (jitter: number) =>
      attempts.reduce((sum, n) => sum + reconnectDelay(n, jitter), 0);
    expect(total(0)).toBeGreaterThanOrEqual(120_000);
    expect(total(0)).toBe(124_800);
    expect(total(0.999_999)).toBeLessThanOrEqual(187_200);
    // Clients dropped together spread out: the 6th attempt lands anywhere from 20 s to 30 s after the 5th.
    expect(reconnectDelay(6, 0)).toBe(20_000);
    expect(reconnectDelay(6, 0.999_999)).toBe(30_000);
  });

  it("a retry's delay comes from the schedule with the status's jitter", () => {
    const step = stepConnection(connected, {
      type: "status",
      status: "disconnected",
      networkUp: true,
      jitter: 0,
    });
    expect(step.effects).toEqual([{ type: "reconnect", delayMs: 800 }]);
  });

  it("a drop before the first login completed just stops the loading view", () => {
    expect(status(INITIAL_CONNECTION_STATE, "disconnected").effects).toEqual([
      { type: "stopLoading" },
    ]);
  });
});
