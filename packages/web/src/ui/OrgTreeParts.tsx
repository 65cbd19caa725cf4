/** Pieces the org tab's tree and the org picker's tree share: the virtualised list's tree element and the department icons. */
import {
  ApartmentOutlined,
  FolderOutlined,
  TeamOutlined,
} from "@ant-design/icons";
import { ORG_TREE_ICON_MAX_DEPTH } from "@moa/shared";
import { forwardRef, type HTMLAttributes, type ReactNode } from "react";

/** The context a tree list gets from react-virtuoso: its accessible name. */
export type TreeListContext = { label: string };

/** react-virtuoso's list element as an ARIA tree named by the context's label. */
export const TreeList = forwardRef<
  HTMLDivElement,
  HTMLAttributes<HTMLDivElement> & { context?: TreeListContext }
>(function TreeList({ context, ...props }, ref) {
  return <div {...props} ref={ref} role="tree" aria-label={context?.label} />;
});

// Icon by depth 1..3: the company, its divisions, then every deeper department.
const DEPT_ICONS: readonly ReactNode[] = [
  <ApartmentOutlined key="1" />,
  <TeamOutlined key="2" />,
  <FolderOutlined key="3" />,
];

/**
 * The icon depth of a department: it stops changing below depth 3 (spec §9 org tree icon depth).
 * @param depth - the department's depth, 1 for the roots.
 */
export const deptIconDepth = (depth: number): number =>
  Math.min(depth, ORG_TREE_ICON_MAX_DEPTH);

/**
 * A department's icon.
 * @param depth - the department's depth, 1 for the roots.
 */
export const deptIcon = (depth: number): ReactNode =>
  DEPT_ICONS[deptIconDepth(depth) - 1];
