// Menus and buttons that a migration adds to tenants seeded before it (a kept ./data directory): new
// tenants get them from the seed, earlier ones through here, granted to their administrator role.
import type { Kysely } from 'kysely';
import {
  defaultMenuRowsOf,
  grantToAdministrators,
  type PermissionRow,
} from '../../modules/auth/tenantOrganisation';
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

/**
 * For every tenant: the default menus (DEFAULT_MENUS) whose url starts with one of `urls`, and their buttons, each
 * added as addTenantPermission adds it.
 */
export async function addDefaultMenus(db: Kysely<DB>, urls: string[]): Promise<void> {
  const tenants = await db.selectFrom('tenants').select('tenant_id').execute();
  for (const { tenant_id: tenantId } of tenants) {
    const all = defaultMenuRowsOf(tenantId);
    const menus = new Set(
      all.filter((row) => urls.some((url) => (row.url ?? '').startsWith(url))).map((row) => row.id),
    );
    for (const row of all.filter((each) => menus.has(each.id) || menus.has(each.parent_id ?? ''))) {
      await addTenantPermission(db, tenantId, row);
    }
  }
}
