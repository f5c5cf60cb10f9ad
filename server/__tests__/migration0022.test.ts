import { addPromotionDefaults, PROMOTION_MENUS } from '../db/migrations/0022_promotions';
import { menuPathsOf } from './support/auth';
import { testBackends } from './support/database';
import { useTestServer } from './support/useTestServer';

describe.each(testBackends())('migration 0022 on a database seeded before it, on %s', (backend) => {
  const context = useTestServer(backend);

  it('gives existing tenants the promotion menus and the PROMOTION flow, once', async () => {
    const db = context.database.db;
    // B01 as an older seed left it: no promotion menus or buttons, no PROMOTION flow.
    await db
      .deleteFrom('permissions')
      .where('tenant_id', '=', 'B01')
      .where('perms', 'like', 'promotion:%')
      .execute();
    await db
      .deleteFrom('permissions')
      .where('tenant_id', '=', 'B01')
      .where('url', 'in', PROMOTION_MENUS.slice(1))
      .execute();
    await db
      .deleteFrom('permissions')
      .where('tenant_id', '=', 'B01')
      .where('url', '=', PROMOTION_MENUS[0])
      .execute();
    await db
      .deleteFrom('approval_flows')
      .where('tenant_id', '=', 'B01')
      .where('biz_type', '=', 'PROMOTION')
      .execute();
    const menusOf = () => menuPathsOf(context.client, 't2admin');
    expect(await menusOf()).not.toContain('/ePromotion/list');
    const a01Flows = await db
      .selectFrom('approval_flows')
      .select('id')
      .where('tenant_id', '=', 'A01')
      .execute();

    await addPromotionDefaults(db);
    await addPromotionDefaults(db);

    const menus = await menusOf();
    for (const url of PROMOTION_MENUS) expect(menus).toContain(url);
    const buttons = await db
      .selectFrom('permissions')
      .select('perms')
      .where('tenant_id', '=', 'B01')
      .where('perms', 'like', 'promotion:%')
      .execute();
    expect(buttons).toHaveLength(6);
    const flows = await db
      .selectFrom('approval_flows')
      .select('nodes')
      .where('tenant_id', '=', 'B01')
      .where('biz_type', '=', 'PROMOTION')
      .execute();
    expect(flows).toHaveLength(1);
    expect(flows[0].nodes[0]).toMatchObject({ seq: 1, approverType: 'ROLE', approverRef: 'admin' });
    expect(
      await db.selectFrom('approval_flows').select('id').where('tenant_id', '=', 'A01').execute(),
    ).toHaveLength(a01Flows.length);
  });
});
