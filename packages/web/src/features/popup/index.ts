/** Redirect screen for desktop pop-up windows. */
export { PopupPage } from "./PopupPage";
