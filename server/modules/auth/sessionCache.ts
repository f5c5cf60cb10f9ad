// The sessions of recent requests, answered from the read cache (server/db/readCache.ts, issue #8): resolving a
// token costs two queries (session, then permission codes), and a busy page asks several times a second. A
// session is stale as soon as a write that can change its answer commits — a revoke, a user frozen, deleted or
// given other roles or departments, a role's permissions, a company frozen — and is never kept past its expiry.
import type { ReadCache, TableName } from '../../db/readCache';
import type { CallerSession, SessionResolver } from '../../http/access';
import { hashToken, type ResolvedSession } from './sessions';

/** Tables whose rows decide a session's answer: who the user is, their roles, permissions and departments. */
export const ACCESS_TABLES: TableName[] = [
  'sessions',
  'users',
  'tenants',
  'roles',
  'user_roles',
  'role_permissions',
  'permissions',
  'departs',
  'user_departs',
];

/**
 * A session's own row matters when it is revoked, shortened or removed; not when it is opened (a new token is
 * not cached yet) nor when resolveSession notes it was seen (an update of last_seen_at alone).
 */
const SESSION_WRITE =
  /\b(?:update\s+"?sessions"?\s+set\s+(?!"?last_seen_at"?\s*=[^,]*?\bwhere\b)|delete\s+from\s+"?sessions"?)/i;

/** The read cache's matcher for the sessions table. */
export const SESSION_WRITES = { sessions: (sql: string) => SESSION_WRITE.test(sql) };

/** Resolves tokens through `resolve`, answering repeated ones from the read cache as described above. */
export function cachedSessionResolver(
  reads: ReadCache,
  resolve: (token: string) => Promise<ResolvedSession | undefined>,
): SessionResolver {
  return async (token) => {
    const resolved = await reads.get(
      `session:${hashToken(token)}`,
      ACCESS_TABLES,
      () => resolve(token),
      (found) => (found ? found.expiresAt.getTime() : 0),
    );
    return resolved?.session satisfies CallerSession | undefined;
  };
}
