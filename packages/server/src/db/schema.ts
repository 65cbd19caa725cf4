/** Kysely table types for the database. Each migration that adds a table adds its type here. */
import type { ColumnType, Generated, JSONColumnType } from "kysely";

export type SchemaMigrationsTable = {
  version: string;
  applied_at: Generated<Date>;
};

/** Timestamps read back as Date; written as Date or an SQL default. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Server-wide key/value settings (001), e.g. the generated signing keys. */
export type AppMetaTable = {
  key: string;
  value: string;
};

export type CompaniesTable = {
  id: Generated<number>;
  domain: string;
  name: string;
  xmpp_domain: string;
  org_url: string;
  virt_use_yn: Generated<boolean>;
  /** Menu config flags of spec §3 (`mailUsed` …), true when the menu is enabled. */
  menu_config: JSONColumnType<Record<string, boolean>, string | undefined>;
  /** Feature switches (e.g. `attendance`, `sms`), true when on. */
  features: JSONColumnType<Record<string, boolean>, string | undefined>;
  org_version: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Timestamp;
};

export type DepartmentsTable = {
  id: Generated<number>;
  company_id: number;
  dept_key: string;
  name: string;
  parent_id: number | null;
  sort_order: Generated<number>;
  is_virtual: Generated<boolean>;
  created_at: Generated<Date>;
};

export type UsersTable = {
  id: Generated<number>;
  company_id: number;
  login_id: string;
  department_id: number | null;
  sort_order: Generated<number>;
  name: string;
  position: Generated<string>;
  title: Generated<string>;
  email: Generated<string>;
  mobile: Generated<string>;
  phone: Generated<string>;
  extension: Generated<string>;
  photo_url: string | null;
  nickname: Generated<string>;
  job_description: Generated<string>;
  free_user: Generated<boolean>;
  centrex_user: Generated<boolean>;
  sms_use: Generated<boolean>;
  attendance_write_power: Generated<boolean>;
  password_hash: string;
  password_changed_at: Timestamp;
  password_version: Generated<number>;
  failed_attempts: Generated<number>;
  locked: Generated<boolean>;
  locked_at: Date | null;
  password_expired: Generated<boolean>;
  privacy_consent: Generated<boolean>;
  active: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Timestamp;
};

export type LoginFailuresTable = {
  company_id: number;
  login_id: string;
  failed_attempts: Generated<number>;
  updated_at: Timestamp;
};

export type AuthSessionsTable = {
  id: string;
  user_id: number;
  company_id: number;
  client: Generated<string>;
  client_type: Generated<string>;
  locale: Generated<string>;
  client_ip: Generated<string>;
  web_token: string;
  password_version: number;
  created_at: Timestamp;
  revoked_at: Date | null;
  revoke_reason: string | null;
};

export type RefreshTokensTable = {
  token_hash: string;
  session_id: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: Timestamp;
};

export type AutoLoginTokensTable = {
  token_hash: string;
  user_id: number;
  expires_at: Date;
  used_at: Date | null;
  created_at: Timestamp;
};

export type AuditLogTable = {
  id: Generated<number>;
  company_id: number | null;
  user_id: number | null;
  event: string;
  login_id: string | null;
  ip: string | null;
  detail: JSONColumnType<Record<string, unknown>, string | undefined>;
  created_at: Timestamp;
};

/** Chat rooms (003). Times are epoch milliseconds. */
export type ChatRoomsTable = {
  id: Generated<number>;
  company_id: number;
  name: string;
  type: number;
  title: Generated<string>;
  created_by: number | null;
  created_at: number;
};

/** Room memberships with read watermark and history visibility (003). */
export type ChatMembersTable = {
  room_id: number;
  user_id: number;
  affiliation: Generated<string>;
  joined_at: number;
  history_from_id: Generated<number>;
  leave_time: number | null;
  watch: Generated<number>;
  my_room_name: string | null;
};

/** The message archive (003). */
export type ChatMessagesTable = {
  id: Generated<number>;
  room_id: number;
  sender_id: number | null;
  sender_jid: string;
  origin_id: string;
  log_time: number;
  body: string;
  content_type: Generated<string>;
  extension: string | null;
  reply_title: string | null;
  reply_text: string | null;
  reply_time: number | null;
  deleted_at: number | null;
  /** The normalised text as bigram words, which the search index covers (006); written by the server (010). */
  search_grams: string | null;
};

/** Presence of each connected resource (003). */
export type ChatPresenceTable = {
  user_id: number;
  resource: string;
  target: string;
  show: string;
  login_time: number;
  /** The login (auth_sessions.id) holding the resource (009); null for rows written before. */
  session_id: string | null;
};

/** Last login per user and target (003). */
export type ChatLoginsTable = {
  user_id: number;
  target: string;
  login_time: number;
};

/** Per-user chat data: room pin orders, private-room flag, rooms with blocked alarms (003). JSON as text. */
export type ChatUserDataTable = {
  user_id: number;
  room_orders: Generated<string>;
  private_room: Generated<boolean>;
  blocked_alarms: Generated<string>;
};

/** Per-company workplace settings and the hashed groupware integration key (004). */
export type WorkplaceSettingsTable = {
  company_id: number;
  integration_key_hash: string | null;
  groupware_url: Generated<string>;
  link_paths: JSONColumnType<Record<string, string>, string | undefined>;
  title_designator: Generated<number>;
  can_resubmit_card: Generated<boolean>;
  utc_offset_minutes: Generated<number>;
  work_name: Generated<string>;
  work_start: Generated<string>;
  work_end: Generated<string>;
  updated_at: Timestamp;
};

