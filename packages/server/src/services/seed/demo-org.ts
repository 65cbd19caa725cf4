/**
 * The demo company's org chart: deterministic Korean names, positions and titles, with one account of each
 * special kind (free user, expired password, no privacy consent, locked, deactivated) for trying every login path.
 */
import type {
  DepartmentRecord,
  OrgImport,
  UserRecord,
} from "../directory/directory.service.js";
import { GIVEN_NAMES as GIVEN, SURNAMES } from "../directory/korean-names.js";

export const DEMO_DOMAIN = "demo.moa.test";
export const DEMO_COMPANY_NAME = "모아테크";
export const DEMO_PASSWORD = "moa1234!";

/** Accounts worth knowing about, printed at start and listed in docs/auth.md. */
export const DEMO_ACCOUNTS = {
  normal: "minsu.kim",
  free: "jiwoo.park",
  expired: "seoyeon.lee",
  noConsent: "jihoon.choi",
  locked: "haeun.jung",
  deactivated: "doyun.kang",
} as const;

/** Departments: key, name, parent, and what its people do. */
const DEPARTMENTS: readonly (DepartmentRecord & { job?: string })[] = [
  {
    key: "moa",
    name: DEMO_COMPANY_NAME,
    parentKey: null,
    order: 0,
    job: "경영 총괄",
  },
  {
    key: "mgmt",
    name: "경영지원본부",
    parentKey: "moa",
    order: 1,
    job: "경영지원 총괄",
  },
  {
    key: "hr",
    name: "인사팀",
    parentKey: "mgmt",
    order: 1,
    job: "채용·인사 운영",
  },
  {
    key: "fin",
    name: "재무팀",
    parentKey: "mgmt",
    order: 2,
    job: "회계·자금 관리",
  },
  {
    key: "ga",
    name: "총무팀",
    parentKey: "mgmt",
    order: 3,
    job: "시설·자산 관리",
  },
  {
    key: "dev",
    name: "개발본부",
    parentKey: "moa",
    order: 2,
    job: "제품 개발 총괄",
  },
  {
    key: "platform",
    name: "플랫폼팀",
    parentKey: "dev",
    order: 1,
    job: "메신저 서버 개발",
  },
  {
    key: "mobile",
    name: "모바일팀",
    parentKey: "dev",
    order: 2,
    job: "모바일 앱 개발",
  },
  {
    key: "qa",
    name: "품질보증팀",
    parentKey: "dev",
    order: 3,
    job: "테스트·품질 관리",
  },
  {
    key: "sales",
    name: "영업본부",
    parentKey: "moa",
    order: 3,
    job: "영업 총괄",
  },
  {
    key: "sales1",
    name: "영업1팀",
    parentKey: "sales",
    order: 1,
    job: "기업 고객 영업",
  },
  {
    key: "sales2",
    name: "영업2팀",
    parentKey: "sales",
    order: 2,
    job: "공공 기관 영업",
  },
  {
    key: "marketing",
    name: "마케팅팀",
    parentKey: "sales",
    order: 3,
    job: "브랜드·캠페인 기획",
  },
  {
    key: "cs",
    name: "고객지원센터",
    parentKey: "moa",
    order: 4,
    job: "고객 상담",
  },
  {
    key: "tf-next",
    name: "차세대 메신저 TF",
    parentKey: "moa",
    order: 9,
    isVirtual: true,
    job: "차세대 메신저 기획",
  },
];

type Slot = { dept: string; position: string; title: string };

