import { addApprovalDefaults, APPROVAL_MENUS } from '../db/migrations/0018_approvals';
import { menuPathsOf } from './support/auth';
import { testBackends } from './support/database';
import { useTestServer } from './support/useTestServer';

describe.each(testBackends())('migration 0018 on a database seeded before it, on %s', (backend) => {
  const context = useTestServer(backend);

  it('gives existing tenants the approval menus, granted to their administrators, and the default flows, once', async () => {
    const db = context.database.db;
    // B01 as an older seed left it: no approval menus, no flows.
    await db
      .deleteFrom('permissions')
      .where('tenant_id', '=', 'B01')
      .where('url', 'in', APPROVAL_MENUS)
      .execute();
    await db.deleteFrom('approval_flows').where('tenant_id', '=', 'B01').execute();
    const menusOf = () => menuPathsOf(context.client, 't2admin');
    expect(await menusOf()).not.toContain('/approval/center');

    await addApprovalDefaults(db);
    await addApprovalDefaults(db);

    const menus = await menusOf();
    for (const url of APPROVAL_MENUS) expect(menus).toContain(url);
    const buttons = await db
      .selectFrom('permissions')
      .select('perms')
      .where('tenant_id', '=', 'B01')
      .where('perms', 'in', ['approval:center', 'approval:flow'])
      .execute();
    expect(buttons).toHaveLength(2);
    const flows = await db
      .selectFrom('approval_flows')
      .select('biz_type')
      .where('tenant_id', '=', 'B01')
      .execute();
    expect(flows.filter((flow) => flow.biz_type === 'CUSTOMER_CREATE')).toHaveLength(1);
    // A01 kept its flows as they were: nothing doubled.
    const a01 = await db.selectFrom('approval_flows').select('id').where('tenant_id', '=', 'A01').execute();
    expect(a01).toHaveLength(flows.length);
  });
});
