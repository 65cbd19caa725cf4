/** Presentational building blocks shared by features. */
export { Logo } from "./Logo";
export { PageLayout } from "./PageLayout";
export { useWindowTitle } from "./use-window-title";
export { useOpenedOnce } from "./use-opened-once";
export {
  menuKeyPoint,
  PointerMenu,
  pointIn,
  type PointerMenuItem,
} from "./PointerMenu";
export {
  VirtualList,
  VirtualListItem,
  type VirtualListContext,
} from "./VirtualList";
export {
  ThemeContext,
  useThemeMode,
  type ThemeControl,
} from "./theme/ThemeContext";
export {
  loadThemeMode,
  saveThemeMode,
  type ThemeMode,
} from "./theme/theme-preference";
export {
  deptIcon,
  deptIconDepth,
  TreeList,
  type TreeListContext,
} from "./OrgTreeParts";
