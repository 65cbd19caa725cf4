/**
 * The internet phone's PBX behind an interface (spec §7.5). Each operation answers a centrex result code
 * (`svc_rt`, spec §8). A real PBX adapter implements the same methods; the simulated one is the default.
 */
import type { CentrexResultName } from "@moa/shared";

/** A user's phone line, as the PBX knows it. */
export type PhoneLine = { userId: number; companyId: number };

/** PBX operations; every method resolves with a result name, never throws for PBX-side failures. */
export interface PhoneProvider {
  /** NO_CHANNEL while idle (a call may start), SUCCESS while a channel is open. */
  status(line: PhoneLine): Promise<CentrexResultName>;
  /** Dials one or more (group call) numbers, digits only. */
  call(line: PhoneLine, numbers: readonly string[]): Promise<CentrexResultName>;
  hold(line: PhoneLine): Promise<CentrexResultName>;
  resume(line: PhoneLine): Promise<CentrexResultName>;
  hangUp(line: PhoneLine): Promise<CentrexResultName>;
}
