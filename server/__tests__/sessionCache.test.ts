import { randomUUID } from 'node:crypto';
import type { Database } from '../db';
import { demoPermissionId, demoRoleId, demoUserId } from '../db/seed/ids';
import type { CallerSession } from '../http/access';
import { READ_CACHE_TTL_MS, ReadCache } from '../db/readCache';
import type { WriteWatcher } from '../db/writeWatch';
import { ACCESS_TABLES, cachedSessionResolver } from '../modules/auth/sessionCache';
import type { ResolvedSession } from '../modules/auth/sessions';
import { apiClient, loginAs, type ApiClient } from './support/auth';
import { testBackends } from './support/database';
import { startTestServer, type TestServer, type TestServerOptions } from './support/server';
import { useTestServer, type TestServerContext } from './support/useTestServer';

/**
 * Another process next to the context's server: it shares the rows (and Redis when given) but not this
 * process's write watch. Answers its client once started.
 */
function anotherInstance(
  context: TestServerContext,
  options: Pick<TestServerOptions, 'redisUrl' | 'pushChannel'> = {},
): () => ApiClient {
  let other: TestServer;
  beforeAll(async () => {
    const elsewhere: Database = { ...context.database, watchWrites: () => undefined };
    other = await startTestServer({ database: elsewhere, ...options });
  });
  afterAll(() => other.close());
  return () => apiClient(other.baseUrl);
}

describe.each(testBackends())('the session cache over HTTP on %s', (backend) => {
  const context = useTestServer(backend);
  const admin = () => context.tokenOf('admin');

  it('turns a revoked session away at its next request, though it was just answered from the cache', async () => {
    const token = await loginAs(context.client, 'wangfang');
    for (let i = 0; i < 3; i += 1) expect((await context.client.get('/user/info', token)).status).toBe(200);
    expect((await context.client.post('/sys/logout', undefined, token)).body.success).toBe(true);
    expect((await context.client.get('/user/info', token)).status).toBe(401);
  });

  it('turns a frozen user away at once, and lets them in again once thawed', async () => {
    const victim = await loginAs(context.client, 'mes_wxg');
    expect((await context.client.get('/user/info', victim)).status).toBe(200);
    const frozen = await context.client.put(
      '/sys/user/frozenBatch',
      { ids: demoUserId('mes_wxg'), status: 2 },
      await admin(),
    );
    expect(frozen.body.success).toBe(true);
    expect((await context.client.get('/user/info', victim)).status).toBe(401);
    await context.client.put(
      '/sys/user/frozenBatch',
      { ids: demoUserId('mes_wxg'), status: 1 },
      await admin(),
    );
    // Freezing revoked the session; a new one works.
    const again = await loginAs(context.client, 'mes_wxg');
    expect((await context.client.get('/user/info', again)).status).toBe(200);
  });

  it('answers 403 at the first request after a permission is taken from the role, 200 once it is back', async () => {
    const salesRole = demoRoleId('A01', 'sales');
    const before = await context.client.get<string[]>(
      `/sys/permission/queryRolePermission?roleId=${salesRole}`,
      await admin(),
    );
    const granted = [...before.body.result, demoPermissionId('A01', 'user:list')];
    const save = async (now: string[], last: string[]) =>
      (
        await context.client.post(
          '/sys/permission/saveRolePermission',
          { roleId: salesRole, permissionIds: now.join(','), lastpermissionIds: last.join(',') },
          await admin(),
        )
      ).body.success;
    const wangfang = await loginAs(context.client, 'wangfang');
    expect((await context.client.get('/sys/user/list', wangfang)).status).toBe(403);
    expect(await save(granted, before.body.result)).toBe(true);
    expect((await context.client.get('/sys/user/list', wangfang)).status).toBe(200);
    expect((await context.client.get('/sys/user/list', wangfang)).status).toBe(200);
    expect(await save(before.body.result, granted)).toBe(true);
    expect((await context.client.get('/sys/user/list', wangfang)).status).toBe(403);
  });

  it('tells a write watcher once the transaction that wrote has ended, not before, and not for reads', async () => {
    let told = 0;
    context.database.watchWrites({
      matches: (sql) => sql.startsWith('update "users"'),
      changed: () => {
        told += 1;
      },
    });
    await context.database.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ realname: '王芳' }).where('username', '=', 'wangfang').execute();
      expect(told).toBe(0);
    });
    expect(told).toBe(1);
    await context.database.db.selectFrom('users').select('id').execute();
    expect(told).toBe(1);
  });

  describe('with a second instance on the same database', () => {
    const otherClient = anotherInstance(context);

    it('answers from its cache for at most READ_CACHE_TTL_MS after a revoke elsewhere', async () => {
      const token = await loginAs(context.client, 'zhangwei');
      // The other instance caches the session no earlier than this.
      const cachedFrom = Date.now();
      expect((await otherClient().get('/user/info', token)).status).toBe(200);
      // … and no later than this.
      const cachedBy = Date.now();
      await context.client.post('/sys/logout', undefined, token);
      expect((await context.client.get('/user/info', token)).status).toBe(401);
      // Still cached there (the bound this design accepts across instances) — when a busy machine has not taken
      // the whole TTL getting here — then refused.
      const meanwhile = (await otherClient().get('/user/info', token)).status;
      if (Date.now() < cachedFrom + READ_CACHE_TTL_MS) expect(meanwhile).toBe(200);
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, cachedBy + READ_CACHE_TTL_MS + 100 - Date.now())),
      );
      expect((await otherClient().get('/user/info', token)).status).toBe(401);
    });
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
(redisUrl ? describe.each(testBackends()) : describe.skip.each(testBackends()))(
  'the session cache of two instances sharing Redis, on %s',
  (backend) => {
    const pushChannel = `test:${randomUUID()}`;
    const context = useTestServer(backend, { redisUrl, pushChannel });
    const otherClient = anotherInstance(context, { redisUrl, pushChannel });

    it('refuses a session revoked on the other instance well within READ_CACHE_TTL_MS', async () => {
      const token = await loginAs(context.client, 'zhangwei');
      expect((await otherClient().get('/user/info', token)).status).toBe(200);
      const revokedAt = Date.now();
      await context.client.post('/sys/logout', undefined, token);
      let status = 200;
      while (status === 200 && Date.now() - revokedAt < READ_CACHE_TTL_MS) {
        status = (await otherClient().get('/user/info', token)).status;
      }
      expect(status).toBe(401);
      expect(Date.now() - revokedAt).toBeLessThan(READ_CACHE_TTL_MS / 3);
    });
  },
);

