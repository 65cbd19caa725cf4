/**
 * The main window's session (spec §4 "Login flow", "Connection states", presence, lock mode): it signs in over
 * REST, opens the chat connection, runs the connection machine's effects, refreshes the token every 50 minutes and
 * reports errors as spec §8 says. Views read it through a zustand store; one controller per window.
 */
import {
  DEFAULT_OWN_PRESENCE_STATE,
  describeHttpFailure,
  describeLoginResult,
  describeTokenRefreshFailure,
  describeUnlockResult,
  handshakeEmail,
  HttpStatusError,
  MESSAGE_CODES,
  SessionExpiredError,
  TOKEN_REFRESH_INTERVAL_MS,
  TokenRefreshError,
  type ApiClient,
  type MessageCode,
  type OwnPresenceState,
  type UserInfo,
} from "@moa/shared";
import { createStore, type StoreApi } from "zustand/vanilla";
import {
  createMemoryTokenStore,
  createWebApiClient,
} from "../../api/api-client";
import {
  checkExistingSession,
  fetchMessengerInfo,
  fetchOrgSetting,
  fetchOrgTree,
  handshake,
  login,
  logoutSession,
  verifyLockPassword,
} from "../../api/auth-api";
import { encryptPassword } from "../../api/password-crypto";
import { authorizedFetch } from "../../api/authorized-fetch";
import { isNetworkUp, subscribeNetwork } from "../../platform";
import type { ChatConnection } from "./chat-connection";
import type { WindowManager } from "./window-manager";
import { IqError } from "./chat-connection";
import {
  INITIAL_CONNECTION_STATE,
  stepConnection,
  type ConnectionEffect,
  type ConnectionInput,
  type ConnectionState,
  type ConnectionStatus,
  type DisconnectReason,
} from "./connection-machine";
import {
  clearAutoLogin,
  loadLoginSettings,
  saveLoginSettings,
} from "./login-settings";
import { clearOrgTree, setOrgTree } from "./org-cache";

/** A message to show in the shared alert dialog; `serverText` is the server's ErrorMsg where spec §8 says so. */
export type SessionAlert = {
  id: number;
  code: MessageCode;
  detail?: MessageCode;
  serverText?: string;
};

export type LoginStep =
  "idle" | "login" | "session" | "handshake" | "org" | "connecting";

export type SessionState = {
  phase: "signedOut" | "signingIn" | "signedIn";
  step: LoginStep;
  user: UserInfo | null;
  /** Web token for groupware single-sign-on links. */
  webToken: string | null;
  connection: ConnectionState;
  presence: OwnPresenceState;
  /** The user picked the presence (auto-away never overrides it, activity never resets it). */
  presenceByHand: boolean;
  locked: boolean;
  alerts: SessionAlert[];
  /** Where to go after the session ended (the app shell navigates). */
  exit:
    { to: "login"; flag: "logout" | "authfail" | null } | { to: "quit" } | null;
};

/** The outcome of a sign-in attempt, for the login screen's dialogs. */
export type SignInResult =
  | { kind: "signedIn" }
  | { kind: "failed" }
  | { kind: "cancelled" }
  | { kind: "sessionExists" }
  | { kind: "passwordExpired" }
  | { kind: "privacyNotAgreed" };

export type SignInForm = {
  domain: string;
  id: string;
  /** The typed password, or null to use the stored auto-login token. */
  password: string | null;
  autoToken?: string;
  saveId: boolean;
  auto: boolean;
  changePasswordLater?: boolean;
};

/** What the controller is built from; tests pass fakes for the connection and timers. */
export type SessionDeps = {
  baseUrl: string;
  locale: () => string;
  createConnection?: (url: string) => ChatConnection;
  networkUp?: () => boolean;
  /** How long the first chat connection may take before the login fails (ms). */
  connectTimeoutMs?: number;
};

let alertSeq = 0;

