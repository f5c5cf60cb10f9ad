// 临期预警 (DOMAIN §1.6, under 库存管理) with its button 查看临期预警 (nearExpiry:list) for tenants seeded before it:
// new tenants get both from the seed's default menus.
import type { Kysely } from 'kysely';
import type { DB } from '../schema';
import { addDefaultMenus } from './tenantMenus';

export async function up(db: Kysely<unknown>): Promise<void> {
  await addDefaultMenus(db as unknown as Kysely<DB>, ['/eprod/nearExpiry']);
}

/** A tenant's menus are its own once added (it may have granted or moved them): going down leaves them. */
export async function down(): Promise<void> {}
