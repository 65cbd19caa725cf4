/**
 * The built-in simulated PBX (the default phone provider; docs/integration.md): a per-user line state machine
 * idle (NO_CHANNEL) → active → hold → active → idle, answering the real result codes. Lines live in this
 * process's memory, which is what a simulation needs; a deployment with a real PBX swaps in its adapter.
 */
import type { CentrexResultName } from "@moa/shared";
import type { PhoneLine, PhoneProvider } from "./phone-provider.js";

type LineState = { state: "active" | "hold"; numbers: readonly string[] };

export class SimulatedPbx implements PhoneProvider {
  private readonly lines = new Map<number, LineState>();

  /**
   * What a user's line is doing, for tests and demos that watch the exchange rather than the client.
   * @returns idle, or the line's state and the numbers it dialled.
   */
  inspect(userId: number): { state: "idle" } | LineState {
    const l = this.lines.get(userId);
    return l ? { state: l.state, numbers: [...l.numbers] } : { state: "idle" };
  }

  status(line: PhoneLine): Promise<CentrexResultName> {
    return Promise.resolve(
      this.lines.has(line.userId) ? "SUCCESS" : "NO_CHANNEL",
    );
  }

  call(
    line: PhoneLine,
    numbers: readonly string[],
  ): Promise<CentrexResultName> {
    // One channel per line: dialling while connected is a processing error, as on the real exchange.
    if (this.lines.has(line.userId)) return Promise.resolve("ERR_PROCESS");
    this.lines.set(line.userId, { state: "active", numbers });
    return Promise.resolve("SUCCESS");
  }

  hold(line: PhoneLine): Promise<CentrexResultName> {
    const l = this.lines.get(line.userId);
    if (!l) return Promise.resolve("NO_CHANNEL");
    if (l.state !== "active") return Promise.resolve("ERR_PROCESS");
    l.state = "hold";
    return Promise.resolve("SUCCESS");
  }

  resume(line: PhoneLine): Promise<CentrexResultName> {
    const l = this.lines.get(line.userId);
    if (!l) return Promise.resolve("NO_CHANNEL");
    if (l.state !== "hold") return Promise.resolve("ERR_PROCESS");
    l.state = "active";
    return Promise.resolve("SUCCESS");
  }

  hangUp(line: PhoneLine): Promise<CentrexResultName> {
    return Promise.resolve(
      this.lines.delete(line.userId) ? "SUCCESS" : "NO_CHANNEL",
    );
  }
}
