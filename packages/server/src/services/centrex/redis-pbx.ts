/**
 * The simulated PBX for several server nodes: the same line state machine as SimulatedPbx, with each user's line in
 * one Redis hash, so a call placed through one node is busy (or on hold) through every other. Every transition is one
 * Redis command or Lua script, so two nodes acting on one line at once cannot both succeed.
 */
import type { Redis } from "ioredis";
import type { CentrexResultName } from "@moa/shared";
import type { PhoneLine, PhoneProvider } from "./phone-provider.js";

/** KEYS[1] the line; ARGV[1] the numbers dialled (JSON). Opens the line's one channel, unless it is open. */
const CALL = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 'ERR_PROCESS' end
redis.call('HSET', KEYS[1], 'state', 'active', 'numbers', ARGV[1])
return 'SUCCESS'
`;

/** KEYS[1] the line; ARGV[1] the state it must be in, ARGV[2] the state it moves to. */
const MOVE = `
local state = redis.call('HGET', KEYS[1], 'state')
if not state then return 'NO_CHANNEL' end
if state ~= ARGV[1] then return 'ERR_PROCESS' end
redis.call('HSET', KEYS[1], 'state', ARGV[2])
return 'SUCCESS'
`;

export class RedisPbx implements PhoneProvider {
  /**
   * @param redis a connected client (the caller owns and closes it).
   * @param prefix namespace of the keys, e.g. `moa:pbx:`.
   */
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(line: PhoneLine): string {
    return `${this.prefix}line:${line.userId}`;
  }

  async status(line: PhoneLine): Promise<CentrexResultName> {
    return (await this.redis.exists(this.key(line))) === 1
      ? "SUCCESS"
      : "NO_CHANNEL";
  }

  async call(
    line: PhoneLine,
    numbers: readonly string[],
  ): Promise<CentrexResultName> {
    return (await this.redis.eval(
      CALL,
      1,
      this.key(line),
      JSON.stringify(numbers),
    )) as CentrexResultName;
  }

  async hold(line: PhoneLine): Promise<CentrexResultName> {
    return (await this.redis.eval(
      MOVE,
      1,
      this.key(line),
      "active",
      "hold",
    )) as CentrexResultName;
  }

  async resume(line: PhoneLine): Promise<CentrexResultName> {
    return (await this.redis.eval(
      MOVE,
      1,
      this.key(line),
      "hold",
      "active",
    )) as CentrexResultName;
  }

  async hangUp(line: PhoneLine): Promise<CentrexResultName> {
    return (await this.redis.del(this.key(line))) === 1
      ? "SUCCESS"
      : "NO_CHANNEL";
  }
}
