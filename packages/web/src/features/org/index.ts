/** The org tab (spec §2.6): the company's department tree with live presence, its search-result tree and settings. */
export { OrgTab } from "./OrgTab";
export {
  readOrgSettings,
  writeOrgSettings,
  type OrgSettings,
  type OrgTitleMode,
} from "./org-settings";
