/** Renders a user as the spec's org user row (§3), for the profile, org search and department listings. */
import type { OrgUser } from "@moa/shared";
import type { Company } from "../../../db/repositories/companies.repository.js";
import type { User } from "../../../db/repositories/users.repository.js";
import { userJid } from "../../../services/auth/identity.js";

const yn = (b: boolean) => (b ? "Y" : "N");

/**
 * The org user row of a user.
 * @param user the user.
 * @param company the user's company.
 * @param department key and name of the user's department, if any.
 * @returns the row.
 */
export function toOrgUser(
  user: User,
  company: Company,
  department: { key: string; name: string } | undefined,
): OrgUser {
  const deptKey = department?.key ?? "";
  return {
    type: "user",
    id: user.loginId,
    userKey: user.id,
    messengerId: userJid(user, company),
    deptUserKey: `${deptKey}_${user.id}`,
    user: {
      id: user.loginId,
      name: user.name,
      position: user.position,
      title: user.title,
      email: user.email,
      loginEmailId: `${user.loginId}@${company.domain}`,
      // Empty without an uploaded photo: clients draw the initials themselves.
      photo: { fullUrl: user.photoUrl ?? "" },
      department: {
        id: deptKey,
        name: department?.name ?? "",
        company: { name: company.name },
      },
    },
    contact: {
      personal: { mobile: user.mobile },
      business: { phone: user.phone, extension: user.extension },
    },
    messenger: { nickname: user.nickname },
    property: { jobDescription: user.jobDescription },
    freeUserYn: yn(user.freeUser),
    crxUserYn: yn(user.centrexUser),
  };
}
