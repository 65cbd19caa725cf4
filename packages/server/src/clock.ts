/** The injectable clock: services read time only through it, so tests can move time forward. */

/** Returns the current time. */
export type Clock = () => Date;

/** The real clock. */
export const systemClock: Clock = () => new Date();