/** Groupware badge counts per user and kind (004). */
export type GwCountsTable = {
  user_id: number;
  kind: string;
  count: number;
  updated_at: Timestamp;
};

/** Company notices pushed by the groupware (004). */
export type GwNoticesTable = {
  id: Generated<number>;
  company_id: number;
  brd_seq: string;
  title: string;
  content: Generated<string>;
  popup: Generated<boolean>;
  starts_at: Date;
  ends_at: Date | null;
  created_at: Generated<Date>;
};

/** Groupware alarms delivered to a user (004). */
export type GwAlarmsTable = {
  id: Generated<number>;
  user_id: number;
  type_code: string;
  title: string;
  sender: Generated<string>;
  link: Generated<string>;
  created_at: Timestamp;
};

/** Vacation promotion result per user (004). */
export type GwVacationPromotionsTable = {
  user_id: number;
  result: JSONColumnType<Record<string, unknown>>;
  updated_at: Timestamp;
};

/** Absence status per user (004). */
export type GwAbsencesTable = {
  user_id: number;
  status: string;
  updated_at: Timestamp;
};

/** One-time mini-window numbers (004). */
export type MiniAuthNumbersTable = {
  number_hash: string;
  user_id: number;
  expires_at: Date;
  used_at: Date | null;
};

/** Friend groups (004). */
export type FriendGroupsTable = {
  id: Generated<number>;
  user_id: number;
  name: string;
  created_at: Generated<Date>;
};

/** Friends of a user, optionally in a group (004). */
export type FriendsTable = {
  user_id: number;
  friend_id: number;
  group_id: number | null;
  created_at: Generated<Date>;
};

/** Attendance cards (004). */
export type AttendanceCardsTable = {
  user_id: number;
  work_date: string;
  check_in_at: Date | null;
  check_out_at: Date | null;
  midnight_checkout: Generated<boolean>;
};

/** Internet phone call logs (004). */
export type CentrexCallLogsTable = {
  id: Generated<number>;
  user_id: number;
  group_id: string | null;
  rec_type: string;
  rec_usr_key: Generated<string>;
  rec_usr_name: Generated<string>;
  rec_phone: string;
  crx_call_type: Generated<string>;
  created_at: Timestamp;
};

/** Files uploaded into chat rooms (004). */
export type ChatFilesTable = {
  id: Generated<number>;
  room_id: number;
  uploader_id: number | null;
  file_name: string;
  size: number;
  mime_type: string;
  storage_key: string;
  thumb_key: string | null;
  created_at: Timestamp;
  expires_at: Date;
};

/** Webhard folders (004). */
export type WebhardFoldersTable = {
  id: Generated<number>;
  company_id: number;
  parent_id: number | null;
  folder_type: Generated<number>;
  name: string;
  created_at: Generated<Date>;
};

/** Webhard files (004). */
export type WebhardFilesTable = {
  id: Generated<number>;
  company_id: number;
  folder_id: number | null;
  owner_id: number | null;
  name: string;
  size: number;
  storage_key: string;
  role_download: Generated<number>;
  updated_at: Timestamp;
};

/** Webhard download links sent in chat (004). */
export type WebhardLinksTable = {
  token_hash: string;
  file_id: number;
  created_by: number;
  expires_at: Date;
};

/** Webhard logins, one per messenger session (005). */
export type WebhardSessionsTable = {
  session_id: string;
  user_id: number;
  created_at: Generated<Date>;
};

/** SCRAM-SHA-256 keys of a user's password (007), base64. */
export type ScramCredentialsTable = {
  user_id: number;
  password_version: number;
  salt: string;
  iterations: number;
  stored_key: string;
  server_key: string;
  updated_at: Generated<Date>;
};

/** Passwords a user created for chat clients (007); hashed like the account password. */
export type AppPasswordsTable = {
  id: Generated<number>;
  user_id: number;
  label: string;
  password_hash: string;
  created_at: Generated<Date>;
  last_used_at: Date | null;
};

export type Database = {
  schema_migrations: SchemaMigrationsTable;
  app_meta: AppMetaTable;
  companies: CompaniesTable;
  departments: DepartmentsTable;
  users: UsersTable;
  login_failures: LoginFailuresTable;
  auth_sessions: AuthSessionsTable;
  refresh_tokens: RefreshTokensTable;
  auto_login_tokens: AutoLoginTokensTable;
  audit_log: AuditLogTable;
  chat_rooms: ChatRoomsTable;
  chat_members: ChatMembersTable;
  chat_messages: ChatMessagesTable;
  chat_user_data: ChatUserDataTable;
  chat_presence: ChatPresenceTable;
  chat_logins: ChatLoginsTable;
  workplace_settings: WorkplaceSettingsTable;
  gw_counts: GwCountsTable;
  gw_notices: GwNoticesTable;
  gw_alarms: GwAlarmsTable;
  gw_vacation_promotions: GwVacationPromotionsTable;
  gw_absences: GwAbsencesTable;
  mini_auth_numbers: MiniAuthNumbersTable;
  friend_groups: FriendGroupsTable;
  friends: FriendsTable;
  attendance_cards: AttendanceCardsTable;
  centrex_call_logs: CentrexCallLogsTable;
  chat_files: ChatFilesTable;
  webhard_folders: WebhardFoldersTable;
  webhard_files: WebhardFilesTable;
  webhard_links: WebhardLinksTable;
  webhard_sessions: WebhardSessionsTable;
  scram_credentials: ScramCredentialsTable;
  app_passwords: AppPasswordsTable;
};
