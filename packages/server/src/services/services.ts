/** Builds every service over one database and clock; the composition the app, the CLI and test factories share. */
import type { ChatBus } from "../bus/bus.js";
import { createMemoryBus } from "../bus/memory-bus.js";
import type { Clock } from "../clock.js";
import type { Db } from "../db/database.js";
import { AppMetaRepository } from "../db/repositories/app-meta.repository.js";
import { AuditRepository } from "../db/repositories/audit.repository.js";
import { ChatCredentialsRepository } from "../db/repositories/chat-credentials.repository.js";
import { CompaniesRepository } from "../db/repositories/companies.repository.js";
import { DepartmentsRepository } from "../db/repositories/departments.repository.js";
import { LoginFailuresRepository } from "../db/repositories/login-failures.repository.js";
import { SessionsRepository } from "../db/repositories/sessions.repository.js";
import { UsersRepository } from "../db/repositories/users.repository.js";
import { loadAuthKeys, type AuthKeys } from "./auth/auth-keys.js";
import { LoginService } from "./auth/login.service.js";
import { MessengerInfoService } from "./auth/messenger-info.service.js";
import { PasswordGate } from "./auth/password-gate.js";
import { rememberScramKeys } from "./auth/chat-login.service.js";
import { SessionEvents } from "./auth/session-events.js";
import { SessionService } from "./auth/session.service.js";
import { AccessTokenService } from "./auth/token.service.js";
import { DirectoryService } from "./directory/directory.service.js";
import { OrgService } from "./org/org.service.js";

export type IdentityServices = {
  keys: AuthKeys;
  /** Verifies access tokens (HTTP auth hook and XMPP SASL PLAIN). */
  tokens: AccessTokenService;
  login: LoginService;
  sessions: SessionService;
  messengerInfo: MessengerInfoService;
  org: OrgService;
  directory: DirectoryService;
  /** Checks passwords and counts failures toward the lock (REST login, lock screen, XMPP password SASL). */
  gate: PasswordGate;
  repositories: {
    chatCredentials: ChatCredentialsRepository;
    companies: CompaniesRepository;
    departments: DepartmentsRepository;
    users: UsersRepository;
    sessions: SessionsRepository;
    audit: AuditRepository;
  };
};

/**
 * Creates the identity services (companies, org, accounts, sessions), loading or generating the auth keys.
 * @param db the database.
 * @param clock the clock every service reads.
 * @param bus where ended sessions are announced so chat connections close; the app's chat bus. A process
 *   without one (the CLI over PGlite) gets a private bus nobody listens to: its revocations still reach the
 *   database, and live connections then end at their token's expiry.
 * @returns the services.
 */
export async function createIdentityServices(
  db: Db,
  clock: Clock,
  bus: ChatBus = createMemoryBus(),
): Promise<IdentityServices> {
  const companies = new CompaniesRepository(db);
  const departments = new DepartmentsRepository(db);
  const users = new UsersRepository(db);
  const sessionsRepo = new SessionsRepository(db);
  const audit = new AuditRepository(db);
  const keys = await loadAuthKeys(new AppMetaRepository(db));
  const tokens = new AccessTokenService(keys.jwtSecret, sessionsRepo, clock);
  const sessionEvents = new SessionEvents(bus);
  const chatCredentials = new ChatCredentialsRepository(db);
  const gate = new PasswordGate(
    users,
    new LoginFailuresRepository(db),
    sessionsRepo,
    audit,
    sessionEvents,
    clock,
    // Accounts get SCRAM keys at their next password login (docs/protocol.md §1).
    (user, password) => rememberScramKeys(chatCredentials, user, password),
  );
  const sessions = new SessionService(
    sessionsRepo,
    users,
    companies,
    tokens,
    audit,
    sessionEvents,
    clock,
  );
  return {
    keys,
    tokens,
    sessions,
    login: new LoginService(
      keys,
      companies,
      users,
      departments,
      sessionsRepo,
      gate,
      sessions,
      audit,
      clock,
    ),
    messengerInfo: new MessengerInfoService(companies, keys),
    org: new OrgService(companies, departments, users),
    directory: new DirectoryService(
      companies,
      departments,
      users,
      sessionsRepo,
      audit,
      sessionEvents,
      clock,
      (user, password) => rememberScramKeys(chatCredentials, user, password),
    ),
    gate,
    repositories: {
      chatCredentials,
      companies,
      departments,
      users,
      sessions: sessionsRepo,
      audit,
    },
  };
}
