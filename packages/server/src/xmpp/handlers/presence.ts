/**
 * Presence (docs/protocol.md §5): own presence values per target, subscriptions to the users a client shows,
 * login notifications, and presences to room JIDs (MUC joins: muc/join.ts; membership, not presence, decides
 * delivery).
 */
import xml, { type Element } from "@xmpp/xml";
import {
  NS_MOA_PRESENCE,
  PRESENCE_TARGETS,
  type PresenceTarget,
} from "@moa/shared";
import { presenceTopic } from "../../bus/bus.js";
import { InFlight } from "../../in-flight.js";
import {
  loginsTopic,
  type Show,
} from "../../services/chat/presence.service.js";
import type { XmppContext } from "../context.js";
import type { ImHooks } from "../im/register-im.js";
import type { Router } from "../router.js";
import type { ChatSession } from "../stream/chat-session.js";
import { StanzaError } from "../stream/errors.js";
import { roomPresence } from "../muc/join.js";
import { requireAttr, roomNameOf } from "./target.js";

export type PresenceHooks = {
  onStart: (session: ChatSession) => void;
  onEnd: (session: ChatSession) => void;
  /** Resolves once every presence write started so far has finished (shutdown waits for it before closing the database). */
  drain: () => Promise<void>;
};

/**
 * The presence target of a resource: its prefix before the first "-" (`pc-1` → pc), else web.
 * @param resource the bound resource.
 * @returns pc, webchat, web or mobile.
 */
export function targetOf(resource: string): PresenceTarget {
  const prefix = resource.split("-")[0] ?? "";
  return (PRESENCE_TARGETS as readonly string[]).includes(prefix)
    ? (prefix as PresenceTarget)
    : "web";
}

function showOf(presence: Element): Show {
  if (presence.attrs.type === "unavailable") return "off";
  const show = presence.getChildText("show");
  if (show === "dnd") return "dnd";
  if (show === "away" || show === "xa") return "away";
  return "on";
}

/**
 * Registers presence handlers.
 * @param router the router.
 * @param ctx the XMPP context.
 * @param im RFC 6121 presence of stock clients (im/subscriptions.ts), or undefined.
 * @returns the session life-cycle hooks presence needs.
 */
export function registerPresence(
  router: Router,
  ctx: XmppContext,
  im?: Pick<ImHooks, "ownPresence" | "subscription">,
): PresenceHooks {
  const presence = ctx.chat.presence;
  const pending = new InFlight();
  /** Each session's presence login time, once recorded: its offline takes off that connection only. */
  const loginTimes = new WeakMap<ChatSession, Promise<number>>();
  /** The login time a session's presence was recorded with; undefined when its online failed (logged there). */
  const heldLoginTime = (session: ChatSession): Promise<number | undefined> =>
    loginTimes.get(session)?.catch(() => undefined) ??
    Promise.resolve(undefined);
  const run = (
    what: string,
    session: ChatSession,
    task: () => Promise<void>,
  ) => {
    void pending.track(
      (async () => {
        try {
          await task();
        } catch (err) {
          ctx.logger.error({ err, jid: session.jid }, what);
        }
      })(),
    );
  };

  router.presence(async (session, stanza) => {
    const to = stanza.attrs.to as string | undefined;
    if (to === undefined) {
      await presence.set(
        session.actor,
        session.resource,
        targetOf(session.resource),
        showOf(stanza),
        await heldLoginTime(session),
      );
      im?.ownPresence(session, stanza);
      return;
    }
    const roomName = roomNameOf(to.split("/")[0], session);
    if (roomName) await roomPresence(ctx, session, stanza, roomName);
    else await im?.subscription(session, stanza);
  });

  router.iq(
    "set",
    NS_MOA_PRESENCE,
    "subscribe",
    async (session, payload) => {
      const jids = payload
        .getChildren("item")
        .map((i) => requireAttr(i, "jid"));
      const users = await presence.colleagues(session.actor, jids);
      const wanted = new Set(users.map((u) => presenceTopic(u.id)));
      for (const topic of session.followed()) {
        if (topic.startsWith("presence:") && !wanted.has(topic))
          session.unfollow(topic);
      }
      for (const topic of wanted) session.follow(topic);
      // Followed before the snapshot is read, so a change is in the snapshot or pushed after it (the pushes are held
      // until this result is written); read first, a change in between reached the client in neither.
      await ctx.bus.ready();
      const items = await presence.snapshot(users);
      return xml(
        "subscribe",
        { xmlns: NS_MOA_PRESENCE },
        ...items.map((i) =>
          xml("item", {
            jid: i.jid,
            target: i.target,
            show: i.show,
            "login-time": String(i.loginTime),
          }),
        ),
      );
    },
    { holdEvents: true },
  );

  router.iq("set", NS_MOA_PRESENCE, "login-notices", (session, payload) => {
    const scope = requireAttr(payload, "scope");
    if (scope !== "off" && scope !== "org" && scope !== "frnd")
      throw new StanzaError("bad-request", "invalid_input");
    session.loginScope = scope;
    const topic = loginsTopic(session.actor.companyId);
    if (scope === "off") session.unfollow(topic);
    else session.follow(topic);
    return Promise.resolve(undefined);
  });

  return {
    drain: () => pending.drain(),
    onStart: (session) => {
      const loginTime = presence.online(
        session.actor,
        session.resource,
        targetOf(session.resource),
      );
      loginTimes.set(session, loginTime);
      run("presence online failed", session, async () => {
        await loginTime;
      });
    },
    onEnd: (session) => {
      run("presence offline failed", session, async () => {
        const held = heldLoginTime(session);
        loginTimes.delete(session);
        await presence.offline(
          session.actor,
          session.resource,
          targetOf(session.resource),
          {
            loginTime: await held,
            replaced: session.replaced,
          },
        );
      });
    },
  };
}
