/**
 * Workplace pushes over the chat connection (docs/protocol.md §6, docs/integration.md): a headline message whose
 * `push` child (urn:moa:push:0) names the type and carries the payload as JSON text.
 */
import { NS_MOA_PUSH } from "@moa/shared";
import { z } from "zod";
import { child } from "../../lib/xml";

/** A groupware alarm push (`type="alarm"`). */
export const alarmPushSchema = z.object({
  id: z.number(),
  type: z.string(),
  title: z.string(),
  senderDetail: z.string(),
  link: z.string(),
  time: z.number(),
});

/** A groupware alarm as pushed. */
export type AlarmPush = z.infer<typeof alarmPushSchema>;

/**
 * Reads an alarm push out of a chat message.
 * @param message - any incoming `<message/>`.
 * @returns the alarm, or null for anything else (or a malformed payload).
 */
export function alarmPushOf(message: Element): AlarmPush | null {
  if (message.getAttribute("type") !== "headline") return null;
  const push = child(message, "push", NS_MOA_PUSH);
  if (push?.getAttribute("type") !== "alarm") return null;
  try {
    const parsed = alarmPushSchema.safeParse(JSON.parse(push.textContent));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
