// Abuse limits per tenant and address (docs/architecture.md §10) with rate-limiter-flexible: in Redis when
// REDIS_URL is set, in memory otherwise. In Redis the keys live under the deployment's key space
// (`prefix`: server.ts passes `<events namespace>:limits`), so every instance of one deployment
// counts against the same limits and a restart forgets nothing (docs/decisions/0044); a test that
// wants its own counts gives itself its own prefix. While Redis does not answer, each process
// counts alone (the insurance limiter) rather than refusing everyone. They sit in front of the
// domain rules (login lockout per account, daily reset mails), which live in the database.
// docs/api.md lists the limits.
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export interface Limit {
  points: number;
  durationS: number;
}

export const LIMITS = {
  /** Login requests per address, whatever the account. */
  login: { points: 30, durationS: 15 * 60 },
  /** New accounts per address: only accounts really created count (a typo costs nothing), see `blocked` and `record`. */
  signup: { points: 10, durationS: 60 * 60 },
  /** Reset-mail requests per address. */
  passwordReset: { points: 10, durationS: 60 * 60 },
  /** Chat messages per member (docs/decisions/0017): a person types far fewer; a script is stopped. */
  message: { points: 20, durationS: 60 },
  /** Complaints and reports per address (docs/decisions/0029): enough for a real person, not for a flood. */
  complaint: { points: 10, durationS: 60 * 60 },
  /**
   * Wrong passwords of one account from one address before that pair is refused (the network
   * console's password step, docs/decisions/0068): the members' and operators' rule (5 in 15
   * minutes, app/.server/accounts/login.ts), kept here because the console has no tenant tables.
   */
  loginAccount: { points: 5, durationS: 15 * 60 },
  /** Failed logins of one account over all addresses (the per-account throttle, app/.server/accounts/login-throttle.ts): counted, never refused by itself. */
  accountFailures: { points: 1_000_000, durationS: 60 * 60 },
  /** The throttle's current delay of one account: held with `hold`, read with `blocked`. */
  accountDelay: { points: 1, durationS: 60 },
  /** Addresses an account logged in from (30 days): they are not slowed by the per-account throttle. */
  knownAddress: { points: 1, durationS: 30 * 24 * 60 * 60 },
} satisfies Record<string, Limit>;

export type LimitName = keyof typeof LIMITS;

export interface RateLimits {
  /** Counts one attempt; resolves with the seconds to wait when over the limit, else null. */
  consume(name: LimitName, tenantId: string, key: string): Promise<number | null>;
  /** The seconds to wait when the limit is used up, else null; counts nothing. */
  blocked(name: LimitName, tenantId: string, key: string): Promise<number | null>;
  /** Counts one thing that happened (an account created), whether or not the limit is used up; resolves with the count in the window. */
  record(name: LimitName, tenantId: string, key: string): Promise<number>;
  /** Holds the limit used up for `seconds` (a delay of the per-account throttle). */
  hold(name: LimitName, tenantId: string, key: string, seconds: number): Promise<void>;
  /** Whether anything was counted under the key in the window (a known address). */
  seen(name: LimitName, tenantId: string, key: string): Promise<boolean>;
  /** Forgets the key's count. */
  forget(name: LimitName, tenantId: string, key: string): Promise<void>;
  close(): Promise<void>;
}

/** `prefix`: the key space in Redis, one per deployment (never per process: instances and restarts must share it). */
export function createRateLimits(options: { redisUrl?: string; limits?: Partial<Record<LimitName, Limit>>; prefix: string }): RateLimits {
  const limits: Record<LimitName, Limit> = { ...LIMITS, ...options.limits };
  const redis = options.redisUrl ? new Redis(options.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false }) : null;
  redis?.on('error', () => {});
  const limiters = Object.fromEntries(
    (Object.keys(limits) as LimitName[]).map((name) => {
      const { points, durationS } = limits[name];
      const keyPrefix = `${options.prefix}:${name}`;
      const limiter: RateLimiterAbstract = redis
        ? new RateLimiterRedis({ storeClient: redis, points, duration: durationS, keyPrefix, insuranceLimiter: new RateLimiterMemory({ points, duration: durationS }) })
        : new RateLimiterMemory({ points, duration: durationS, keyPrefix });
      return [name, limiter];
    }),
  ) as Record<LimitName, RateLimiterAbstract>;

  return {
    async consume(name, tenantId, key) {
      try {
        await limiters[name].consume(`${tenantId}:${key}`);
        return null;
      } catch (error) {
        if (error instanceof RateLimiterRes) return Math.max(1, Math.ceil(error.msBeforeNext / 1000));
        throw error;
      }
    },
    async blocked(name, tenantId, key) {
      const state = await limiters[name].get(`${tenantId}:${key}`);
      return state && state.consumedPoints >= limits[name].points ? Math.max(1, Math.ceil(state.msBeforeNext / 1000)) : null;
    },
    async record(name, tenantId, key) {
      return (await limiters[name].penalty(`${tenantId}:${key}`, 1)).consumedPoints;
    },
    async hold(name, tenantId, key, seconds) {
      await limiters[name].block(`${tenantId}:${key}`, Math.max(1, Math.ceil(seconds)));
    },
    async seen(name, tenantId, key) {
      const state = await limiters[name].get(`${tenantId}:${key}`);
      return state !== null && state.consumedPoints > 0;
    },
    async forget(name, tenantId, key) {
      await limiters[name].delete(`${tenantId}:${key}`);
    },
    async close() {
      await redis?.quit().catch(() => {});
    },
  };
}
