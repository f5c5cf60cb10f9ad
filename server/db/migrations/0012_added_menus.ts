// Tenants seeded before the catalogue, stock, order and ERP pages existed get those menus (with their
// buttons) as new tenants do, granted to their administrator role. A tenant that deleted a menu's parent keeps
// its choice: the menu is not added there.
import type { Kysely } from 'kysely';
import { defaultMenuRowsOf } from '../../modules/auth/tenantOrganisation';
import type { DB } from '../schema';
import { addTenantPermission } from './tenantMenus';

export const ADDED_MENUS = [
  '/eMaterial/brand',
  '/eMaterial/category',
  '/eprod/movement',
  '/eOrder',
  '/eOrder/eOrder',
  '/erp',
  '/kingdee/sync/orders',
  '/eErpConfig',
];

/** Adds the menus (and the buttons under them) a tenant lacks; running it again adds nothing. */
export function addNewMenus(db: Kysely<DB>): Promise<void> {
  return addMenusOf(db, ADDED_MENUS);
}

/** Adds these default menus (by url, with their buttons) to every tenant lacking them; later migrations use it. */
export async function addMenusOf(db: Kysely<DB>, urls: string[]): Promise<void> {
  const tenants = await db.selectFrom('tenants').select('tenant_id').execute();
  for (const { tenant_id: tenantId } of tenants) {
    const all = defaultMenuRowsOf(tenantId);
    const menus = new Set(all.filter((row) => urls.includes(row.url ?? '')).map((row) => row.id));
    // Parents come before their children in the default rows.
    const rows = all.filter((row) => menus.has(row.id) || menus.has(row.parent_id ?? ''));
    for (const row of rows) await addTenantPermission(db, tenantId, row);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await addNewMenus(db as unknown as Kysely<DB>);
}

export async function down(): Promise<void> {
  // The menus stay: an administrator may have granted them since.
}
