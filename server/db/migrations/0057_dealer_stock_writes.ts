// Dealer stock writes (issue #22, DOMAIN §1.6): a dealer's staff record stock-ins, stock-outs and transfers in
// their own warehouses, the administrator also counts and freezes. The codes are in the dealer ceiling
// (shared/dealerScope.ts); this grants the stock buttons to the demo dealer roles of databases seeded before,
// as the seed now does (seed/dealers.ts DEALER_ROLES). A tenant's own dealer roles are the brand's to grant.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema';

const GRANTS: Record<string, string[]> = {
  dealer_admin: ['stock:in', 'stock:out', 'stock:transfer', 'stock:adjust'],
  dealer_keeper: ['stock:in', 'stock:out', 'stock:transfer'],
};

export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as unknown as Kysely<DB>;
  for (const [roleCode, codes] of Object.entries(GRANTS)) {
    await db
      .insertInto('role_permissions')
      .columns(['tenant_id', 'role_id', 'permission_id'])
      .expression(
        db
          .selectFrom('roles')
          .innerJoin('permissions', (join) =>
            join.onRef('permissions.tenant_id', '=', 'roles.tenant_id').on('permissions.perms', 'in', codes),
          )
          .select(['roles.tenant_id', 'roles.id', 'permissions.id'])
          .where('roles.role_code', '=', roleCode)
          .where('roles.for_dealers', '=', true)
          .where('permissions.del_flag', '=', 0)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('role_permissions as granted')
                  .select(sql.lit(1).as('one'))
                  .whereRef('granted.role_id', '=', 'roles.id')
                  .whereRef('granted.permission_id', '=', 'permissions.id'),
              ),
            ),
          ),
      )
      .execute();
  }
}

/** Grants once given may have been relied on (or given by hand): going down leaves them. */
export async function down(): Promise<void> {}
