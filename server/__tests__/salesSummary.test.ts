// 销售日汇总 (issue #21): the summary the sales analysis reads equals, after every step of a run of order events
// over HTTP (placed, audited, shipped, rejected and resubmitted with other lines, cancelled, voided, returned)
// and a SKU moved to another category with another case size, the same figures computed directly from the
// orders and their lines — over the whole tenant, seeded demo orders included. The figures of the test's own
// SKUs are also worked out by hand, and the analysis over HTTP reads them.
import { sql } from 'kysely';
import type { SalesAnalysis } from '../../common/kpi';
import type { OrderDetail } from '../../common/orders';
import { NOT_SALES, orderDealer } from '../modules/kpi/indicators';
import { testBackends } from './support/database';
import {
  bottledSku,
  type BusinessTestbed,
  ok,
  openBusinessTestbed,
  orderableGoods,
  type OrderableGoods,
  shanghaiToday,
} from './support/business';

interface Row {
  kind: string;
  day: string;
  org_code: string;
  sales_rep_id: string;
  seller_id: string;
  dealer_id: string;
  customer_type: string;
  item_id: string;
  amount: string;
  cases: string;
  orders: number;
}

describe.each(testBackends())('the daily sales summary on %s', (backend) => {
  let bed: BusinessTestbed;
  let goods: OrderableGoods;
  const db = () => bed.testDatabase.database.db;
  const today = shanghaiToday();

  /** The summary's rows of tenant A01, sums at a fixed scale. */
  const summary = async () =>
    (
      await sql<Row>`
        select kind, to_char(day, 'YYYY-MM-DD') as day, org_code, sales_rep_id, seller_id, dealer_id,
          customer_type, item_id, amount::numeric(18, 2)::text as amount,
          cases::numeric(24, 10)::text as cases, orders
        from sales_daily_summary where tenant_id = 'A01'
        order by 1, 2, 3, 4, 5, 6, 7, 8`.execute(db())
    ).rows;

  /** The same rows computed from the placed orders of A01: distinct orders per group, every line's cases. */
  const fromOrders = async () =>
    (
      await sql<Row>`
        select x.kind, to_char(o.ordered_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day, o.org_code,
          coalesce(o.sales_rep_id, '') as sales_rep_id, coalesce(o.seller_id, '') as seller_id,
          coalesce(${orderDealer('o')}, '') as dealer_id, coalesce(c.customer_type, '') as customer_type,
          x.item_id, sum(l.amount)::numeric(18, 2)::text as amount,
          coalesce(sum(l.base_qty::numeric / k.units_per_case) filter (where not l.is_gift), 0)
            ::numeric(24, 10)::text as cases,
          count(distinct o.id)::integer as orders
        from sales_orders o
          join sales_order_lines l on l.order_id = o.id
          join skus k on k.id = l.sku_id
          left join customers c on c.id = o.buyer_id
          cross join lateral (values ('ORDER', ''), ('BRAND', k.brand_id), ('CATEGORY', k.category_id),
            ('SKU', l.sku_id)) as x(kind, item_id)
        where o.tenant_id = 'A01' and o.status not in (${sql.join(NOT_SALES)})
        group by 1, 2, 3, 4, 5, 6, 7, 8
        order by 1, 2, 3, 4, 5, 6, 7, 8`.execute(db())
    ).rows;

  const expectSummaryOfOrders = async () => {
    const expected = await fromOrders();
    expect(expected.length).toBeGreaterThan(0);
    expect(await summary()).toEqual(expected);
  };

  /** Today's row of one item of the test's SKUs: [amount, cases, orders]. */
  const item = async (kind: string, itemId: string) => {
    const rows = (await summary()).filter(
      (row) => row.kind === kind && row.item_id === itemId && row.day === today,
    );
    return [
      rows.reduce((sum, row) => sum + Number(row.amount), 0),
      rows.reduce((sum, row) => sum + Number(row.cases), 0),
      rows.reduce((sum, row) => sum + row.orders, 0),
    ];
  };

  const place = (lines: Array<[number, number]>) =>
    ok(
      bed.post<{ id: string }>('admin', '/eOrder/eOrder/add', {
        buyerId: goods.outletId,
        paymentMethod: 'COD',
        lines: lines.map(([sku, cases]) => ({ skuId: goods.skuIds[sku], cases })),
      }),
    );
  const audit = (id: string, body: Record<string, unknown> = { pass: true }) =>
    ok(bed.post('admin', '/eOrder/eOrder/auditOrder', { ids: [id], ...body }));

  beforeAll(async () => {
    bed = await openBusinessTestbed(backend);
    goods = await orderableGoods(bed, 'admin', 'SUM', 'A01A02A01', 2);
  }, 300_000);
  afterAll(() => bed.close());

  it('equals the orders after each order event and a SKU’s change', async () => {
    // The seeded demo orders were posted as they were generated.
    await expectSummaryOfOrders();
    const [sku1, sku2] = goods.skuIds;
    const { brand_id: brandId } = await db()
      .selectFrom('skus')
      .select('brand_id')
      .where('id', '=', sku1)
      .executeTakeFirstOrThrow();

    // 48.00 a case of 24. A: 2 cases of SKU 1 and 1 of SKU 2; B: 1 of SKU 1; C: 3 of SKU 2; D: 1 of SKU 1.
    const a = await place([
      [0, 2],
      [1, 1],
    ]);
    const b = await place([[0, 1]]);
    const c = await place([[1, 3]]);
    const d = await place([[0, 1]]);
    await expectSummaryOfOrders();
    expect(await item('SKU', sku1)).toEqual([192, 4, 3]);
    expect(await item('SKU', sku2)).toEqual([192, 4, 2]);
    // A counts once for its brand though it has two of the brand's SKUs.
    expect(await item('BRAND', brandId)).toEqual([384, 8, 4]);

    // A audited and shipped, then 12 bottles of its SKU 1 returned: still the order placed, counted as such.
    await audit(a.id);
    await ok(bed.post('admin', '/eOrder/eOrder/saveOrderDeliver', { id: a.id }));
    await expectSummaryOfOrders();
    const shipped = await ok(bed.get<OrderDetail>('admin', `/eOrder/eOrder/queryById?id=${a.id}`));
    const back = await ok(
      bed.post<{ id: string }>('admin', '/eOrder/eOrder/backOrder/add', {
        orderId: a.id,
        reason: 'QUALITY',
        refundMethod: 'ORIGINAL',
        lines: [{ orderLineId: shipped.lines.find((line) => line.skuId === sku1)!.id, baseQty: 12 }],
      }),
    );
    await ok(bed.post('admin', '/eOrder/eOrder/backOrder/audit', { id: back.id, pass: true }));
    await ok(
      bed.post('admin', '/eOrder/eOrder/backOrder/receive', { id: back.id, warehouseId: goods.warehouseId }),
    );
    await expectSummaryOfOrders();

    // B rejected: out; C cancelled: out; D audited then voided: out.
    await audit(b.id, { pass: false, reason: '数量有误，请修改' });
    await expectSummaryOfOrders();
    await ok(bed.post('admin', '/eOrder/eOrder/cancelOrder', { id: c.id, reason: '不要了' }));
    await audit(d.id);
    await ok(bed.post('admin', '/eOrder/eOrder/orderInvalid', { id: d.id, reason: '客户取消' }));
    await expectSummaryOfOrders();
    expect(await item('SKU', sku1)).toEqual([96, 2, 1]);
    expect(await item('BRAND', brandId)).toEqual([144, 3, 1]);

    // B resubmitted with 2 cases of SKU 2 instead: back in, with its new lines only.
    await ok(
      bed.post('admin', '/eOrder/eOrder/resubmitOrder', {
        id: b.id,
        paymentMethod: 'COD',
        lines: [{ skuId: sku2, cases: 2 }],
      }),
    );
    await expectSummaryOfOrders();
    expect(await item('SKU', sku1)).toEqual([96, 2, 1]);
    expect(await item('SKU', sku2)).toEqual([144, 3, 2]);
    expect(await item('BRAND', brandId)).toEqual([240, 5, 2]);

    // SKU 2 moves to another category and is now counted by the 12: its 72 bottles are 6 cases there.
    const category = await ok(
      bed.post<{ id: string }>('admin', '/eMaterial/category/add', { code: 'SUM-CAT2', name: 'SUM品类二' }),
    );
    const edited = await bed.put('admin', '/eMaterial/sku/edit', {
      ...bottledSku('SUM-SKU-2', 'SUM茶饮-2 500ml', brandId, category.id),
      unitsPerCase: 12,
      id: sku2,
    });
    expect(edited.body).toMatchObject({ success: true });
    await expectSummaryOfOrders();
    expect(await item('CATEGORY', category.id)).toEqual([144, 6, 2]);
    expect(await item('SKU', sku2)).toEqual([144, 6, 2]);

    // The analysis reads it: today by category, the new category's group.
    const analysis = await ok(
      bed.get<SalesAnalysis>(
        'admin',
        `/eStoneKpi/sales/analysis?startDate=${today}&endDate=${today}&dimension=category&grain=day`,
      ),
    );
    expect(analysis.groups.find((group) => group.key === category.id)).toMatchObject({
      amount: 144,
      cases: 6,
      orders: 2,
    });

    // Its drill-through: the order list on the same orders (A and B; not C, D voided or cancelled).
    const drilled = await ok(
      bed.get<{ records: Array<{ id: string }> }>(
        'admin',
        `/eOrder/eOrder/list?${new URLSearchParams({
          salesOnly: '1',
          orderedAt_begin: today,
          orderedAt_end: today,
          categoryId: category.id,
          customerType: 'OUTLET',
          salesDealerId: shipped.sellerId ?? '',
        }).toString()}`,
      ),
    );
    expect(drilled.records.map((record) => record.id).sort()).toEqual([a.id, b.id].sort());
    const wrong = await bed.get('admin', '/eOrder/eOrder/list?customerType=SHOP&salesOnly=yes');
    expect(wrong.body).toMatchObject({ success: false, code: 400 });
  }, 300_000);
});
