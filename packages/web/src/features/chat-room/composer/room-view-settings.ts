/**
 * Room window view settings (spec §2.11, §9): zoom factor, chat font size and window opacity, remembered per user in
 * this origin's storage so every room window the user opens starts with the last choice.
 */
import {
  DEFAULT_CHAT_FONT_RATIO,
  OPACITY_MAX,
  ZOOM_DEFAULT,
  ZOOM_MAX,
  ZOOM_MIN,
  clampOpacity,
  parseChatFontRatio,
  type ChatFontRatio,
} from "@moa/shared";
import { z } from "zod";
import { readStored, writeStored } from "../../../platform";

/** What a room window looks like. */
export type RoomViewSettings = {
  /** Zoom factor of the whole window, 0.6 to 2 in steps of 0.2. */
  readonly zoom: number;
  /** Chat text size in percent. */
  readonly fontRatio: ChatFontRatio;
  /** Window opacity, 0.1 to 1 (0 would leave an invisible window nobody can find again). */
  readonly opacity: number;
};

/** The look before the user changes anything. */
export const DEFAULT_ROOM_VIEW_SETTINGS: RoomViewSettings = {
  zoom: ZOOM_DEFAULT,
  fontRatio: DEFAULT_CHAT_FONT_RATIO,
  opacity: OPACITY_MAX,
};

const storedSchema = z
  .object({ zoom: z.number(), fontRatio: z.unknown(), opacity: z.number() })
  .partial();

const storageKey = (userKey: string) => `moa.roomView.${userKey}`;

/**
 * Reads a user's view settings; values out of range are brought back into it.
 * @param userKey - the user's bare JID.
 */
export function loadRoomViewSettings(userKey: string): RoomViewSettings {
  const stored = readStored(storageKey(userKey), storedSchema) ?? {};
  return {
    zoom: Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, stored.zoom ?? ZOOM_DEFAULT)),
    fontRatio: parseChatFontRatio(stored.fontRatio),
    opacity: clampOpacity(stored.opacity ?? OPACITY_MAX),
  };
}

/**
 * Remembers a user's view settings.
 * @param userKey - the user's bare JID.
 */
export function saveRoomViewSettings(
  userKey: string,
  settings: RoomViewSettings,
): void {
  writeStored(storageKey(userKey), settings);
}
