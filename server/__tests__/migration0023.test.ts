import { addAssetDefaults } from '../db/migrations/0023_assets';
import { ASSET_FLOW_TYPES } from '../modules/assets/ledger';
import { menuPathsOf } from './support/auth';
import { testBackends } from './support/database';
import { useTestServer } from './support/useTestServer';

describe.each(testBackends())('migration 0023 on a database seeded before it, on %s', (backend) => {
  const context = useTestServer(backend);

  it('gives existing tenants the asset menus and flows once, and recounts 冰柜数 from the ledger', async () => {
    const db = context.database.db;
    // B01 as an older seed left it: no asset menus, no asset flows, a 冰柜数 typed with nothing behind it.
    await db
      .deleteFrom('permissions')
      .where('tenant_id', '=', 'B01')
      .where('url', 'like', '/eAsset%')
      .execute();
    await db
      .deleteFrom('approval_flows')
      .where('tenant_id', '=', 'B01')
      .where('biz_type', 'in', ASSET_FLOW_TYPES)
      .execute();
    const outlet = await db
      .insertInto('customers')
      .values({
        id: 'migration0023outlet0000000000b01',
        tenant_id: 'B01',
        customer_code: 'M0023',
        name: '迁移测试门店',
        customer_type: 'OUTLET',
        org_code: 'A01',
        freezer_count: 5,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const menusOf = () => menuPathsOf(context.client, 't2admin');
    expect(await menusOf()).not.toContain('/eAsset/list');

    await addAssetDefaults(db);
    await addAssetDefaults(db);

    const menus = await menusOf();
    for (const url of ['/eAsset/list', '/eAsset/application', '/eAsset/model', '/eAssetAppr']) {
      expect(menus).toContain(url);
    }
    const buttons = await db
      .selectFrom('permissions')
      .select('perms')
      .where('tenant_id', '=', 'B01')
      .where('perms', 'like', 'asset:%')
      .execute();
    expect(buttons).toHaveLength(8);
    const flows = await db
      .selectFrom('approval_flows')
      .select('biz_type')
      .where('tenant_id', '=', 'B01')
      .where('biz_type', 'in', ASSET_FLOW_TYPES)
      .execute();
    expect(flows.map((flow) => flow.biz_type).sort()).toEqual([
      'ASSET_PLACE',
      'ASSET_PLACE',
      'ASSET_RECALL',
      'ASSET_SCRAP',
      'ASSET_TRANSFER',
    ]);
    const recounted = await db
      .selectFrom('customers')
      .select('freezer_count')
      .where('id', '=', outlet.id)
      .executeTakeFirstOrThrow();
    expect(recounted.freezer_count).toBe(0);
  });
});
