// Data scope (DOMAIN §0): a user sees the business rows of their department subtree. Rows carry the org
// code of their department; departments nest by code prefix (A01 ⊃ A01A02 ⊃ A01A02A01), so the check is a
// prefix match. The department chosen at login narrows the scope to its subtree; a user without any
// department sees only the rows they own.
//
// A dealer's user (users.dealer_id: DOMAIN §1.1) has no department subtree: its scope is its dealer. A query
// names the columns that tie its rows to a dealer (inScope's `dealerColumns`: the seller of an order, the owner
// of a warehouse, the serving dealer of an outlet …); a query that names none shows a dealer's user only the rows
// it owns. So every route is closed to dealers unless it says how its rows belong to one.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { cachedAnswer, type TableName } from '../../db/readCache';
import type { DB } from '../../db/schema';
import { likePattern } from '../../http/listQuery';

export interface DataScope {
  userId: string;
  /** Org codes whose subtrees are visible; empty: only the user's own rows. */
  orgCodes: readonly string[];
  /** The dealer (a DEALER customer id) of a dealer's user: then orgCodes is empty and rows are the dealer's. */
  dealerId?: string;
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
    const dealerId = await dealerOfUser(db, tenantId, userId);
    if (dealerId) return Object.freeze({ userId, orgCodes: Object.freeze([]), dealerId });
    const codes = rows.map((row) => row.org_code);
    const current = rows[0]?.current;
    const orgCodes = current && codes.includes(current) ? [current] : codes;
    return Object.freeze({ userId, orgCodes: Object.freeze(orgCodes) });
  });
}

/** The dealer a user belongs to (a dealer's user), or undefined for a brand employee. */
export async function dealerOfUser(
  db: Kysely<DB>,
  tenantId: string,
  userId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('dealer_id')
    .where('id', '=', userId)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return row?.dealer_id ?? undefined;
}

/**
 * The rows of a table visible in a scope: its org code under one of the scope's, or owned by the user. For a
 * dealer's scope: a row whose `dealerColumns` (any of them) hold the dealer, or owned by the user.
 */
export function inScope(
  scope: DataScope,
  orgColumn: string,
  ownerColumn?: string,
  dealerColumns: string | readonly string[] = [],
): RawBuilder<SqlBool> {
  const prefixes = scope.dealerId
    ? [dealerColumns].flat().map((column) => sql<SqlBool>`${sql.ref(column)} = ${scope.dealerId}`)
    : scope.orgCodes.map((code) => sql<SqlBool>`${sql.ref(orgColumn)} like ${`${likePattern(code)}%`}`);
  const owned = ownerColumn ? [sql<SqlBool>`${sql.ref(ownerColumn)} = ${scope.userId}`] : [];
  const all = [...prefixes, ...owned];
  return all.length === 0 ? sql<SqlBool>`false` : sql<SqlBool>`(${sql.join(all, sql` or `)})`;
}

/** True for the scope of a dealer's user. */
export const isDealerScope = (scope: DataScope): scope is DataScope & { dealerId: string } =>
  scope.dealerId !== undefined;

/** True when an org code lies inside the scope (for checks on a row about to be written; never for a dealer's). */
export function orgCodeInScope(scope: DataScope, orgCode: string): boolean {
  return scope.orgCodes.some((code) => orgCode.startsWith(code));
}

/**
 * The active brand employees a caller's scope covers (pickers of a person: 交接接收人, 拜访记录's 人员): the caller,
 * and the users of a department in the scope. Dealers' users are not employees.
 */
export async function usersInScope(db: Kysely<DB>, caller: { tenantId: string; userId: string }) {
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  return db
    .selectFrom('users as u')
    .where('u.tenant_id', '=', caller.tenantId)
    .where('u.status', '=', 1)
    .where('u.del_flag', '=', 0)
    .where('u.dealer_id', 'is', null)
    .where((eb) =>
      eb.or([
        eb('u.id', '=', caller.userId),
        eb.exists(
          eb
            .selectFrom('user_departs as ud')
            .innerJoin('departs as d', 'd.id', 'ud.depart_id')
            .select('ud.user_id')
            .whereRef('ud.user_id', '=', 'u.id')
            .where(inScope(scope, 'd.org_code')),
        ),
      ]),
    );
}
