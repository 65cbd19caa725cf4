/**
 * Turns the org tree into its JSON answer once per org version and origin, with a gzip copy and an ETag,
 * so repeated requests (every login loads the tree) cost a cache lookup and a buffer write.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type { OrgDepartment, OrgTreeResponse, OrgUser } from "@moa/shared";
import type { OrgNode, OrgTree } from "../../../services/org/org.service.js";
import { avatarUrl } from "../avatars/avatars.routes.js";

const gzipAsync = promisify(gzip);

export type RenderedTree = { etag: string; json: Buffer; gzip: Buffer };

const yn = (b: boolean) => (b ? "Y" : "N");

function toDepartment(
  node: OrgNode,
  tree: OrgTree,
  origin: string,
  depth: number,
): OrgDepartment {
  const d = node.department;
  const companyName = tree.company.name;
  return {
    type: "dept",
    key: d.key,
    name: d.name,
    order: d.order,
    isVirtual: d.isVirtual,
    isOpen: depth === 0,
    isShow: true,
    userList: node.members.map(({ user, jid }): OrgUser => ({
      type: "user",
      id: user.loginId,
      userKey: user.id,
      messengerId: jid,
      deptUserKey: `${d.key}_${user.id}`,
      user: {
        id: user.loginId,
        name: user.name,
        position: user.position,
        title: user.title,
        email: user.email,
        loginEmailId: `${user.loginId}@${tree.company.domain}`,
        photo: { fullUrl: user.photoUrl ?? avatarUrl(origin, user.id) },
        department: { id: d.key, name: d.name, company: { name: companyName } },
      },
      contact: {
        personal: { mobile: user.mobile },
        business: { phone: user.phone, extension: user.extension },
      },
      messenger: { nickname: user.nickname },
      property: { jobDescription: user.jobDescription },
      freeUserYn: yn(user.freeUser),
      crxUserYn: yn(user.centrexUser),
    })),
    child: node.children.map((c) => toDepartment(c, tree, origin, depth + 1)),
  };
}

export class OrgTreePresenter {
  private readonly cache = new Map<
    number,
    { key: string; rendered: Promise<RenderedTree> }
  >();

  /**
   * Renders a tree (or returns the cached rendering of the same version and origin).
   * @param tree the org tree.
   * @param origin the server origin for photo URLs.
   * @returns JSON and gzip bytes with their ETag.
   */
  render(tree: OrgTree, origin: string): Promise<RenderedTree> {
    const key = `${tree.version}|${origin}`;
    const hit = this.cache.get(tree.company.id);
    if (hit?.key === key) return hit.rendered;
    const rendered = this.renderNow(tree, origin);
    this.cache.set(tree.company.id, { key, rendered });
    rendered.catch(() => this.cache.delete(tree.company.id));
    return rendered;
  }

  private async renderNow(
    tree: OrgTree,
    origin: string,
  ): Promise<RenderedTree> {
    const body: OrgTreeResponse = {
      ErrorCode: "00",
      orgVersion: tree.version,
      userCount: tree.userCount,
      tree: tree.roots.map((r) => toDepartment(r, tree, origin, 0)),
    };
    const json = Buffer.from(JSON.stringify(body));
    const etag = `"${createHash("sha1").update(json).digest("base64url")}"`;
    return { etag, json, gzip: await gzipAsync(json, { level: 6 }) };
  }
}
