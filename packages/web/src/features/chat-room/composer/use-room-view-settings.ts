/**
 * The room window's view settings as state: zoom keys work anywhere in the window, every change is remembered for the
 * user, and `rootStyle` applies all three to the room's root element without a reload.
 */
import {
  clampOpacity,
  stepZoom,
  type ChatFontRatio,
  type ZoomAction,
} from "@moa/shared";
import { useEffect, useState, type CSSProperties } from "react";
import {
  DEFAULT_ROOM_VIEW_SETTINGS,
  loadRoomViewSettings,
  saveRoomViewSettings,
  type RoomViewSettings,
} from "./room-view-settings";
import { zoomActionForKey } from "./zoom-keys";

/** The custom property chat text sizes itself with: `font-size: var(--moa-chat-font-size)`. */
export const CHAT_FONT_SIZE_VAR = "--moa-chat-font-size";

/** Style of the room's root element: CSS zoom, opacity and the chat font size variable. */
export type RoomViewStyle = CSSProperties &
  Record<typeof CHAT_FONT_SIZE_VAR, string>;

/** The settings with their setters. */
export type RoomView = RoomViewSettings & {
  zoomBy: (action: ZoomAction) => void;
  setFontRatio: (ratio: ChatFontRatio) => void;
  setOpacity: (opacity: number) => void;
  rootStyle: RoomViewStyle;
};

type Held = { userKey: string | null; settings: RoomViewSettings };

const loadFor = (userKey: string | null): Held => ({
  userKey,
  settings: userKey
    ? loadRoomViewSettings(userKey)
    : DEFAULT_ROOM_VIEW_SETTINGS,
});

/**
 * Holds the room window's zoom, chat font size and opacity and listens for Ctrl+plus / Ctrl+minus / Ctrl+0.
 * @param userKey - the signed-in user's bare JID; null until known (defaults apply and nothing is stored).
 */
export function useRoomViewSettings(userKey: string | null): RoomView {
  const [held, setHeld] = useState(() => loadFor(userKey));
  // The user became known (or changed): show their stored settings from this render on.
  const current = held.userKey === userKey ? held : loadFor(userKey);
  if (current !== held) setHeld(current);
  const { settings } = current;

  useEffect(() => {
    if (held.userKey) saveRoomViewSettings(held.userKey, held.settings);
  }, [held]);

  const change = (next: (s: RoomViewSettings) => RoomViewSettings) => {
    setHeld((h) => ({ ...h, settings: next(h.settings) }));
  };

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const action = zoomActionForKey(event);
      if (!action) return;
      // Otherwise the browser zooms too, and the two zooms multiply.
      event.preventDefault();
      setHeld((h) => ({
        ...h,
        settings: { ...h.settings, zoom: stepZoom(h.settings.zoom, action) },
      }));
    };
    window.addEventListener("keydown", onKeyDown);
    return () => {
      window.removeEventListener("keydown", onKeyDown);
    };
  }, []);

  return {
    ...settings,
    zoomBy: (action) => {
      change((s) => ({ ...s, zoom: stepZoom(s.zoom, action) }));
    },
    setFontRatio: (fontRatio) => {
      change((s) => ({ ...s, fontRatio }));
    },
    setOpacity: (opacity) => {
      change((s) => ({ ...s, opacity: clampOpacity(opacity) }));
    },
    rootStyle: {
      zoom: settings.zoom,
      opacity: settings.opacity,
      [CHAT_FONT_SIZE_VAR]: `${String(settings.fontRatio)}%`,
    },
  };
}
