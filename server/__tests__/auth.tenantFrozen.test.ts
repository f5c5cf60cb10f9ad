import { DEMO_PASSWORD, loginAs } from './support/auth';
import { testBackends } from './support/database';
import { useTestServer } from './support/useTestServer';

describe.each(testBackends())('a frozen company on %s', (backend) => {
  const context = useTestServer(backend);

  it('cannot sign in, and its open sessions stop working until it is active again', async () => {
    const session = await loginAs(context.client, 't2admin');
    await context.database.db
      .updateTable('tenants')
      .set({ status: 0 })
      .where('tenant_id', '=', 'B01')
      .execute();
    const refused = await context.client.post('/sys/login', {
      username: 't2admin',
      password: DEMO_PASSWORD,
    });
    expect(refused.body).toMatchObject({
      success: false,
      code: 409,
      message: '该公司已冻结，请联系平台管理员',
    });
    expect((await context.client.get('/user/info', session)).status).toBe(401);
    // Another company is not affected.
    await expect(loginAs(context.client, 'admin')).resolves.toEqual(expect.any(String));
    await context.database.db
      .updateTable('tenants')
      .set({ status: 1 })
      .where('tenant_id', '=', 'B01')
      .execute();
    expect((await context.client.get('/user/info', session)).status).toBe(200);
  });
});
