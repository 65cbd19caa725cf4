/** Structured logging (pino). Every module takes a child logger named after itself. */
import { pino, type Logger } from "pino";

export type { Logger };

const root = pino({ level: "info", base: null });

/**
 * Creates a named logger.
 * @param name the module name, e.g. 'rooms.service'.
 * @param level optional level override.
 * @returns a child logger.
 */
export function createLogger(name: string, level?: string): Logger {
  const child = root.child({ name });
  if (level) child.level = level;
  return child;
}
