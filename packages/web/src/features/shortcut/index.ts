/** The shortcut tab (spec §2.3) and the groupware launchers the more tab shares. */
export { ShortcutTab } from "./ShortcutTab";
export { MenuGrid, type MenuGridItem } from "./MenuGrid";
export { MENU_ICONS } from "./menu-icons";
export { widgetOpen } from "./groupware-menus";
export { linkTo, useGroupwareOpener } from "./use-groupware-opener";
