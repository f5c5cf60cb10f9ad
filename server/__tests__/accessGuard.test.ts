import type { FastifyInstance } from 'fastify';
import type { Database } from '../db';
import { demoPermissionId } from '../db/seed/ids';
import { listRouteAccess, MissingAccessDeclarationError, sessionOf } from '../http/access';
import { ok } from '../http/envelope';
import { apiClient, loginAs, openSeededDatabase, type ApiClient } from './support/auth';
import { testBackends, type TestDatabase } from './support/database';
import { startTestServer, type TestServer } from './support/server';

/** Routes of these tests only: one per kind of declaration. */
function registerProbeRoutes(app: FastifyInstance): void {
  app.post('/api/probe/role-add', { config: { access: { permission: 'role:add' } } }, async (request) =>
    ok(sessionOf(request).username),
  );
  app.post(
    '/api/probe/any-of',
    { config: { access: { permission: ['role:add', 'stock:list'] } } },
    async (request) => ok(sessionOf(request).username),
  );
  app.get('/api/probe/signed-in', { config: { access: 'authenticated' } }, async (request) => {
    const { userId, tenantId, username, tokenHash, permissions } = sessionOf(request);
    return ok({ userId, tenantId, username, tokenHash, permissions: [...permissions].sort() });
  });
  app.get('/api/probe/anyone', { config: { access: 'public' } }, async (request) => ok(request.session));
  // Outside /api (like the SPA's files): no declaration needed.
  app.get('/probe-outside-api', async () => ok('outside'));
}

describe('routes that forget to declare their access', () => {
  let testDatabase: TestDatabase;

  beforeAll(async () => {
    testDatabase = await openSeededDatabase('pglite');
  });
  afterAll(() => testDatabase.dispose());

  it('stop the server from starting: a route added to the app', async () => {
    const starting = startTestServer({
      database: testDatabase.database,
      configure: (app) => app.get('/api/probe/undeclared', async () => ok('open')),
    });
    await expect(starting).rejects.toThrow(MissingAccessDeclarationError);
    await expect(starting).rejects.toThrow('GET /api/probe/undeclared');
  });

  it('stop the server from starting: a route of a plugin under /api', async () => {
    const starting = startTestServer({
      database: testDatabase.database,
      configure: (app) =>
        void app.register(
          async (plugin) => {
            plugin.delete('/probe/undeclared', async () => ok('open'));
          },
          { prefix: '/api' },
        ),
    });
    await expect(starting).rejects.toThrow('DELETE /api/probe/undeclared');
  });

  it.each([
    [{ permission: '' }],
    [{ permission: [] }],
    [{ permission: ['role:add', ''] }],
    ['everyone'],
    [{}],
  ])('stop the server for the malformed declaration %j', async (access) => {
    const starting = startTestServer({
      database: testDatabase.database,
      configure: (app) =>
        app.get('/api/probe/odd', { config: { access: access as never } }, async () => ok('open')),
    });
    await expect(starting).rejects.toThrow(MissingAccessDeclarationError);
  });
});

