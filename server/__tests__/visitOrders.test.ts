// 下单 during a visit over real HTTP (issue #17): the rep's order for the visit's outlet through the ordinary
// placement (priced on the server, the outlet's 订单金额), a replayed submit answering the one order, the visit's
// outlet and the caller's data scope, 本次不下单 with its reason satisfying a required 下单 step, and the seeded
// rep holding order:add (its price preview too).
import { randomUUID } from 'node:crypto';
import { testBackends } from './support/database';
import { useTestServer } from './support/useTestServer';

interface Placed {
  id: string;
  orderNo: string;
  payableAmount: string;
  replayed: boolean;
}

describe.each(testBackends())('visit orders on %s', (backend) => {
  const context = useTestServer(backend, { businessData: true });
  const db = () => context.database.db;
  let rep: string;
  let repId: string;
  let outlet: { id: string; lng: number; lat: number };
  let foreignOutlet: { id: string; org_code: string };
  let skuId: string;

  const post = <T>(token: string, path: string, body: unknown) => context.client.post<T>(path, body, token);
  const checkIn = (customerId = outlet.id) =>
    post<{ id: string }>(rep, '/eVisit/checkIn', {
      clientId: randomUUID(),
      customerId,
      lng: outlet.lng,
      lat: outlet.lat,
      accuracyM: 10,
    });
  const order = (visitId: string, clientId: string, cases = 2) =>
    post<Placed>(rep, '/eVisit/order', {
      visitId,
      clientId,
      paymentMethod: 'COD',
      lines: [{ skuId, cases, units: 0 }],
    });
  const closeOpenVisits = () =>
    db()
      .updateTable('visit_records')
      .set({ status: 'COMPLETED', check_out_at: new Date() })
      .where('employee_id', '=', repId)
      .where('status', '=', 'CHECKED_IN')
      .execute();

  beforeAll(async () => {
    rep = await context.tokenOf('zhaolei');
    repId = (
      await db().selectFrom('users').select('id').where('username', '=', 'zhaolei').executeTakeFirstOrThrow()
    ).id;
    // An active outlet of 广州办事处 (zhaolei's) with coordinates, and one of another office.
    const row = await db()
      .selectFrom('customers')
      .select(['id', 'lng', 'lat'])
      .where('tenant_id', '=', 'A01')
      .where('customer_type', '=', 'OUTLET')
      .where('org_code', '=', 'A01A02A01')
      .where('status', '=', 'ACTIVE')
      .where('audit_status', '=', 'APPROVED')
      .where('lng', 'is not', null)
      .orderBy('customer_code')
      .executeTakeFirstOrThrow();
    outlet = { id: row.id, lng: Number(row.lng), lat: Number(row.lat) };
    foreignOutlet = await db()
      .selectFrom('customers')
      .select(['id', 'org_code'])
      .where('tenant_id', '=', 'A01')
      .where('customer_type', '=', 'OUTLET')
      .where('org_code', 'not like', 'A01A02A01%')
      .where('status', '=', 'ACTIVE')
      .where('lng', 'is not', null)
      .orderBy('customer_code')
      .executeTakeFirstOrThrow();
    // A SKU the outlet has a price for: the rep's own price preview (order:add) tells.
    const candidates = await db()
      .selectFrom('skus')
      .select('id')
      .where('tenant_id', '=', 'A01')
      .where('status', '=', 'ON_SALE')
      .orderBy('sku_code')
      .limit(20)
      .execute();
    for (const candidate of candidates) {
      const preview = await post<{ payableAmount: string }>(rep, '/eOrder/eOrder/pricePreview', {
        buyerId: outlet.id,
        lines: [{ skuId: candidate.id, cases: 2 }],
      });
      if (preview.body.success) {
        skuId = candidate.id;
        break;
      }
    }
    expect(skuId).toBeDefined();
    await closeOpenVisits();
  });

  afterEach(closeOpenVisits);

  it('places the order through the ordinary placement, once however often it is sent, and counts it for the visit', async () => {
    const visit = await checkIn();
    expect(visit.body.success).toBe(true);
    const clientId = randomUUID();
    const first = await order(visit.body.result.id, clientId);
    expect(first.body.success).toBe(true);
    expect(first.body.result).toMatchObject({ replayed: false, orderNo: expect.stringMatching(/^SO/) });
    const preview = await post<{ payableAmount: string }>(rep, '/eOrder/eOrder/pricePreview', {
      buyerId: outlet.id,
      lines: [{ skuId, cases: 2 }],
    });
    expect(first.body.result.payableAmount).toBe(preview.body.result.payableAmount);

    // A lost answer: the same client id again, even twice at once, answers the one order.
    const again = await Promise.all([
      order(visit.body.result.id, clientId),
      order(visit.body.result.id, clientId),
    ]);
    for (const each of again)
      expect(each.body.result).toMatchObject({
        id: first.body.result.id,
        orderNo: first.body.result.orderNo,
        replayed: true,
      });
    // A second order of the visit is another client id.
    const second = await order(visit.body.result.id, randomUUID(), 1);
    expect(second.body.success).toBe(true);

    const orders = await db()
      .selectFrom('sales_orders')
      .select(['id', 'buyer_id', 'created_by', 'status', 'source_channel', 'payable_amount'])
      .where('visit_id', '=', visit.body.result.id)
      .orderBy('ordered_at')
      .execute();
    expect(orders.map((each) => each.id)).toEqual([first.body.result.id, second.body.result.id]);
    expect(orders[0]).toMatchObject({
      buyer_id: outlet.id,
      created_by: repId,
      status: 'PENDING_AUDIT',
      source_channel: 'APP',
    });
    const record = await db()
      .selectFrom('visit_records')
      .select('order_amount')
      .where('id', '=', visit.body.result.id)
      .executeTakeFirstOrThrow();
    expect(Number(record.order_amount)).toBeCloseTo(
      Number(first.body.result.payableAmount) + Number(second.body.result.payableAmount),
      2,
    );
    const steps = await db()
      .selectFrom('visit_step_results')
      .select('step_type')
      .where('visit_id', '=', visit.body.result.id)
      .execute();
    expect(steps.map((step) => step.step_type)).toEqual(['ORDER', 'ORDER']);

    // The workbench shows the visit's orders.
    const today = await context.client.get<{
      mayOrder: boolean;
      openVisit: { orders: Array<{ orderNo: string }> };
    }>('/eVisit/workbench/today', rep);
    expect(today.body.result.openVisit.orders.map((each) => each.orderNo)).toEqual([
      first.body.result.orderNo,
      second.body.result.orderNo,
    ]);
    // 城市业代 holds 代客下单; 业务代表 does not, and her workbench offers no 下单.
    expect(today.body.result.mayOrder).toBe(true);
    const other = await context.client.get<{ mayOrder: boolean }>(
      '/eVisit/workbench/today',
      await context.tokenOf('wangfang'),
    );
    expect(other.body.result.mayOrder).toBe(false);
  });

  it('orders only in the caller’s own open visit, for an outlet of their scope', async () => {
    const visit = await checkIn();
    // Another user's visit is not found.
    const admin = await context.tokenOf('admin');
    const foreign = await post(admin, '/eVisit/order', {
      visitId: visit.body.result.id,
      clientId: randomUUID(),
      paymentMethod: 'COD',
      lines: [{ skuId, cases: 1 }],
    });
    expect(foreign.body).toMatchObject({ success: false, code: 404 });
    // The rep's order placement refuses an outlet outside their data scope.
    const outside = await post(rep, '/eOrder/eOrder/add', {
      buyerId: foreignOutlet.id,
      paymentMethod: 'COD',
      lines: [{ skuId, cases: 1 }],
    });
    expect(outside.body).toMatchObject({ success: false, code: 404 });
    // The outlet left the rep's scope after the check-in: the visit's order is refused too.
    await db()
      .updateTable('customers')
      .set({ org_code: foreignOutlet.org_code })
      .where('id', '=', outlet.id)
      .execute();
    try {
      const moved = await order(visit.body.result.id, randomUUID());
      expect(moved.body).toMatchObject({ success: false, code: 404 });
    } finally {
      await db()
        .updateTable('customers')
        .set({ org_code: 'A01A02A01' })
        .where('id', '=', outlet.id)
        .execute();
    }
    // Bad input is a clear refusal, and a closed visit takes no order.
    const empty = await post(rep, '/eVisit/order', {
      visitId: visit.body.result.id,
      clientId: randomUUID(),
      paymentMethod: 'COD',
      lines: [],
    });
    expect(empty.body).toMatchObject({ success: false, code: 400 });
    await closeOpenVisits();
    const closed = await order(visit.body.result.id, randomUUID());
    expect(closed.body).toMatchObject({ success: false, code: 409, message: '拜访已签退，不能再下单' });
  });

  it('lets a required 下单 be done by 本次不下单 with a reason', async () => {
    const visit = await checkIn();
    await db()
      .updateTable('visit_records')
      .set({
        rule_snapshot: JSON.stringify({
          ...(
            await db()
              .selectFrom('visit_records')
              .select('rule_snapshot')
              .where('id', '=', visit.body.result.id)
              .executeTakeFirstOrThrow()
          ).rule_snapshot,
          minStayMinutes: 0,
          steps: [{ stepType: 'ORDER', required: true }],
        }),
      })
      .where('id', '=', visit.body.result.id)
      .execute();
    const position = { visitId: visit.body.result.id, lng: outlet.lng, lat: outlet.lat, accuracyM: 10 };
    const refused = await post(rep, '/eVisit/checkOut', position);
    expect(refused.body).toMatchObject({ success: false, code: 400, message: '请先完成必做步骤：下单' });
    const step = (data: Record<string, unknown>) =>
      post(rep, '/eVisit/step', {
        visitId: visit.body.result.id,
        clientId: randomUUID(),
        stepType: 'ORDER',
        data,
      });
    expect((await step({})).body).toMatchObject({
      success: false,
      message: '请先为门店下单，或选择本次不下单并填写原因',
    });
    expect((await step({ noOrder: true, reason: ' ' })).body).toMatchObject({
      success: false,
      message: '请填写本次不下单的原因',
    });
    expect((await step({ noOrder: true, reason: '门店库存充足' })).body.success).toBe(true);
    const out = await post<{ status: string }>(rep, '/eVisit/checkOut', position);
    expect(out.body.result.status).toBe('COMPLETED');
  });
});
