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
  /**
   * A reconnect is scheduled and not yet started: further `disconnected` statuses (a late one of the lost connection)
   * are the same failure and must not spend another attempt.
   */
  readonly retryPending: boolean;
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
  | { readonly type: "reconnect"; readonly delayMs: number }
  /** The connection is back: the "restored" notice closes on its own after this delay. */
  | { readonly type: "acknowledgeNetwork"; readonly delayMs: number };

export type ConnectionInput =
  | {
      readonly type: "status";
      readonly status: ConnectionStatus;
      readonly condition?: string;
      readonly networkUp: boolean;
      /** A random number in [0, 1) that spreads this client's retries from other clients' (jitter). */
      readonly jitter?: number;
    }
  /** A scheduled reconnect starts now (its outcome arrives as statuses). */
  | { readonly type: "attempt" }
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
  retryPending: false,
};

/** Delay before the first reconnect attempt; it doubles per attempt up to {@link RECONNECT_MAX_DELAY_MS}. */
export const RECONNECT_BASE_DELAY_MS = 1000;
export const RECONNECT_MAX_DELAY_MS = 25_000;
/** Each delay is the schedule's value ± this share, so clients dropped together by a restart do not return in step. */
export const RECONNECT_JITTER = 0.2;
/** How long the "restored" notice shows before it closes on its own. */
export const NETWORK_RESTORED_NOTICE_MS = 1000;

/**
 * Delay before reconnect attempt n (1-based): exponential backoff (1 s, 2 s, 4 s … capped at 25 s) with ±20 % jitter.
 * The 10 attempts of spec §4 then span at least 124 s (at most 187 s), so a server restart of a minute or two
 * never sends anyone back to the login screen, while a short blip is bridged within seconds.
 * @param attempt - the attempt's number, 1 to {@link RECONNECT_MAX_RETRIES}.
 * @param jitter - a random number in [0, 1); 0.5 gives the schedule's exact value.
 */
export function reconnectDelay(attempt: number, jitter = 0.5): number {
  const base = Math.min(
    RECONNECT_BASE_DELAY_MS * 2 ** (attempt - 1),
    RECONNECT_MAX_DELAY_MS,
  );
  return Math.round(base * (1 + RECONNECT_JITTER * (2 * jitter - 1)));
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
    case "attempt":
      return { state: { ...state, retryPending: false }, effects: [] };
    case "status":
      return onStatus({ ...state, status: input.status }, input);
  }
}

function onNetwork(state: ConnectionState, up: boolean): Step {
  if (!up) return { state: { ...state, network: "fail" }, effects: [] };
  if (state.network !== "fail" || !state.initialised)
    return { state, effects: [] };
  // A blip that never dropped the connection: it is back as soon as the network is.
  if (state.status === "connected" || state.status === "attached")
    return restored(state, []);
  // Back online while the failure dialog shows: try again at once (instead of waiting out the backoff).
  if (state.retries < RECONNECT_MAX_RETRIES && state.reason === null)
    return {
      state: { ...state, retryPending: true },
      effects: [{ type: "reconnect", delayMs: 0 }],
    };
  return { state, effects: [] };
}

/** The connection is back after a failure: the dialog says "restored", then closes on its own. */
function restored(state: ConnectionState, effects: ConnectionEffect[]): Step {
  if (state.network !== "fail") return { state, effects };
  return {
    state: { ...state, network: "restore" },
    effects: [
      ...effects,
      { type: "acknowledgeNetwork", delayMs: NETWORK_RESTORED_NOTICE_MS },
    ],
  };
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
      return restored(
        { ...state, retries: 0, reason: null, retryPending: false },
        [{ type: "resume" }],
      );
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
      return onDisconnected(state, input.networkUp, input.jitter ?? 0.5);
    default:
      return { state, effects: [] };
  }
}

function onDisconnected(
  state: ConnectionState,
  networkUp: boolean,
  jitter: number,
): Step {
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
      return {
        state: { ...cleared, retryPending: true },
        effects: [{ type: "reconnect", delayMs: 0 }],
      };
    case null:
      break;
  }
  // Lost without asking: before the first login completed, the login screen handles it.
  if (!state.initialised) return { state, effects: [{ type: "stopLoading" }] };
  // The failure that scheduled the pending retry, reported again: the retry already answers it.
  if (state.retryPending) return { state, effects: [] };
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
    state: { ...state, retries, network: "fail", retryPending: true },
    effects: [{ type: "reconnect", delayMs: reconnectDelay(retries, jitter) }],
  };
}
