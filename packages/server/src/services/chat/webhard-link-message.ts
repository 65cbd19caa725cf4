/**
 * FILE messages that name a webhard link (docs/protocol.md §2 Files): the sender names a link it made by its token
 * only; the file's name and size come from the webhard store. Only the sender's own unexpired links to files that
 * may still be downloaded are relayed, so a message never carries a URL or a file the server did not check.
 */
import { webhardLinkExtensionJson, webhardLinkTokenSchema } from "@moa/shared";
import type { WebhardRepository } from "../../db/repositories/webhard.repository.js";
import type { Actor } from "../auth/actor.js";
import { hashLinkToken } from "../webhard/webhard.service.js";
import { ChatError } from "./errors.js";

/**
 * The webhard link token a FILE extension names, if it names one.
 * @param extension the sender's extensions JSON (already known to be a FILE object).
 * @returns the token, or undefined for an uploaded-file message.
 * @throws ChatError invalid_input when `webhardLink` is not a token.
 */
export function webhardLinkOf(extension: string): string | undefined {
  const { webhardLink } = JSON.parse(extension) as { webhardLink?: unknown };
  if (webhardLink === undefined) return undefined;
  const parsed = webhardLinkTokenSchema.safeParse(webhardLink);
  if (!parsed.success)
    throw new ChatError("invalid_input", "webhardLink is not a link token");
  return parsed.data;
}

/**
 * The body and extensions a webhard link message is stored and delivered with.
 * @param webhard the webhard store.
 * @param actor the sender.
 * @param token the link token the sender named.
 * @param now epoch ms, for the link's expiry.
 * @returns the file name as body and the server-built extensions JSON.
 * @throws ChatError file_not_found when the link is unknown, expired, another user's, or its file is gone or no
 * longer downloadable.
 */
export async function serverWebhardLinkMessage(
  webhard: WebhardRepository,
  actor: Actor,
  token: string,
  now: number,
): Promise<{ body: string; extension: string }> {
  const file = await webhard.fileOfLink(
    actor.companyId,
    hashLinkToken(token),
    new Date(now),
    actor.userId,
  );
  if (!file) throw new ChatError("file_not_found");
  return {
    body: file.name,
    extension: webhardLinkExtensionJson({
      fileName: file.name,
      size: file.size,
      token,
    }),
  };
}
