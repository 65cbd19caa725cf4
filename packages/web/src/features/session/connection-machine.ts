/**
 * The chat connection's reactions (spec §4 "Connection states"), as a pure function from (state, input) to the
 * next state and the effects to run. The Strophe adapter feeds it statuses; the session controller runs the effects.
 */
import {
  CONFLICT_LOGOUT_DELAY_MS,
  MESSAGE_CODES,
  RECONNECT_MAX_RETRIES,
  type MessageCode,
} from "@moa/shared";

/** Strophe's connection statuses, named as in spec §4. */
export type ConnectionStatus =
  | "error"
  | "connecting"
  | "connfail"
  | "authenticating"
  | "authfail"
  | "connected"
  | "disconnected"
  | "disconnecting"
  | "attached";

/** Why the app closed (or lost) the connection; decides what happens on `disconnected`. */
export type DisconnectReason =
  | "logout"
  | "authfail"
  | "exit"
  | "cancel"
  | "failInitChatDB"
  | "conflict"
  | "reconnect";

/** Network status of spec §3 common state: the failure dialog shows while it is not `success`. */
export type NetworkStatus = "success" | "fail" | "restore";

export type ConnectionState = {
  readonly status: ConnectionStatus;
  /** The first login's connection came up (later `connected` statuses are reconnects). */
  readonly initialised: boolean;
  readonly retries: number;
  /** Set before the app closes the connection on purpose, or when the server said why. */
  readonly reason: DisconnectReason | null;
  readonly network: NetworkStatus;
  /** Logged in elsewhere (login-conflict flag). */
  readonly conflict: boolean;
};

export type ConnectionEffect =
  /** First login: initialise the app (presence, handlers, room list). */
  | { readonly type: "initialise" }
  /** Reconnected: re-register handlers, renew the token, reload room lists, rejoin open rooms, catch up. */
  | { readonly type: "resume" }
  | {
      readonly type: "alert";
      readonly code: MessageCode;
      readonly detail?: MessageCode;
    }
  /** Close the connection on purpose (its `disconnected` then runs the reason's reaction). */
  | { readonly type: "close"; readonly reason: DisconnectReason }
  | { readonly type: "clearAutoLogin" }
  | { readonly type: "stopLoading" }
  | { readonly type: "toLogin"; readonly flag: "logout" | "authfail" | null }
  | { readonly type: "quit" }
  | { readonly type: "scheduleLogout"; readonly delayMs: number }
  | { readonly type: "reconnect"; readonly delayMs: number };

export type ConnectionInput =
  | {
      readonly type: "status";
      readonly status: ConnectionStatus;
      readonly condition?: string;
      readonly networkUp: boolean;
    }
  | { readonly type: "close"; readonly reason: DisconnectReason }
  | { readonly type: "network"; readonly up: boolean }
  | { readonly type: "networkAcknowledged" };

export const INITIAL_CONNECTION_STATE: ConnectionState = {
  status: "disconnected",
  initialised: false,
  retries: 0,
  reason: null,
  network: "success",
  conflict: false,
};

/** Delay before reconnect attempt n (1-based): 1 s, 2 s, 4 s, then every 5 s, so a restarting server is found soon. */
export function reconnectDelay(attempt: number): number {
  return Math.min(1000 * 2 ** (attempt - 1), 5000);
}

type Step = { state: ConnectionState; effects: ConnectionEffect[] };

/**
 * Applies one input.
 * @param state - the current state.
 * @param input - a status from the connection, a deliberate close, or a network change.
 * @returns the next state and the effects to run, in order.
 */
export function stepConnection(
  state: ConnectionState,
  input: ConnectionInput,
): Step {
  switch (input.type) {
    case "close":
      return {
        state: { ...state, reason: input.reason },
        effects: [{ type: "close", reason: input.reason }],
      };
    case "networkAcknowledged":
      return {
        state:
          state.network === "restore"
            ? { ...state, network: "success" }
            : state,
        effects: [],
      };
    case "network":
      return onNetwork(state, input.up);
    case "status":
      return onStatus({ ...state, status: input.status }, input);
  }
}

