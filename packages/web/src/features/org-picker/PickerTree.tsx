/**
 * The picker's virtualised tree (react-virtuoso): department rows with an open/close button and a check box (checked,
 * partial or not), user rows with a check box, and department headings in search results. The department icon stops
 * changing below depth 3 (spec §9 org tree icon depth).
 */
import {
  CaretDownOutlined,
  CaretRightOutlined,
  FolderOutlined,
} from "@ant-design/icons";
import {
  asDepartmentKey,
  asUserId,
  departmentCheckMark,
  type OrgCheckState,
  type OrgPickerDepartment,
} from "@moa/shared";
import { Checkbox } from "antd";

import { useTranslation } from "react-i18next";
import { Virtuoso } from "react-virtuoso";
import { deptIcon, deptIconDepth, TreeList } from "../../ui";
import type { PickerRow } from "./picker-rows";

// Indent per level, in pixels.
const INDENT = 16;

type PickerTreeProps = {
  rows: readonly PickerRow[];
  label: string;
  ruleTree: readonly OrgPickerDepartment[];
  check: OrgCheckState;
  selfJid: string;
  selfChecked: boolean;
  excluded: ReadonlySet<string>;
  onToggleUser: (jid: string, checked: boolean) => void;
  onToggleDepartment: (key: string, checked: boolean) => void;
  onToggleExpand: (key: string) => void;
};

export function PickerTree({
  rows,
  label,
  ruleTree,
  check,
  selfJid,
  selfChecked,
  excluded,
  onToggleUser,
  onToggleDepartment,
  onToggleExpand,
}: PickerTreeProps) {
  const { t } = useTranslation();
  const render = (row: PickerRow) => {
    switch (row.kind) {
      case "group":
        return (
          <div
            role="treeitem"
            aria-level={1}
            aria-expanded
            aria-selected={false}
            className="moa-org-picker__row moa-org-picker__group"
          >
            <FolderOutlined aria-hidden="true" />
            <span>{row.name}</span>
          </div>
        );
      case "dept": {
        const mark = departmentCheckMark(
          ruleTree,
          check,
          asDepartmentKey(row.dept.key),
        );
        return (
          <div
            role="treeitem"
            aria-level={row.depth}
            aria-expanded={row.open}
            aria-selected={mark === "checked"}
            className="moa-org-picker__row"
            style={{ paddingInlineStart: (row.depth - 1) * INDENT }}
          >
            <button
              type="button"
              className="moa-org-picker__expand"
              aria-label={t(
                row.open ? "orgPicker.tree.collapse" : "orgPicker.tree.expand",
                { name: row.dept.name },
              )}
              onClick={() => {
                onToggleExpand(row.dept.key);
              }}
            >
              {row.open ? <CaretDownOutlined /> : <CaretRightOutlined />}
            </button>
            <Checkbox
              checked={mark === "checked"}
              indeterminate={mark === "partial"}
              onChange={(e) => {
                onToggleDepartment(row.dept.key, e.target.checked);
              }}
            >
              <span
                className={`moa-org-picker__icon is-depth-${String(deptIconDepth(row.depth))}`}
                aria-hidden="true"
              >
                {deptIcon(row.depth)}
              </span>
              {row.dept.name}
            </Checkbox>
          </div>
        );
      }
      case "user": {
        const { user } = row;
        const isExcluded = excluded.has(user.jid);
        const checked =
          isExcluded ||
          check.users.has(asUserId(user.jid)) ||
          (user.jid === selfJid && selfChecked);
        return (
          <div
            role="treeitem"
            aria-level={row.depth}
            aria-selected={checked}
            className="moa-org-picker__row moa-org-picker__user"
            style={{ paddingInlineStart: (row.depth - 1) * INDENT + 22 }}
          >
            <Checkbox
              checked={checked}
              disabled={isExcluded}
              onChange={(e) => {
                onToggleUser(user.jid, e.target.checked);
              }}
            >
              {[
                user.name,
                user.position,
                user.jid === selfJid ? t("orgPicker.tree.me") : "",
              ]
                .filter(Boolean)
                .join(" ")}
            </Checkbox>
          </div>
        );
      }
    }
  };
  return (
    <Virtuoso
      className="moa-org-picker__list"
      data={rows}
      context={{ label }}
      components={{ List: TreeList }}
      computeItemKey={(i, row) =>
        row.kind === "user"
          ? `u:${row.user.deptKey}:${row.user.jid}`
          : row.kind === "dept"
            ? `d:${row.dept.key}`
            : `g:${row.key}:${String(i)}`
      }
      itemContent={(_, row) => render(row)}
    />
  );
}
