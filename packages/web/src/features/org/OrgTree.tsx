/**
 * The org tab's virtualised tree (react-virtuoso): department rows that open and close, user rows (avatar, name with
 * position or title, department, live presence icon, absence status) that open the user card, and department
 * headings in search results. The department icon stops changing below depth 3 (spec §9 org tree icon depth).
 */
import {
  CaretDownOutlined,
  CaretRightOutlined,
  FolderOutlined,
} from "@ant-design/icons";
import type { OrgUser } from "@moa/shared";
import { Tag } from "antd";
import { memo, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { Virtuoso, type ListRange } from "react-virtuoso";
import { PresenceIcon, usePresence } from "../presence";
import { deptIcon, deptIconDepth, TreeList } from "../../ui";
import { UserAvatar } from "../user-card";
import type { OrgTitleMode } from "./org-settings";
import { rowKey, type OrgRow } from "./org-rows";

// Indent per level, in pixels; every row has the same height, so the list never measures rows while scrolling.
const INDENT = 14;
export const ORG_ROW_HEIGHT = 44;

const ABSENCE_KEYS: Record<string, string> = {
  vacation: "roomManage.absence.vacation",
  businessTrip: "roomManage.absence.businessTrip",
  education: "roomManage.absence.education",
  halfDay: "roomManage.absence.halfDay",
};

// Enter and Space act on the focused row, as a click does.
const activateOnKey = (run: () => void) => (e: KeyboardEvent) => {
  if (e.key !== "Enter" && e.key !== " ") return;
  e.preventDefault();
  run();
};

type UserRowProps = {
  user: OrgUser;
  deptName: string;
  depth: number;
  titleMode: OrgTitleMode;
  absence: string | undefined;
  onOpen: (jid: string) => void;
};

const UserRow = memo(function UserRow({
  user,
  deptName,
  depth,
  titleMode,
  absence,
  onOpen,
}: UserRowProps) {
  const { t } = useTranslation();
  const presence = usePresence(user.messengerId);
  const rank = titleMode === "pos" ? user.user.position : user.user.title;
  const absenceKey = absence ? ABSENCE_KEYS[absence] : undefined;
  const open = () => {
    onOpen(user.messengerId);
  };
  const absenceLabel = absenceKey
    ? t(absenceKey as "roomManage.absence.vacation")
    : absence;
  // One name for the whole row: name and rank, department, presence, absence.
  const label = [
    rank ? `${user.user.name} ${rank}` : user.user.name,
    deptName,
    t(`roomManage.presence.${presence}`),
    absenceLabel,
  ]
    .filter(Boolean)
    .join(", ");
  return (
    <div
      role="treeitem"
      aria-label={label}
      aria-level={depth}
      aria-selected={false}
      tabIndex={0}
      className="moa-org__row moa-org__user"
      style={{ paddingInlineStart: (depth - 1) * INDENT + 8 }}
      onClick={open}
      onKeyDown={activateOnKey(open)}
    >
      <UserAvatar
        name={user.user.name}
        photoUrl={user.user.photo.fullUrl}
        size={28}
      />
      <span className="moa-org__who">
        <span className="moa-org__name">
          {user.user.name}
          {rank ? <span className="moa-org__rank"> {rank}</span> : null}
        </span>
        <span className="moa-org__dept">{deptName}</span>
      </span>
      {absence ? (
        <Tag color="orange" className="moa-org__absence">
          {absenceLabel}
        </Tag>
      ) : null}
      <PresenceIcon presence={presence} />
    </div>
  );
});

type OrgTreeProps = {
  rows: readonly OrgRow[];
  label: string;
  titleMode: OrgTitleMode;
  absence: ReadonlyMap<string, string>;
  /** Index of the row to show at the top first. */
  initialTop: number;
  onToggle: (deptKey: string) => void;
  onOpenUser: (jid: string) => void;
  onRangeChange: (range: ListRange) => void;
};

export function OrgTree({
  rows,
  label,
  titleMode,
  absence,
  initialTop,
  onToggle,
  onOpenUser,
  onRangeChange,
}: OrgTreeProps) {
  const { t } = useTranslation();
  const render = (row: OrgRow) => {
    switch (row.kind) {
      case "group":
        return (
          <div
            role="treeitem"
            aria-label={t("org.deptLabel", {
              name: row.path,
              count: row.count,
            })}
            aria-level={1}
            aria-expanded
            aria-selected={false}
            className="moa-org__row moa-org__group"
          >
            <FolderOutlined aria-hidden="true" />
            <span className="moa-org__path">{row.path}</span>
            <span className="moa-org__count">
              {t("org.count", { count: row.count })}
            </span>
          </div>
        );
      case "dept": {
        const toggle = () => {
          onToggle(row.dept.key);
        };
        return (
          <div
            role="treeitem"
            aria-label={t("org.deptLabel", {
              name: row.dept.name,
              count: row.total,
            })}
            aria-level={row.depth}
            aria-expanded={row.open}
            aria-selected={false}
            tabIndex={0}
            className="moa-org__row moa-org__dept-row"
            style={{ paddingInlineStart: (row.depth - 1) * INDENT }}
            onClick={toggle}
            onKeyDown={activateOnKey(toggle)}
          >
            <span className="moa-org__caret" aria-hidden="true">
              {row.open ? <CaretDownOutlined /> : <CaretRightOutlined />}
            </span>
            <span
              className={`moa-org__icon is-depth-${String(deptIconDepth(row.depth))}`}
              aria-hidden="true"
            >
              {deptIcon(row.depth)}
            </span>
            <span className="moa-org__dept-name">{row.dept.name}</span>
            <span className="moa-org__count">
              {t("org.count", { count: row.total })}
            </span>
          </div>
        );
      }
      case "user":
        return (
          <UserRow
            user={row.user}
            deptName={row.deptName}
            depth={row.depth}
            titleMode={titleMode}
            absence={absence.get(row.user.id)}
            onOpen={onOpenUser}
          />
        );
    }
  };
  return (
    <Virtuoso
      className="moa-org__list"
      data={rows}
      context={{ label }}
      components={{ List: TreeList }}
      fixedItemHeight={ORG_ROW_HEIGHT}
      initialTopMostItemIndex={initialTop}
      computeItemKey={(_, row) => rowKey(row)}
      rangeChanged={onRangeChange}
      itemContent={(_, row) => render(row)}
    />
  );
}
