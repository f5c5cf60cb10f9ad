// Sessions: opaque random tokens (256 bits), stored only as their sha256, valid 7 days, revoked at logout,
// password change and password reset. Kept in the database so every instance behind a load balancer sees the same ones.
import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { SESSION_TTL_MS } from '../../../common/constants';
import type { DB } from '../../db/schema';
import type { CallerSession } from '../../http/access';
import { permissionCodesOf } from './permissions';

/** Writing last_seen_at on every request would turn each read into a write; once a minute is enough. */
const LAST_SEEN_RESOLUTION_MS = 60_000;
const USER_AGENT_MAX_LENGTH = 512;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface NewSession {
  userId: string;
  tenantId: string;
  ip: string;
  userAgent: string | undefined;
}

/** Opens a session and returns its token, the only time the token exists outside the client. */
export async function createSession(db: Kysely<DB>, session: NewSession): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: session.userId,
      tenant_id: session.tenantId,
      // The database's clock, like every check of the expiry.
      expires_at: sql<Date>`now() + make_interval(secs => ${SESSION_TTL_MS / 1000})`,
      ip: session.ip,
      user_agent: session.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
    })
    .execute();
  // Expired sessions of this user are of no use to anyone; dropping them here keeps the table small.
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', session.userId)
    .where('expires_at', '<', sql<Date>`now()`)
    .execute();
  return token;
}

export interface ResolvedSession {
  session: CallerSession;
  expiresAt: Date;
}

/**
 * The caller behind a token: the session must be neither expired nor revoked, its user neither frozen
 * nor deleted, and its company not frozen. Requests go through cachedSessionResolver (sessionCache.ts).
 */
export async function resolveSession(db: Kysely<DB>, token: string): Promise<ResolvedSession | undefined> {
  const tokenHash = hashToken(token);
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .innerJoin('tenants', 'tenants.tenant_id', 'sessions.tenant_id')
    .select([
      'sessions.user_id',
      'sessions.tenant_id',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'users.username',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', sql<Date>`now()`)
    .where('users.status', '=', 1)
    .where('users.del_flag', '=', 0)
    .where('tenants.status', '=', 1)
    .executeTakeFirst();
  if (!row) return undefined;
  if (Date.now() - row.last_seen_at.getTime() > LAST_SEEN_RESOLUTION_MS) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: sql<Date>`now()` })
      .where('token_hash', '=', tokenHash)
      .execute();
  }
  return {
    session: {
      userId: row.user_id,
      tenantId: row.tenant_id,
      username: row.username,
      tokenHash,
      permissions: await permissionCodesOf(db, row.user_id, row.tenant_id),
    },
    expiresAt: row.expires_at,
  };
}

export interface RevokedSession {
  userId: string;
  tenantId: string;
  username: string;
}

/** Revokes the session of a token; undefined when there was no live one (unknown, expired or revoked). */
export async function revokeSession(db: Kysely<DB>, token: string): Promise<RevokedSession | undefined> {
  const revoked = await db
    .updateTable('sessions')
    .from('users')
    .set({ revoked_at: sql<Date>`now()` })
    .whereRef('users.id', '=', 'sessions.user_id')
    .where('sessions.token_hash', '=', hashToken(token))
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', sql<Date>`now()`)
    .returning(['sessions.user_id', 'sessions.tenant_id', 'users.username'])
    .executeTakeFirst();
  return revoked && { userId: revoked.user_id, tenantId: revoked.tenant_id, username: revoked.username };
}

/**
 * Revokes every live session of a user, except the one given: a password change keeps the session it was
 * made in, a password reset keeps none.
 */
export async function revokeUserSessions(
  db: Kysely<DB>,
  userId: string,
  options: { exceptTokenHash?: string } = {},
): Promise<void> {
  let revoke = db
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (options.exceptTokenHash !== undefined)
    revoke = revoke.where('token_hash', '!=', options.exceptTokenHash);
  await revoke.execute();
}
