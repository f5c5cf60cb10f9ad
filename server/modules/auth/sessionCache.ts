// The sessions of recent requests, kept a few seconds in this process (issue #8): resolving a token costs two
// queries (session, then permission codes), and a busy page asks several times a second. Correctness:
// - on this instance, any committed write that can change a session's answer — a revoke, a user frozen,
//   deleted or given other roles or departments, a role's permissions, a company frozen — empties the
//   cache (the database's write watch sees every statement, whichever module or test wrote it);
// - a lookup that was under way while such a write committed does not store what it read;
// - other instances (several behind a load balancer) are told through Redis when REDIS_URL is set, and see
//   such a change within SESSION_CACHE_TTL_MS in any case (a write by another process, Redis down); an entry
//   never outlives its session's expiry.
import type { Database } from '../../db';
import type { Broker } from '../../push/broker';
import type { CallerSession, SessionResolver } from '../../http/access';
import type { ResolvedSession } from './sessions';

/** How long another instance may go on answering from a session as it was. */
export const SESSION_CACHE_TTL_MS = 3_000;
/** Tokens kept at most; the oldest go first (a Map iterates in insertion order). */
const MAX_ENTRIES = 10_000;

/** Tables whose rows decide a session's answer: who the user is, their roles, permissions and departments. */
const ACCESS_TABLES = 'users|tenants|roles|user_roles|role_permissions|permissions|departs|user_departs';
const ACCESS_WRITE = new RegExp(
  `\\b(?:insert\\s+into|update|delete\\s+from|truncate(?:\\s+table)?)\\s+"?(?:${ACCESS_TABLES})"?(?:\\s|\\(|$)`,
  'i',
);
/**
 * A session's own row matters when it is revoked, shortened or removed; not when it is opened (a new token is
 * not cached yet) nor when resolveSession notes it was seen (an update of last_seen_at alone).
 */
const SESSION_WRITE =
  /\b(?:update\s+"?sessions"?\s+set\s+(?!"?last_seen_at"?\s*=[^,]*?\bwhere\b)|delete\s+from\s+"?sessions"?)/i;

/** Whether a statement may change what a cached session answers. */
export function changesAccess(sql: string): boolean {
  return ACCESS_WRITE.test(sql) || SESSION_WRITE.test(sql);
}

/** What an instance tells the others after an access change: that it happened. */
export interface AccessChange {
  changedAt: number;
}

export function isAccessChange(value: unknown): value is AccessChange {
  return typeof (value as AccessChange | null)?.changedAt === 'number';
}

/**
 * Resolves tokens through `resolve`, answering repeated ones from memory as described above. `peers`: the
 * channel the instances share (Redis), when there is one.
 */
export function cachedSessionResolver(
  database: Pick<Database, 'watchWrites'>,
  resolve: (token: string) => Promise<ResolvedSession | undefined>,
  { ttlMs = SESSION_CACHE_TTL_MS, peers }: { ttlMs?: number; peers?: Broker<AccessChange> } = {},
): SessionResolver {
  const entries = new Map<string, { session: CallerSession; until: number }>();
  /** Moves on at each access change: a lookup that began before one must not store what it read. */
  let generation = 0;
  const forget = () => {
    generation += 1;
    entries.clear();
  };
  database.watchWrites({
    matches: changesAccess,
    changed: () => {
      forget();
      // Not awaited: the TTL bounds what a lost message costs.
      peers?.publish({ changedAt: Date.now() }).catch(() => undefined);
    },
  });
  peers?.onMessage(forget);
  return async (token) => {
    const cached = entries.get(token);
    if (cached && cached.until > Date.now()) return cached.session;
    entries.delete(token);
    const began = generation;
    const resolved = await resolve(token);
    if (!resolved || began !== generation) return resolved?.session;
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    entries.set(token, {
      session: resolved.session,
      until: Math.min(Date.now() + ttlMs, resolved.expiresAt.getTime()),
    });
    return resolved.session;
  };
}
