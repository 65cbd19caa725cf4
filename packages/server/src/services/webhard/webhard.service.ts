/**
 * The company webhard (spec §7.6): login with the messenger password, folders (root 0, normal type 1, the
 * guest folder type 4 shown as id -99), files with roleDownload 0, and download links (7 days) to send in chat.
 * Only for companies with the webhard menu, only the caller's own company's store, and (apart from the login
 * itself and opening a colleague's link) only after a webhard login in the same messenger session (spec §4).
 */
import { createHash, randomBytes } from "node:crypto";
import type { Readable } from "node:stream";
import {
  DOWNLOAD_EXPIRY_DAYS,
  WEBHARD_FOLDER_TYPES,
  WEBHARD_GUEST_FOLDER_ID,
  WEBHARD_ROOT_FOLDER_ID,
} from "@moa/shared";
import type { Clock } from "../../clock.js";
import type { CompaniesRepository } from "../../db/repositories/companies.repository.js";
import type {
  WebhardFile,
  WebhardFolder,
  WebhardRepository,
} from "../../db/repositories/webhard.repository.js";
import { AppError, forbidden, notFound } from "../../errors.js";
import type { FileStorage } from "../../storage/file-storage.js";
import type { Actor } from "../auth/actor.js";
import type { LoginService } from "../auth/login.service.js";
import { isMenuEnabled } from "../home/menu-policy.js";

const DAY_MS = 24 * 60 * 60 * 1000;
/** How link tokens are stored: only their hash, so the table never holds a usable link. */
export const hashLinkToken = (t: string) =>
  createHash("sha256").update(t).digest("hex");

/** The caller has not logged in to the webhard in this messenger session. */
export const webhardLoginRequired = () =>
  new AppError("webhard_login_required", 403, "webhard login required");

/** The webhard is off for the caller's company or kind. */
export const webhardNotAvailable = () =>
  new AppError("webhard_not_available", 403, "webhard not available");

export type WebhardLink = { file: WebhardFile; token: string };

export class WebhardService {
  constructor(
    private readonly repo: WebhardRepository,
    private readonly companies: CompaniesRepository,
    private readonly login: LoginService,
    private readonly storage: FileStorage,
    private readonly clock: Clock,
  ) {}

  /**
   * Checks the webhard login form: the caller's own login id and password.
   * @param token the password encrypted to the server key, as at login.
   * @returns the webhard user id (ssoUserId), or undefined for wrong credentials; a success opens the webhard for
   * the caller's messenger session.
   * @throws AppError webhard_not_available.
   */
  async authenticate(
    actor: Actor,
    id: string,
    token: string,
    ip: string,
  ): Promise<string | undefined> {
    await this.requireAvailable(actor);
    if (id.trim().toLowerCase() !== actor.loginId.toLowerCase())
      return undefined;
    const result = await this.login.checkLockPassword(actor, token, ip);
    if (!result.ok) return undefined;
    await this.repo.addSession(actor.sessionId, actor.userId);
    return actor.loginId;
  }

  /**
   * Sub-folders of a folder: the root (0) lists top-level folders and the guest folder (-99).
   * @throws AppError webhard_not_available, webhard_login_required, folder_not_found (also another company's folder).
   */
  async folders(actor: Actor, folderId: number): Promise<WebhardFolder[]> {
    await this.requireSession(actor);
    const parent = await this.resolve(actor, folderId);
    const list = await this.repo.children(actor.companyId, parent);
    return list.map((f) =>
      f.folderType === WEBHARD_FOLDER_TYPES.guest
        ? { ...f, id: WEBHARD_GUEST_FOLDER_ID }
        : f,
    );
  }

  /**
   * Files of a folder that may be downloaded (roleDownload 0).
   * @throws AppError webhard_not_available, webhard_login_required, folder_not_found.
   */
  async files(actor: Actor, folderId: number): Promise<WebhardFile[]> {
    await this.requireSession(actor);
    return this.repo.files(
      actor.companyId,
      await this.resolve(actor, folderId),
    );
  }

  /**
   * Creates download links (7 days) for files of the caller's company.
   * @throws AppError webhard_not_available, webhard_login_required, file_not_found when any file is missing or not
   * downloadable.
   */
  async createLinks(
    actor: Actor,
    fileIds: readonly number[],
  ): Promise<WebhardLink[]> {
    await this.requireSession(actor);
    const unique = [...new Set(fileIds)];
    const files = await this.repo.filesByIds(actor.companyId, unique);
    if (files.length !== unique.length) throw notFound("file_not_found");
    const expiresAt = new Date(
      this.clock().getTime() + DOWNLOAD_EXPIRY_DAYS * DAY_MS,
    );
    const links: WebhardLink[] = [];
    for (const id of unique) {
      const file = files.find((f) => f.id === id) as WebhardFile;
      const token = randomBytes(24).toString("base64url");
      await this.repo.addLink(
        hashLinkToken(token),
        file.id,
        actor.userId,
        expiresAt,
      );
      links.push({ file, token });
    }
    return links;
  }

  /**
   * Opens a linked file for a colleague of the same company.
   * @throws AppError file_not_found for an unknown, expired or foreign link.
   */
  async openLink(
    actor: Actor,
    token: string,
  ): Promise<{ file: WebhardFile; stream: Readable; size: number }> {
    const file = await this.repo.fileOfLink(
      actor.companyId,
      hashLinkToken(token),
      this.clock(),
    );
    const object = file && (await this.storage.read(file.storageKey));
    if (!file || !object) throw notFound("file_not_found");
    return { file, ...object };
  }

  /**
   * Checks that body userInfo names the caller.
   * @throws AppError forbidden.
   */
  requireSelf(
    actor: Actor,
    info: { corpSeq: number; usrKey: number; ssoUserId?: string | undefined },
  ): void {
    if (info.corpSeq !== actor.companyId || info.usrKey !== actor.userId)
      throw forbidden("not the caller's ids");
    if (
      info.ssoUserId !== undefined &&
      info.ssoUserId !== "" &&
      info.ssoUserId !== actor.loginId
    )
      throw forbidden("not the caller's webhard id");
  }

  private async requireAvailable(actor: Actor): Promise<void> {
    const company = await this.companies.findById(actor.companyId);
    if (!company || !isMenuEnabled(company, actor.freeUser, "webhard"))
      throw webhardNotAvailable();
  }

  private async requireSession(actor: Actor): Promise<void> {
    await this.requireAvailable(actor);
    if (!(await this.repo.hasSession(actor.sessionId, actor.userId)))
      throw webhardLoginRequired();
  }

  /** The stored parent id of a requested folder id (null: root). */
  private async resolve(
    actor: Actor,
    folderId: number,
  ): Promise<number | null> {
    if (folderId === WEBHARD_ROOT_FOLDER_ID) return null;
    const folder =
      folderId === WEBHARD_GUEST_FOLDER_ID
        ? await this.repo.guestFolder(actor.companyId)
        : await this.repo.folder(actor.companyId, folderId);
    if (!folder) throw notFound("folder_not_found");
    return folder.id;
  }
}
