import { addRebateDefaults, REBATE_MENUS } from '../db/migrations/0029_rebates';
import { menuPathsOf } from './support/auth';
import { testBackends } from './support/database';
import { useTestServer } from './support/useTestServer';

describe.each(testBackends())('migration 0029 on a database seeded before it, on %s', (backend) => {
  const context = useTestServer(backend);

  it('gives existing tenants the rebate menus and the REBATE_POLICY / REBATE_ADJUST flows, once', async () => {
    const db = context.database.db;
    // B01 as an older seed left it: no rebate menus or buttons, no rebate flows.
    await db
      .deleteFrom('permissions')
      .where('tenant_id', '=', 'B01')
      .where((eb) => eb.or([eb('perms', 'like', 'rebate:%'), eb('perms', '=', 'fund:list')]))
      .execute();
    await db
      .deleteFrom('permissions')
      .where('tenant_id', '=', 'B01')
      .where('url', 'in', REBATE_MENUS.slice(1))
      .execute();
    await db
      .deleteFrom('permissions')
      .where('tenant_id', '=', 'B01')
      .where('url', '=', REBATE_MENUS[0])
      .execute();
    await db
      .deleteFrom('approval_flows')
      .where('tenant_id', '=', 'B01')
      .where('biz_type', 'in', ['REBATE_POLICY', 'REBATE_ADJUST'])
      .execute();
    const menusOf = () => menuPathsOf(context.client, 't2admin');
    expect(await menusOf()).not.toContain('/eRebate/policy');

    await addRebateDefaults(db);
    await addRebateDefaults(db);

    const menus = await menusOf();
    for (const url of REBATE_MENUS) expect(menus).toContain(url);
    const buttons = await db
      .selectFrom('permissions')
      .select('perms')
      .where('tenant_id', '=', 'B01')
      .where((eb) => eb.or([eb('perms', 'like', 'rebate:%'), eb('perms', '=', 'fund:list')]))
      .execute();
    expect(buttons).toHaveLength(5);
    const flows = await db
      .selectFrom('approval_flows')
      .select('biz_type')
      .where('tenant_id', '=', 'B01')
      .where('biz_type', 'in', ['REBATE_POLICY', 'REBATE_ADJUST'])
      .orderBy('biz_type')
      .execute();
    expect(flows.map((flow) => flow.biz_type)).toEqual(['REBATE_ADJUST', 'REBATE_POLICY']);
  });
});
