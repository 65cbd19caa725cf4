/** Login screen. */
export { LoginPage } from "./LoginPage";
