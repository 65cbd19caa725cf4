/**
 * Generates a large synthetic org chart (benchmarks, load tests): a four-level department tree and users spread
 * over it with Korean names, positions and titles. Deterministic for the same sizes.
 */
import type {
  DepartmentRecord,
  OrgImport,
  UserRecord,
} from "./directory.service.js";
import { GIVEN_NAMES, SURNAMES } from "./korean-names.js";

export type GenerateOptions = {
  users: number;
  departments: number;
  /** One precomputed hash shared by every generated user (hashing 20,000 passwords would take minutes). */
  passwordHash: string;
};

const DIVISIONS = [
  "경영지원",
  "개발",
  "영업",
  "마케팅",
  "생산",
  "연구",
  "품질",
  "구매",
  "물류",
  "고객지원",
];
const TEAM_KINDS = [
  "기획",
  "운영",
  "개발",
  "분석",
  "지원",
  "관리",
  "전략",
  "혁신",
];
const POSITIONS = [
  "사원",
  "사원",
  "주임",
  "대리",
  "대리",
  "과장",
  "과장",
  "차장",
  "부장",
];

/**
 * Builds the org chart.
 * @param opts sizes and the shared password hash.
 * @returns departments (parents first) and users.
 */
export function generateOrg(opts: GenerateOptions): OrgImport {
  const total = Math.max(1, opts.departments);
  const departments: DepartmentRecord[] = [
    { key: "g0", name: "모아그룹", parentKey: null, order: 0 },
  ];
  const divisions = Math.min(DIVISIONS.length, Math.max(0, total - 1));
  for (let i = 0; i < divisions; i += 1)
    departments.push({
      key: `g${departments.length}`,
      name: `${DIVISIONS[i] ?? "사업"}본부`,
      parentKey: "g0",
      order: i,
    });
  // Breadth-first: every further department goes under the earliest department with fewer than 8 children.
  const childCount = new Map<string, number>();
  let parentIndex = 1;
  while (departments.length < total) {
    const parent =
      departments[Math.min(parentIndex, departments.length - 1)] ??
      departments[0];
    const key = parent?.key ?? "g0";
    const n = childCount.get(key) ?? 0;
    const depth = key === "g0" ? 1 : parentDepth(departments, key) + 1;
    const kind = TEAM_KINDS[n % TEAM_KINDS.length] ?? "운영";
    departments.push({
      key: `g${departments.length}`,
      name:
        depth >= 3
          ? `${kind}${n + 1}파트`
          : `${parent?.name.replace(/본부$/, "") ?? ""}${kind}팀`,
      parentKey: key,
      order: n,
    });
    childCount.set(key, n + 1);
    if (n + 1 >= 8) parentIndex += 1;
  }
  const users: UserRecord[] = [];
  for (let i = 0; i < opts.users; i += 1) {
    const surname = SURNAMES[i % SURNAMES.length] ?? ["김", "kim"];
    const given = GIVEN_NAMES[
      Math.floor(i / SURNAMES.length) % GIVEN_NAMES.length
    ] ?? ["민수", "minsu"];
    const dept =
      departments[1 + (i % Math.max(1, departments.length - 1))] ??
      departments[0];
    const loginId = `u${String(i + 1).padStart(6, "0")}`;
    users.push({
      loginId,
      name: `${surname[0]}${given[0]}`,
      deptKey: dept?.key ?? "g0",
      order: i,
      position: POSITIONS[i % POSITIONS.length] ?? "사원",
      title: i % 25 === 0 ? "팀장" : "팀원",
      email: `${loginId}@example.moa.test`,
      mobile: `010-${String(1000 + (i % 9000)).padStart(4, "0")}-${String((i * 7919) % 10000).padStart(4, "0")}`,
      phone: `02-${String(3000 + (i % 6000))}-${String(i % 10000).padStart(4, "0")}`,
      extension: String(1000 + (i % 9000)),
      jobDescription: `${dept?.name ?? ""} 업무`,
      centrexUser: i % 10 === 0,
      passwordHash: opts.passwordHash,
    });
  }
  return { departments, users };
}

function parentDepth(
  departments: readonly DepartmentRecord[],
  key: string,
): number {
  let depth = 0;
  let current = departments.find((d) => d.key === key);
  while (current?.parentKey) {
    depth += 1;
    const parentKey = current.parentKey;
    current = departments.find((d) => d.key === parentKey);
  }
  return depth;
}
