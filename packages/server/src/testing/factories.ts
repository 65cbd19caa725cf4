/**
 * Test data factories: companies, users and real logins over HTTP. Each call makes unique names, so tests
 * sharing a database never collide. Used by server tests, the chat engine's tests and e2e.
 */
import {
  constants,
  createPublicKey,
  publicEncrypt,
  randomBytes,
} from "node:crypto";
import {
  loginSuccessSchema,
  messengerInfoResponseSchema,
  REQUESTED_WITH_HEADER,
  ROOM_TYPES,
  type LoginSuccess,
} from "@moa/shared";
import type { Db } from "../db/database.js";
import { AuditRepository } from "../db/repositories/audit.repository.js";
import {
  CompaniesRepository,
  type Company,
} from "../db/repositories/companies.repository.js";
import {
  DepartmentsRepository,
  type Department,
} from "../db/repositories/departments.repository.js";
import { SessionsRepository } from "../db/repositories/sessions.repository.js";
import { ChatCredentialsRepository } from "../db/repositories/chat-credentials.repository.js";
import { rememberScramKeys } from "../services/auth/chat-login.service.js";
import {
  UsersRepository,
  type User,
} from "../db/repositories/users.repository.js";
import type { ChatBus } from "../bus/bus.js";
import type { NewMessageRecord } from "../db/repositories/chat/chat-messages.repository.js";
import { insertRoom } from "../db/repositories/chat/chat-rooms.repository.js";
import { createMemoryBus } from "../bus/memory-bus.js";
import { systemClock } from "../clock.js";
import { SessionEvents } from "../services/auth/session-events.js";
import { userJid } from "../services/auth/identity.js";
import {
  DirectoryService,
  type CompanyInput,
  type DepartmentRecord,
  type UserRecord,
} from "../services/directory/directory.service.js";

/** The password every factory user gets unless told otherwise. */
export const TEST_PASSWORD = "moa1234!";

/** A user made by {@link createUser}, with what a test needs to log in. */
export type TestUser = User & { password: string; domain: string; jid: string };

/** What {@link loginAs} returns. */
export type LoginTokens = {
  accessToken: string;
  refreshToken: string;
  webToken: string;
  autoLoginToken: string | undefined;
  body: LoginSuccess;
};

let seq = 0;
const unique = () => `${(seq += 1)}${randomBytes(3).toString("hex")}`;

/**
 * The directory service over a database (trusted admin operations), as the admin CLI builds it.
 * @param db the database.
 * @param bus where it announces ended sessions: the server's chat bus (as another node would share it) so live
 *   chat connections close; a private bus by default.
 * @returns the service.
 */
export function directoryFor(
  db: Db,
  bus: ChatBus = createMemoryBus(),
): DirectoryService {
  return new DirectoryService(
    new CompaniesRepository(db),
    new DepartmentsRepository(db),
    new UsersRepository(db),
    new SessionsRepository(db),
    new AuditRepository(db),
    new SessionEvents(bus),
    systemClock,
    (user, password) =>
      rememberScramKeys(new ChatCredentialsRepository(db), user, password),
  );
}

/**
 * Creates a company with a unique domain (`co<n>.moa.test`).
 * @param db the database.
 * @param overrides fields to set.
 * @returns the company.
 */
export async function createCompany(
  db: Db,
  overrides: Partial<CompanyInput> = {},
): Promise<Company> {
  const id = unique();
  return directoryFor(db).createCompany({
    domain: `co${id}.moa.test`,
    name: `테스트회사 ${id}`,
    xmppDomain: "chat.moa.test",
    ...overrides,
  });
}

/**
 * Creates (or updates) a department.
 * @param db the database.
 * @param company its company.
 * @param overrides key, name, parent key.
 * @returns the department.
 */
export async function createDepartment(
  db: Db,
  company: Company,
  overrides: Partial<DepartmentRecord> = {},
): Promise<Department> {
  const id = unique();
  return directoryFor(db).upsertDepartment(company, {
    key: `d${id}`,
    name: `부서 ${id}`,
    ...overrides,
  });
}

/**
 * Creates a user with password {@link TEST_PASSWORD} and a unique login id.
 * @param db the database.
 * @param company the user's company.
 * @param overrides fields to set (password, flags, department key …).
 * @returns the user with password, domain and chat JID.
 */
export async function createUser(
  db: Db,
  company: Company,
  overrides: Partial<UserRecord> = {},
): Promise<TestUser> {
  const id = unique();
  const password = overrides.password ?? TEST_PASSWORD;
  const user = await directoryFor(db).addUser(company, {
    loginId: `user${id}`,
    name: `사용자${id}`,
    position: "사원",
    title: "팀원",
    email: `user${id}@${company.domain}`,
    ...overrides,
    password,
  });
  return {
    ...user,
    password,
    domain: company.domain,
    jid: userJid(user, company),
  };
}

