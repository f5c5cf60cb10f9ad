// Concurrent writes (issue #14 "Contention"): two-line orders whose SKUs come in opposite order, audited at once
// while stock comes in and goes out, all succeed (lots are locked in one order, document numbers before lots);
// a transaction that still loses a deadlock runs again, one that keeps losing answers 409 请刷新后重试; a full
// connection pool answers 503 busy with Retry-After, not 数据库暂不可用.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Envelope } from '../../common/contract';
import { createPostgresDatabase, type Database } from '../db';
import {
  TRANSACTION_ATTEMPTS,
  TRANSACTION_CONFLICT_MESSAGE,
  TransactionConflictError,
} from '../db/transactions';
import { ok as okEnvelope } from '../http/envelope';
import { addDays } from '../modules/stock/stockAge';
import {
  type BusinessTestbed,
  ok,
  openBusinessTestbed,
  type OrderableGoods,
  orderableGoods,
  shanghaiToday,
} from './support/business';
import { openTestDatabase, testBackends, type TestDatabase } from './support/database';
import { startTestServer, type TestServer } from './support/server';

const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });

describe.each(testBackends())('concurrent stock commands on %s', (backend) => {
  let bed: BusinessTestbed;
  let goods: OrderableGoods;

  beforeAll(async () => {
    bed = await openBusinessTestbed(backend);
    goods = await orderableGoods(bed, 'admin', 'CT', 'A01A02A01', 2);
  }, 120_000);
  afterAll(() => bed.close());

  it('audits two-line orders with their SKUs in opposite order while stock comes in and goes out: no failure', async () => {
    const [first, second] = goods.skuIds;
    for (let round = 1; round <= 2; round += 1) {
      const orders: string[] = [];
      for (let index = 0; index < 8; index += 1) {
        const skus = index % 2 === 0 ? [first, second] : [second, first];
        const order = await ok(
          bed.post<{ id: string }>('admin', '/eOrder/eOrder/add', {
            buyerId: goods.outletId,
            paymentMethod: 'COD',
            lines: skus.map((skuId) => ({ skuId, cases: 1 })),
          }),
        );
        orders.push(order.id);
      }
      const answers = await Promise.all([
        ...orders.map((id) => bed.post('admin', '/eOrder/eOrder/auditOrder', { ids: [id], pass: true })),
        ...goods.skuIds.flatMap((skuId, index) =>
          [1, 2, 3].map((batch) =>
            bed.post('admin', '/eprod/stock/in', {
              warehouseId: goods.warehouseId,
              skuId,
              batchNo: `CT-R${round}-${index}-${batch}`,
              productionDate: addDays(shanghaiToday(), -batch),
              cases: 2,
            }),
          ),
        ),
        ...goods.skuIds.map((skuId) =>
          bed.post('admin', '/eprod/stock/out', {
            warehouseId: goods.warehouseId,
            skuId,
            movementType: 'SALES_OUT',
            cases: 1,
          }),
        ),
      ]);
      expect(answers.filter((answer) => answer.status !== 200 || !answer.body.success)).toEqual([]);
      const held = await bed.server.app.database.db
        .selectFrom('sales_order_stock_locks')
        .select(sql<number>`count(distinct order_line_id)::integer`.as('lines'))
        .where('order_id', 'in', orders)
        .executeTakeFirstOrThrow();
      expect(held.lines).toBe(16);
    }
  }, 120_000);
});

describe.each(testBackends())('transactions that lose a conflict on %s', (backend) => {
  let testDatabase: TestDatabase;
  let server: TestServer;
  const logged = (content: string) =>
    testDatabase.database.db
      .selectFrom('sys_log')
      .select('log_content')
      .where('log_content', '=', content)
      .execute();

  beforeAll(async () => {
    testDatabase = await openTestDatabase(backend);
    server = await startTestServer({
      database: testDatabase.database,
      configure: (app: FastifyInstance) => {
        // A statement that lost a deadlock outside any retried transaction.
        app.get('/api/probe/deadlock', { config: { access: 'public' } }, async () => {
          throw deadlock();
        });
      },
    });
  });
  afterAll(async () => {
    await server.close();
    await testDatabase.dispose();
  });

  it('runs a transaction that lost a deadlock again; what the lost run wrote is gone', async () => {
    let runs = 0;
    const result = await testDatabase.database.db.transaction().execute(async (trx) => {
      runs += 1;
      await trx
        .insertInto('sys_log')
        .values({ log_type: 2, log_content: `RETRY${runs}` })
        .execute();
      if (runs === 1) throw deadlock();
      return 'committed';
    });
    expect({ result, runs }).toEqual({ result: 'committed', runs: 2 });
    expect(await logged('RETRY1')).toEqual([]);
    expect(await logged('RETRY2')).toEqual([{ log_content: 'RETRY2' }]);
  });

  it(`gives up after ${TRANSACTION_ATTEMPTS} runs with 请刷新后重试, and leaves other errors alone`, async () => {
    let runs = 0;
    const losing = testDatabase.database.db.transaction().execute(async () => {
      runs += 1;
      throw deadlock();
    });
    await expect(losing).rejects.toBeInstanceOf(TransactionConflictError);
    await expect(losing).rejects.toThrow(TRANSACTION_CONFLICT_MESSAGE);
    expect(runs).toBe(TRANSACTION_ATTEMPTS);

    let failing = 0;
    const broken = testDatabase.database.db.transaction().execute(async () => {
      failing += 1;
      throw new Error('a bug');
    });
    await expect(broken).rejects.toThrow('a bug');
    expect(failing).toBe(1);
  });

  it('answers a conflict over HTTP as 409 请刷新后重试, not as a failure of the server', async () => {
    const response = await fetch(`${server.baseUrl}/api/probe/deadlock`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: false,
      message: TRANSACTION_CONFLICT_MESSAGE,
      code: 409,
      result: null,
      timestamp: expect.any(Number),
    });
  });
});

// PGlite has a single connection inside the process and no pool to fill.
const postgresOnly = testBackends().includes('postgres') ? describe : describe.skip;

postgresOnly('a full connection pool (PostgreSQL only)', () => {
  let testDatabase: TestDatabase;
  let database: Database;
  let server: TestServer;

  beforeAll(async () => {
    testDatabase = await openTestDatabase('postgres');
    database = createPostgresDatabase(testDatabase.postgresUrl as string, { poolMax: 1 });
    server = await startTestServer({
      database,
      configure: (app: FastifyInstance) => {
        app.get('/api/probe/tenants', { config: { access: 'public' } }, async () => {
          const rows = await app.database.db.selectFrom('tenants').select('tenant_id').execute();
          return okEnvelope(rows.length);
        });
      },
    });
  });
  afterAll(async () => {
    await server.close();
    await database.close();
    await testDatabase.dispose();
  });

  it('answers 503 busy with Retry-After while every connection is taken, then serves again', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let taken!: () => void;
    const holding = new Promise<void>((resolve) => {
      taken = resolve;
    });
    const holder = database.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      taken();
      await released;
    });
    await holding;
    const busy = await fetch(`${server.baseUrl}/api/probe/tenants`);
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('1');
    expect((await busy.json()) as Envelope).toMatchObject({
      success: false,
      code: 503,
      message: '系统繁忙，请稍后重试',
    });
    release();
    await holder;
    const served = await fetch(`${server.baseUrl}/api/probe/tenants`);
    expect(served.status).toBe(200);
  }, 30_000);
});
