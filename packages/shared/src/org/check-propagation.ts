/**
 * Org picker check boxes over a department tree (spec §4 Org picker). Checking or unchecking a department applies
 * to all its users (except the picking user) and sub-departments, recursively; a department is checked exactly
 * when all its users (except the picking user) and sub-departments are checked. Users are keyed by id, so a user
 * listed in two departments is checked in both. State is immutable: every change returns a new state.
 */

import type { DepartmentKey, UserId } from "../ids.js";

/** A department as the picker sees it; `users` must be loaded before the department is toggled. */
export type OrgPickerDepartment = {
  readonly key: DepartmentKey;
  readonly users: readonly { readonly id: UserId }[];
  readonly children: readonly OrgPickerDepartment[];
};

/** Checked users and departments. */
export type OrgCheckState = {
  readonly users: ReadonlySet<UserId>;
  readonly departments: ReadonlySet<DepartmentKey>;
};

/** Look of a department's check box. */
export type DepartmentCheckMark = "checked" | "partial" | "unchecked";

/** Nothing checked. */
export const EMPTY_ORG_CHECK_STATE: OrgCheckState = {
  users: new Set(),
  departments: new Set(),
};

function findDepartment(
  roots: readonly OrgPickerDepartment[],
  key: DepartmentKey,
): OrgPickerDepartment | undefined {
  for (const department of roots) {
    if (department.key === key) return department;
    const found = findDepartment(department.children, key);
    if (found) return found;
  }
  return undefined;
}

function checkableUsers(department: OrgPickerDepartment, me: UserId): UserId[] {
  return department.users.map((user) => user.id).filter((id) => id !== me);
}

/**
 * Recomputes every department box bottom-up from the users. A department with nothing checkable in it
 * (no other users, no sub-departments) keeps its own box as the user set it.
 */
function reconcile(
  roots: readonly OrgPickerDepartment[],
  state: OrgCheckState,
  me: UserId,
): OrgCheckState {
  const departments = new Set(state.departments);
  const visit = (department: OrgPickerDepartment): boolean => {
    // Visit every child (no short-circuit) so the whole subtree is reconciled.
    const childStates = department.children.map(visit);
    const users = checkableUsers(department, me);
    if (users.length === 0 && childStates.length === 0)
      return departments.has(department.key);
    const checked =
      childStates.every(Boolean) && users.every((id) => state.users.has(id));
    if (checked) departments.add(department.key);
    else departments.delete(department.key);
    return checked;
  };
  roots.forEach(visit);
  return { users: state.users, departments };
}

/**
 * Checks or unchecks a department with everything under it, then updates every ancestor.
 * @param roots - the department tree.
 * @param state - the current state.
 * @param key - the department toggled.
 * @param checked - the new value of its box.
 * @param me - the picking user, never selected.
 * @returns the new state; the same state when the key is not in the tree.
 */
export function setDepartmentChecked(
  roots: readonly OrgPickerDepartment[],
  state: OrgCheckState,
  key: DepartmentKey,
  checked: boolean,
  me: UserId,
): OrgCheckState {
  const target = findDepartment(roots, key);
  if (!target) return state;
  const users = new Set(state.users);
  const departments = new Set(state.departments);
  const apply = (department: OrgPickerDepartment): void => {
    if (checked) departments.add(department.key);
    else departments.delete(department.key);
    for (const id of checkableUsers(department, me)) {
      if (checked) users.add(id);
      else users.delete(id);
    }
    department.children.forEach(apply);
  };
  apply(target);
  return reconcile(roots, { users, departments }, me);
}

/**
 * Checks or unchecks one user (everywhere they are listed), then updates the departments' boxes.
 * @param roots - the department tree.
 * @param state - the current state.
 * @param userId - the user toggled.
 * @param checked - the new value of the user's box.
 * @param me - the picking user; toggling them changes nothing.
 * @returns the new state.
 */
export function setUserChecked(
  roots: readonly OrgPickerDepartment[],
  state: OrgCheckState,
  userId: UserId,
  checked: boolean,
  me: UserId,
): OrgCheckState {
  if (userId === me) return state;
  const users = new Set(state.users);
  if (checked) users.add(userId);
  else users.delete(userId);
  return reconcile(roots, { users, departments: state.departments }, me);
}

/**
 * The look of a department's box: checked, partial (something below is checked) or unchecked.
 * @param roots - the department tree.
 * @param state - the current state.
 * @param key - the department.
 * @returns its check mark; unchecked for an unknown key.
 */
export function departmentCheckMark(
  roots: readonly OrgPickerDepartment[],
  state: OrgCheckState,
  key: DepartmentKey,
): DepartmentCheckMark {
  const department = findDepartment(roots, key);
  if (!department) return "unchecked";
  if (state.departments.has(key)) return "checked";
  const anyBelow = (node: OrgPickerDepartment): boolean =>
    node.users.some((user) => state.users.has(user.id)) ||
    node.children.some(
      (child) => state.departments.has(child.key) || anyBelow(child),
    );
  return anyBelow(department) ? "partial" : "unchecked";
}
