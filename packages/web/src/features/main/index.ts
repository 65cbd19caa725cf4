/** Main window. */
export { MainPage } from "./MainPage";