describe.each(testBackends())('the access gate on %s', (backend) => {
  let testDatabase: TestDatabase;
  let database: Database;
  let server: TestServer;
  let client: ApiClient;

  beforeAll(async () => {
    testDatabase = await openSeededDatabase(backend);
    database = testDatabase.database;
    server = await startTestServer({ database, configure: registerProbeRoutes });
    client = apiClient(server.baseUrl);
  });
  afterAll(async () => {
    await server.close();
    await testDatabase.dispose();
  });

  const forbidden = {
    status: 403,
    body: {
      success: false,
      code: 403,
      message: '没有权限，请联系管理员授权',
      result: null,
      timestamp: expect.any(Number),
    },
  };

  it('lets a user holding the permission in and answers 403 to one without it', async () => {
    const admin = await loginAs(client, 'admin');
    const zhangwei = await loginAs(client, 'zhangwei');
    expect((await client.post('/probe/role-add', {}, admin)).body).toMatchObject({
      success: true,
      result: 'admin',
    });
    expect(await client.post('/probe/role-add', {}, zhangwei)).toEqual(forbidden);
    expect((await client.post('/probe/role-add', {})).status).toBe(401);
  });

  it('lets in a user holding any one of several permission codes, and no one holding none', async () => {
    const zhangwei = await loginAs(client, 'zhangwei');
    const wangfang = await loginAs(client, 'wangfang');
    // zhangwei holds stock:list, not role:add.
    expect((await client.post('/probe/any-of', {}, zhangwei)).body.result).toBe('zhangwei');
    expect(await client.post('/probe/any-of', {}, wangfang)).toEqual(forbidden);
  });

  it('checks the permission within the caller tenant, and only active rules count', async () => {
    const admin = await loginAs(client, 'admin');
    const t2admin = await loginAs(client, 't2admin');
    expect((await client.post('/probe/role-add', {}, t2admin)).body.result).toBe('t2admin');

    await database.db
      .updateTable('permissions')
      .set({ status: '0' })
      .where('id', '=', demoPermissionId('B01', 'role:add'))
      .execute();
    expect(await client.post('/probe/role-add', {}, t2admin)).toEqual(forbidden);
    // Tenant A01's rule of the same code is a different row.
    expect((await client.post('/probe/role-add', {}, admin)).body.success).toBe(true);

    await database.db
      .updateTable('permissions')
      .set({ del_flag: 1, status: '1' })
      .where('id', '=', demoPermissionId('B01', 'role:add'))
      .execute();
    expect(await client.post('/probe/role-add', {}, t2admin)).toEqual(forbidden);
  });

  it('turns away a caller without a session before reading the body', async () => {
    const response = await fetch(`${server.baseUrl}/api/probe/role-add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"broken": ',
    });
    expect(response.status).toBe(401);
  });

  it('resolves the session into request.session: user, tenant, token hash and permission codes', async () => {
    const token = await loginAs(client, 'zhangwei');
    const { body } = await client.get<Record<string, unknown>>('/probe/signed-in', token);
    expect(body.result).toEqual({
      userId: expect.stringMatching(/^[0-9a-f]{32}$/),
      tenantId: 'A01',
      username: 'zhangwei',
      tokenHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      permissions: [
        'ad:accept',
        'ad:apply',
        'ad:list',
        'approval:center',
        'asset:apply',
        'asset:inspect',
        'asset:list',
        'coin:adjust',
        'coin:list',
        'customer:add',
        'customer:edit',
        'customer:list',
        'depart:list',
        'display:apply',
        'display:inspect',
        'display:list',
        'display:review',
        'execution:appeal',
        'execution:finalReview',
        'execution:list',
        'execution:review',
        'execution:revoke',
        'executionTemplate:list',
        'kpi:list',
        'kpi:report',
        'nearExpiry:list',
        'order:add',
        'order:audit',
        'order:invalid',
        'order:list',
        'order:print',
        'payment:list',
        'posm:issue',
        'posm:list',
        'posm:receive',
        'posm:request',
        'posm:verify',
        'report:sales',
        'role:list',
        'stock:list',
        'user:add',
        'user:edit',
        'user:list',
        'visit:checkIn',
        'visit:list',
        'visitPlan:add',
        'visitPlan:approve',
        'visitPlan:list',
        'visitRoute:add',
        'visitRoute:edit',
        'visitRoute:list',
        'visitRule:list',
      ],
    });
  });

  it('lets anyone call a public route, with no session on it', async () => {
    expect((await client.get('/probe/anyone')).body).toMatchObject({ success: true, result: null });
    expect((await client.get('/probe/anyone', 'garbage-token')).body).toMatchObject({
      success: true,
      result: null,
    });
    const outside = await fetch(`${server.baseUrl}/probe-outside-api`);
    expect(outside.status).toBe(200);
  });

  it('lists every route with its declaration, and every /api route has one', () => {
    const routes = listRouteAccess(server.app);
    const apiRoutes = routes.filter((route) => route.url.startsWith('/api/'));
    expect(apiRoutes.every((route) => route.access !== undefined)).toBe(true);
    const declared = (method: string, url: string) =>
      routes.find((route) => route.method === method && route.url === url)?.access;
    expect(declared('GET', '/api/health')).toBe('public');
    expect(declared('POST', '/api/sys/login')).toBe('public');
    expect(declared('POST', '/api/sys/phoneLogin')).toBe('public');
    expect(declared('GET', '/api/sys/randomImage/:checkKey')).toBe('public');
    expect(declared('GET', '/api/sys/getEncryptedString')).toBe('public');
    expect(declared('POST', '/api/sys/sms')).toBe('public');
    expect(declared('POST', '/api/sys/logout')).toBe('public');
    expect(declared('GET', '/api/dev/sms/outbox')).toBe('public');
    expect(declared('GET', '/api/sys/user/checkOnlyUser')).toBe('public');
    expect(declared('POST', '/api/sys/user/register')).toBe('public');
    expect(declared('POST', '/api/sys/user/phoneVerification')).toBe('public');
    expect(declared('POST', '/api/sys/user/passwordChange')).toBe('public');
    expect(declared('GET', '/api/kingdee/sync/orders/status')).toBe('authenticated');
    expect(declared('PUT', '/api/sys/selectDepart')).toBe('authenticated');
    expect(declared('GET', '/api/sys/user/getCurrentUserDeparts')).toBe('authenticated');
    expect(declared('PUT', '/api/sys/user/updatePassword')).toBe('authenticated');
    expect(declared('GET', '/api/user/info')).toBe('authenticated');
    expect(declared('GET', '/api/sys/permission/getUserPermissionByToken')).toBe('authenticated');
    expect(declared('POST', '/api/probe/role-add')).toEqual({ permission: 'role:add' });
    expect(declared('GET', '/probe-outside-api')).toBeUndefined();
  });
});
