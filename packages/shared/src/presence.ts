/** Presence values (spec §3, §4): which count as logged on, their sort rank, own states and the rejoin delay. */

import {
  PRESENCE_REJOIN_DELAY_MAX_MS,
  PRESENCE_REJOIN_DELAY_MIN_MS,
} from "./constants.js";

/** Presence values in sort order: pc first, off last. */
export const PRESENCE_VALUES = [
  "pc",
  "webchat",
  "mobile",
  "away",
  "dnd",
  "off",
] as const;

/** A presence value of another user. */
export type Presence = (typeof PRESENCE_VALUES)[number];

/** Presence targets (where a user is logged in). */
export const PRESENCE_TARGETS = ["pc", "webchat", "web", "mobile"] as const;

/** A presence target. */
export type PresenceTarget = (typeof PRESENCE_TARGETS)[number];

/** States the user can set for themselves (labels: online, busy, away, offline). */
export const OWN_PRESENCE_STATES = ["on", "dnd", "away", "off"] as const;

/** An own presence state. */
export type OwnPresenceState = (typeof OWN_PRESENCE_STATES)[number];

/** Own state after login. */
export const DEFAULT_OWN_PRESENCE_STATE: OwnPresenceState = "on";

const LOGGED_ON: ReadonlySet<string> = new Set(["pc", "mobile", "dnd", "away"]);

/**
 * Tells whether a presence means the user is logged on: pc, mobile, dnd or away (webchat alone does not count).
 * @param presence - a presence value (unknown values are not logged on).
 * @returns true when logged on.
 */
export function isLoggedOn(presence: string | null | undefined): boolean {
  return presence != null && LOGGED_ON.has(presence);
}

/**
 * Sort rank of a presence: pc 0, webchat 1, mobile 2, away 3, dnd 4, off 5; unknown values rank as off.
 * @param presence - a presence value.
 * @returns the rank; lower sorts first.
 */
export function presenceRank(presence: string | null | undefined): number {
  const index = (PRESENCE_VALUES as readonly string[]).indexOf(
    presence ?? "off",
  );
  return index === -1 ? PRESENCE_VALUES.length - 1 : index;
}

/**
 * Comparator for sorting users by presence (state sort), suitable for `Array.prototype.sort`.
 * @param a - first presence.
 * @param b - second presence.
 * @returns negative when `a` sorts first.
 */
export function comparePresence(
  a: string | null | undefined,
  b: string | null | undefined,
): number {
  return presenceRank(a) - presenceRank(b);
}

/**
 * Delay before setting the own account online again after its web-chat presence arrived as off.
 * @param random - a source of numbers in [0, 1), e.g. `Math.random` (injected for tests).
 * @returns a whole number of milliseconds from 1 s to 30 s inclusive.
 */
export function presenceRejoinDelay(random: () => number): number {
  const span = PRESENCE_REJOIN_DELAY_MAX_MS - PRESENCE_REJOIN_DELAY_MIN_MS + 1;
  const r = Math.min(Math.max(random(), 0), 1 - Number.EPSILON);
  return PRESENCE_REJOIN_DELAY_MIN_MS + Math.floor(r * span);
}

/** One online target of a user as the server reports it (docs/protocol.md §5). */
export type TargetPresence = {
  readonly target: string;
  /** `away` or `dnd` when the user set one on that target. */
  readonly show?: string | undefined;
};

const TARGET_VALUES: Readonly<Record<string, Presence>> = {
  pc: "pc",
  webchat: "webchat",
  web: "webchat",
  mobile: "mobile",
};

/**
 * The one presence a user shows across their online targets: each target counts as its show (away, dnd) or as where
 * it is (pc, webchat, mobile), and the best-ranked one wins, so a user at their PC reads as pc even when the phone
 * is away. Unknown targets count as webchat.
 * @param targets - the user's online targets (none: off).
 * @returns the presence to show.
 */
export function summarizePresence(
  targets: readonly TargetPresence[],
): Presence {
  let best: Presence = "off";
  for (const { target, show } of targets) {
    const value: Presence =
      show === "away" || show === "dnd"
        ? show
        : (TARGET_VALUES[target] ?? "webchat");
    if (presenceRank(value) < presenceRank(best)) best = value;
  }
  return best;
}
