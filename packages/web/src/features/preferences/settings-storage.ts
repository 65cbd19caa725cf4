/**
 * Where the local settings live: this device's storage, one entry per user (spec §3 local settings), so they survive
 * logout and login on the device and never mix two users of one browser.
 */
import {
  DEFAULT_LOCAL_SETTINGS,
  parseLocalSettings,
  type LocalSettings,
} from "@moa/shared";
import { z } from "zod";
import { readStored, writeStored } from "../../platform";

const storageKey = (jid: string) => `moa.settings.${jid.toLowerCase()}`;

/**
 * The user's stored settings; what is missing or unreadable takes its default.
 * @param jid - the user's bare chat JID.
 */
export function loadSettings(jid: string): LocalSettings {
  const raw = readStored(storageKey(jid), z.unknown());
  return raw === undefined ? DEFAULT_LOCAL_SETTINGS : parseLocalSettings(raw);
}

/**
 * Stores the user's settings.
 * @param jid - the user's bare chat JID.
 */
export function saveSettings(jid: string, settings: LocalSettings): void {
  writeStored(storageKey(jid), settings);
}
