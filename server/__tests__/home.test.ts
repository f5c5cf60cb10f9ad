// The home dashboard's figures (/home): computed from the orders the test writes, in a month of 2020 no demo
// order reaches, so every figure is exact; today's and this month's cards are checked by what an order of
// today adds. Also: the Shanghai day boundary, the data scope, the other tenant, and bad periods.
import { sql, type Kysely } from 'kysely';
import type { HomeRankings, HomeSummary, HomeTrend } from '../../common/home';
import { newId } from '../db/ids';
import type { DB } from '../db/schema';
import { demoUserId } from '../db/seed/ids';
import { resolvePeriod } from '../modules/home/periods';
import { testBackends } from './support/database';
import { useTestServer } from './support/useTestServer';

interface OrderSpec {
  tenantId?: string;
  /** Shanghai local time. */
  at: string;
  orgCode: string;
  status?: string;
  payable: string;
  buyerId: string;
  sellerId?: string;
  orderType?: string;
  salesRep?: string;
  lines: Array<{ skuId: string; qty: number; amount: string; gift?: boolean }>;
}

const MARCH = '?period=custom&startDate=2020-03-01&endDate=2020-03-31';

describe.each(testBackends())('home dashboard (%s)', (backend) => {
  const context = useTestServer(backend, { businessData: true });
  let db: Kysely<DB>;
  const a01 = { dealers: [] as string[], outlet: '', skus: [] as Array<{ id: string; name: string }> };
  const b01 = { dealer: '', sku: '' };
  let sequence = 0;

  async function insertOrder(spec: OrderSpec): Promise<string> {
    const id = newId();
    sequence += 1;
    const tenantId = spec.tenantId ?? 'A01';
    await db
      .insertInto('sales_orders')
      .values({
        id,
        tenant_id: tenantId,
        order_no: `SOTEST${String(sequence).padStart(6, '0')}`,
        order_type: (spec.orderType ?? 'OUTLET_MALL') as never,
        source_channel: 'PC',
        buyer_id: spec.buyerId,
        org_code: spec.orgCode,
        seller_type: spec.sellerId ? 'DEALER' : 'BRAND',
        seller_id: spec.sellerId ?? null,
        sales_rep_id: spec.salesRep ? demoUserId(spec.salesRep) : null,
        ordered_at: new Date(`${spec.at.replace(' ', 'T')}+08:00`),
        receiver_snapshot: JSON.stringify({}),
        goods_amount: spec.payable,
        promo_discount_amount: '0',
        rebate_deduct_amount: '0',
        coin_deduct_amount: '0',
        coupon_amount: '0',
        freight_amount: '0',
        payable_amount: spec.payable,
        total_base_qty: spec.lines.reduce((sum, line) => sum + line.qty, 0),
        total_cases: '0',
        created_by: null,
        updated_by: null,
        payment_method: 'COD',
        status: (spec.status ?? 'PENDING_SHIPMENT') as never,
      })
      .execute();
    await db
      .insertInto('sales_order_lines')
      .values(
        spec.lines.map((line, index) => ({
          id: newId(),
          tenant_id: tenantId,
          order_id: id,
          line_no: index + 1,
          sku_id: line.skuId,
          sku_snapshot: JSON.stringify({}),
          unit: 'BASE' as const,
          base_qty: line.qty,
          price_unit: 'BASE' as const,
          list_price: '1',
          deal_price: '1',
          list_amount: line.amount,
          discount_amount: '0',
          amount: line.amount,
          promotion_ids: '[]',
          is_gift: line.gift ?? false,
          tax_rate: '0.13',
        })),
      )
      .execute();
    return id;
  }

  async function get<T>(username: string, path: string) {
    return context.client.get<T>(path, await context.tokenOf(username));
  }

  beforeAll(async () => {
    db = context.database.db;
    const customers = await db
      .selectFrom('customers')
      .select(['id', 'tenant_id', 'customer_type'])
      .orderBy('customer_code')
      .execute();
    a01.dealers = customers
      .filter((row) => row.tenant_id === 'A01' && row.customer_type === 'DEALER')
      .slice(0, 2)
      .map((row) => row.id);
    a01.outlet = customers.find((row) => row.tenant_id === 'A01' && row.customer_type === 'OUTLET')!.id;
    b01.dealer = customers.find((row) => row.tenant_id === 'B01' && row.customer_type === 'DEALER')!.id;
    a01.skus = await db
      .selectFrom('skus')
      .select(['id', 'name'])
      .where('tenant_id', '=', 'A01')
      .orderBy('sku_code')
      .limit(2)
      .execute();
    b01.sku = (
      await db.selectFrom('skus').select('id').where('tenant_id', '=', 'B01').executeTakeFirstOrThrow()
    ).id;
    const [first, second] = a01.skus.map((sku) => sku.id);
    // 2 March: an outlet order of the Shanghai office by zhangwei, a dealer's purchase in Guangzhou late in the day.
    await insertOrder({
      at: '2020-03-02 10:00:00',
      orgCode: 'A01A01A01',
      payable: '100.50',
      buyerId: a01.outlet,
      sellerId: a01.dealers[0],
      salesRep: 'zhangwei',
      lines: [
        { skuId: first, qty: 24, amount: '100.50' },
        { skuId: second, qty: 6, amount: '0.00', gift: true },
      ],
    });
    await insertOrder({
      at: '2020-03-02 23:30:00',
      orgCode: 'A01A02A01',
      orderType: 'DEALER_PURCHASE',
      payable: '200.00',
      buyerId: a01.dealers[1],
      salesRep: 'wangfang',
      lines: [
        { skuId: first, qty: 12, amount: '150.00' },
        { skuId: second, qty: 6, amount: '50.00' },
      ],
    });
    // 00:30 on 3 March in Shanghai is still 2 March in UTC: it is a 3 March order.
    await insertOrder({
      at: '2020-03-03 00:30:00',
      orgCode: 'A01',
      payable: '300.00',
      buyerId: a01.outlet,
      sellerId: a01.dealers[0],
      lines: [{ skuId: second, qty: 10, amount: '300.00' }],
    });
    // Not sales: cancelled, rejected, invalidated; and one just after the range.
    for (const status of ['CANCELLED', 'REJECTED', 'INVALID']) {
      await insertOrder({
        at: '2020-03-05 09:00:00',
        orgCode: 'A01',
        status,
        payable: '999.00',
        buyerId: a01.outlet,
        sellerId: a01.dealers[0],
        lines: [{ skuId: first, qty: 1, amount: '999.00' }],
      });
    }
    await insertOrder({
      at: '2020-04-01 00:00:00',
      orgCode: 'A01',
      payable: '7.00',
      buyerId: a01.outlet,
      lines: [{ skuId: first, qty: 1, amount: '7.00' }],
    });
    await insertOrder({
      tenantId: 'B01',
      at: '2020-03-10 12:00:00',
      orgCode: 'A01',
      payable: '55.00',
      buyerId: b01.dealer,
      orderType: 'DEALER_PURCHASE',
      lines: [{ skuId: b01.sku, qty: 5, amount: '55.00' }],
    });
    // Two customers created in March 2020 (one in Shanghai, one in Guangzhou), one in April.
    await sql`update customers set created_at = '2020-03-15 12:00:00+08', owner_user_id = null,
      org_code = case when id = ${a01.outlet} then 'A01A01A01' else 'A01A02A01' end
      where id in (${a01.outlet}, ${a01.dealers[1]})`.execute(db);
    await sql`update customers set created_at = '2020-04-01 00:00:00+08' where id = ${a01.dealers[0]}`.execute(
      db,
    );
  });

  it('sums the valid orders of a date range, per Shanghai day, within the caller scope', async () => {
    const summary = await get<HomeSummary>('admin', `/home/summary${MARCH}`);
    expect(summary.body.result).toMatchObject({ period: { amount: '600.50', count: 3 }, newCustomers: 2 });
    const trend = await get<HomeTrend>('admin', `/home/trend${MARCH}`);
    expect(trend.body.result.unit).toBe('day');
    expect(trend.body.result.points).toHaveLength(31);
    expect(trend.body.result.points.filter((point) => point.count > 0)).toEqual([
      { label: '2020-03-02', amount: '300.50', count: 2 },
      { label: '2020-03-03', amount: '300.00', count: 1 },
    ]);
    expect(trend.body.result.points[0]).toEqual({ label: '2020-03-01', amount: '0.00', count: 0 });
  });

  it('ranks SKUs by line amount (gifts aside), dealers by whom they sell or buy for, and sales reps', async () => {
    const { body } = await get<HomeRankings>('admin', `/home/rankings${MARCH}`);
    const [first, second] = a01.skus;
    expect(body.result.skus).toEqual([
      { rank: 1, id: second.id, name: second.name, amount: '350.00', count: 16 },
      { rank: 2, id: first.id, name: first.name, amount: '250.50', count: 36 },
    ]);
    expect(body.result.dealers).toEqual([
      expect.objectContaining({ rank: 1, id: a01.dealers[0], amount: '400.50', count: 2 }),
      expect.objectContaining({ rank: 2, id: a01.dealers[1], amount: '200.00', count: 1 }),
    ]);
    expect(body.result.salesReps).toEqual([
      { rank: 1, id: demoUserId('wangfang'), name: '王芳', amount: '200.00', count: 1 },
      { rank: 2, id: demoUserId('zhangwei'), name: '张伟', amount: '100.50', count: 1 },
    ]);
  });

  it('shows a user of one office the orders of that office only', async () => {
    await context.tokenOf('zhangwei');
    await db
      .updateTable('users')
      .set({ org_code: 'A01A01A01' })
      .where('id', '=', demoUserId('zhangwei'))
      .execute();
    const summary = await get<HomeSummary>('zhangwei', `/home/summary${MARCH}`);
    expect(summary.body.result).toMatchObject({ period: { amount: '100.50', count: 1 }, newCustomers: 1 });
    const rankings = await get<HomeRankings>('zhangwei', `/home/rankings${MARCH}`);
    expect(rankings.body.result.dealers.map((row) => row.id)).toEqual([a01.dealers[0]]);
  });

  it('shows the other tenant its own orders only', async () => {
    const summary = await get<HomeSummary>('t2admin', `/home/summary${MARCH}`);
    expect(summary.body.result.period).toEqual({ amount: '55.00', count: 1 });
    const rankings = await get<HomeRankings>('t2admin', `/home/rankings${MARCH}`);
    expect(rankings.body.result.dealers).toEqual([
      expect.objectContaining({ id: b01.dealer, amount: '55.00', count: 1 }),
    ]);
    expect(rankings.body.result.salesReps).toEqual([]);
  });

  it('counts an order of now in today, this month, 本周 and 本年, and the failed syncs of the tenant', async () => {
    const periods = ['today', 'week', 'month', 'year'] as const;
    const before = await Promise.all(
      periods.map((period) => get<HomeSummary>('admin', `/home/summary?period=${period}`)),
    );
    const failedBefore = before[0].body.result.failedSyncs;
    const orderId = await insertOrder({
      at: new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' '),
      orgCode: 'A01A01',
      payable: '88.80',
      buyerId: a01.outlet,
      sellerId: a01.dealers[0],
      lines: [{ skuId: a01.skus[0].id, qty: 2, amount: '88.80' }],
    });
    await db
      .insertInto('erp_sync_tasks')
      .values({
        tenant_id: 'A01',
        task_no: 'TASKHOME0001',
        direction: 0,
        biz_type: 'SALES_ORDER',
        biz_id: orderId,
        biz_no: 'SOTESTHOME',
        erp_form_id: 'SAL_SaleOrder',
        operation: 'SAVE',
        external_code: 'SOTESTHOME-SAVE',
        status: 'FAILED',
        error_category: 'MASTER_DATA',
        last_error_message: '客户编码不存在',
      })
      .execute();
    const after = await Promise.all(
      periods.map((period) => get<HomeSummary>('admin', `/home/summary?period=${period}`)),
    );
    const plus = (amount: string) => (Number(amount) + 88.8).toFixed(2);
    for (const [index, answer] of after.entries()) {
      const was = before[index].body.result;
      expect(answer.body.result).toMatchObject({
        today: { amount: plus(was.today.amount), count: was.today.count + 1 },
        month: { amount: plus(was.month.amount), count: was.month.count + 1 },
        period: { amount: plus(was.period.amount), count: was.period.count + 1 },
        failedSyncs: failedBefore + 1,
      });
    }
    const today = await get<HomeTrend>('admin', '/home/trend?period=today');
    expect(today.body.result.unit).toBe('hour');
    expect(today.body.result.points.map((point) => point.label)).toEqual(
      Array.from({ length: 24 }, (_, hour) => `${String(hour).padStart(2, '0')}:00`),
    );
    const year = await get<HomeTrend>('admin', '/home/trend?period=year');
    expect(year.body.result.unit).toBe('month');
    const thisMonth = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 7);
    expect(year.body.result.points.at(-1)?.label).toBe(thisMonth);
    expect(year.body.result.points[0].label).toBe(`${thisMonth.slice(0, 4)}-01`);
  });

  it('refuses a range that is missing, reversed, not a date or too long', async () => {
    const refusals: Array<[string, string]> = [
      ['?period=custom&startDate=2020-03-01', '请选择开始日期和结束日期'],
      ['?period=custom&startDate=2020-03-31&endDate=2020-03-01', '开始日期不能晚于结束日期'],
      ['?period=custom&startDate=2020-02-30&endDate=2020-03-01', '日期格式应为YYYY-MM-DD'],
      ['?period=custom&startDate=2019-01-01&endDate=2020-03-01', '统计期间不能超过366天'],
    ];
    for (const [query, message] of refusals) {
      const { body } = await get('admin', `/home/trend${query}`);
      expect(body).toMatchObject({ success: false, code: 400, message });
    }
    const unknown = await get('admin', '/home/summary?period=quarter');
    expect(unknown.status).toBe(400);
  });

  it('needs a session', async () => {
    const { status } = await context.client.get('/home/summary');
    expect(status).toBe(401);
  });
});

