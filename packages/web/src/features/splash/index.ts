/** Splash screen shown when the app starts. */
export { SPLASH_DURATION_MS, SplashPage } from "./SplashPage";
