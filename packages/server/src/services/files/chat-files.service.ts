/**
 * Chat file uploads and downloads (spec §7.6, §5): only room members upload or download; at most 10 files of
 * at most 1 GB each per upload; an upload is all-or-nothing (a refused or aborted one leaves no file); files
 * can be downloaded for 7 days.
 */
import { randomUUID } from "node:crypto";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DOWNLOAD_EXPIRY_DAYS,
  MESSAGE_CODES,
  UPLOAD_MAX_FILE_BYTES,
  UPLOAD_MAX_FILES,
} from "@moa/shared";
import type { Clock } from "../../clock.js";
import type {
  ChatFile,
  ChatFilesRepository,
} from "../../db/repositories/chat-files.repository.js";
import { AppError, forbidden, notFound } from "../../errors.js";
import type { FileStorage, PendingObject } from "../../storage/file-storage.js";
import type { Actor } from "../auth/actor.js";
import { renderThumbnail, wantsThumbnail } from "./thumbnailer.js";

const DAY_MS = 24 * 60 * 60 * 1000;

export type UploadLimits = { maxFiles: number; maxFileBytes: number };

/** The spec's limits: 10 files, 1 GB each. */
export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  maxFiles: UPLOAD_MAX_FILES,
  maxFileBytes: UPLOAD_MAX_FILE_BYTES,
};

/** A file over the size limit; answered with the 1 GB message (HTTP 413). */
export const fileTooLarge = () =>
  new AppError(MESSAGE_CODES.uploadFileTooLarge, 413, "file too large");
/** More files than allowed in one upload (HTTP 413). */
export const tooManyFiles = () =>
  new AppError(MESSAGE_CODES.uploadTooManyFiles, 413, "too many files");

class SizeLimit extends Transform {
  private seen = 0;
  constructor(private readonly max: number) {
    super();
  }
  override _transform(
    chunk: Buffer,
    _enc: BufferEncoding,
    done: (err?: Error | null, data?: Buffer) => void,
  ) {
    this.seen += chunk.length;
    if (this.seen > this.max) done(fileTooLarge());
    else done(null, chunk);
  }
}

/** One upload in progress: add files, then commit all or abort all. */
export class ChatUpload {
  private readonly pending: {
    object: PendingObject;
    fileName: string;
    mimeType: string;
  }[] = [];
  private settled = false;

  constructor(
    private readonly actor: Actor,
    readonly roomId: number,
    private readonly deps: {
      repo: ChatFilesRepository;
      storage: FileStorage;
      limits: UploadLimits;
      clock: Clock;
    },
  ) {}

  /**
   * Streams one file to storage (not yet visible).
   * @throws AppError chat.upload.tooManyFiles / chat.upload.fileTooLarge; the upload should then be aborted.
   */
  async addFile(
    fileName: string,
    mimeType: string,
    source: Readable,
  ): Promise<void> {
    if (this.pending.length >= this.deps.limits.maxFiles) {
      source.resume();
      throw tooManyFiles();
    }
    const now = this.deps.clock();
    const key = `chat/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, "0")}/${randomUUID()}`;
    const limited = new SizeLimit(this.deps.limits.maxFileBytes);
    // Both settle (and are awaited together), so a failure on either side never goes unhandled.
    const [object] = await Promise.all([
      this.deps.storage.write(key, limited),
      pipeline(source, limited),
    ]);
    this.pending.push({
      object,
      fileName: cleanFileName(fileName),
      mimeType: mimeType || "application/octet-stream",
    });
  }

  /** Makes every file visible and records it. @returns the files with their numbers. */
  async commit(): Promise<ChatFile[]> {
    if (this.pending.length === 0)
      throw new AppError(MESSAGE_CODES.uploadNoFiles, 400, "no files");
    this.settled = true;
    const now = this.deps.clock();
    const expiresAt = new Date(now.getTime() + DOWNLOAD_EXPIRY_DAYS * DAY_MS);
    const written: string[] = [];
    try {
      const records = [];
      for (const p of this.pending) {
        await p.object.commit();
        written.push(p.object.key);
        const thumbKey = await this.thumbnail(
          p.object.key,
          p.mimeType,
          p.object.size,
        );
        if (thumbKey) written.push(thumbKey);
        records.push({
          uploaderId: this.actor.userId,
          fileName: p.fileName,
          size: p.object.size,
          mimeType: p.mimeType,
          storageKey: p.object.key,
          thumbKey,
          expiresAt,
        });
      }
      return await this.deps.repo.insertMany(this.roomId, records, now);
    } catch (err) {
      await Promise.all(this.pending.map((p) => p.object.discard()));
      await Promise.all(written.map((key) => this.deps.storage.remove(key)));
      throw err;
    }
  }

