/**
 * Chat file routes (spec §7.6): the streaming multipart upload, downloads as attachments with an RFC 6266
 * filename, and image thumbnails. Every call needs the access token; membership is checked each time.
 */
import fastifyMultipart from "@fastify/multipart";
import {
  CHAT_DOWNLOAD_PATH,
  CHAT_THUMBNAIL_PATH,
  CHAT_UPLOAD_PATH,
  chatDownloadQuerySchema,
  chatUploadFieldsSchema,
  formatFileSize,
  MESSAGE_CODES,
} from "@moa/shared";
import { create as contentDisposition } from "content-disposition";
import type { Config } from "../../../config.js";
import { AppError, invalidInput } from "../../../errors.js";
import {
  fileTooLarge,
  tooManyFiles,
  type ChatFilesService,
  type ChatUpload,
} from "../../../services/files/chat-files.service.js";
import { requireActor } from "../../auth-hook.js";
import { okBody } from "../../envelope.js";
import type { HttpApp } from "../../http-app.js";
import { publicOrigin } from "../../public-url.js";
import { parseInput } from "../../validate.js";

/** Maps @fastify/multipart's limit errors to the spec's upload codes. */
function uploadError(err: unknown): unknown {
  const code = (err as { code?: string } | null)?.code;
  if (code === "FST_FILES_LIMIT") return tooManyFiles();
  if (code === "FST_REQ_FILE_TOO_LARGE") return fileTooLarge();
  if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT")
    return invalidInput([{ path: "", message: code }]);
  // The client went away mid-upload: nothing to answer, nothing to log as a server fault.
  if (code === "ECONNRESET" || code === "FST_MP_PREMATURE_CLOSE")
    return new AppError("upload_aborted", 400, "aborted");
  return err;
}

/**
 * Registers the routes.
 * @param app the Fastify app.
 * @param deps the files service and configuration.
 */
export async function registerFileRoutes(
  app: HttpApp,
  deps: { files: ChatFilesService; config: Config },
): Promise<void> {
  const { files, config } = deps;
  const limits = files.uploadLimits;
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: {
        files: limits.maxFiles,
        // One byte over the limit lets the service see (and refuse) an oversized file instead of a silent cut.
        fileSize: limits.maxFileBytes + 1,
        fields: 10,
        fieldSize: 1024,
        parts: limits.maxFiles + 10,
        headerPairs: 50,
      },
    });

    scope.post(
      CHAT_UPLOAD_PATH,
      { config: { auth: true } },
      async (req, reply) => {
        const actor = requireActor(req);
        const fields: Record<string, string> = {};
        let upload: ChatUpload | undefined;
        try {
          for await (const part of req.parts()) {
            if (part.type === "field") {
              fields[part.fieldname] = String(part.value);
              continue;
            }
            if (!upload) {
              const parsed = chatUploadFieldsSchema.safeParse(fields);
              if (!parsed.success) {
                part.file.resume();
                throw invalidInput([
                  {
                    path: "roomname",
                    message: "send the fields before the files",
                  },
                ]);
              }
              upload = await files.beginUpload(actor, parsed.data.roomname);
            }
            await upload.addFile(part.filename, part.mimetype, part.file);
          }
          if (!upload)
            throw new AppError(MESSAGE_CODES.uploadNoFiles, 400, "no files");
          const stored = await upload.commit();
          const origin = publicOrigin(req, config);
          const roomname = encodeURIComponent(fields.roomname ?? "");
          return okBody({
            trid: fields.trid ?? "",
            multipartFile: stored.map((f) => ({
              fileName: f.fileName,
              fileSize: formatFileSize(f.size),
              fileSizeOrg: f.size,
              fileno: f.fileno,
              fileDownUrl: `${origin}${CHAT_DOWNLOAD_PATH}`,
              thumbUrl: f.thumbKey
                ? `${origin}${CHAT_THUMBNAIL_PATH}?roomname=${roomname}&fileno=${f.fileno}`
                : "",
            })),
          });
        } catch (err) {
          await upload?.abort();
          // The rest of a refused body is not read: close the connection rather than drain it.
          void reply.header("connection", "close");
          throw uploadError(err);
        }
      },
    );

    scope.get(
      CHAT_DOWNLOAD_PATH,
      { config: { auth: true } },
      async (req, reply) => {
        const q = parseInput(chatDownloadQuerySchema, req.query);
        const { file, stream, size } = await files.open(
          requireActor(req),
          q.roomname,
          q.fileno,
        );
        return reply
          .header("content-type", "application/octet-stream")
          .header("content-length", size)
          .header(
            "content-disposition",
            contentDisposition(file.fileName, { type: "attachment" }),
          )
          .header("x-content-type-options", "nosniff")
          .header("cache-control", "private, no-store")
          .send(stream);
      },
    );

    scope.get(
      CHAT_THUMBNAIL_PATH,
      { config: { auth: true } },
      async (req, reply) => {
        const q = parseInput(chatDownloadQuerySchema, req.query);
        const { stream, size } = await files.openThumbnail(
          requireActor(req),
          q.roomname,
          q.fileno,
        );
        return reply
          .header("content-type", "image/webp")
          .header("content-length", size)
          .header("x-content-type-options", "nosniff")
          .header("cache-control", "private, max-age=86400")
          .send(stream);
      },
    );
  });
}
