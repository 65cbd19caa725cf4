/**
 * Turns the org tree into its JSON answer once per org version, with a gzip copy and an ETag,
 * so repeated requests (every login loads the tree) cost a cache lookup and a buffer write.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type { OrgDepartment, OrgTreeResponse, OrgUser } from "@moa/shared";
import type { OrgNode, OrgTree } from "../../../services/org/org.service.js";

const gzipAsync = promisify(gzip);

export type RenderedTree = { etag: string; json: Buffer; gzip: Buffer };

const yn = (b: boolean) => (b ? "Y" : "N");

function toDepartment(
  node: OrgNode,
  tree: OrgTree,
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
        // Empty without an uploaded photo: clients draw the initials themselves (an image per row costs a request).
        photo: { fullUrl: user.photoUrl ?? "" },
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
    child: node.children.map((c) => toDepartment(c, tree, depth + 1)),
  };
}

export class OrgTreePresenter {
  private readonly cache = new Map<
    number,
    { version: number; rendered: Promise<RenderedTree> }
  >();

  /**
   * Renders a tree (or returns the cached rendering of the same version).
   * @param tree the org tree.
   * @returns JSON and gzip bytes with their ETag.
   */
  render(tree: OrgTree): Promise<RenderedTree> {
    const hit = this.cache.get(tree.company.id);
    if (hit?.version === tree.version) return hit.rendered;
    const rendered = this.renderNow(tree);
    this.cache.set(tree.company.id, { version: tree.version, rendered });
    rendered.catch(() => this.cache.delete(tree.company.id));
    return rendered;
  }

  private async renderNow(tree: OrgTree): Promise<RenderedTree> {
    const body: OrgTreeResponse = {
      ErrorCode: "00",
      orgVersion: tree.version,
      userCount: tree.userCount,
      tree: tree.roots.map((r) => toDepartment(r, tree, 0)),
    };
    const json = Buffer.from(JSON.stringify(body));
    const etag = `"${createHash("sha1").update(json).digest("base64url")}"`;
    return { etag, json, gzip: await gzipAsync(json, { level: 6 }) };
  }
}
