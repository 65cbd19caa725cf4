/** Presentational building blocks shared by features. */
export { Logo } from "./Logo";
export { PageLayout } from "./PageLayout";