function onNetwork(state: ConnectionState, up: boolean): Step {
  if (!up) return { state: { ...state, network: "fail" }, effects: [] };
  // Back online while the failure dialog shows: try again at once, unless the retries are spent.
  if (
    state.network === "fail" &&
    state.initialised &&
    state.status !== "connected" &&
    state.retries < RECONNECT_MAX_RETRIES
  )
    return { state, effects: [{ type: "reconnect", delayMs: 0 }] };
  return { state, effects: [] };
}

function onStatus(
  state: ConnectionState,
  input: Extract<ConnectionInput, { type: "status" }>,
): Step {
  switch (input.status) {
    case "connected":
    case "attached": {
      if (!state.initialised)
        return {
          state: {
            ...state,
            initialised: true,
            retries: 0,
            reason: null,
            network: "success",
          },
          effects: [{ type: "initialise" }],
        };
      const network = state.network === "fail" ? "restore" : state.network;
      return {
        state: { ...state, retries: 0, reason: null, network },
        effects: [{ type: "resume" }],
      };
    }
    case "authfail":
      if (state.initialised)
        return {
          state: { ...state, reason: "authfail" },
          effects: [
            { type: "alert", code: MESSAGE_CODES.authFailedReconnect },
            { type: "clearAutoLogin" },
            { type: "close", reason: "authfail" },
          ],
        };
      return {
        state: { ...state, reason: "cancel" },
        effects: [
          {
            type: "alert",
            code: MESSAGE_CODES.authFailedLogin,
            detail: MESSAGE_CODES.authFailedLoginDetail,
          },
          { type: "stopLoading" },
        ],
      };
    case "error":
    case "connfail":
      // The server ends a replaced session with a `conflict` stream error before closing.
      return input.condition === "conflict"
        ? { state: { ...state, reason: "conflict" }, effects: [] }
        : { state, effects: [] };
    case "disconnected":
      return onDisconnected(state, input.networkUp);
    default:
      return { state, effects: [] };
  }
}

function onDisconnected(state: ConnectionState, networkUp: boolean): Step {
  const reason = state.reason;
  const cleared = { ...state, reason: null };
  switch (reason) {
    case "logout":
      return { state: cleared, effects: [{ type: "toLogin", flag: "logout" }] };
    case "authfail":
      return {
        state: cleared,
        effects: [{ type: "toLogin", flag: "authfail" }],
      };
    case "exit":
      return { state: cleared, effects: [{ type: "quit" }] };
    case "cancel":
    case "failInitChatDB":
      return { state: cleared, effects: [{ type: "stopLoading" }] };
    case "conflict":
      return {
        state: { ...cleared, conflict: true },
        effects: [
          { type: "scheduleLogout", delayMs: CONFLICT_LOGOUT_DELAY_MS },
        ],
      };
    case "reconnect":
      return { state: cleared, effects: [{ type: "reconnect", delayMs: 0 }] };
    case null:
      break;
  }
  // Lost without asking: before the first login completed, the login screen handles it.
  if (!state.initialised) return { state, effects: [{ type: "stopLoading" }] };
  if (!networkUp) return { state: { ...state, network: "fail" }, effects: [] };
  if (state.retries >= RECONNECT_MAX_RETRIES)
    return {
      state: { ...state, network: "fail" },
      effects: [
        {
          type: "alert",
          code: MESSAGE_CODES.retriesExhausted,
          detail: MESSAGE_CODES.retriesExhaustedDetail,
        },
        { type: "toLogin", flag: null },
      ],
    };
  const retries = state.retries + 1;
  return {
    state: { ...state, retries, network: "fail" },
    effects: [{ type: "reconnect", delayMs: reconnectDelay(retries) }],
  };
}
