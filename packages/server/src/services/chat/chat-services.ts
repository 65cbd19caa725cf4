/** Builds the chat services over one database and bus; the XMPP layer and HTTP integration call these. */
import { WebhardRepository } from "../../db/repositories/webhard.repository.js";
import type { ChatBus } from "../../bus/bus.js";
import type { Db } from "../../db/database.js";
import { ChatFilesRepository } from "../../db/repositories/chat-files.repository.js";
import { ArchiveWriter } from "./archive-writer.js";
import type { PresenceTracker } from "../../cluster/node-liveness.js";
import { MemberCache } from "./member-cache.js";
import { MessagesService } from "./messages.service.js";
import { NewsService } from "./news.service.js";
import { PresenceService } from "./presence.service.js";
import { RoomsService } from "./rooms.service.js";
import { SearchService } from "./search.service.js";
import { UserDataService } from "./user-data.service.js";

export type ChatServices = {
  rooms: RoomsService;
  messages: MessagesService;
  userData: UserDataService;
  presence: PresenceService;
  news: NewsService;
  search: SearchService;
  /** Waits for the messages being stored to be committed and delivered (graceful drain). */
  settled(): Promise<void>;
  close(): void;
};

/**
 * Creates the chat services.
 * @param deps database, bus, clock (epoch ms), whether other nodes share the database and bus, and the node
 * registry that learns this node's presences (several nodes).
 * @returns the services.
 */
export function createChatServices(deps: {
  db: Db;
  bus: ChatBus;
  now: () => number;
  multiNode?: boolean;
  presenceTracker?: PresenceTracker | undefined;
}): ChatServices {
  const members = new MemberCache(deps.db, deps.bus);
  const writer = new ArchiveWriter(deps.db, deps.now, deps.multiNode);
  const messages = new MessagesService({
    db: deps.db,
    bus: deps.bus,
    members,
    writer,
    files: new ChatFilesRepository(deps.db),
    webhard: new WebhardRepository(deps.db),
    now: deps.now,
    republishRetries: deps.multiNode ?? false,
  });
  const userData = new UserDataService(deps.db);
  const rooms = new RoomsService({
    db: deps.db,
    members,
    messages,
    userData,
    now: deps.now,
  });
  const presence = new PresenceService(
    deps.db,
    deps.bus,
    deps.now,
    deps.presenceTracker,
  );
  const news = new NewsService(deps.db, messages, deps.now);
  return {
    rooms,
    messages,
    userData,
    presence,
    news,
    search: new SearchService({ db: deps.db, members }),
    settled: () => messages.settled(),
    close: () => members.close(),
  };
}
