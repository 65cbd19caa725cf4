/** The more tab (spec §2.3): settings, notices, attendance notices, support, download folder and version. */
export { MoreTab } from "./MoreTab";