/**
 * Encrypts a password to the server key as a client does (RSA-OAEP, SHA-256).
 * @param spki the server's key from getMessengerInfo (base64 DER SPKI).
 * @param password the password.
 * @returns base64 ciphertext for login2's `token`.
 */
export function encryptPassword(spki: string, password: string): string {
  return publicEncrypt(
    {
      key: createPublicKey({
        key: Buffer.from(spki, "base64"),
        format: "der",
        type: "spki",
      }),
      padding: constants.RSA_PKCS1_OAEP_PADDING,
      oaepHash: "sha256",
    },
    Buffer.from(password, "utf8"),
  ).toString("base64");
}

/**
 * Fetches the server's password key for a domain.
 * @param baseUrl the server URL.
 * @param domain a company domain.
 * @returns the SPKI (base64).
 * @throws Error when the domain is unknown.
 */
export async function fetchPasswordKey(
  baseUrl: string,
  domain: string,
): Promise<string> {
  const res = await fetch(
    `${baseUrl}/sso/messenger/getMessengerInfo?domain=${encodeURIComponent(domain)}`,
  );
  const [first] = messengerInfoResponseSchema.parse(await res.json());
  if (!first?.isSuccess) throw new Error(`unknown domain ${domain}`);
  return first.passwordKey.spki;
}

/**
 * Calls login2 as the client does and returns the raw JSON answer (any ErrorCode).
 * @param baseUrl the server URL.
 * @param form username, domain, password (encrypted here) or a ready token, and flags.
 * @returns the HTTP status and body.
 */
export async function postLogin(
  baseUrl: string,
  form: {
    username: string;
    domain: string;
    password?: string;
    token?: string;
    isChangePwdLater?: boolean;
    autoLogin?: boolean;
  },
): Promise<{ status: number; body: Record<string, unknown> }> {
  const token =
    form.token ??
    encryptPassword(
      await fetchPasswordKey(baseUrl, form.domain),
      form.password ?? "",
    );
  const res = await fetch(`${baseUrl}/api/v1/auth/login2`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      [REQUESTED_WITH_HEADER]: "XMLHttpRequest",
      locale: "ko-kr",
    },
    body: JSON.stringify({
      username: form.username,
      token,
      domnNm: form.domain,
      type: "chat",
      isChangePwdLater: form.isChangePwdLater ? "Y" : "N",
      autoLogin: form.autoLogin ?? false,
    }),
  });
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown>,
  };
}

/**
 * Logs a user in over real HTTP.
 * @param server anything with the server's base URL.
 * @param user a user from {@link createUser} (or login id, domain and password).
 * @param opts ask for an auto-login token.
 * @returns the tokens and the full login answer.
 * @throws Error when the login does not succeed.
 */
export async function loginAs(
  server: { url: string },
  user: { loginId: string; domain: string; password: string },
  opts: { autoLogin?: boolean } = {},
): Promise<LoginTokens> {
  const { body } = await postLogin(server.url, {
    username: user.loginId,
    domain: user.domain,
    password: user.password,
    autoLogin: opts.autoLogin ?? false,
  });
  const parsed = loginSuccessSchema.safeParse(body);
  if (!parsed.success)
    throw new Error(`login of ${user.loginId} failed: ${JSON.stringify(body)}`);
  const info = parsed.data.Token_Info;
  return {
    accessToken: info.Access_Token,
    refreshToken: info.Refresh_Token,
    webToken: info.Web_Token,
    autoLoginToken: info.Auto_Login_Token,
    body: parsed.data,
  };
}

/**
 * Creates a group room without members in a new company, for tests below the chat service.
 * @param db the database.
 * @param name the room's name (its JID's local part).
 * @returns the room's id.
 */
export async function createBareRoom(db: Db, name: string): Promise<number> {
  const company = await createCompany(db);
  const room = await insertRoom(
    db,
    {
      companyId: company.id,
      name,
      type: ROOM_TYPES.group,
      title: "",
      createdBy: null,
      createdAt: 1,
    },
    [],
  );
  return room.id;
}

/**
 * A plain text message as the archive stores it, for tests below the chat service: no sender account, no reply, its
 * body its origin id; the archive gives it its time.
 */
export function talkRecord(
  roomId: number,
  originId: string,
  senderJid: string,
): Omit<NewMessageRecord, "logTime"> {
  return {
    roomId,
    senderId: null,
    senderJid,
    originId,
    body: originId,
    contentType: "TALK",
    extension: null,
    replyTitle: null,
    replyText: null,
    replyTime: null,
  };
}

/**
 * {@link talkRecord} with its log time already given, for tests of the archive's insert itself.
 */
export function timedTalkRecord(
  roomId: number,
  originId: string,
  senderJid: string,
  logTime: number,
): NewMessageRecord {
  return { ...talkRecord(roomId, originId, senderJid), logTime };
}
