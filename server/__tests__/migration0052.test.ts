import type { Kysely } from 'kysely';
import { up } from '../db/migrations/0052_near_expiry_menu';
import { menuPathsOf } from './support/auth';
import { testBackends } from './support/database';
import { useTestServer } from './support/useTestServer';

const MENUS = ['/eprod/nearExpiry'];

describe.each(testBackends())('migration 0052 on a database seeded before it, on %s', (backend) => {
  const context = useTestServer(backend);

  it('gives existing tenants 临期预警 with its button, once', async () => {
    const db = context.database.db;
    // B01 as an older seed left it: no 临期预警, nor its button.
    const rowsOf = () =>
      db
        .selectFrom('permissions as menu')
        .leftJoin('permissions as button', 'button.parent_id', 'menu.id')
        .select(['menu.id as menuId', 'button.id as buttonId'])
        .where('menu.tenant_id', '=', 'B01')
        .where('menu.url', 'in', MENUS)
        .execute();
    const seeded = await rowsOf();
    expect(new Set(seeded.map((row) => row.menuId)).size).toBe(MENUS.length);
    const ids = seeded.flatMap((row) => [row.menuId, row.buttonId ?? row.menuId]);
    await db.deleteFrom('role_permissions').where('permission_id', 'in', ids).execute();
    await db.deleteFrom('permissions').where('id', 'in', ids).execute();
    const menusOf = () => menuPathsOf(context.client, 't2admin');
    for (const url of MENUS) expect(await menusOf()).not.toContain(url);

    await up(db as unknown as Kysely<unknown>);
    await up(db as unknown as Kysely<unknown>);

    const menus = await menusOf();
    for (const url of MENUS) expect(menus).toContain(url);
    expect((await rowsOf()).length).toBe(seeded.length);
  });
});
