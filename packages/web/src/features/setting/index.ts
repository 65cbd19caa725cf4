/** Settings window. */
export { SettingPage } from "./SettingPage";
