/**
 * Presence (spec §3, §6): per user and target (pc, webchat, web, mobile) with login time; changes go only to
 * sessions that subscribed to that user (`presence:{id}` topics), so fan-out follows what clients show, not
 * users². A login notification goes to the company's `logins:{companyId}` topic when the previous login of that
 * target was more than 5 seconds earlier.
 */
import { LOGIN_NOTICE_MIN_INTERVAL_MS, type PresenceTarget } from "@moa/shared";
import { presenceTopic, type ChatBus } from "../../bus/bus.js";
import type { Db } from "../../db/database.js";
import {
  deletePresence,
  deleteStalePresence,
  listPresence,
  upsertPresence,
  type PresenceRow,
} from "../../db/repositories/chat/chat-presence.repository.js";
import { findChatUsersByJid } from "../../db/repositories/chat/chat-users.repository.js";
import type { Actor } from "../auth/actor.js";
import { ChatError } from "./errors.js";
import { PresenceWriter } from "./presence-writer.js";
import type {
  HeldPresence,
  PresenceTracker,
} from "../../cluster/node-liveness.js";

/** A presence value as users set it (spec: on, dnd, away, off). */
export type Show = "on" | "dnd" | "away" | "off";

export type PresenceItem = {
  userId: number;
  jid: string;
  target: PresenceTarget;
  show: Show;
  loginTime: number;
};

/** Topic of login notifications of one company. */
export const loginsTopic = (companyId: number): string => `logins:${companyId}`;

const MAX_SUBSCRIPTIONS = 5_000;
const RANK: Record<Show, number> = { on: 3, away: 2, dnd: 1, off: 0 };

export class PresenceService {
  private readonly writer: PresenceWriter;

  constructor(
    private readonly db: Db,
    private readonly bus: ChatBus,
    private readonly now: () => number,
    /** The node registry when several nodes run: a dead node's presences are taken off by another. */
    private readonly tracker?: PresenceTracker,
  ) {
    this.writer = new PresenceWriter(db);
  }

  /**
   * A resource came online: record it, tell subscribers and, past the 5-second rule, announce the login.
   * @param actor the user.
   * @param resource the bound resource.
   * @param target the client kind.
   * @returns the login time recorded for this connection of the resource (what {@link offline} takes off).
   */
  async online(
    actor: Actor,
    resource: string,
    target: PresenceTarget,
  ): Promise<number> {
    const now = this.now();
    const previous = await this.writer.login({
      userId: actor.userId,
      resource,
      target,
      show: "on",
      loginTime: now,
      sessionId: actor.sessionId,
    });
    this.tracker?.track({
      userId: actor.userId,
      jid: actor.jid.toLowerCase(),
      resource,
      target,
      loginTime: now,
    });
    this.publish(actor, target, "on", now);
    if (
      previous === undefined ||
      now - previous > LOGIN_NOTICE_MIN_INTERVAL_MS
    ) {
      this.bus.publish(loginsTopic(actor.companyId), {
        kind: "presence.login",
        userId: actor.userId,
        jid: actor.jid.toLowerCase(),
        target,
        time: now,
      });
    }
    return now;
  }

  /**
   * Sets a resource's presence value.
   * @param actor the user.
   * @param resource the resource.
   * @param target the client kind.
   * @param show on, dnd, away or off.
   * @param held the connection's login time from {@link online}, to record the resource again with it should its row
   * be gone (taken off meanwhile): its offline removes only that time's row. Undefined: now.
   */
  async set(
    actor: Actor,
    resource: string,
    target: PresenceTarget,
    show: Show,
    held?: number,
  ): Promise<void> {
    const loginTime = await this.writer.run(() =>
      upsertPresence(this.db, {
        userId: actor.userId,
        resource,
        target,
        show,
        loginTime: held ?? this.now(),
        sessionId: actor.sessionId,
      }),
    );
    this.publish(actor, target, show, loginTime);
  }

