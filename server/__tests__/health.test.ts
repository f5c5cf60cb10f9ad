import type { FastifyInstance } from 'fastify';
import type { Envelope } from '../../common/contract';
import { createPostgresDatabase, type Database } from '../db';
import { ok } from '../http/envelope';
import { openTestDatabase, testBackends, type TestDatabase } from './support/database';
import { captureLogs, startTestServer, type TestServer } from './support/server';
import { startTcpProxy, type TcpProxy } from './support/tcpProxy';

/** A route that reads a table, standing in for any API call that needs the database. */
function registerTenantCount(app: FastifyInstance): void {
  app.get('/api/probe/tenants', { config: { access: 'public' } }, async () => {
    const rows = await app.database.db.selectFrom('tenants').select('tenant_id').execute();
    return ok(rows.length);
  });
}

async function getJson(url: string): Promise<{ status: number; body: Envelope }> {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as Envelope };
}

describe.each(testBackends())('GET /api/health on %s', (backend) => {
  let testDatabase: TestDatabase;
  let server: TestServer;

  beforeAll(async () => {
    testDatabase = await openTestDatabase(backend);
    server = await startTestServer({ database: testDatabase.database });
  });
  afterAll(async () => {
    await server.close();
    await testDatabase.dispose();
  });

  it('reports that the database answers, its kind and the round-trip time', async () => {
    const { status, body } = await getJson(`${server.baseUrl}/api/health`);
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      message: '操作成功！',
      code: 200,
      result: { database: 'up', kind: backend, latencyMs: expect.any(Number) },
      timestamp: expect.any(Number),
    });
    expect((body.result as { latencyMs: number }).latencyMs).toBeGreaterThanOrEqual(0);
  });
});

// PGlite runs inside the server process and cannot become unreachable: the outage is played on PostgreSQL only.
const postgresOnly = testBackends().includes('postgres') ? describe : describe.skip;

postgresOnly('database loss and recovery (PostgreSQL only, through a TCP proxy that is cut)', () => {
  let testDatabase: TestDatabase;
  let proxy: TcpProxy;
  let database: Database;
  let server: TestServer;
  const logs = captureLogs();
  const health = () => getJson(`${server.baseUrl}/api/health`);
  const tenants = () => getJson(`${server.baseUrl}/api/probe/tenants`);

  beforeAll(async () => {
    testDatabase = await openTestDatabase('postgres');
    const target = new URL(testDatabase.postgresUrl as string);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    database = createPostgresDatabase(proxy.urlFor(testDatabase.postgresUrl as string));
    server = await startTestServer({
      database,
      configure: registerTenantCount,
      logLevel: 'warn',
      logStream: logs.logStream,
    });
  });
  afterAll(async () => {
    await server.close();
    await database.close();
    await proxy.close();
    await testDatabase.dispose();
  });

  it('answers 503 while the database is unreachable and recovers without a restart', async () => {
    expect(await health()).toMatchObject({
      status: 200,
      body: { result: { database: 'up', kind: 'postgres' } },
    });
    expect(await tenants()).toMatchObject({ status: 200, body: { success: true, result: 0 } });

    await proxy.close();

    const down = await health();
    expect(down.status).toBe(503);
    expect(down.body).toEqual({
      success: false,
      message: '数据库暂不可用，请稍后再试',
      code: 503,
      result: { database: 'down', kind: 'postgres', latencyMs: expect.any(Number) },
      timestamp: expect.any(Number),
    });
    expect(await tenants()).toEqual({
      status: 503,
      body: {
        success: false,
        message: '数据库暂不可用，请稍后再试',
        code: 503,
        result: null,
        timestamp: expect.any(Number),
      },
    });
    // The pooled connections the cut broke were reported, not thrown at the process.
    expect(logs.lines().some((line) => line.msg === 'database connection lost')).toBe(true);

    await proxy.reopen();

    expect(await health()).toMatchObject({
      status: 200,
      body: { success: true, result: { database: 'up' } },
    });
    expect(await tenants()).toMatchObject({ status: 200, body: { success: true, result: 0 } });
  });
});
