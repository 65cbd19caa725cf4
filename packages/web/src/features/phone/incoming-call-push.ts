/**
 * The PBX's incoming-call event as it arrives over the chat connection: a headline message carrying
 * `<push xmlns="urn:moa:push:0" type="incomingCall">{"callNumber","usrInfo"?}</push>` (docs/integration.md).
 */
import { NS_MOA_PUSH } from "@moa/shared";
import { z } from "zod";
import type { CallerCard } from "../../api/centrex-api";

const payloadSchema = z.object({
  callNumber: z.string().min(1).max(40),
  usrInfo: z
    .object({ id: z.string(), company: z.string(), name: z.string() })
    .optional(),
});

/** An incoming call: the caller's number and, when the server knew them, their card. */
export type IncomingCall = { callNumber: string; caller?: CallerCard };

/**
 * Reads an incoming-call push.
 * @param message - a `<message>` from the chat connection.
 * @returns the call, or null for any other stanza or a malformed payload.
 */
export function parseIncomingCallPush(message: Element): IncomingCall | null {
  const push = Array.from(message.children).find(
    (el) =>
      el.localName === "push" &&
      el.namespaceURI === NS_MOA_PUSH &&
      el.getAttribute("type") === "incomingCall",
  );
  if (!push) return null;
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(push.textContent));
    if (!parsed.success) return null;
    const { callNumber, usrInfo } = parsed.data;
    return usrInfo ? { callNumber, caller: usrInfo } : { callNumber };
  } catch {
    // Not JSON: not a push this client understands.
    return null;
  }
}