  /**
   * A connection of a resource went away; subscribers learn the target's remaining presence (off when none is left).
   * A newer connection of the same resource (another login time) keeps its presence: it may have been recorded
   * first when the two are on different nodes.
   * @param actor the user.
   * @param resource the resource.
   * @param target the client kind.
   * @param held the connection's login time (undefined when recording it failed: whatever is recorded goes), and
   * whether a newer connection of the resource replaced it (that one's presence takes the row over, so subscribers
   * see no offline in between).
   */
  async offline(
    actor: Actor,
    resource: string,
    target: PresenceTarget,
    held: { loginTime: number | undefined; replaced: boolean },
  ): Promise<void> {
    this.tracker?.untrack(actor.userId, resource);
    if (held.replaced) return;
    const left = await this.writer.run(async () => {
      const removed =
        held.loginTime === undefined
          ? await deletePresence(this.db, actor.userId, resource)
          : await deleteStalePresence(
              this.db,
              actor.userId,
              resource,
              held.loginTime,
            );
      if (!removed) return undefined;
      return (await listPresence(this.db, [actor.userId])).filter(
        (r) => r.target === target,
      );
    });
    if (left) this.publishRemaining(actor, target, left);
  }

  /**
   * Takes off the presences a dead node held (its sessions could not say goodbye): subscribers learn what is left
   * of each target. A resource that has come online again since (another login time) is kept.
   * @param held the dead node's presences.
   */
  async takeOff(held: readonly HeldPresence[]): Promise<void> {
    for (const p of held) {
      const left = await this.writer.run(async () => {
        await deleteStalePresence(this.db, p.userId, p.resource, p.loginTime);
        return (await listPresence(this.db, [p.userId])).filter(
          (r) => r.target === p.target,
        );
      });
      this.publishRemaining(
        { userId: p.userId, jid: p.jid },
        p.target as PresenceTarget,
        left,
      );
    }
  }

  private publishRemaining(
    user: Pick<Actor, "userId" | "jid">,
    target: PresenceTarget,
    left: PresenceRow[],
  ): void {
    const best = left.sort(
      (a, b) => RANK[b.show as Show] - RANK[a.show as Show],
    )[0];
    this.publish(
      user,
      target,
      (best?.show as Show | undefined) ?? "off",
      best?.loginTime ?? 0,
    );
  }

  /**
   * The users among bare JIDs the actor may show: those of the actor's company.
   * @param actor the viewer.
   * @param jids bare JIDs.
   * @returns the users found, with their ids (for their presence topics).
   * @throws ChatError invalid_input when too many are asked.
   */
  async colleagues(
    actor: Actor,
    jids: readonly string[],
  ): Promise<{ id: number; jid: string }[]> {
    if (jids.length > MAX_SUBSCRIPTIONS)
      throw new ChatError("invalid_input", "too many presence subscriptions");
    const users = await findChatUsersByJid(this.db, [
      ...new Set(jids.map((j) => j.toLowerCase())),
    ]);
    return users
      .filter((u) => u.companyId === actor.companyId)
      .map((u) => ({ id: u.id, jid: u.jid }));
  }

  /**
   * The current presence of users. A caller that pushes later changes follows their topics first and holds those
   * pushes until it has sent this snapshot: a change in between is then in one or the other, and no push is
   * overwritten by an older snapshot.
   * @param users the users (ids and JIDs, as colleagues returns them).
   * @returns one item per user and online target; users with nothing online are absent.
   */
  async snapshot(
    users: readonly { id: number; jid: string }[],
  ): Promise<PresenceItem[]> {
    const rows = await listPresence(
      this.db,
      users.map((u) => u.id),
    );
    const jidOf = new Map(users.map((u) => [u.id, u.jid]));
    const best = new Map<string, PresenceItem>();
    for (const r of rows) {
      const key = `${r.userId}/${r.target}`;
      const item: PresenceItem = {
        userId: r.userId,
        jid: jidOf.get(r.userId) ?? "",
        target: r.target as PresenceTarget,
        show: r.show as Show,
        loginTime: r.loginTime,
      };
      const current = best.get(key);
      if (!current || RANK[item.show] > RANK[current.show]) best.set(key, item);
    }
    return [...best.values()];
  }

  private publish(
    actor: Pick<Actor, "userId" | "jid">,
    target: PresenceTarget,
    show: Show,
    loginTime: number,
  ): void {
    this.bus.publish(presenceTopic(actor.userId), {
      kind: "presence",
      userId: actor.userId,
      jid: actor.jid.toLowerCase(),
      target,
      show,
      loginTime,
    });
  }
}
