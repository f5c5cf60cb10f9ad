import { ADDED_MENUS, addNewMenus } from '../db/migrations/0012_added_menus';
import { menuPathsOf } from './support/auth';
import { testBackends } from './support/database';
import { useTestServer } from './support/useTestServer';

describe.each(testBackends())('migration 0012 on a database seeded before it, on %s', (backend) => {
  const context = useTestServer(backend);

  it('gives existing tenants the new catalogue, stock, order and ERP menus with their buttons, granted to their administrators, once', async () => {
    const db = context.database.db;
    // B01 as an older seed left it.
    await db
      .deleteFrom('permissions')
      .where('tenant_id', '=', 'B01')
      .where('url', 'in', ADDED_MENUS)
      .execute();
    const menusOf = () => menuPathsOf(context.client, 't2admin');
    expect(await menusOf()).not.toContain('/eprod/movement');

    await addNewMenus(db);
    await addNewMenus(db);

    const menus = await menusOf();
    for (const url of ADDED_MENUS) expect(menus).toContain(url);
    const rows = await db
      .selectFrom('permissions')
      .select('url')
      .where('tenant_id', '=', 'B01')
      .where('url', 'in', ADDED_MENUS)
      .execute();
    expect(rows).toHaveLength(ADDED_MENUS.length);
    // The buttons came with them: the administrator may audit orders.
    const buttons = await db
      .selectFrom('permissions')
      .select('perms')
      .where('tenant_id', '=', 'B01')
      .where('perms', 'in', ['order:audit', 'erp:retry', 'brand:add'])
      .execute();
    expect(buttons.length).toBeGreaterThanOrEqual(2);
  });
});
