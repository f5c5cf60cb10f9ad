// Migration 0027 on a database seeded before it: existing tenants get the 协议管理 menus (granted to their
// administrators) and the COOP_AGREEMENT approval flow, once.
import { addAgreementDefaults } from '../db/migrations/0027_agreements';
import { menuPathsOf } from './support/auth';
import { testBackends } from './support/database';
import { useTestServer } from './support/useTestServer';

describe.each(testBackends())('migration 0027 on a database seeded before it, on %s', (backend) => {
  const context = useTestServer(backend);

  it('gives existing tenants the agreement menus, buttons and flow once', async () => {
    const db = context.database.db;
    // B01 as an older seed left it: no agreement menus, no cooperation agreement flow.
    await db
      .deleteFrom('permissions')
      .where('tenant_id', '=', 'B01')
      .where((eb) =>
        eb.or([eb('perms', 'like', 'agreementTemplate:%'), eb('perms', 'like', 'coopAgreement:%')]),
      )
      .execute();
    await db
      .deleteFrom('permissions')
      .where('tenant_id', '=', 'B01')
      .where('url', 'in', ['/eAgrtTmpl', '/eCoopAgrt'])
      .execute();
    await db.deleteFrom('permissions').where('tenant_id', '=', 'B01').where('url', '=', '/eAgrt').execute();
    await db
      .deleteFrom('approval_flows')
      .where('tenant_id', '=', 'B01')
      .where('biz_type', '=', 'COOP_AGREEMENT')
      .execute();
    const menusOf = () => menuPathsOf(context.client, 't2admin');
    expect(await menusOf()).not.toContain('/eCoopAgrt');

    await addAgreementDefaults(db);
    await addAgreementDefaults(db);

    const menus = await menusOf();
    for (const url of ['/eAgrtTmpl', '/eCoopAgrt']) expect(menus).toContain(url);
    const buttons = await db
      .selectFrom('permissions')
      .select('perms')
      .where('tenant_id', '=', 'B01')
      .where((eb) =>
        eb.or([eb('perms', 'like', 'agreementTemplate:%'), eb('perms', 'like', 'coopAgreement:%')]),
      )
      .execute();
    expect(buttons).toHaveLength(6);
    const flows = await db
      .selectFrom('approval_flows')
      .select('biz_type')
      .where('tenant_id', '=', 'B01')
      .where('biz_type', '=', 'COOP_AGREEMENT')
      .execute();
    expect(flows).toHaveLength(1);
  });
});
