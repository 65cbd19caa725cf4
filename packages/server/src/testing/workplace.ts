/** Test helpers for the workplace features: integration keys, recorded pushes and authorised fetches. */
import { userTopic, type ChatBus } from "../bus/bus.js";
import type { Db } from "../db/database.js";
import { insertRoom } from "../db/repositories/chat/chat-rooms.repository.js";
import { CompaniesRepository } from "../db/repositories/companies.repository.js";
import { GroupwareRepository } from "../db/repositories/groupware.repository.js";
import { UsersRepository } from "../db/repositories/users.repository.js";
import { systemClock } from "../clock.js";
import { IntegrationService } from "../services/integration/integration.service.js";
import type {
  PushType,
  WorkplacePushEvent,
} from "../services/push/user-push.js";
import { WORKPLACE_PUSH_KIND } from "../services/push/user-push.js";

/**
 * Issues a company's groupware integration key directly in the database.
 * @param db the database.
 * @param companyId the company.
 * @returns the key.
 */
export async function issueIntegrationKey(
  db: Db,
  companyId: number,
): Promise<string> {
  const service = new IntegrationService(
    new GroupwareRepository(db),
    new UsersRepository(db),
    new CompaniesRepository(db),
    { toUser: () => undefined },
    systemClock,
  );
  return service.issueKey(companyId);
}

/** Pushes seen on a user's topic. */
export type PushRecorder = {
  events: { type: PushType; payload: Record<string, unknown> }[];
  /** Resolves with the first push of a type (already seen or future). */
  next(type: PushType): Promise<Record<string, unknown>>;
  stop(): void;
};

/**
 * Records the workplace pushes to one user, as the chat connection would receive them.
 * @param bus the server's chat bus.
 * @param userId the user.
 * @returns the recorder.
 */
export function recordPushes(bus: ChatBus, userId: number): PushRecorder {
  const events: PushRecorder["events"] = [];
  const waiters: {
    type: PushType;
    resolve: (p: Record<string, unknown>) => void;
  }[] = [];
  const stop = bus.subscribe(userTopic(userId), (e) => {
    if (e.kind !== WORKPLACE_PUSH_KIND) return;
    const push = e as WorkplacePushEvent;
    events.push({ type: push.type, payload: push.payload });
    for (let i = waiters.length - 1; i >= 0; i -= 1) {
      const w = waiters[i];
      if (w?.type !== push.type) continue;
      waiters.splice(i, 1);
      w.resolve(push.payload);
    }
  });
  return {
    events,
    next: (type) => {
      const seen = events.find((e) => e.type === type);
      if (seen) return Promise.resolve(seen.payload);
      return new Promise((resolve) => waiters.push({ type, resolve }));
    },
    stop,
  };
}

/**
 * A fetch that sends the access token and JSON, returning status and parsed body.
 * @param baseUrl the server URL.
 * @param token the access token (or an integration key).
 * @returns the caller.
 */
export function apiClient(baseUrl: string, token: string | undefined) {
  return async (
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{
    status: number;
    body: Record<string, unknown> & { ErrorCode?: string; ErrorMsg?: string };
  }> => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return {
      status: res.status,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    };
  };
}

/**
 * Creates a chat room with members directly in the database (group room by default).
 * @param db the database.
 * @param companyId the room's company.
 * @param memberIds user ids of the members.
 * @param type the room type.
 * @returns the room name.
 */
export async function createRoomWith(
  db: Db,
  companyId: number,
  memberIds: readonly number[],
  type = 2,
): Promise<string> {
  const now = Date.now();
  const name = `pc_test${now}${Math.random().toString(36).slice(2, 8)}`;
  await insertRoom(
    db,
    {
      companyId,
      name,
      type,
      title: "테스트방",
      createdBy: memberIds[0] ?? null,
      createdAt: now,
    },
    memberIds.map((userId) => ({
      userId,
      affiliation: "owner",
      joinedAt: now,
      historyFromId: 0,
    })),
  );
  return name;
}