export class SessionController {
  readonly store: StoreApi<SessionState>;
  readonly tokens = createMemoryTokenStore();
  readonly api: ApiClient;
  /** Opens view windows; only the main window has one. */
  windows: WindowManager | null = null;
  private connection: ChatConnection | null = null;
  private chatJid = "";
  private passwordKey = "";
  private cancelRequested = false;
  private pendingForm: SignInForm | null = null;
  private firstConnect: { resolve: (ok: boolean) => void } | null = null;
  private timers = new Set<ReturnType<typeof setTimeout>>();
  private refreshTimer: ReturnType<typeof setInterval> | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  /** Counts connection attempts: statuses of an older attempt's connection are stale and ignored. */
  private generation = 0;
  private unsubscribeNetwork: (() => void) | null = null;
  private fatalShown = false;
  private readonly resumeListeners = new Set<() => void>();
  private readonly messageListeners = new Set<(message: Element) => void>();
  private readonly presenceListeners = new Set<(presence: Element) => void>();

  constructor(private readonly deps: SessionDeps) {
    this.api = createWebApiClient(deps.baseUrl, this.tokens, deps.locale);
    this.store = createStore<SessionState>(() => ({
      phase: "signedOut",
      step: "idle",
      user: null,
      webToken: null,
      connection: INITIAL_CONNECTION_STATE,
      presence: DEFAULT_OWN_PRESENCE_STATE,
      presenceByHand: false,
      locked: false,
      alerts: [],
      exit: null,
    }));
  }

  // ---- alerts -------------------------------------------------------------------------------------------

  /** Queues an alert for the shared alert dialog. */
  alert(code: MessageCode, detail?: MessageCode, serverText?: string): void {
    const next: SessionAlert = { id: (alertSeq += 1), code };
    if (detail) next.detail = detail;
    if (serverText) next.serverText = serverText;
    this.store.setState((s) => ({ alerts: [...s.alerts, next] }));
  }

  /** Removes an alert the user confirmed. */
  dismissAlert(id: number): void {
    this.store.setState((s) => ({
      alerts: s.alerts.filter((a) => a.id !== id),
    }));
  }

  /**
   * Reports a failed REST call as spec §8 says: 401/418 → session expired and back to login; a refused refresh →
   * its alert and logout; any other HTTP error → a server error shown once, then quit.
   * @returns true when the error was one of those (network errors are left to the network dialog).
   */
  reportApiError(err: unknown): boolean {
    if (err instanceof SessionExpiredError) {
      this.alert(describeHttpFailure(err.status).code);
      this.endLocally({ to: "login", flag: "logout" });
      return true;
    }
    if (err instanceof TokenRefreshError) {
      this.onRefreshRefused(err);
      return true;
    }
    if (
      err instanceof HttpStatusError &&
      describeHttpFailure(err.status).kind === "throttled"
    ) {
      // Rate limited: the user waits and tries again; nothing is lost, so nothing closes.
      this.alert(describeHttpFailure(err.status).code);
      return true;
    }
    if (err instanceof HttpStatusError) {
      if (!this.fatalShown) {
        this.fatalShown = true;
        this.alert(describeHttpFailure(err.status).code);
        this.endLocally({ to: "quit" });
      }
      return true;
    }
    return false;
  }

  // ---- sign in ------------------------------------------------------------------------------------------

