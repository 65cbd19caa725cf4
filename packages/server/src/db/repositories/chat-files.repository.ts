/** Files uploaded into chat rooms, and the membership check uploads and downloads make (read-only on chat tables). */
import type { Db } from "../database.js";

export type ChatFile = {
  fileno: number;
  roomId: number;
  fileName: string;
  size: number;
  mimeType: string;
  storageKey: string;
  thumbKey: string | null;
  createdAt: Date;
  expiresAt: Date;
};

export type NewChatFile = Omit<ChatFile, "fileno" | "roomId" | "createdAt"> & {
  uploaderId: number;
};

export class ChatFilesRepository {
  constructor(private readonly db: Db) {}

  /**
   * The room a user of a company belongs to, by name.
   * @returns the room id, or undefined when no such room in the company or the user is not a member.
   */
  async memberRoomId(
    companyId: number,
    roomName: string,
    userId: number,
  ): Promise<number | undefined> {
    const r = await this.db
      .selectFrom("chat_rooms as r")
      .innerJoin("chat_members as m", "m.room_id", "r.id")
      .select("r.id")
      .where("r.name", "=", roomName)
      .where("r.company_id", "=", companyId)
      .where("m.user_id", "=", userId)
      .executeTakeFirst();
    return r?.id;
  }

  /** Inserts the files of one upload together; returns them with their numbers, in order. */
  async insertMany(
    roomId: number,
    files: readonly NewChatFile[],
    now: Date,
  ): Promise<ChatFile[]> {
    if (files.length === 0) return [];
    const rows = await this.db
      .insertInto("chat_files")
      .values(
        files.map((f) => ({
          room_id: roomId,
          uploader_id: f.uploaderId,
          file_name: f.fileName,
          size: f.size,
          mime_type: f.mimeType,
          storage_key: f.storageKey,
          thumb_key: f.thumbKey,
          created_at: now,
          expires_at: f.expiresAt,
        })),
      )
      .returning("id")
      .execute();
    return rows.map((r, i) => {
      const f = files[i] as NewChatFile;
      return {
        fileno: r.id,
        roomId,
        fileName: f.fileName,
        size: f.size,
        mimeType: f.mimeType,
        storageKey: f.storageKey,
        thumbKey: f.thumbKey,
        createdAt: now,
        expiresAt: f.expiresAt,
      };
    });
  }

  async find(roomId: number, fileno: number): Promise<ChatFile | undefined> {
    const r = await this.db
      .selectFrom("chat_files")
      .selectAll()
      .where("room_id", "=", roomId)
      .where("id", "=", fileno)
      .executeTakeFirst();
    return (
      r && {
        fileno: r.id,
        roomId: r.room_id,
        fileName: r.file_name,
        size: r.size,
        mimeType: r.mime_type,
        storageKey: r.storage_key,
        thumbKey: r.thumb_key,
        createdAt: r.created_at,
        expiresAt: r.expires_at,
      }
    );
  }
}
