// The system's sign-off of shipped orders (DOMAIN §1.5: SHIPPED → SIGNED by SYS after N days, SignRecord AUTO):
// over real HTTP and the worker's run called directly, with the age of a shipment set in the database. Signed in
// full like a manual sign-off (lines, shipments, sign record, order log as the system, completion when paid);
// recent and partly shipped orders are left; an operator signing at the same time, or a second instance, never
// signs an order twice; each order keeps its tenant; the due orders are found through their own index.
import { CompiledQuery, type RootOperationNode } from 'kysely';
import type { OrderDetail } from '../../common/orders';
import { SHIPPED_ORDERS_INDEX } from '../db/migrations/0014_order_auto_sign';
import { autoSignOrders } from '../modules/orders/autoSign';
import { testBackends } from './support/database';
import {
  type BusinessTestbed,
  type Caller,
  ok,
  openBusinessTestbed,
  type OrderableGoods,
  orderableGoods,
} from './support/business';

const DAYS = 7;

describe.each(testBackends())('automatic sign-off of orders on %s', (backend) => {
  let bed: BusinessTestbed;
  let a01: OrderableGoods;
  let b01: OrderableGoods;

  // The server's own handle, as the worker uses it (its read cache sees the writes).
  const db = () => bed.server.app.database.db;
  const run = () => autoSignOrders(db(), DAYS);
  const detail = (id: string, caller: Caller = 'admin') =>
    ok(bed.get<OrderDetail>(caller, `/eOrder/eOrder/queryById?id=${id}`));

  /** An order of two cases, audited and shipped (in full, or one case of the two), `daysAgo` days ago. */
  async function shipped(
    goods: OrderableGoods,
    daysAgo: number,
    { caller = 'admin', partly = false }: { caller?: Caller; partly?: boolean } = {},
  ) {
    const order = await ok(
      bed.post<{ id: string; orderNo: string }>(caller, '/eOrder/eOrder/add', {
        buyerId: goods.outletId,
        paymentMethod: 'COD',
        lines: [{ skuId: goods.skuId, cases: 2 }],
      }),
    );
    await ok(bed.post(caller, '/eOrder/eOrder/auditOrder', { ids: [order.id], pass: true }));
    const [line] = (await detail(order.id, caller)).lines;
    await ok(
      bed.post(caller, '/eOrder/eOrder/saveOrderDeliver', {
        id: order.id,
        lines: [{ orderLineId: line.id, baseQty: partly ? 24 : 48 }],
      }),
    );
    const at = new Date(Date.now() - daysAgo * 86_400_000);
    await db().updateTable('sales_orders').set({ shipped_at: at }).where('id', '=', order.id).execute();
    await db().updateTable('shipments').set({ shipped_at: at }).where('order_id', '=', order.id).execute();
    return order;
  }

  const signRecords = (orderId: string) =>
    db()
      .selectFrom('sign_records')
      .select(['tenant_id', 'sign_type', 'signed_by'])
      .where('order_id', '=', orderId)
      .execute();

  beforeAll(async () => {
    bed = await openBusinessTestbed(backend);
    a01 = await orderableGoods(bed, 'admin', 'AS-A', 'A01A02A01');
    b01 = await orderableGoods(bed, 't2admin', 'AS-B', 'A01');
    // A seeded database and some thirty requests: slow when the machine is busy.
  }, 120_000);
  afterAll(() => bed.close());

  it('signs an order shipped more than N days ago in full, as the system, and leaves recent and partly shipped ones', async () => {
    const old = await shipped(a01, DAYS + 1);
    const recent = await shipped(a01, 2);
    const partly = await shipped(a01, DAYS + 1, { partly: true });
    const signed = await run();
    expect(signed).toContainEqual({ id: old.id, tenantId: 'A01', orderNo: old.orderNo });
    expect(signed.map((order) => order.id)).not.toEqual(expect.arrayContaining([recent.id]));
    expect(signed.map((order) => order.id)).not.toEqual(expect.arrayContaining([partly.id]));

    const order = await detail(old.id);
    expect(order).toMatchObject({ status: 'SIGNED', signedAt: expect.any(String) });
    expect(order.lines.map((line) => [line.shippedBaseQty, line.signedBaseQty])).toEqual([[48, 48]]);
    expect(order.shipments.map((shipment) => shipment.status)).toEqual(['SIGNED']);
    expect(order.signs).toEqual([
      expect.objectContaining({
        signType: 'AUTO',
        signType_dictText: '超时自动签收',
        signedByName: null,
        diffReason: null,
        remark: `发货后 ${DAYS} 天未签收，系统自动签收`,
        lines: [expect.objectContaining({ shippedBaseQty: 48, signedBaseQty: 48 })],
      }),
    ]);
    expect(order.logs.at(-1)).toMatchObject({
      action: 'SIGN',
      fromStatus: 'SHIPPED',
      toStatus: 'SIGNED',
      operatorName: '系统',
      comment: `发货后 ${DAYS} 天未签收，系统自动签收`,
    });
    expect(order.actions).not.toContain('sign');
    const log = await db()
      .selectFrom('order_operation_logs')
      .select(['tenant_id', 'operator_id'])
      .where('order_id', '=', old.id)
      .where('action', '=', 'SIGN')
      .executeTakeFirstOrThrow();
    expect(log).toEqual({ tenant_id: 'A01', operator_id: null });

    expect(await detail(recent.id)).toMatchObject({ status: 'SHIPPED', signs: [] });
    expect(await detail(partly.id)).toMatchObject({ status: 'PARTIALLY_SHIPPED', signs: [] });
    // Nothing is left to do: the next run signs nothing of these.
    expect((await run()).map((each) => each.id)).not.toEqual(expect.arrayContaining([old.id]));
    expect(await signRecords(old.id)).toHaveLength(1);
  });

  it('completes an order already paid in full, as a manual sign-off does', async () => {
    const paid = await shipped(a01, DAYS + 3);
    await ok(bed.post('admin', '/payment/add', { orderId: paid.id, amount: 96, channel: 'CASH' }));
    await run();
    const order = await detail(paid.id);
    expect(order).toMatchObject({
      status: 'COMPLETED',
      signs: [expect.objectContaining({ signType: 'AUTO' })],
    });
    expect(order.logs.slice(-2).map((log) => [log.action, log.operatorName])).toEqual([
      ['SIGN', '系统'],
      ['COMPLETE', '系统'],
    ]);
  });

  it('signs an order once when an operator signs it at the same time', async () => {
    const raced = await shipped(a01, DAYS + 1);
    const [auto, manual] = await Promise.all([
      run(),
      bed.post('admin', '/eOrder/eOrder/saveOrderSign', { id: raced.id, signType: 'OUTLET_SELF' }),
    ]);
    const byWorker = auto.some((order) => order.id === raced.id);
    // Exactly one of the two signed it; the other was refused (or skipped) as the order had moved on.
    expect(manual.body.success).toBe(!byWorker);
    const records = await signRecords(raced.id);
    expect(records).toEqual([expect.objectContaining({ sign_type: byWorker ? 'AUTO' : 'OUTLET_SELF' })]);
    expect((await detail(raced.id)).status).toBe('SIGNED');
  });

  it('signs an order once when several instances run at the same time', async () => {
    const orders = [await shipped(a01, DAYS + 2), await shipped(a01, DAYS + 2)];
    const runs = await Promise.all([run(), run()]);
    for (const order of orders) {
      expect(runs.flat().filter((each) => each.id === order.id)).toHaveLength(1);
      expect(await signRecords(order.id)).toHaveLength(1);
    }
  });

  it('keeps each order in its tenant', async () => {
    const ours = await shipped(a01, DAYS + 1);
    const theirs = await shipped(b01, DAYS + 1, { caller: 't2admin' });
    const signed = await run();
    expect(signed).toEqual(
      expect.arrayContaining([
        { id: ours.id, tenantId: 'A01', orderNo: ours.orderNo },
        { id: theirs.id, tenantId: 'B01', orderNo: theirs.orderNo },
      ]),
    );
    expect(await signRecords(ours.id)).toEqual([{ tenant_id: 'A01', sign_type: 'AUTO', signed_by: null }]);
    expect(await signRecords(theirs.id)).toEqual([{ tenant_id: 'B01', sign_type: 'AUTO', signed_by: null }]);
    const logTenants = await db()
      .selectFrom('order_operation_logs')
      .select('tenant_id')
      .distinct()
      .where('order_id', '=', theirs.id)
      .execute();
    expect(logTenants).toEqual([{ tenant_id: 'B01' }]);
    expect(await detail(theirs.id, 't2admin')).toMatchObject({
      status: 'SIGNED',
      signs: [expect.objectContaining({ signType: 'AUTO' })],
    });
    expect((await bed.get('admin', `/eOrder/eOrder/queryById?id=${theirs.id}`)).body).toMatchObject({
      code: 404,
    });
  });

  it('lets nobody but the system sign as AUTO', async () => {
    const order = await shipped(a01, 0);
    const answer = await bed.post('admin', '/eOrder/eOrder/saveOrderSign', {
      id: order.id,
      signType: 'AUTO',
    });
    expect(answer.body).toMatchObject({ success: false, code: 400 });
    expect(await signRecords(order.id)).toEqual([]);
  });

  it('finds the due orders through the index of the shipped ones', async () => {
    const nodes: RootOperationNode[] = [];
    const watched = db().withPlugin({
      transformQuery: ({ node }) => {
        nodes.push(node);
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    await autoSignOrders(watched, DAYS);
    const plan = await db()
      .transaction()
      .execute(async (trx) => {
        // A test database's few orders fit in a page, where a scan is cheaper: the planner is told to prefer
        // indexes, as it does by itself at volume.
        await trx.executeQuery(CompiledQuery.raw('set local enable_seqscan = off'));
        await trx.executeQuery(CompiledQuery.raw('set local enable_bitmapscan = off'));
        const compiled = trx.getExecutor().compileQuery(nodes[0], { queryId: 'explain' });
        const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>({
          ...compiled,
          sql: `explain ${compiled.sql}`,
        });
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      });
    expect(plan).toContain(`Index Scan using ${SHIPPED_ORDERS_INDEX}`);
    expect(plan).not.toContain('Sort');
  });
});
