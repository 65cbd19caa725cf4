/** The route table of spec §2.1: every window of the app is one of these hash routes. */
import type { ComponentType } from "react";
import { BlankPage } from "../features/blank";
import { ChatRoomPage } from "../features/chat-room";
import { LoginPage } from "../features/login";
import { MainPage } from "../features/main";
import { PopupPage } from "../features/popup";
import { SettingPage } from "../features/setting";
import { SplashPage } from "../features/splash";
import { WebhardPage } from "../features/webhard";

/** Where an app opened without a route starts. */
export const START_PATH = "/splash";

export const routes: Readonly<Record<string, ComponentType>> = {
  "/": MainPage,
  "/login": LoginPage,
  "/popup": PopupPage,
  "/blank": BlankPage,
  "/splash": SplashPage,
  "/webhard": WebhardPage,
  "/chatRoom": ChatRoomPage,
  "/setting": SettingPage,
};
