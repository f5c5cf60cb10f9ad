// Data scope (DOMAIN §0): a user sees the business rows of their department subtree. Rows carry the org
// code of their department; departments nest by code prefix (A01 ⊃ A01A02 ⊃ A01A02A01), so the check is a
// prefix match. The department chosen at login narrows the scope to its subtree; a user without any
// department sees only the rows they own.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { cachedAnswer, type TableName } from '../../db/readCache';
import type { DB } from '../../db/schema';
import { likePattern } from '../../http/listQuery';

export interface DataScope {
  userId: string;
  /** Org codes whose subtrees are visible; empty: only the user's own rows. */
  orgCodes: readonly string[];
}

/** What a data scope is read from. */
export const SCOPE_TABLES: TableName[] = ['user_departs', 'departs', 'users'];

/**
 * Read through the read cache, under the user's id: every list asks for it, and only a change of departments
 * changes it.
 */
export function dataScopeOf(db: Kysely<DB>, tenantId: string, userId: string): Promise<DataScope> {
  return cachedAnswer(db, `dataScope\u0000${tenantId}\u0000${userId}`, SCOPE_TABLES, async () => {
    const rows = await db
      .selectFrom('user_departs')
      .innerJoin('departs', 'departs.id', 'user_departs.depart_id')
      .innerJoin('users', 'users.id', 'user_departs.user_id')
      .select(['departs.org_code', 'users.org_code as current'])
      .where('user_departs.user_id', '=', userId)
      .where('user_departs.tenant_id', '=', tenantId)
      .execute();
    const codes = rows.map((row) => row.org_code);
    const current = rows[0]?.current;
    const orgCodes = current && codes.includes(current) ? [current] : codes;
    return Object.freeze({ userId, orgCodes: Object.freeze(orgCodes) });
  });
}

/** The rows of a table visible in a scope: its org code under one of the scope's, or owned by the user. */
export function inScope(scope: DataScope, orgColumn: string, ownerColumn?: string): RawBuilder<SqlBool> {
  const prefixes = scope.orgCodes.map(
    (code) => sql<SqlBool>`${sql.ref(orgColumn)} like ${`${likePattern(code)}%`}`,
  );
  const owned = ownerColumn ? [sql<SqlBool>`${sql.ref(ownerColumn)} = ${scope.userId}`] : [];
  const all = [...prefixes, ...owned];
  return all.length === 0 ? sql<SqlBool>`false` : sql<SqlBool>`(${sql.join(all, sql` or `)})`;
}

/** True when an org code lies inside the scope (for checks on a row about to be written). */
export function orgCodeInScope(scope: DataScope, orgCode: string): boolean {
  return scope.orgCodes.some((code) => orgCode.startsWith(code));
}