  /**
   * Runs the login flow up to a live chat connection: messenger info → login2 → session check → handshake →
   * org tree → chat connection. Dialog outcomes (session exists, password expired, no consent) are returned.
   */
  async signIn(form: SignInForm): Promise<SignInResult> {
    this.cancelRequested = false;
    this.fatalShown = false;
    this.store.setState({ phase: "signingIn", step: "login", exit: null });
    try {
      const info = await fetchMessengerInfo(this.api, form.domain);
      if (this.isCancelled()) return await this.cancelled();
      if (!info) return this.fail(MESSAGE_CODES.loginWrongDomain);
      this.passwordKey = info.passwordKey.spki;
      const token =
        form.password === null
          ? (form.autoToken ?? "")
          : await encryptPassword(info.passwordKey.spki, form.password);
      const answer = await login(this.api, {
        username: form.id,
        token,
        domnNm: info.basicDoamin,
        type: "chat",
        isChangePwdLater: form.changePasswordLater ?? false,
        autoLogin: form.auto,
      });
      if (this.isCancelled()) return await this.cancelled();
      if (!answer.ok) {
        if (form.password === null) clearAutoLogin();
        const outcome = describeLoginResult(answer.code);
        this.store.setState({ phase: "signedOut", step: "idle" });
        if (outcome.kind === "passwordExpired")
          return { kind: "passwordExpired" };
        if (outcome.kind === "privacyNotAgreed")
          return { kind: "privacyNotAgreed" };
        if (outcome.kind === "alert") this.alert(outcome.code);
        return { kind: "failed" };
      }
      const { Token_Info: t, User_Info: user } = answer.body;
      this.tokens.set({
        accessToken: t.Access_Token,
        refreshToken: t.Refresh_Token,
      });
      this.chatJid = user.messengerId;
      this.store.setState({ user, webToken: t.Web_Token });
      const domains = [
        info.basicDoamin,
        ...loadLoginSettings().domains.filter((d) => d !== info.basicDoamin),
      ];
      saveLoginSettings({
        domain: info.basicDoamin,
        domains,
        // Auto login implies a saved ID (its checkbox shows ticked and disabled).
        saveId: form.saveId || form.auto,
        id: form.saveId || form.auto ? form.id : "",
        auto: form.auto,
        autoToken: form.auto ? t.Auto_Login_Token : undefined,
      });
      this.store.setState({ step: "session" });
      const exists = await checkExistingSession(
        this.api,
        user.corpSeq,
        user.loginId,
      );
      if (this.isCancelled()) return await this.cancelled();
      if (exists) {
        this.pendingForm = form;
        return { kind: "sessionExists" };
      }
      return await this.connectChat();
    } catch (err) {
      return this.failWith(err);
    }
  }

  /** The user chose "continue" in the session-exists dialog: the other session will be replaced. */
  async continueSignIn(): Promise<SignInResult> {
    this.pendingForm = null;
    try {
      return await this.connectChat();
    } catch (err) {
      return this.failWith(err);
    }
  }

  /** Cancels a sign-in in progress (loading view's cancel, or "cancel" in the session-exists dialog). */
  async cancelSignIn(): Promise<void> {
    this.cancelRequested = true;
    this.pendingForm = null;
    if (this.connection && this.firstConnect) {
      this.dispatch({ type: "close", reason: "cancel" });
      return;
    }
    if (this.tokens.get()) await this.dropServerSession();
    this.store.setState({ phase: "signedOut", step: "idle", user: null });
  }

  private async connectChat(): Promise<SignInResult> {
    const user = this.store.getState().user;
    if (!user) return this.fail(MESSAGE_CODES.loginServerUnreachable);
    this.store.setState({ step: "handshake" });
    const hs = await handshake(
      this.api,
      handshakeEmail(user.loginId, user.domain),
    );
    if (this.isCancelled()) return await this.cancelled();
    if (!hs) return this.fail(MESSAGE_CODES.loginServerUnreachable);
    this.store.setState({ step: "org" });
    const [tree, virtualBranch] = await Promise.all([
      fetchOrgTree(this.api, hs.orgUrl),
      fetchOrgSetting(this.api),
    ]);
    setOrgTree(tree, virtualBranch);
    if (this.isCancelled()) return await this.cancelled();
    this.store.setState({
      step: "connecting",
      connection: INITIAL_CONNECTION_STATE,
    });
    const connected = await this.openFirstConnection(hs.chatServer);
    if (!connected) {
      if (this.isCancelled()) return await this.cancelled();
      await this.dropServerSession();
      this.store.setState({ phase: "signedOut", step: "idle" });
      return { kind: "failed" };
    }
    this.startRefreshTimer();
    this.unsubscribeNetwork = subscribeNetwork((up) => {
      this.dispatch({ type: "network", up });
    });
    this.store.setState({
      phase: "signedIn",
      step: "idle",
      presence: DEFAULT_OWN_PRESENCE_STATE,
      presenceByHand: false,
    });
    return { kind: "signedIn" };
  }

