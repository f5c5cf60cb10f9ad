import { upgradeExistingTenants } from '../db/migrations/0006_system_admin';
import { loginAs } from './support/auth';
import { testBackends } from './support/database';
import { useTestServer } from './support/useTestServer';

describe.each(testBackends())('migration 0006 on a database seeded before it, on %s', (backend) => {
  const context = useTestServer(backend);

  it('gives existing tenants the new buttons (to their administrators) and the default dictionaries', async () => {
    const db = context.database.db;
    // B01 as an older seed left it: none of this buttons, no dictionaries.
    await db.deleteFrom('dicts').where('tenant_id', '=', 'B01').execute();
    await db
      .deleteFrom('permissions')
      .where('tenant_id', '=', 'B01')
      .where('perms', 'in', ['user:list', 'log:list', 'dictItem:add'])
      .execute();
    const token = await loginAs(context.client, 't2admin');
    expect((await context.client.get('/sys/user/list', token)).status).toBe(403);

    await upgradeExistingTenants(db);
    await upgradeExistingTenants(db);

    expect((await context.client.get('/sys/user/list', token)).status).toBe(200);
    expect((await context.client.get('/sys/log/list', token)).status).toBe(200);
    expect((await context.client.get('/sys/dict/getDictItems/sex', token)).body.result).toHaveLength(2);
    const buttons = await db
      .selectFrom('permissions')
      .select('perms')
      .where('tenant_id', '=', 'B01')
      .where('perms', '=', 'user:list')
      .execute();
    expect(buttons).toHaveLength(1);
  });
});