  private async thumbnail(
    key: string,
    mimeType: string,
    size: number,
  ): Promise<string | null> {
    if (!wantsThumbnail(mimeType, size)) return null;
    const source = await this.deps.storage.read(key);
    const thumb = source && (await renderThumbnail(source.stream));
    if (!thumb) return null;
    const pending = await this.deps.storage.write(
      `${key}.thumb.webp`,
      Readable.from([thumb]),
    );
    await pending.commit();
    return pending.key;
  }

  /** Removes everything written so far. */
  async abort(): Promise<void> {
    if (this.settled) return;
    this.settled = true;
    await Promise.all(this.pending.map((p) => p.object.discard()));
  }
}

/** File names are shown and saved by clients: no paths, no control characters, bounded length. */
function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const clean = base
    // eslint-disable-next-line no-control-regex -- stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim()
    .slice(0, 255);
  return clean === "" || clean === "." || clean === ".." ? "file" : clean;
}

export class ChatFilesService {
  constructor(
    private readonly repo: ChatFilesRepository,
    private readonly storage: FileStorage,
    private readonly limits: UploadLimits,
    private readonly clock: Clock,
  ) {}

  /** The upload limits in force. */
  get uploadLimits(): UploadLimits {
    return this.limits;
  }

  /**
   * Starts an upload into a room.
   * @param actor the caller.
   * @param roomName the room.
   * @returns the upload to add files to.
   * @throws AppError forbidden (403) when the caller is not a member of that room in their company.
   */
  async beginUpload(actor: Actor, roomName: string): Promise<ChatUpload> {
    const roomId = await this.repo.memberRoomId(
      actor.companyId,
      roomName,
      actor.userId,
    );
    if (roomId === undefined) throw forbidden("not a member of the room");
    return new ChatUpload(actor, roomId, {
      repo: this.repo,
      storage: this.storage,
      limits: this.limits,
      clock: this.clock,
    });
  }

  /**
   * Opens a file of a room for a member.
   * @returns the file record and its bytes.
   * @throws AppError file_not_found (404) when not a member, unknown, expired (7 days) or gone from storage.
   */
  async open(
    actor: Actor,
    roomName: string,
    fileno: number,
  ): Promise<{ file: ChatFile; stream: Readable; size: number }> {
    const roomId = await this.repo.memberRoomId(
      actor.companyId,
      roomName,
      actor.userId,
    );
    const file =
      roomId === undefined ? undefined : await this.repo.find(roomId, fileno);
    if (!file || file.expiresAt.getTime() <= this.clock().getTime())
      throw notFound("file_not_found");
    const object = await this.storage.read(file.storageKey);
    if (!object) throw notFound("file_not_found");
    return { file, ...object };
  }

  /**
   * Opens the thumbnail of an image file of a room for a member.
   * @returns WebP bytes and size.
   * @throws AppError file_not_found as for open, or when the file has no thumbnail.
   */
  async openThumbnail(
    actor: Actor,
    roomName: string,
    fileno: number,
  ): Promise<{ stream: Readable; size: number }> {
    const roomId = await this.repo.memberRoomId(
      actor.companyId,
      roomName,
      actor.userId,
    );
    const file =
      roomId === undefined ? undefined : await this.repo.find(roomId, fileno);
    if (!file?.thumbKey || file.expiresAt.getTime() <= this.clock().getTime())
      throw notFound("file_not_found");
    const object = await this.storage.read(file.thumbKey);
    if (!object) throw notFound("file_not_found");
    return object;
  }
}
