/**
 * Limits on the credential endpoints (login, token refresh, lock-screen check) and the address memory behind the
 * lock policy (docs/auth.md "Lock policy and throttling"): an address becomes known to an account when a login
 * to that account from it succeeds. Wrong passwords from a known address count toward the 5-failure lock as the
 * spec says; from any other address they never lock, they are only throttled, per address and per account, so
 * one anonymous client can neither guess at scale nor lock anybody out.
 */
import { normalizeDomain, normalizeLoginId } from "../auth/identity.js";
import type { RateLimiter } from "./rate-limiter.js";
import type { ThrottleLimits } from "./throttle-config.js";
import { refuseIfThrottled } from "./throttled-error.js";

/** How long a successful login keeps its address known to the account (renewed by each success). */
export const KNOWN_ADDRESS_DAYS = 30;
const KNOWN_ADDRESS_MS = KNOWN_ADDRESS_DAYS * 24 * 60 * 60 * 1000;

/** A login attempt admitted by `admitLogin`; report how it ended with `loginSucceeded` or `loginFailed`. */
export type LoginAttempt = {
  /** Whether the address has logged in to this account before: only then do wrong passwords count toward the lock. */
  readonly known: boolean;
  readonly accountKey: string;
  readonly ip: string;
};

export class AuthThrottle {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly limits: ThrottleLimits,
  ) {}

  /**
   * Admits a login attempt. From an unknown address it is counted up front against the address and the account
   * (so concurrent attempts cannot slip past the limit) and given back if it succeeds.
   * @throws ThrottledError when the address or the account has had too many anonymous failures.
   */
  async admitLogin(
    domain: string,
    loginId: string,
    ip: string,
  ): Promise<LoginAttempt> {
    const accountKey = `${normalizeDomain(domain)}\u0000${normalizeLoginId(loginId)}`;
    const attempt = { accountKey, ip };
    if (await this.limiter.store.peek(this.knownKey(attempt)))
      return { ...attempt, known: true };
    const { loginPerAddress, loginPerAccount } = this.limits;
    refuseIfThrottled(
      await this.limiter.hit(loginPerAddress, `login:ip:${ip}`),
      await this.limiter.hit(loginPerAccount, `login:acct:${accountKey}`),
    );
    return { ...attempt, known: false };
  }

  /** Remembers the address for the account and gives back the hits an unknown address was charged. */
  async loginSucceeded(attempt: LoginAttempt): Promise<void> {
    await this.limiter.store.set(this.knownKey(attempt), KNOWN_ADDRESS_MS);
    if (attempt.known) return;
    await this.limiter.refund(
      this.limits.loginPerAddress,
      `login:ip:${attempt.ip}`,
    );
    await this.limiter.refund(
      this.limits.loginPerAccount,
      `login:acct:${attempt.accountKey}`,
    );
  }

  /**
   * Admits a token refresh.
   * @param userId the owner of the presented refresh token, when it is one.
   * @throws ThrottledError when the address had too many refused refreshes or the user too many refreshes.
   */
  async admitRefresh(ip: string, userId: number | undefined): Promise<void> {
    refuseIfThrottled(
      await this.limiter.check(
        this.limits.refreshPerAddress,
        `refresh:ip:${ip}`,
      ),
      userId === undefined
        ? undefined
        : await this.limiter.hit(
            this.limits.refreshPerAccount,
            `refresh:user:${userId}`,
          ),
    );
  }

  /** Counts a refused refresh against the address. */
  async refreshFailed(ip: string): Promise<void> {
    await this.limiter.hit(this.limits.refreshPerAddress, `refresh:ip:${ip}`);
  }

  /**
   * Admits a lock-screen password check.
   * @throws ThrottledError when the user checked too often or the address had too many wrong passwords.
   */
  async admitLockVerify(ip: string, userId: number): Promise<void> {
    refuseIfThrottled(
      await this.limiter.hit(
        this.limits.lockVerifyPerAccount,
        `lock:user:${userId}`,
      ),
      await this.limiter.check(
        this.limits.lockVerifyPerAddress,
        `lock:ip:${ip}`,
      ),
    );
  }

  /** Counts a wrong lock-screen password against the address. */
  async lockVerifyFailed(ip: string): Promise<void> {
    await this.limiter.hit(this.limits.lockVerifyPerAddress, `lock:ip:${ip}`);
  }

  private knownKey(a: { accountKey: string; ip: string }): string {
    return `login:known:${a.accountKey}\u0000${a.ip}`;
  }
}