/** Who sits where: heads first, then members; 65 people in all. */
function slots(): Slot[] {
  const s: Slot[] = [{ dept: "moa", position: "대표이사", title: "대표" }];
  for (const division of ["mgmt", "dev", "sales"])
    s.push({
      dept: division,
      position: division === "dev" ? "전무" : "상무",
      title: "본부장",
    });
  const teams = [
    "hr",
    "fin",
    "ga",
    "platform",
    "mobile",
    "qa",
    "sales1",
    "sales2",
    "marketing",
  ];
  const memberPositions = ["차장", "과장", "대리", "주임", "사원"];
  for (const team of teams) {
    s.push({ dept: team, position: "부장", title: "팀장" });
    for (const p of memberPositions)
      s.push({ dept: team, position: p, title: "팀원" });
  }
  s.push({ dept: "cs", position: "부장", title: "센터장" });
  for (const p of ["과장", "대리", "사원", "사원"])
    s.push({ dept: "cs", position: p, title: "상담원" });
  s.push(
    { dept: "tf-next", position: "차장", title: "TF장" },
    { dept: "tf-next", position: "대리", title: "팀원" },
  );
  return s;
}

const pad = (n: number, w: number) => String(n).padStart(w, "0");

/**
 * Builds the demo org chart (pure and deterministic).
 * @returns departments and users, every user with the demo password.
 */
export function buildDemoOrg(): OrgImport {
  const special = new Map<string, Partial<UserRecord>>([
    // The normal account can try the internet phone (spec §2.8).
    [DEMO_ACCOUNTS.normal, { centrexUser: true }],
    [DEMO_ACCOUNTS.free, { freeUser: true, title: "협력사", position: "사원" }],
    [DEMO_ACCOUNTS.expired, { passwordExpired: true }],
    [DEMO_ACCOUNTS.noConsent, { privacyConsent: false }],
    [DEMO_ACCOUNTS.locked, { locked: true }],
    [DEMO_ACCOUNTS.deactivated, { active: false }],
  ]);
  const specialIds = [...special.keys()];
  const jobs = new Map(DEPARTMENTS.map((d) => [d.key, d.job ?? ""]));
  const used = new Set<string>(specialIds);
  let nextSpecial = 0;
  const users: UserRecord[] = slots().map((slot, i) => {
    // The special accounts take the first member seats of the dev teams, so they are easy to find.
    let loginId: string;
    let name: string;
    const devMember =
      (slot.dept === "platform" || slot.dept === "mobile") &&
      slot.title === "팀원";
    if (devMember && nextSpecial < specialIds.length) {
      loginId = specialIds[nextSpecial] ?? "";
      nextSpecial += 1;
      const [given, surname] = loginId.split(".");
      name = `${SURNAMES.find((s) => s[1] === surname)?.[0] ?? ""}${GIVEN.find((g) => g[1] === given)?.[0] ?? ""}`;
    } else {
      let k = i;
      do {
        const surname = SURNAMES[k % SURNAMES.length] ?? ["김", "kim"];
        const given = GIVEN[(k * 7 + 3) % GIVEN.length] ?? ["민수", "minsu"];
        loginId = `${given[1]}.${surname[1]}`;
        name = `${surname[0]}${given[0]}`;
        k += 1;
      } while (used.has(loginId));
      used.add(loginId);
    }
    const extra = special.get(loginId) ?? {};
    return {
      loginId,
      name,
      deptKey: slot.dept,
      order: i,
      position: slot.position,
      title: slot.title,
      email: `${loginId}@${DEMO_DOMAIN}`,
      mobile: `010-${pad(2000 + ((i * 37) % 8000), 4)}-${pad(1000 + ((i * 7919) % 9000), 4)}`,
      phone: `02-6000-${pad(1000 + i, 4)}`,
      extension: pad(1000 + i, 4),
      nickname: i % 5 === 0 ? `${name.slice(1)}${i % 2 ? "🙂" : ""}` : "",
      jobDescription: jobs.get(slot.dept) ?? "",
      centrexUser:
        slot.dept === "cs" ||
        slot.dept === "mgmt" ||
        slot.dept.startsWith("sales") ||
        i % 9 === 0,
      smsUse: slot.dept === "cs" || slot.dept === "marketing",
      password: DEMO_PASSWORD,
      ...extra,
    };
  });
  return { departments: DEPARTMENTS.map(({ job: _job, ...d }) => d), users };
}