  private async openFirstConnection(url: string): Promise<boolean> {
    let create = this.deps.createConnection;
    if (!create) {
      try {
        ({ createStropheConnection: create } =
          await import("./strophe-connection"));
      } catch {
        // The XMPP code could not be fetched: to the user the chat server is as unreachable as a refused socket.
        this.alert(MESSAGE_CODES.loginServerUnreachable);
        this.dispatch({ type: "close", reason: "cancel" });
        return false;
      }
    }
    this.connection = create(url);
    this.connection.onMessage((message) => {
      for (const fn of this.messageListeners) fn(message);
    });
    this.connection.onPresence((presence) => {
      for (const fn of this.presenceListeners) fn(presence);
    });
    return new Promise<boolean>((resolve) => {
      const timer = this.later(() => {
        if (!this.firstConnect) return;
        this.firstConnect = null;
        this.alert(MESSAGE_CODES.loginServerUnreachable);
        this.dispatch({ type: "close", reason: "cancel" });
        resolve(false);
      }, this.deps.connectTimeoutMs ?? 15_000);
      this.firstConnect = {
        resolve: (ok) => {
          clearTimeout(timer);
          this.timers.delete(timer);
          this.firstConnect = null;
          resolve(ok);
        },
      };
      this.openConnection();
    });
  }

  private openConnection() {
    const access = this.tokens.get()?.accessToken;
    if (!this.connection || !access) return;
    const generation = (this.generation += 1);
    this.connection.connect(this.chatJid, access, (status, condition) => {
      if (generation !== this.generation) return;
      this.dispatchStatus(status, condition);
    });
  }

  private dispatchStatus(status: ConnectionStatus, condition?: string) {
    const input: ConnectionInput = {
      type: "status",
      status,
      networkUp: (this.deps.networkUp ?? isNetworkUp)(),
      jitter: Math.random(),
    };
    this.dispatch(condition ? { ...input, condition } : input);
  }

  // ---- connection machine -------------------------------------------------------------------------------

  /** Feeds the connection machine and runs its effects. */
  dispatch(input: ConnectionInput): void {
    const { state, effects } = stepConnection(
      this.store.getState().connection,
      input,
    );
    this.store.setState({ connection: state });
    for (const effect of effects) this.run(effect);
  }

  /** Registers work to redo after a reconnect (room lists, open rooms, missed messages). */
  onResume(fn: () => void): () => void {
    this.resumeListeners.add(fn);
    return () => {
      this.resumeListeners.delete(fn);
    };
  }

  /** Listens to every incoming chat `<message/>` of this session, across reconnects. */
  onMessage(fn: (message: Element) => void): () => void {
    this.messageListeners.add(fn);
    return () => {
      this.messageListeners.delete(fn);
    };
  }

  /** Listens to every incoming `<presence/>` of this session, across reconnects. */
  onPresence(fn: (presence: Element) => void): () => void {
    this.presenceListeners.add(fn);
    return () => {
      this.presenceListeners.delete(fn);
    };
  }

  /**
   * Sends an iq over the chat connection.
   * @returns the result iq; rejects with an `IqError` (`offline` while disconnected, `timeout`, or the condition).
   */
  sendIq(iq: Element, timeoutMs: number): Promise<Element> {
    if (
      !this.connection ||
      this.store.getState().connection.status !== "connected"
    )
      return Promise.reject(new IqError("offline"));
    return this.connection.sendIq(iq, timeoutMs);
  }

  /**
   * Sends a stanza over the chat connection (room messages: their reflection is the acknowledgement).
   * @returns false while disconnected (nothing was sent).
   */
  send(stanza: Element): boolean {
    if (
      !this.connection ||
      this.store.getState().connection.status !== "connected"
    )
      return false;
    this.connection.send(stanza);
    return true;
  }

  /**
   * The access token for view windows' file API calls (views never hold the session; spec §7.1 interceptor rule).
   * @param refused - a token the server just refused: renewed unless the session's token changed since.
   * @returns the current access token.
   * @throws Error when signed out; the refresh's error when renewal fails (reported as spec §8 says).
   */
  async accessToken(refused?: string): Promise<string> {
    if (refused !== undefined && refused === this.tokens.get()?.accessToken)
      try {
        await this.api.refresh();
      } catch (err) {
        this.reportApiError(err);
        throw err;
      }
    const access = this.tokens.get()?.accessToken;
    if (!access || this.store.getState().phase !== "signedIn")
      throw new Error("signed out");
    return access;
  }

