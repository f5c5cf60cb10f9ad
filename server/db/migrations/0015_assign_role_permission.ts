// Assigning roles becomes a permission of its own (user:assignRole, issue #14): tenants seeded before it get
// the button under 用户管理, granted to their administrator role as new tenants have it. A tenant that
// deleted 用户管理 keeps its choice.
import type { Kysely } from 'kysely';
import { defaultMenuRowsOf } from '../../modules/auth/tenantOrganisation';
import { ASSIGN_ROLE } from '../../modules/system/privilege';
import type { DB } from '../schema';
import { addTenantPermission } from './tenantMenus';

/** Adds the button to every tenant that lacks it; running it again adds nothing. */
export async function addAssignRolePermission(db: Kysely<DB>): Promise<void> {
  const tenants = await db.selectFrom('tenants').select('tenant_id').execute();
  for (const { tenant_id: tenantId } of tenants) {
    const row = defaultMenuRowsOf(tenantId).find((each) => each.perms === ASSIGN_ROLE);
    if (row) await addTenantPermission(db, tenantId, row);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await addAssignRolePermission(db as unknown as Kysely<DB>);
}

export async function down(): Promise<void> {
  // The button stays: an administrator may have granted it since.
}
