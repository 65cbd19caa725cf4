import { describe, expect, it } from "vitest";
import {
  asDepartmentKey,
  asUserId,
  type DepartmentKey,
  type UserId,
} from "../ids.js";
import {
  departmentCheckMark,
  EMPTY_ORG_CHECK_STATE,
  setDepartmentChecked,
  setUserChecked,
  type OrgCheckState,
  type OrgPickerDepartment,
} from "./check-propagation.js";

const dept = (
  key: string,
  users: string[],
  children: OrgPickerDepartment[] = [],
): OrgPickerDepartment => ({
  key: asDepartmentKey(key),
  users: users.map((id) => ({ id: asUserId(id) })),
  children,
});
const u = asUserId;
const d = asDepartmentKey;
const me = u("me");

// 본사 ─┬─ 개발팀 (me, kim, lee) ─── 플랫폼 (park)
//       └─ 영업팀 (choi, kim)        (kim is in two departments)
//       └─ 신설팀 (nobody yet)
const tree = [
  dept(
    "hq",
    [],
    [
      dept("dev", ["me", "kim", "lee"], [dept("platform", ["park"])]),
      dept("sales", ["choi", "kim"]),
      dept("new", []),
    ],
  ),
];

const usersOf = (state: OrgCheckState): UserId[] => [...state.users].sort();
const deptsOf = (state: OrgCheckState): DepartmentKey[] =>
  [...state.departments].sort();

describe("setDepartmentChecked", () => {
  it("checks a department's users except me, and its sub-departments recursively", () => {
    const state = setDepartmentChecked(
      tree,
      EMPTY_ORG_CHECK_STATE,
      d("dev"),
      true,
      me,
    );
    expect(usersOf(state)).toEqual(["kim", "lee", "park"]);
    expect(deptsOf(state)).toEqual(["dev", "platform"]);
  });

  it("checks the parent once all its departments are checked", () => {
    let state = setDepartmentChecked(
      tree,
      EMPTY_ORG_CHECK_STATE,
      d("dev"),
      true,
      me,
    );
    state = setDepartmentChecked(tree, state, d("sales"), true, me);
    expect(deptsOf(state)).not.toContain("hq");
    state = setDepartmentChecked(tree, state, d("new"), true, me);
    expect(deptsOf(state)).toEqual(["dev", "hq", "new", "platform", "sales"]);
  });

  it("checks a department whose only user is me (nothing else to check)", () => {
    const solo = [dept("solo", ["me"])];
    const state = setDepartmentChecked(
      solo,
      EMPTY_ORG_CHECK_STATE,
      d("solo"),
      true,
      me,
    );
    expect(deptsOf(state)).toEqual(["solo"]);
    expect(usersOf(state)).toEqual([]);
  });

  it("unchecking propagates down to users and sub-departments and up to ancestors", () => {
    let state = setDepartmentChecked(
      tree,
      EMPTY_ORG_CHECK_STATE,
      d("hq"),
      true,
      me,
    );
    expect(deptsOf(state)).toEqual(["dev", "hq", "new", "platform", "sales"]);
    state = setDepartmentChecked(tree, state, d("dev"), false, me);
    expect(usersOf(state)).toEqual(["choi"]);
    // kim left both dev and sales, so sales is no longer complete either.
    expect(deptsOf(state)).toEqual(["new"]);
  });

  it("leaves the state alone for an unknown department", () => {
    const state = setDepartmentChecked(
      tree,
      EMPTY_ORG_CHECK_STATE,
      d("ghost"),
      true,
      me,
    );
    expect(state).toBe(EMPTY_ORG_CHECK_STATE);
  });
});

describe("setUserChecked", () => {
  it("checks a department when its last user is checked, then its parent", () => {
    let state = setUserChecked(
      tree,
      EMPTY_ORG_CHECK_STATE,
      u("park"),
      true,
      me,
    );
    expect(deptsOf(state)).toEqual(["platform"]);
    state = setUserChecked(tree, state, u("lee"), true, me);
    expect(deptsOf(state)).toEqual(["platform"]);
    state = setUserChecked(tree, state, u("kim"), true, me);
    expect(deptsOf(state)).toEqual(["dev", "platform"]);
  });

  it("unchecking a user unchecks every department above them", () => {
    let state = setDepartmentChecked(
      tree,
      EMPTY_ORG_CHECK_STATE,
      d("hq"),
      true,
      me,
    );
    state = setUserChecked(tree, state, u("park"), false, me);
    expect(deptsOf(state)).toEqual(["new", "sales"]);
    expect(usersOf(state)).toEqual(["choi", "kim", "lee"]);
  });

  it("ignores toggling myself", () => {
    expect(setUserChecked(tree, EMPTY_ORG_CHECK_STATE, me, true, me)).toBe(
      EMPTY_ORG_CHECK_STATE,
    );
  });

  it("works on an empty tree", () => {
    expect(
      usersOf(setUserChecked([], EMPTY_ORG_CHECK_STATE, u("kim"), true, me)),
    ).toEqual(["kim"]);
  });
});

describe("departmentCheckMark", () => {
  it("shows checked, partial and unchecked", () => {
    const state = setUserChecked(
      tree,
      EMPTY_ORG_CHECK_STATE,
      u("park"),
      true,
      me,
    );
    expect(departmentCheckMark(tree, state, d("platform"))).toBe("checked");
    expect(departmentCheckMark(tree, state, d("dev"))).toBe("partial");
    expect(departmentCheckMark(tree, state, d("hq"))).toBe("partial");
    expect(departmentCheckMark(tree, state, d("sales"))).toBe("unchecked");
    expect(departmentCheckMark(tree, state, d("ghost"))).toBe("unchecked");
  });
});
