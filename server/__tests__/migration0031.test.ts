import { addPosmAndAdDefaults } from '../db/migrations/0031_posm_and_ads';
import { menuPathsOf } from './support/auth';
import { testBackends } from './support/database';
import { useTestServer } from './support/useTestServer';

describe.each(testBackends())('migration 0031 on a database seeded before it, on %s', (backend) => {
  const context = useTestServer(backend);

  it('gives existing tenants the 物料管理 and 广告审批 menus and flows once', async () => {
    const db = context.database.db;
    // B01 as an older seed left it: no POSM or ad menus, no MATERIAL_REQUEST / AD_APPLY flows.
    for (const prefix of ['/ePosm%', '/eAdAppr%']) {
      await db
        .deleteFrom('permissions')
        .where('tenant_id', '=', 'B01')
        .where('url', 'like', prefix)
        .execute();
    }
    await db
      .deleteFrom('approval_flows')
      .where('tenant_id', '=', 'B01')
      .where('biz_type', 'in', ['MATERIAL_REQUEST', 'AD_APPLY'])
      .execute();
    const menusOf = () => menuPathsOf(context.client, 't2admin');
    expect(await menusOf()).not.toContain('/ePosm/request');

    await addPosmAndAdDefaults(db);
    await addPosmAndAdDefaults(db);

    const menus = await menusOf();
    for (const url of [
      '/ePosm/request',
      '/ePosm/stock',
      '/ePosm/material',
      '/eAdAppr/list',
      '/eAdAppr/price',
    ]) {
      expect(menus).toContain(url);
    }
    const buttons = await db
      .selectFrom('permissions')
      .select('perms')
      .where('tenant_id', '=', 'B01')
      .where((eb) => eb.or([eb('perms', 'like', 'posm:%'), eb('perms', 'like', 'ad:%')]))
      .execute();
    expect(buttons).toHaveLength(13);
    const flows = await db
      .selectFrom('approval_flows')
      .select('name')
      .where('tenant_id', '=', 'B01')
      .where('biz_type', 'in', ['MATERIAL_REQUEST', 'AD_APPLY'])
      .execute();
    expect(flows.map((flow) => flow.name).sort()).toEqual(
      ['物料申请审批', '广告申请审批（5000元以下）', '广告申请审批（5000元及以上）'].sort(),
    );
  });
});
