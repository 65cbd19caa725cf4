/** Friends and friend groups (spec §7.4) under /api/v1/chat/home/: group.json, relation.json and their edits. */
import {
  friendAddRequestSchema,
  friendDeleteRequestSchema,
  friendGroupRequestSchema,
  friendMoveRequestSchema,
} from "@moa/shared";
import { z } from "zod";
import type { Company } from "../../../db/repositories/companies.repository.js";
import type {
  Friend,
  FriendsService,
} from "../../../services/friends/friends.service.js";
import type { OrgIndexService } from "../../../services/friends/org-index.js";
import { userJid } from "../../../services/auth/identity.js";
import { requireActor } from "../../auth-hook.js";
import { okBody } from "../../envelope.js";
import type { HttpApp } from "../../http-app.js";
import { parseInput } from "../../validate.js";
import { toOrgUser } from "../home/org-user.presenter.js";

const groupParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/**
 * Registers the routes.
 * @param app the Fastify app.
 * @param deps the friends service and the org index.
 */
export function registerFriendsRoutes(
  app: HttpApp,
  deps: { friends: FriendsService; org: OrgIndexService },
): void {
  const { friends, org } = deps;
  const present = (f: Friend, company: Company) => ({
    id: f.entry.user.loginId,
    group: { id: f.groupId },
    messengerId: userJid(f.entry.user, company),
    profile: toOrgUser(f.entry.user, company, f.entry.department),
  });

  app.get("/api/v1/chat/home/group.json", async (req) => {
    const actor = requireActor(req);
    const groups = await friends.groups(actor);
    return okBody({
      content: groups.map((g) => ({
        id: g.id,
        name: g.name,
        messengerId: actor.jid,
        friends: g.friendLoginIds,
      })),
    });
  });

  app.get("/api/v1/chat/home/relation.json", async (req) => {
    const actor = requireActor(req);
    const [list, index] = await Promise.all([
      friends.friends(actor),
      org.index(actor),
    ]);
    return okBody({
      content: list.map((f) => present(f, index.company)),
    });
  });

  app.post("/api/v1/chat/home/group/new.json", async (req) => {
    const { name } = parseInput(friendGroupRequestSchema, req.body);
    const actor = requireActor(req);
    const group = await friends.createGroup(actor, name);
    return okBody({
      result: { success: true, group: { ...group, messengerId: actor.jid } },
    });
  });

  app.put("/api/v1/chat/home/group/:id/edit.json", async (req) => {
    const { id } = parseInput(groupParamsSchema, req.params);
    const { name } = parseInput(friendGroupRequestSchema, req.body);
    const group = await friends.renameGroup(requireActor(req), id, name);
    return okBody({ result: { success: true, group } });
  });

  app.delete("/api/v1/chat/home/group/:id/edit.json", async (req) => {
    const { id } = parseInput(groupParamsSchema, req.params);
    await friends.deleteGroup(requireActor(req), id);
    return okBody({ result: { success: true } });
  });

  app.post("/api/v1/chat/home/relation/new/list.json", async (req) => {
    const items = parseInput(friendAddRequestSchema, req.body);
    const actor = requireActor(req);
    const added = await friends.addFriends(actor, items);
    const index = await org.index(actor);
    return okBody({
      list: added.map((f) => present(f, index.company)),
    });
  });

  app.put("/api/v1/chat/home/relation/move/list.json", async (req) => {
    const moves = parseInput(friendMoveRequestSchema, req.body);
    await friends.moveFriends(requireActor(req), moves);
    return okBody({ result: { success: true } });
  });

  app.post("/api/v1/chat/home/relation/list.json", async (req) => {
    const { ids } = parseInput(friendDeleteRequestSchema, req.body);
    const removed = await friends.deleteFriends(requireActor(req), ids);
    return okBody({ result: { success: true, removed } });
  });
}
