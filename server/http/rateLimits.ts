// Throttles of the public account endpoints (rate-limiter-flexible): failed password logins per user name and
// per client address, and look-ups of accounts (is this name or phone taken, send a code, recover a password)
// per address and per target. With REDIS_URL the counts live in Redis, so every instance shares them (an
// instance whose Redis is down counts in its own memory meanwhile); without it, in the process's memory.
import { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { RateLimitConfig } from '../config';

export interface RateLimits {
  /** Failed password logins per user name (whether it exists or not): the graphic code is then required. */
  loginFailuresByUsername: RateLimiterAbstract;
  /** Failed password logins per client address, over every account. */
  loginFailuresByIp: RateLimiterAbstract;
  /** Look-ups of accounts per client address. */
  lookupsByIp: RateLimiterAbstract;
  /** Look-ups of one user name or phone number, from any address. */
  lookupsByTarget: RateLimiterAbstract;
  settings: RateLimitConfig;
  close(): Promise<void>;
}

interface LimiterSpec {
  name: string;
  points: number;
  durationSeconds: number;
}

/** Opens the limiters; `keyPrefix` keeps the keys of deployments (or tests) sharing one Redis apart. */
export function createRateLimits(
  settings: RateLimitConfig,
  redisUrl: string | undefined,
  keyPrefix: string,
): RateLimits {
  const redis = redisUrl
    ? new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false })
    : undefined;
  // ioredis reports a lost connection as an error event; the insurance limiter carries on meanwhile.
  redis?.on('error', () => undefined);
  const limiter = ({ name, points, durationSeconds }: LimiterSpec): RateLimiterAbstract => {
    const options = { keyPrefix: `${keyPrefix}:${name}`, points, duration: durationSeconds };
    if (!redis) return new RateLimiterMemory(options);
    return new RateLimiterRedis({
      ...options,
      storeClient: redis,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory(options),
    });
  };
  const window = settings.loginFailureWindowSeconds;
  return {
    // Counted beyond the captcha threshold; the threshold is read from the count, not from a refusal.
    loginFailuresByUsername: limiter({ name: 'login-user', points: 1_000_000, durationSeconds: window }),
    loginFailuresByIp: limiter({
      name: 'login-ip',
      points: settings.loginMaxFailuresPerIp,
      durationSeconds: window,
    }),
    lookupsByIp: limiter({
      name: 'lookup-ip',
      points: settings.accountLookupsPerIp,
      durationSeconds: settings.accountLookupWindowSeconds,
    }),
    lookupsByTarget: limiter({
      name: 'lookup-target',
      points: settings.accountLookupsPerTarget,
      durationSeconds: settings.accountLookupWindowSeconds,
    }),
    settings,
    close: async () => {
      redis?.disconnect();
    },
  };
}

/** How many points a key has used in its current window (0 when none). */
export async function consumedPoints(limiter: RateLimiterAbstract, key: string): Promise<number> {
  const state = await limiter.get(key);
  return state?.consumedPoints ?? 0;
}

/** Consumes a point; the seconds until the key may go on when that was one too many, else undefined. */
export async function consumeOrWait(limiter: RateLimiterAbstract, key: string): Promise<number | undefined> {
  try {
    await limiter.consume(key);
    return undefined;
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes) return Math.ceil(refusal.msBeforeNext / 1000);
    throw refusal;
  }
}
