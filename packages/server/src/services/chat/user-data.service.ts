/** Per-user chat data (spec §3 userData/alarmData): room pin orders, the private room flag, muted rooms. */
import { z } from "zod";
import type { Db } from "../../db/database.js";
import {
  findUserData,
  upsertUserData,
} from "../../db/repositories/chat/chat-user-data.repository.js";
import type { Actor } from "../auth/actor.js";
import { ChatError } from "./errors.js";

export const roomOrdersSchema = z
  .array(
    z.object({ name: z.string().min(1).max(200), order: z.number().int() }),
  )
  .max(1000);
export const blockedAlarmsSchema = z
  .array(z.string().min(1).max(200))
  .max(1000);

export type UserData = {
  roomOrders: z.infer<typeof roomOrdersSchema>;
  privateRoom: boolean;
  blockedAlarms: string[];
};

export type UserDataPatch = Partial<UserData>;

function parseStored<T>(schema: z.ZodType<T>, text: string, fallback: T): T {
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

export class UserDataService {
  constructor(private readonly db: Db) {}

  /**
   * Reads the actor's chat data (defaults when never set: no pins, private room ON, nothing muted).
   * @param actor the user.
   * @returns the data.
   */
  async get(actor: Actor): Promise<UserData> {
    const row = await findUserData(this.db, actor.userId);
    if (!row) return { roomOrders: [], privateRoom: true, blockedAlarms: [] };
    return {
      roomOrders: parseStored(roomOrdersSchema, row.roomOrders, []),
      privateRoom: row.privateRoom,
      blockedAlarms: parseStored(blockedAlarmsSchema, row.blockedAlarms, []),
    };
  }

  /**
   * Replaces the given parts of the actor's chat data.
   * @param actor the user.
   * @param patch the parts to replace.
   * @returns the data after the change.
   * @throws ChatError invalid_input.
   */
  async set(actor: Actor, patch: UserDataPatch): Promise<UserData> {
    const orders =
      patch.roomOrders === undefined
        ? undefined
        : roomOrdersSchema.safeParse(patch.roomOrders);
    const blocked =
      patch.blockedAlarms === undefined
        ? undefined
        : blockedAlarmsSchema.safeParse(patch.blockedAlarms);
    if (orders?.success === false || blocked?.success === false)
      throw new ChatError("invalid_input");
    await upsertUserData(this.db, actor.userId, {
      ...(orders ? { roomOrders: JSON.stringify(orders.data) } : {}),
      ...(blocked ? { blockedAlarms: JSON.stringify(blocked.data) } : {}),
      ...(patch.privateRoom !== undefined
        ? { privateRoom: patch.privateRoom }
        : {}),
    });
    return this.get(actor);
  }
}
