/**
 * The route table of spec §2.1: every window of the app is one of these hash routes. The heavy screens are loaded on
 * demand, so the login screen does not download the main window, the room window or the settings.
 */
import { lazy, type ComponentType } from "react";
import { BlankPage } from "../features/blank";
import { PopupPage } from "../features/popup";
import { SplashPage } from "../features/splash";

/** Where an app opened without a route starts. */
export const START_PATH = "/splash";

export const routes: Readonly<Record<string, ComponentType>> = {
  "/": lazy(async () => ({
    default: (await import("../features/main")).MainPage,
  })),
  "/login": lazy(async () => ({
    default: (await import("../features/login")).LoginPage,
  })),
  "/popup": PopupPage,
  "/blank": BlankPage,
  "/splash": SplashPage,
  "/webhard": lazy(async () => ({
    default: (await import("../features/webhard")).WebhardPage,
  })),
  "/chatRoom": lazy(async () => ({
    default: (await import("../features/chat-room")).ChatRoomPage,
  })),
  "/setting": lazy(async () => ({
    default: (await import("../features/setting")).SettingPage,
  })),
};
