/** App shell: providers, route table and route view. */
export { App } from "./App";
export { AppProviders } from "./AppProviders";
export { START_PATH, routes } from "./routes";
