/** The per-company webhard store: folders (normal and one guest folder), files and download links. */
import type { Db } from "../database.js";

export type WebhardFolder = {
  id: number;
  parentId: number | null;
  folderType: number;
  name: string;
};
export type WebhardFile = {
  id: number;
  folderId: number | null;
  ownerId: number | null;
  name: string;
  size: number;
  storageKey: string;
  roleDownload: number;
  updatedAt: Date;
};

export class WebhardRepository {
  constructor(private readonly db: Db) {}

  async folder(
    companyId: number,
    id: number,
  ): Promise<WebhardFolder | undefined> {
    const r = await this.db
      .selectFrom("webhard_folders")
      .select(["id", "parent_id", "folder_type", "name"])
      .where("company_id", "=", companyId)
      .where("id", "=", id)
      .executeTakeFirst();
    return (
      r && {
        id: r.id,
        parentId: r.parent_id,
        folderType: r.folder_type,
        name: r.name,
      }
    );
  }

  async guestFolder(companyId: number): Promise<WebhardFolder | undefined> {
    const r = await this.db
      .selectFrom("webhard_folders")
      .select(["id", "parent_id", "folder_type", "name"])
      .where("company_id", "=", companyId)
      .where("folder_type", "=", 4)
      .orderBy("id")
      .executeTakeFirst();
    return (
      r && {
        id: r.id,
        parentId: r.parent_id,
        folderType: r.folder_type,
        name: r.name,
      }
    );
  }

  /** Sub-folders of a folder (null: the root), by name. */
  async children(
    companyId: number,
    parentId: number | null,
  ): Promise<WebhardFolder[]> {
    const rows = await this.db
      .selectFrom("webhard_folders")
      .select(["id", "parent_id", "folder_type", "name"])
      .where("company_id", "=", companyId)
      .where("parent_id", parentId === null ? "is" : "=", parentId)
      .orderBy("folder_type")
      .orderBy("name")
      .execute();
    return rows.map((r) => ({
      id: r.id,
      parentId: r.parent_id,
      folderType: r.folder_type,
      name: r.name,
    }));
  }

  async createFolder(
    companyId: number,
    parentId: number | null,
    name: string,
    folderType = 1,
  ): Promise<WebhardFolder> {
    const r = await this.db
      .insertInto("webhard_folders")
      .values({
        company_id: companyId,
        parent_id: parentId,
        name,
        folder_type: folderType,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { id: r.id, parentId, folderType, name };
  }

  /** Files of a folder (null: the root) whose download role lets them be listed. */
  async files(
    companyId: number,
    folderId: number | null,
  ): Promise<WebhardFile[]> {
    const rows = await this.db
      .selectFrom("webhard_files")
      .selectAll()
      .where("company_id", "=", companyId)
      .where("folder_id", folderId === null ? "is" : "=", folderId)
      .where("role_download", "=", 0)
      .orderBy("name")
      .execute();
    return rows.map(toFile);
  }

  async filesByIds(
    companyId: number,
    ids: readonly number[],
  ): Promise<WebhardFile[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom("webhard_files")
      .selectAll()
      .where("company_id", "=", companyId)
      .where("id", "in", ids)
      .where("role_download", "=", 0)
      .execute();
    return rows.map(toFile);
  }

  async addFile(
    companyId: number,
    f: Omit<WebhardFile, "id" | "updatedAt">,
    now: Date,
  ): Promise<WebhardFile> {
    const r = await this.db
      .insertInto("webhard_files")
      .values({
        company_id: companyId,
        folder_id: f.folderId,
        owner_id: f.ownerId,
        name: f.name,
        size: f.size,
        storage_key: f.storageKey,
        role_download: f.roleDownload,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { id: r.id, ...f, updatedAt: now };
  }

  async addLink(
    tokenHash: string,
    fileId: number,
    userId: number,
    expiresAt: Date,
  ): Promise<void> {
    await this.db
      .insertInto("webhard_links")
      .values({
        token_hash: tokenHash,
        file_id: fileId,
        created_by: userId,
        expires_at: expiresAt,
      })
      .execute();
  }

  /** Records the webhard login of a messenger session. */
  async addSession(sessionId: string, userId: number): Promise<void> {
    await this.db
      .insertInto("webhard_sessions")
      .values({ session_id: sessionId, user_id: userId })
      .onConflict((oc) => oc.column("session_id").doNothing())
      .execute();
  }

  /** Whether the user logged in to the webhard in this messenger session. */
  async hasSession(sessionId: string, userId: number): Promise<boolean> {
    const r = await this.db
      .selectFrom("webhard_sessions")
      .select("session_id")
      .where("session_id", "=", sessionId)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return r !== undefined;
  }

  /**
   * The file a link points to, if the link is unexpired and the file is of the company and downloadable.
   * @param createdBy - when given, only a link this user made counts (a chat message may name only its sender's own).
   */
  async fileOfLink(
    companyId: number,
    tokenHash: string,
    now: Date,
    createdBy?: number,
  ): Promise<WebhardFile | undefined> {
    const r = await this.db
      .selectFrom("webhard_links as l")
      .innerJoin("webhard_files as f", "f.id", "l.file_id")
      .selectAll("f")
      .where("l.token_hash", "=", tokenHash)
      .$if(createdBy !== undefined, (q) =>
        q.where("l.created_by", "=", createdBy ?? 0),
      )
      .where("l.expires_at", ">", now)
      .where("f.company_id", "=", companyId)
      .where("f.role_download", "=", 0)
      .executeTakeFirst();
    return r && toFile(r);
  }
}

function toFile(r: {
  id: number;
  folder_id: number | null;
  owner_id: number | null;
  name: string;
  size: number;
  storage_key: string;
  role_download: number;
  updated_at: Date;
}): WebhardFile {
  return {
    id: r.id,
    folderId: r.folder_id,
    ownerId: r.owner_id,
    name: r.name,
    size: r.size,
    storageKey: r.storage_key,
    roleDownload: r.role_download,
    updatedAt: r.updated_at,
  };
}