  private run(effect: ConnectionEffect) {
    switch (effect.type) {
      case "initialise":
        this.connection?.sendPresence(this.store.getState().presence);
        this.firstConnect?.resolve(true);
        return;
      case "resume":
        // The token was renewed just before this attempt connected (reconnect()).
        this.connection?.sendPresence(this.store.getState().presence);
        for (const fn of this.resumeListeners) fn();
        return;
      case "alert":
        this.alert(effect.code, effect.detail);
        return;
      case "close":
        this.connection?.disconnect(effect.reason);
        return;
      case "clearAutoLogin":
        clearAutoLogin();
        return;
      case "stopLoading":
        this.firstConnect?.resolve(false);
        if (this.store.getState().phase === "signingIn")
          this.store.setState({ phase: "signedOut", step: "idle" });
        return;
      case "toLogin":
        this.endLocally({ to: "login", flag: effect.flag });
        return;
      case "quit":
        this.endLocally({ to: "quit" });
        return;
      case "scheduleLogout":
        this.later(() => {
          void this.logout();
        }, effect.delayMs);
        return;
      case "reconnect":
        // One retry at a time: coming back online replaces the backoff's wait with an attempt now.
        if (this.reconnectTimer) this.cancelTimer(this.reconnectTimer);
        this.reconnectTimer = this.later(() => {
          this.reconnectTimer = null;
          void this.reconnect();
        }, effect.delayMs);
        return;
      case "acknowledgeNetwork":
        this.later(() => {
          this.dispatch({ type: "networkAcknowledged" });
        }, effect.delayMs);
        return;
    }
  }

  private async reconnect() {
    if (this.store.getState().phase !== "signedIn") return;
    this.dispatch({ type: "attempt" });
    const generation = this.generation;
    // The token may have expired while the server was away: renew it first, so the chat login never fails on an
    // old token. Only a refused renewal ends the session; an unreachable or starting server is a failed attempt.
    try {
      await this.api.refresh();
    } catch (err) {
      if (
        err instanceof TokenRefreshError ||
        err instanceof SessionExpiredError
      ) {
        this.reportApiError(err);
        return;
      }
      if (generation === this.generation) this.dispatchStatus("disconnected");
      return;
    }
    if (this.store.getState().phase !== "signedIn") return;
    this.openConnection();
  }

  private async renewToken() {
    try {
      await this.api.refresh();
    } catch (err) {
      this.reportApiError(err);
    }
  }

  private startRefreshTimer() {
    this.stopRefreshTimer();
    this.refreshTimer = setInterval(() => {
      void this.renewToken();
    }, TOKEN_REFRESH_INTERVAL_MS);
  }

  private stopRefreshTimer() {
    if (this.refreshTimer) clearInterval(this.refreshTimer);
    this.refreshTimer = null;
  }

  private onRefreshRefused(err: TokenRefreshError) {
    const failure = describeTokenRefreshFailure(err.code);
    if (failure.kind === "alert") this.alert(failure.code);
    else if (failure.kind === "serverMessage")
      this.alert(MESSAGE_CODES.loginBlocked, undefined, err.serverMessage);
    void this.closeSession("logout");
  }

  // ---- presence, lock -----------------------------------------------------------------------------------

  /** Sets the own presence; `byHand` when the user picked it from the menu. */
  setPresence(presence: OwnPresenceState, byHand: boolean): void {
    this.store.setState({ presence, presenceByHand: byHand });
    if (this.store.getState().connection.status === "connected")
      this.connection?.sendPresence(presence);
  }

  /** Encrypts a password to the server key of this session's login (the webhard login takes it like login2). */
  async encryptPassword(password: string): Promise<string> {
    return encryptPassword(this.passwordKey, password);
  }

  /** Locks the app (idle threshold or the user-info layer's lock). */
  lock(): void {
    if (this.store.getState().phase === "signedIn")
      this.store.setState({ locked: true });
  }

  /**
   * Checks the lock screen's password: unlocks on success; 103 logs out (LO.A.079), 104 → LO.A.076, else SE.NO.A.011.
   * @returns true when unlocked.
   */
  async unlock(password: string): Promise<boolean> {
    try {
      const code = await verifyLockPassword(
        this.api,
        await encryptPassword(this.passwordKey, password),
      );
      const outcome = describeUnlockResult(code);
      if (outcome.kind === "unlocked") {
        this.store.setState({ locked: false });
        return true;
      }
      this.alert(outcome.code);
      if (outcome.logout) await this.closeSession("logout");
      return false;
    } catch (err) {
      if (!this.reportApiError(err)) this.alert(MESSAGE_CODES.lockFailed);
      return false;
    }
  }

