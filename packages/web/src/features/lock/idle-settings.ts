/** The basic settings that drive idle handling (spec §3 local settings, §9 defaults: away 5 min on, lock 30 min on). */
import {
  DEFAULT_AWAY_ENABLED,
  DEFAULT_AWAY_MINUTES,
  DEFAULT_LOCK_ENABLED,
  DEFAULT_LOCK_MINUTES,
} from "@moa/shared";
import { z } from "zod";
import { readStored } from "../../platform";

const schema = z.object({
  awayTimeYn: z.enum(["Y", "N"]),
  awayTime: z.number().positive(),
  lockTimeYn: z.enum(["Y", "N"]),
  lockTime: z.number().positive(),
});

/** Thresholds in minutes; null when that behaviour is off. */
export type IdleThresholds = {
  awayMinutes: number | null;
  lockMinutes: number | null;
};

/** The stored thresholds, or the spec's defaults. */
export function loadIdleThresholds(): IdleThresholds {
  const s = readStored("moa.settings.basic", schema.partial()) ?? {};
  const awayOn =
    s.awayTimeYn === undefined ? DEFAULT_AWAY_ENABLED : s.awayTimeYn === "Y";
  const lockOn =
    s.lockTimeYn === undefined ? DEFAULT_LOCK_ENABLED : s.lockTimeYn === "Y";
  return {
    awayMinutes: awayOn ? (s.awayTime ?? DEFAULT_AWAY_MINUTES) : null,
    lockMinutes: lockOn ? (s.lockTime ?? DEFAULT_LOCK_MINUTES) : null,
  };
}
