/**
 * Account operations on the chat connection (spec §7.8, docs/protocol.md §3): token renew (`urn:moa:user:0`
 * `<token/>`) and the nickname change message MSG_01.
 */
import xml, { type Element } from "@xmpp/xml";
import { NS_MOA_USER } from "@moa/shared";
import { userTopic } from "../../bus/bus.js";
import type { XmppContext } from "../context.js";
import type { Router } from "../router.js";
import { sessionDomain } from "../render.js";
import type { ChatSession } from "../stream/chat-session.js";

/** The spec's message type code of a nickname change. */
export const NICKNAME_MESSAGE_TYPE = "MSG_01";

/**
 * Registers token renewal.
 * @param router the router.
 * @param ctx the XMPP context.
 */
export function registerAccount(router: Router, ctx: XmppContext): void {
  router.iq("get", NS_MOA_USER, "token", (session) => {
    const { token, expiresAt } = ctx.account.renewToken(session.actor);
    // The connection lives on until the renewed token expires.
    session.extendCredentials(expiresAt.getTime());
    return Promise.resolve(
      xml(
        "token",
        { xmlns: NS_MOA_USER, expires: expiresAt.toISOString() },
        token,
      ),
    );
  });
}

/**
 * Handles `<message to="{xmppDomain}"><body>nickname</body><x xmlns="urn:moa:user:0" type="MSG_01"/></message>`:
 * stores the nickname and tells every resource of the user.
 * @param ctx the XMPP context.
 * @param session the sender.
 * @param msg the message.
 * @returns false when the message is not a nickname change.
 */
export async function changeNickname(
  ctx: XmppContext,
  session: ChatSession,
  msg: Element,
): Promise<boolean> {
  const marker = msg.getChild("x", NS_MOA_USER);
  if (
    marker?.attrs.type !== NICKNAME_MESSAGE_TYPE ||
    msg.attrs.to !== sessionDomain(session)
  )
    return false;
  const nickname = await ctx.account.setNickname(
    session.actor,
    msg.getChildText("body") ?? "",
  );
  ctx.bus.publish(userTopic(session.actor.userId), {
    kind: "user.nickname",
    nickname,
  });
  return true;
}
