/** Webhard (file-storage) picker window. */
export { WebhardPage } from "./WebhardPage";
