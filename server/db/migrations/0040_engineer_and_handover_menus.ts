// 我的工单 (the repair engineer's phone page) and 资产交接 (issue #20) for tenants seeded before them: new tenants
// get both from the seed's default menus.
import type { Kysely } from 'kysely';
import type { DB } from '../schema';
import { addDefaultMenus } from './tenantMenus';

export async function up(db: Kysely<unknown>): Promise<void> {
  await addDefaultMenus(db as unknown as Kysely<DB>, ['/mes/mine', '/eAsset/handover']);
}

/** A tenant's menus are its own once added (it may have granted or moved them): going down leaves them. */
export async function down(): Promise<void> {}
