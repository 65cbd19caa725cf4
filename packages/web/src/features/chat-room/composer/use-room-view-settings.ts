/**
 * The room window's view settings as state: zoom keys work anywhere in the window, and `rootStyle` applies zoom, chat
 * font, chat font size and opacity to the room's root element without a reload. Zoom and the chat font are the user's
 * settings: a change here, or in the settings window, reaches every open room window.
 */
import {
  OPACITY_MAX,
  clampOpacity,
  stepZoom,
  type ChatFont,
  type ChatFontRatio,
  type ZoomAction,
} from "@moa/shared";
import { useEffect, useRef, useState, type CSSProperties } from "react";
import { useSettingsState } from "../../preferences";
import { loadRoomOpacity, saveRoomOpacity } from "./room-view-settings";
import { zoomActionForKey } from "./zoom-keys";

/** The custom property chat text sizes itself with: `font-size: var(--moa-chat-font-size)`. */
export const CHAT_FONT_SIZE_VAR = "--moa-chat-font-size";
/** The custom property chat text takes its face from: `font-family: var(--moa-chat-font-family)`. */
export const CHAT_FONT_FAMILY_VAR = "--moa-chat-font-family";

/** The face behind each chat font choice: generic families, which every platform has. */
const CHAT_FONT_FAMILIES: Record<ChatFont, string> = {
  default: "var(--moa-font-sans)",
  sans: "system-ui, sans-serif",
  serif: "serif",
  mono: "ui-monospace, monospace",
};

/** Style of the room's root element: CSS zoom, opacity and the chat font variables. */
export type RoomViewStyle = CSSProperties &
  Record<typeof CHAT_FONT_SIZE_VAR | typeof CHAT_FONT_FAMILY_VAR, string>;

/** The settings with their setters. */
export type RoomView = {
  /** Zoom factor of the whole window, 0.6 to 2 in steps of 0.2. */
  readonly zoom: number;
  /** Chat text size in percent. */
  readonly fontRatio: ChatFontRatio;
  /** Window opacity, 0.1 to 1 (0 would leave an invisible window nobody can find again). */
  readonly opacity: number;
  zoomBy: (action: ZoomAction) => void;
  setFontRatio: (ratio: ChatFontRatio) => void;
  setOpacity: (opacity: number) => void;
  rootStyle: RoomViewStyle;
};

/**
 * Holds the room window's view and listens for Ctrl+plus / Ctrl+minus / Ctrl+0.
 * @param userKey - the signed-in user's bare JID; null until known (defaults apply and nothing is stored).
 */
export function useRoomViewSettings(userKey: string | null): RoomView {
  const { settings, update } = useSettingsState(userKey);
  const [held, setHeld] = useState(() => ({
    userKey,
    opacity: userKey ? loadRoomOpacity(userKey) : OPACITY_MAX,
  }));
  const current =
    held.userKey === userKey
      ? held
      : { userKey, opacity: userKey ? loadRoomOpacity(userKey) : OPACITY_MAX };
  if (current !== held) setHeld(current);

  const zoom = useRef(settings.zoom);
  useEffect(() => {
    zoom.current = settings.zoom;
  }, [settings.zoom]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const action = zoomActionForKey(event);
      if (!action) return;
      // Otherwise the browser zooms too, and the two zooms multiply.
      event.preventDefault();
      zoom.current = stepZoom(zoom.current, action);
      update({ zoom: zoom.current });
    };
    window.addEventListener("keydown", onKeyDown);
    return () => {
      window.removeEventListener("keydown", onKeyDown);
    };
  }, [update]);

  return {
    zoom: settings.zoom,
    fontRatio: settings.chatFontRatio,
    opacity: current.opacity,
    zoomBy: (action) => {
      update({ zoom: stepZoom(settings.zoom, action) });
    },
    setFontRatio: (chatFontRatio) => {
      update({ chatFontRatio });
    },
    setOpacity: (value) => {
      const opacity = clampOpacity(value);
      setHeld({ userKey, opacity });
      if (userKey) saveRoomOpacity(userKey, opacity);
    },
    rootStyle: {
      zoom: settings.zoom,
      opacity: current.opacity,
      [CHAT_FONT_SIZE_VAR]: `${String(settings.chatFontRatio)}%`,
      [CHAT_FONT_FAMILY_VAR]: CHAT_FONT_FAMILIES[settings.chatFont],
    },
  };
}