describe('cachedSessionResolver', () => {
  const session: CallerSession = {
    userId: 'u1',
    tenantId: 'A01',
    username: 'someone',
    tokenHash: 'hash',
    permissions: new Set(['order:list']),
  };
  const inAnHour = () => new Date(Date.now() + 3_600_000);

  function harness() {
    // The read cache watches each table it read from; a change here is a write to all of them.
    const watchers: WriteWatcher[] = [];
    const lookups: Array<(answer: ResolvedSession | undefined) => void> = [];
    const resolver = cachedSessionResolver(
      new ReadCache({ watchWrites: (watcher) => watchers.push(watcher) }, { tables: ACCESS_TABLES }),
      () => new Promise((resolve) => lookups.push(resolve)),
    );
    return { resolver, lookups, change: () => watchers.forEach((watcher) => watcher.changed()) };
  }

  it('looks a token up once, then answers from memory until an access change', async () => {
    const { resolver, lookups, change } = harness();
    const first = resolver('t');
    lookups[0]({ session, expiresAt: inAnHour() });
    expect(await first).toBe(session);
    expect(await resolver('t')).toBe(session);
    expect(lookups).toHaveLength(1);
    change();
    const third = resolver('t');
    expect(lookups).toHaveLength(2);
    lookups[1](undefined);
    expect(await third).toBeUndefined();
  });

  it('does not keep what a lookup read while an access change was committed', async () => {
    const { resolver, lookups, change } = harness();
    const during = resolver('t');
    change();
    lookups[0]({ session, expiresAt: inAnHour() });
    expect(await during).toBe(session);
    const after = resolver('t');
    expect(lookups).toHaveLength(2);
    lookups[1](undefined);
    expect(await after).toBeUndefined();
  });

  it('keeps no session past its expiry', async () => {
    const { resolver, lookups } = harness();
    const first = resolver('t');
    lookups[0]({ session, expiresAt: new Date(Date.now() - 1) });
    await first;
    const second = resolver('t');
    expect(lookups).toHaveLength(2);
    lookups[1](undefined);
    expect(await second).toBeUndefined();
  });
});