  // ---- ending -------------------------------------------------------------------------------------------

  /** Logs out: ends the server session and closes the connection; the login screen follows without auto login. */
  async logout(): Promise<void> {
    clearAutoLogin();
    await this.closeSession("logout");
  }

  /** Exits the app (user-info layer's exit). */
  async exitApp(): Promise<void> {
    await this.closeSession("exit");
  }

  /** The user left the network-failure dialog for the login screen. */
  async giveUpReconnecting(): Promise<void> {
    await this.closeSession("logout");
  }

  private async closeSession(reason: DisconnectReason) {
    await this.dropServerSession();
    if (
      this.connection &&
      this.store.getState().connection.status === "connected"
    ) {
      this.dispatch({ type: "close", reason });
      return;
    }
    this.endLocally(
      reason === "exit"
        ? { to: "quit" }
        : { to: "login", flag: reason === "authfail" ? "authfail" : "logout" },
    );
  }

  private async dropServerSession() {
    if (!this.tokens.get()) return;
    try {
      await logoutSession(this.api);
    } catch {
      // The session ends locally either way; the server expires it on its own.
    }
    this.tokens.clear();
  }

  private endLocally(exit: NonNullable<SessionState["exit"]>) {
    this.stopRefreshTimer();
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.reconnectTimer = null;
    // Statuses of the closing connection belong to the ended session.
    this.generation += 1;
    this.unsubscribeNetwork?.();
    this.unsubscribeNetwork = null;
    const conn = this.connection;
    this.connection = null;
    if (conn && this.store.getState().connection.status === "connected")
      conn.disconnect("logout");
    this.tokens.clear();
    clearOrgTree();
    this.store.setState({
      phase: "signedOut",
      step: "idle",
      user: null,
      webToken: null,
      locked: false,
      connection: INITIAL_CONNECTION_STATE,
      exit,
    });
  }

  /**
   * The main window is closing or reloading: end the server session so the next start (auto login) is not told
   * that the ID is in use elsewhere.
   */
  endOnUnload(): void {
    const access = this.tokens.get()?.accessToken;
    if (!access || this.store.getState().phase !== "signedIn") return;
    // keepalive: the request outlives the page; if it fails, the server expires the session on its own.
    authorizedFetch(
      `${this.deps.baseUrl}/api/v1/auth/logout`,
      access,
      {
        method: "POST",
        headers: {
          "X-Requested-With": "MoaWeb",
          "Content-Type": "application/json",
        },
        body: "{}",
        keepalive: true,
      },
      this.deps.baseUrl,
    ).catch(() => undefined);
  }

  /** The shell consumed `exit` (navigated away). */
  clearExit(): void {
    this.store.setState({ exit: null });
  }

  // ---- helpers ------------------------------------------------------------------------------------------

  // A method, not a field read: the flag changes while a sign-in awaits the server.
  private isCancelled(): boolean {
    return this.cancelRequested;
  }

  private cancelTimer(t: ReturnType<typeof setTimeout>) {
    clearTimeout(t);
    this.timers.delete(t);
  }

  private later(fn: () => void, ms: number) {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    this.timers.add(t);
    return t;
  }

  private fail(code: MessageCode): SignInResult {
    this.alert(code);
    this.store.setState({ phase: "signedOut", step: "idle" });
    return { kind: "failed" };
  }

  private async cancelled(): Promise<SignInResult> {
    await this.dropServerSession();
    this.store.setState({ phase: "signedOut", step: "idle", user: null });
    return { kind: "cancelled" };
  }

  private async failWith(err: unknown): Promise<SignInResult> {
    if (this.isCancelled()) return await this.cancelled();
    await this.dropServerSession();
    if (
      err instanceof HttpStatusError &&
      describeHttpFailure(err.status).kind === "throttled"
    )
      return this.fail(describeHttpFailure(err.status).code);
    // Before login nothing is worth quitting for: every failure to reach the servers reads the same.
    if (
      err instanceof HttpStatusError ||
      err instanceof TypeError ||
      !(err instanceof Error) ||
      err.name !== "SessionExpiredError"
    )
      return this.fail(MESSAGE_CODES.loginServerUnreachable);
    return this.fail(MESSAGE_CODES.sessionExpired);
  }
}
