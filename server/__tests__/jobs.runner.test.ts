// The job runner (docs/jobs-api.md) over real apps on one database: a job whose instance died (its lease ran
// out mid-job) is taken again and finishes; two instances on one database run each job once; a running job
// is cancelled by its owner; a failing job is retried with a backoff and fails for good after its attempts;
// a refusal (BusinessError) is not retried; recurring jobs are one row, run by one instance at a time.
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../db';
import { newId } from '../db/ids';
import type { DB, JobsTable } from '../db/schema';
import { BusinessError } from '../http/envelope';
import type { JobHandler } from '../modules/jobs/runner';
import { apiClient, loginAs, openSeededDatabase } from './support/auth';
import { connectTestPostgres, testBackends, type TestDatabase } from './support/database';
import { startTestServer, type TestServer } from './support/server';

const JOBS = { pollIntervalMs: 100, leaseMs: 3000, retryBaseMs: 100 };

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await delay(50);
  }
}

describe.each(testBackends())('job runner on %s', (backend) => {
  let testDatabase: TestDatabase;
  let second: Database | undefined;
  const servers: TestServer[] = [];
  /** Runs of the test kinds: job id → the instances that ran it. */
  const runs = new Map<string, string[]>();
  let owner: { tenantId: string; userId: string };
  let behaviour: Record<string, JobHandler>;

  const db = (): Kysely<DB> => testDatabase.database.db;
  const jobOf = (id: string) =>
    db().selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const settled = (id: string) =>
    until(`job ${id} to end`, async () => {
      const job = await jobOf(id);
      return ['SUCCEEDED', 'FAILED', 'CANCELLED'].includes(job.status) ? job : undefined;
    });

  function withTestKinds(app: FastifyInstance) {
    for (const kind of ['TEST_COUNT', 'TEST_SLOW', 'TEST_FLAKY', 'TEST_REFUSED']) {
      app.jobs.handle(kind, async (context) => {
        runs.set(context.job.id, [...(runs.get(context.job.id) ?? []), app.jobs.instanceId]);
        return behaviour[kind]?.(context);
      });
    }
  }

  beforeAll(async () => {
    testDatabase = await openSeededDatabase(backend);
    // Two instances: on PostgreSQL each with its own connection pool, as two processes would be.
    second = testDatabase.postgresUrl ? connectTestPostgres(testDatabase.postgresUrl) : undefined;
    for (const database of [testDatabase.database, second ?? testDatabase.database]) {
      servers.push(await startTestServer({ database, jobs: JOBS, configure: withTestKinds }));
    }
    const admin = await db()
      .selectFrom('users')
      .select(['tenant_id', 'id'])
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    owner = { tenantId: admin.tenant_id, userId: admin.id };
  });

  afterAll(async () => {
    for (const server of servers) await server.close();
    await second?.close();
    await testDatabase?.dispose();
  });

  beforeEach(() => {
    runs.clear();
    behaviour = {};
  });

  const enqueue = (kind: string, maxAttempts?: number) =>
    servers[0].app.jobs.enqueue({ kind, title: kind, ...owner, payload: {}, maxAttempts });

  /** A job of admin written as it is left by a killed instance, or queued for later. */
  async function insertJob(fields: Partial<Insertable<JobsTable>>): Promise<string> {
    const id = newId();
    await db()
      .insertInto('jobs')
      .values({
        id,
        kind: 'TEST_COUNT',
        title: 'TEST_COUNT',
        tenant_id: owner.tenantId,
        user_id: owner.userId,
        payload: '{}',
        every_ms: null,
        ...fields,
      })
      .execute();
    return id;
  }

  /** RUNNING, its lease run out, after `attempts` attempts. */
  const leftByDeadInstance = (attempts: number, maxAttempts: number) =>
    insertJob({
      status: 'RUNNING',
      locked_by: 'dead-host:1',
      locked_until: new Date(Date.now() - 1000),
      attempts,
      max_attempts: maxAttempts,
    });

  it('runs each of many jobs exactly once across two instances', async () => {
    behaviour.TEST_COUNT = async () => {
      await delay(20);
      return { result: { ok: true } };
    };
    const ids = await Promise.all(Array.from({ length: 20 }, () => enqueue('TEST_COUNT')));
    for (const id of ids) expect((await settled(id)).status).toBe('SUCCEEDED');
    for (const id of ids) expect(runs.get(id)).toHaveLength(1);
    // Both instances took part.
    const instances = new Set(ids.flatMap((id) => runs.get(id)!));
    expect(instances.size).toBe(2);
  });

  it('takes again a job whose instance died mid-run (its lease ran out) and finishes it', async () => {
    behaviour.TEST_COUNT = async ({ progress }) => {
      await progress(10, 10);
    };
    const id = await leftByDeadInstance(1, 3);
    const job = await settled(id);
    expect(job).toMatchObject({ status: 'SUCCEEDED', attempts: 2, progress_done: 10, locked_by: null });
    // A live lease is left alone (written as RUNNING at once: a job enqueued first may be run before it is held).
    const held = await insertJob({
      status: 'RUNNING',
      locked_by: 'live-host:1',
      locked_until: new Date(Date.now() + 60_000),
      attempts: 1,
      max_attempts: 3,
    });
    await delay(500);
    expect((await jobOf(held)).status).toBe('RUNNING');
    expect(runs.has(held)).toBe(false);
  });

  it('stops trying a job that was taken from dead instances more often than its attempts', async () => {
    const id = await leftByDeadInstance(2, 2);
    expect(await settled(id)).toMatchObject({ status: 'FAILED', error: '任务多次中断，已停止重试' });
  });

  it('cancels a running job of its owner; another user cannot', async () => {
    behaviour.TEST_SLOW = async ({ signal, progress }) => {
      for (let done = 0; ; done += 1) {
        signal.throwIfAborted();
        await progress(done, 1000);
        await delay(20);
      }
    };
    const id = await enqueue('TEST_SLOW');
    await until('the job to run', async () => ((await jobOf(id)).status === 'RUNNING' ? true : undefined));
    const client = apiClient(servers[1].baseUrl);
    const other = await client.post('/eDownload/cancel', { id }, await loginAs(client, 'zhangwei'));
    expect(other.body).toMatchObject({ success: false, code: 404 });
    const mine = await client.post('/eDownload/cancel', { id }, await loginAs(client, 'admin'));
    expect(mine.body).toMatchObject({ success: true });
    expect(await settled(id)).toMatchObject({ status: 'CANCELLED', error: '已取消' });
    const again = await client.post('/eDownload/cancel', { id }, await loginAs(client, 'admin'));
    expect(again.body).toMatchObject({ success: false, code: 409, message: '任务已结束，无法取消' });
  });

  it('cancels a queued job at once', async () => {
    // Out of the runners' reach for a moment: due in a minute.
    const id = await insertJob({ run_at: new Date(Date.now() + 60_000) });
    const client = apiClient(servers[0].baseUrl);
    const answer = await client.post<{ status: string }>(
      '/eDownload/cancel',
      { id },
      await loginAs(client, 'admin'),
    );
    expect(answer.body.result.status).toBe('CANCELLED');
    expect(runs.has(id)).toBe(false);
  });

  it('retries a failing job after a backoff, then succeeds; fails for good after its attempts', async () => {
    let calls = 0;
    behaviour.TEST_FLAKY = async () => {
      calls += 1;
      if (calls < 3) throw new Error(`ERP 超时 ${calls}`);
    };
    const id = await enqueue('TEST_FLAKY', 3);
    expect(await settled(id)).toMatchObject({ status: 'SUCCEEDED', attempts: 3, error: null });
    behaviour.TEST_FLAKY = async () => {
      throw new Error('总是失败');
    };
    const failing = await enqueue('TEST_FLAKY', 2);
    const started = Date.now();
    expect(await settled(failing)).toMatchObject({ status: 'FAILED', attempts: 2, error: '总是失败' });
    // The backoff before the second attempt: retryBaseMs.
    expect(Date.now() - started).toBeGreaterThanOrEqual(JOBS.retryBaseMs);
  });

  it('does not retry a refusal', async () => {
    behaviour.TEST_REFUSED = async () => {
      throw new BusinessError(400, '文件中没有数据行');
    };
    const id = await enqueue('TEST_REFUSED', 3);
    expect(await settled(id)).toMatchObject({ status: 'FAILED', attempts: 1, error: '文件中没有数据行' });
  });

  it('keeps one row per recurring job and runs it on one instance at a time', async () => {
    let active = 0;
    let overlapped = false;
    let count = 0;
    const handler: JobHandler = async () => {
      active += 1;
      if (active > 1) overlapped = true;
      await delay(50);
      active -= 1;
      count += 1;
    };
    for (const server of servers) {
      server.app.jobs.every('TEST_RECURRING', '测试', 10, handler);
      // The runner registers recurring jobs when it starts: start them again with the new one.
      await server.app.jobs.start();
    }
    await until('a few runs', async () => (count >= 6 ? true : undefined));
    expect(overlapped).toBe(false);
    const rows = await db()
      .selectFrom('jobs')
      .select(['status', 'every_ms'])
      .where('kind', '=', 'TEST_RECURRING')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].every_ms).toBe(10);
  });
});
