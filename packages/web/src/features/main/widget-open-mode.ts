/** Where widgets open (spec §2.3 widgetOpenCd): a PC window by default, or the groupware's mini window. */
import {
  DEFAULT_WIDGET_OPEN_MODE,
  WIDGET_OPEN_MODES,
  type WidgetOpenMode,
} from "@moa/shared";
import { z } from "zod";
import { readStored } from "../../platform";

/** Storage key of the setting (written by the settings screen's widget tab). */
export const WIDGET_OPEN_MODE_KEY = "moa.widgetOpenCd";

/** The user's widget open mode. */
export function readWidgetOpenMode(): WidgetOpenMode {
  return (
    readStored(WIDGET_OPEN_MODE_KEY, z.enum(WIDGET_OPEN_MODES)) ??
    DEFAULT_WIDGET_OPEN_MODE
  );
}
