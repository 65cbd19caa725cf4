/**
 * Builds the workplace services (issue #5: home, groupware integration, friends, attendance, files, webhard,
 * single sign-on, internet phone) over one database, clock, push channel and file storage.
 */
import type { Clock } from "../clock.js";
import type { Db } from "../db/database.js";
import { GroupwareRepository } from "../db/repositories/groupware.repository.js";
import { AttendanceRepository } from "../db/repositories/attendance.repository.js";
import { ChatFilesRepository } from "../db/repositories/chat-files.repository.js";
import { SsoRepository } from "../db/repositories/sso.repository.js";
import { CentrexRepository } from "../db/repositories/centrex.repository.js";
import { WebhardRepository } from "../db/repositories/webhard.repository.js";
import { FriendsRepository } from "../db/repositories/friends.repository.js";
import { AttendanceService } from "./attendance/attendance.service.js";
import {
  ChatFilesService,
  DEFAULT_UPLOAD_LIMITS,
  type UploadLimits,
} from "./files/chat-files.service.js";
import { SsoService } from "./sso/sso.service.js";
import { CentrexService } from "./centrex/centrex.service.js";
import type { PhoneProvider } from "./centrex/phone-provider.js";
import { SimulatedPbx } from "./centrex/simulated-pbx.js";
import { WebhardService } from "./webhard/webhard.service.js";
import { FriendsService } from "./friends/friends.service.js";
import { OrgIndexService } from "./friends/org-index.js";
import { HomeService } from "./home/home.service.js";
import {
  IntegrationService,
  type NewsPoster,
} from "./integration/integration.service.js";
import type { UserPush } from "./push/user-push.js";
import type { IdentityServices } from "./services.js";
import type { FileStorage } from "../storage/file-storage.js";

export type WorkplaceServices = {
  home: HomeService;
  integration: IntegrationService;
  push: UserPush;
  orgIndex: OrgIndexService;
  friends: FriendsService;
  attendance: AttendanceService;
  files: ChatFilesService;
  sso: SsoService;
  centrex: CentrexService;
  webhard: WebhardService;
  /** Absence status and other groupware data, read by the org lookups. */
  groupware: GroupwareRepository;
};

/** What a deployment or test may swap in; defaults come from the configuration. */
export type WorkplaceOptions = {
  storage?: FileStorage;
  uploadLimits?: UploadLimits;
  /** The PBX; the built-in simulated one by default. */
  phone?: PhoneProvider;
};

export type WorkplaceDeps = {
  db: Db;
  identity: IdentityServices;
  push: UserPush;
  clock: Clock;
  /** Where uploaded files live. */
  storage: FileStorage;
  /** Upload limits; the spec's (10 files, 1 GB each) by default. */
  uploadLimits?: UploadLimits | undefined;
  phone?: PhoneProvider | undefined;
  /** The chat engine's news rooms, where alarms and news-feed entries are also posted. */
  news?: NewsPoster | undefined;
  /** Told whose friends changed (the chat engine pushes the roster to that user's XMPP clients). */
  friendsChanged?: ((userId: number) => void) | undefined;
};

/**
 * Creates the workplace services.
 * @param deps database, identity services, push channel and clock.
 * @returns the services.
 */
export function createWorkplaceServices(
  deps: WorkplaceDeps,
): WorkplaceServices {
  const { companies, departments, users } = deps.identity.repositories;
  const groupware = new GroupwareRepository(deps.db);
  const orgIndex = new OrgIndexService(companies, deps.identity.org);
  const home = new HomeService(
    companies,
    departments,
    users,
    groupware,
    deps.clock,
  );
  return {
    home,
    centrex: new CentrexService(
      deps.phone ?? new SimulatedPbx(),
      new CentrexRepository(deps.db),
      users,
      companies,
      home,
      deps.push,
      deps.clock,
    ),
    integration: new IntegrationService(
      groupware,
      users,
      companies,
      deps.push,
      deps.clock,
      deps.news,
    ),
    push: deps.push,
    orgIndex,
    friends: new FriendsService(
      new FriendsRepository(deps.db),
      orgIndex,
      deps.friendsChanged,
    ),
    files: new ChatFilesService(
      new ChatFilesRepository(deps.db),
      deps.storage,
      deps.uploadLimits ?? DEFAULT_UPLOAD_LIMITS,
      deps.clock,
    ),
    webhard: new WebhardService(
      new WebhardRepository(deps.db),
      companies,
      deps.identity.login,
      deps.storage,
      deps.clock,
    ),
    sso: new SsoService(
      new SsoRepository(deps.db),
      users,
      companies,
      groupware,
      deps.identity.keys.jwtSecret,
      deps.clock,
    ),
    attendance: new AttendanceService(
      new AttendanceRepository(deps.db),
      users,
      companies,
      groupware,
      deps.clock,
    ),
    groupware,
  };
}