describe('the periods of the dashboard (Shanghai days)', () => {
  // Sunday 22 November 2026, 00:30 in Shanghai: still Saturday in UTC.
  const sundayNight = new Date('2026-11-21T16:30:00Z');

  it('runs each period up to the end of today', () => {
    expect(resolvePeriod({ period: 'today' }, sundayNight)).toEqual({
      start: '2026-11-22',
      end: '2026-11-23',
      unit: 'hour',
    });
    // The Chinese week starts on Monday: Sunday is its last day.
    expect(resolvePeriod({ period: 'week' }, sundayNight)).toMatchObject({
      start: '2026-11-16',
      end: '2026-11-23',
    });
    expect(resolvePeriod({ period: 'week' }, new Date('2026-11-23T01:00:00Z'))).toMatchObject({
      start: '2026-11-23',
      end: '2026-11-24',
    });
    expect(resolvePeriod({ period: 'month' }, sundayNight)).toEqual({
      start: '2026-11-01',
      end: '2026-11-23',
      unit: 'day',
    });
    expect(resolvePeriod({ period: 'year' }, sundayNight)).toEqual({
      start: '2026-01-01',
      end: '2026-11-23',
      unit: 'month',
    });
    expect(
      resolvePeriod({ period: 'custom', startDate: '2024-02-28', endDate: '2024-03-01' }, sundayNight),
    ).toEqual({ start: '2024-02-28', end: '2024-03-02', unit: 'day' });
  });
});
