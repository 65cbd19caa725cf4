/**
 * The room window's own view setting (spec §2.11, §9): window opacity, remembered per user in this origin's storage so
 * every room window starts with the last choice. Zoom and chat font size are user settings (features/preferences),
 * shared with the settings window.
 */
import { OPACITY_MAX, clampOpacity } from "@moa/shared";
import { z } from "zod";
import { readStored, writeStored } from "../../../platform";

const storedSchema = z.object({ opacity: z.number() }).partial();

const storageKey = (userKey: string) => `moa.roomView.${userKey}`;

/**
 * Reads a user's window opacity, brought back into 0.1–1.
 * @param userKey - the user's bare JID.
 */
export function loadRoomOpacity(userKey: string): number {
  const stored = readStored(storageKey(userKey), storedSchema) ?? {};
  return clampOpacity(stored.opacity ?? OPACITY_MAX);
}

/**
 * Remembers a user's window opacity.
 * @param userKey - the user's bare JID.
 */
export function saveRoomOpacity(userKey: string, opacity: number): void {
  writeStored(storageKey(userKey), { opacity });
}
