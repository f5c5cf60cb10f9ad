// The throttles of the public account endpoints.
//
// Password guessing, throttled on two keys besides the account's own lock (login.ts): the user name tried
// (whether or not it exists, so the throttle tells nothing about which names do) and the client address
// (spraying one password over many names). A few failures on either make the graphic code required; many
// from one address refuse it until the window ends. Counts live in the app's rate limiters.
import { BusinessError } from '../../http/envelope';
import { consumedPoints, consumeOrWait, type RateLimits } from '../../http/rateLimits';
import { authMessages } from './messages';

export interface Attempter {
  ip: string;
  username: string;
}

export interface LoginThrottle {
  /** Seconds until this address may try again, or undefined when it may now. */
  blockedSeconds(attempter: Attempter): Promise<number | undefined>;
  /** Whether the next attempt must bring a solved graphic code. */
  captchaRequired(attempter: Attempter): Promise<boolean>;
  /** Counts a failure against the address, and against the user name when a password was checked. */
  failed(attempter: Attempter, options: { againstUsername: boolean }): Promise<void>;
  /** The right password clears the user name's failures (not the address's). */
  succeeded(attempter: Attempter): Promise<void>;
}

/** User names differ in case only as typed: one key for all spellings. */
const usernameKey = (username: string) => username.trim().toLowerCase();

export function loginThrottleOf(limits: RateLimits): LoginThrottle {
  const { settings } = limits;
  return {
    async blockedSeconds({ ip }) {
      const state = await limits.loginFailuresByIp.get(ip);
      if (!state || state.consumedPoints < settings.loginMaxFailuresPerIp) return undefined;
      return Math.ceil(state.msBeforeNext / 1000);
    },
    async captchaRequired({ ip, username }) {
      const [byUsername, byIp] = await Promise.all([
        consumedPoints(limits.loginFailuresByUsername, usernameKey(username)),
        consumedPoints(limits.loginFailuresByIp, ip),
      ]);
      return (
        byUsername >= settings.loginCaptchaAfterFailures || byIp >= settings.loginCaptchaAfterFailuresPerIp
      );
    },
    async failed({ ip, username }, { againstUsername }) {
      await consumeOrWait(limits.loginFailuresByIp, ip);
      if (againstUsername) await consumeOrWait(limits.loginFailuresByUsername, usernameKey(username));
    },
    async succeeded({ username }) {
      await limits.loginFailuresByUsername.delete(usernameKey(username));
    },
  };
}

/**
 * Look-ups that tell something about an account (is this name or phone taken, send a code to this phone,
 * check a recovery code): counted per address and per name or phone looked up, so neither one address nor
 * many addresses after one target can walk the accounts. Throws the 429 refusal when either is used up.
 */
export async function throttleLookup(limits: RateLimits, ip: string, targets: Array<string | undefined>) {
  let wait = await consumeOrWait(limits.lookupsByIp, ip);
  for (const target of targets) {
    if (target?.trim()) wait ??= await consumeOrWait(limits.lookupsByTarget, target.trim().toLowerCase());
  }
  if (wait !== undefined) throw new BusinessError(429, authMessages.lookupsTooFrequent(wait));
}
