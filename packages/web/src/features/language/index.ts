/** Language picker. */
export { LanguageSelect } from "./LanguageSelect";
