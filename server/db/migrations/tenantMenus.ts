// Menus and buttons that a migration adds to tenants seeded before it (a kept ./data directory): new
// tenants get them from the seed, earlier ones through here, granted to their administrator role.
import type { Kysely } from 'kysely';
import { grantToAdministrators, type PermissionRow } from '../../modules/auth/tenantOrganisation';
import type { DB } from '../schema';

/**
 * Adds one menu or button row unless the tenant has it already or has deleted its parent (that choice
 * stands); its parent stops being a leaf. Running it again adds nothing.
 */
export async function addTenantPermission(
  db: Kysely<DB>,
  tenantId: string,
  row: PermissionRow,
): Promise<void> {
  const parentId = row.parent_id ?? null;
  const present = (
    await db
      .selectFrom('permissions')
      .select('id')
      .where('id', 'in', [row.id, parentId ?? row.id])
      .execute()
  ).map((existing) => existing.id);
  if (present.includes(row.id) || (parentId !== null && !present.includes(parentId))) return;
  await db.insertInto('permissions').values(row).execute();
  if (parentId !== null)
    await db.updateTable('permissions').set({ is_leaf: false }).where('id', '=', parentId).execute();
  await grantToAdministrators(db, tenantId, row.id);
}
