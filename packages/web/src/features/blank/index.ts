/** Empty screen. */
export { BlankPage } from "./BlankPage";
