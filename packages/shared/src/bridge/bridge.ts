/**
 * The window bridge core (STYLE.md §4), written once for every transport: typed events and requests, request ids,
 * timeouts (10 s by default), payload validation on receipt and Result envelopes. Transports only move envelopes.
 */
import {
  BRIDGE_PROTOCOL_VERSION,
  bridgeEvents,
  bridgeRequests,
  envelopeSchema,
  type BridgeErrorCode,
  type BridgeEventType,
  type BridgeEvents,
  type BridgeRequestType,
  type BridgeRequests,
  type BridgeResponses,
  type BridgeTransport,
  type Envelope,
  type Unsubscribe,
  type WindowId,
} from "./protocol.js";

/** Default time a request waits for its answer. */
export const BRIDGE_REQUEST_TIMEOUT_MS = 10_000;

/** A failed request: `timeout`, `no_handler`, `invalid_payload` or `remote_error` (the handler threw). */
export class BridgeError extends Error {
  /**
   * @param code - why the request failed.
   * @param message - detail for logs, never shown to users.
   */
  constructor(
    readonly code: BridgeErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "BridgeError";
  }
}

/** Timer functions; injectable so tests can drive time. */
export type BridgeTimers = {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

// shared compiles without DOM or Node types, yet every runtime we target has these globals.
const globalTimers = globalThis as unknown as BridgeTimers;

/** Where the bridge reports dropped envelopes and handler failures. */
export type BridgeLogger = (
  message: string,
  details?: Record<string, unknown>,
) => void;

/** Options of {@link createBridge}. */
export type BridgeOptions = {
  /** Request timeout in ms (default {@link BRIDGE_REQUEST_TIMEOUT_MS}). */
  timeoutMs?: number;
  /** Makes request ids (default: a counter prefixed with the window id and a random part). */
  createId?: () => string;
  /** Receives warnings (invalid envelopes, version mismatch, handler errors). */
  log?: BridgeLogger;
  /** Timers (default: the global ones). */
  timers?: BridgeTimers;
  /**
   * Answer `no_handler` to requests this window has no handler for (default true). Main windows share one id, one
   * per browser tab; they pass false so that a tab without a session (on the login screen) stays silent and the tab
   * that has one answers, instead of failing every view window's request first.
   */
  answerUnhandled?: boolean;
};

/** A window's end of the bridge. */
export type Bridge = {
  /** This window's id. */
  readonly self: WindowId;
  /**
   * Sends an event.
   * @param type - the event name.
   * @param payload - its payload (validated before sending).
   * @param to - one window; all others when omitted.
   * @throws BridgeError `invalid_payload` when the payload does not match its schema (a programming error).
   */
  emit<K extends BridgeEventType>(
    type: K,
    payload: BridgeEvents[K],
    to?: WindowId,
  ): void;
  /**
   * Listens to an event; the payload is validated first and invalid ones are dropped.
   * @returns the unsubscribe function.
   */
  on<K extends BridgeEventType>(
    type: K,
    listener: (payload: BridgeEvents[K], from: WindowId) => void,
  ): Unsubscribe;
  /**
   * Asks another window (main by default) and waits for its answer.
   * @returns the validated answer.
   * @throws BridgeError with `timeout`, `no_handler`, `invalid_payload` or `remote_error`.
   */
  request<K extends BridgeRequestType>(
    type: K,
    payload: BridgeRequests[K],
    opts?: { to?: WindowId; timeoutMs?: number },
  ): Promise<BridgeResponses[K]>;
  /**
   * Answers a request type in this window.
   * @returns the unsubscribe function.
   * @throws Error when the type already has a handler here.
   */
  handle<K extends BridgeRequestType>(
    type: K,
    handler: (
      payload: BridgeRequests[K],
      from: WindowId,
    ) => BridgeResponses[K] | Promise<BridgeResponses[K]>,
  ): Unsubscribe;
  /** Rejects pending requests, drops listeners and closes the transport. */
  close(): void;
};

type Pending = {
  resolve: (value: unknown) => void;
  reject: (error: BridgeError) => void;
  timer: unknown;
  type: BridgeRequestType;
};

type AnyHandler = (payload: unknown, from: WindowId) => unknown;
type AnyListener = (payload: unknown, from: WindowId) => void;

const isRequestType = (type: string): type is BridgeRequestType =>
  Object.hasOwn(bridgeRequests, type);
const isEventType = (type: string): type is BridgeEventType =>
  Object.hasOwn(bridgeEvents, type);

/**
 * Creates a window's bridge over a transport.
 * @param self - this window's id (the relay in Electron overwrites `from` with the registered id).
 * @param transport - moves envelopes between windows.
 * @param options - timeout, id generator and logger.
 * @returns the bridge.
 */
export function createBridge(
  self: WindowId,
  transport: BridgeTransport,
  options: BridgeOptions = {},
): Bridge {
  const timeoutMs = options.timeoutMs ?? BRIDGE_REQUEST_TIMEOUT_MS;
  const timers = options.timers ?? globalTimers;
  const log: BridgeLogger = options.log ?? (() => undefined);
  let counter = 0;
  const salt = Math.random().toString(36).slice(2, 8);
  const createId =
    options.createId ?? (() => `${self}:${salt}:${String((counter += 1))}`);
  const pending = new Map<string, Pending>();
  const handlers = new Map<string, AnyHandler>();
  const listeners = new Map<string, Set<AnyListener>>();
  let closed = false;

  const respond = (
    to: WindowId,
    id: string,
    result: Extract<Envelope, { kind: "response" }>["result"],
  ) => {
    transport.post({
      v: BRIDGE_PROTOCOL_VERSION,
      kind: "response",
      from: self,
      to,
      id,
      result,
    });
  };
  const failure = (
    to: WindowId,
    id: string,
    code: BridgeErrorCode,
    message: string,
  ) => {
    respond(to, id, { ok: false, error: { code, message } });
  };

  const onRequest = async (env: Extract<Envelope, { kind: "request" }>) => {
    const handler = handlers.get(env.type);
    if (!handler && options.answerUnhandled === false) return;
    if (!handler || !isRequestType(env.type)) {
      failure(
        env.from,
        env.id,
        "no_handler",
        `no handler for ${env.type} in ${self}`,
      );
      return;
    }
    const parsed = bridgeRequests[env.type].req.safeParse(env.payload);
    if (!parsed.success) {
      failure(env.from, env.id, "invalid_payload", parsed.error.message);
      return;
    }
    try {
      const value = await handler(parsed.data, env.from);
      const checked = bridgeRequests[env.type].res.safeParse(value);
      if (!checked.success) {
        log("bridge handler returned an invalid value", {
          type: env.type,
          issues: checked.error.issues,
        });
        failure(
          env.from,
          env.id,
          "remote_error",
          "handler returned an invalid value",
        );
        return;
      }
      respond(env.from, env.id, { ok: true, value: checked.data });
    } catch (err) {
      log("bridge handler failed", { type: env.type, error: String(err) });
      failure(
        env.from,
        env.id,
        "remote_error",
        err instanceof Error ? err.message : String(err),
      );
    }
  };

  const onResponse = (env: Extract<Envelope, { kind: "response" }>) => {
    const p = pending.get(env.id);
    if (!p) return;
    pending.delete(env.id);
    timers.clearTimeout(p.timer);
    if (!env.result.ok) {
      p.reject(
        new BridgeError(env.result.error.code, env.result.error.message),
      );
      return;
    }
    const parsed = bridgeRequests[p.type].res.safeParse(env.result.value);
    if (parsed.success) p.resolve(parsed.data);
    else p.reject(new BridgeError("invalid_payload", parsed.error.message));
  };

  const onEvent = (env: Extract<Envelope, { kind: "event" }>) => {
    const set = listeners.get(env.type);
    if (!set || set.size === 0 || !isEventType(env.type)) return;
    const parsed = bridgeEvents[env.type].safeParse(env.payload);
    if (!parsed.success) {
      log("bridge dropped an invalid event", {
        type: env.type,
        issues: parsed.error.issues,
      });
      return;
    }
    for (const listener of [...set]) listener(parsed.data, env.from);
  };

  const unsubscribe = transport.subscribe((raw) => {
    if (closed) return;
    const parsed = envelopeSchema.safeParse(raw);
    if (!parsed.success) {
      const v =
        typeof raw === "object" && raw !== null
          ? (raw as { v?: unknown }).v
          : undefined;
      log(
        v === BRIDGE_PROTOCOL_VERSION
          ? "bridge dropped a malformed envelope"
          : "bridge dropped an envelope of another version",
        { v },
      );
      return;
    }
    const env = parsed.data;
    if (env.from === self) return;
    if (env.to !== undefined && env.to !== self) return;
    if (env.kind === "request") void onRequest(env);
    else if (env.kind === "response") onResponse(env);
    else onEvent(env);
  });

  return {
    self,
    emit(type, payload, to) {
      const parsed = bridgeEvents[type].safeParse(payload);
      if (!parsed.success)
        throw new BridgeError(
          "invalid_payload",
          `${type}: ${parsed.error.message}`,
        );
      const env: Envelope = {
        v: BRIDGE_PROTOCOL_VERSION,
        kind: "event",
        from: self,
        type,
        payload: parsed.data,
      };
      if (to !== undefined) env.to = to;
      transport.post(env);
    },
    on(type, listener) {
      let set = listeners.get(type);
      if (!set) listeners.set(type, (set = new Set()));
      const l = listener as AnyListener;
      set.add(l);
      return () => {
        set.delete(l);
      };
    },
    request(type, payload, opts = {}) {
      const parsed = bridgeRequests[type].req.safeParse(payload);
      if (!parsed.success)
        return Promise.reject(
          new BridgeError(
            "invalid_payload",
            `${type}: ${parsed.error.message}`,
          ),
        );
      if (closed)
        return Promise.reject(new BridgeError("no_handler", "bridge closed"));
      const id = createId();
      const to = opts.to ?? "main";
      return new Promise((resolve, reject) => {
        const timer = timers.setTimeout(() => {
          pending.delete(id);
          reject(new BridgeError("timeout", `${type} to ${to} got no answer`));
        }, opts.timeoutMs ?? timeoutMs);
        pending.set(id, {
          resolve: resolve as (v: unknown) => void,
          reject,
          timer,
          type,
        });
        transport.post({
          v: BRIDGE_PROTOCOL_VERSION,
          kind: "request",
          from: self,
          to,
          id,
          type,
          payload: parsed.data,
        });
      });
    },
    handle(type, handler) {
      if (handlers.has(type))
        throw new Error(`bridge: ${type} already has a handler in ${self}`);
      const h = handler as AnyHandler;
      handlers.set(type, h);
      return () => {
        if (handlers.get(type) === h) handlers.delete(type);
      };
    },
    close() {
      if (closed) return;
      closed = true;
      unsubscribe();
      for (const [id, p] of pending) {
        timers.clearTimeout(p.timer);
        p.reject(new BridgeError("no_handler", "bridge closed"));
        pending.delete(id);
      }
      handlers.clear();
      listeners.clear();
      transport.close?.();
    },
  };
}
