// Trade spend on the order's way out (issue #18, DOMAIN §1.5, §1.9): an order paying part with 返利抵扣
// reaches the ERP with its list prices and the deduction allocated over its lines as their discount, and a
// return of part of its goods gives their share of the deduction back to the rebate account at 入库 — the
// refund is what is left — without a later invalidation giving it back twice.
import type { OrderDetail, ReturnDetail } from '../../common/orders';
import type { ErpDocumentLine } from '../db/schema';
import { newId } from '../db/ids';
import { creditFundAccount } from '../modules/funds/ledger';
import { testBackends } from './support/database';
import {
  addQueueingErpConnection,
  type BusinessTestbed,
  ok,
  openBusinessTestbed,
  orderableGoods,
  type OrderableGoods,
  rebateAccountOf,
} from './support/business';

describe.each(testBackends())('trade spend on orders on %s', (backend) => {
  let bed: BusinessTestbed;
  let goods: OrderableGoods;
  const db = () => bed.testDatabase.database.db;
  const connectionId = `ts-erp-${backend}`;
  let policyId: string;

  const account = () => rebateAccountOf(bed, goods.outletId);
  const detail = (id: string) => ok(bed.get<OrderDetail>('admin', `/eOrder/eOrder/queryById?id=${id}`));

  beforeAll(async () => {
    bed = await openBusinessTestbed(backend);
    goods = await orderableGoods(bed, 'admin', 'TSP', 'A01A02A01', 2);
    // A confirmed rebate of 100.00 from a policy letting an order pay up to half from the account.
    policyId = newId();
    await db()
      .insertInto('rebate_policies')
      .values({
        id: policyId,
        tenant_id: 'A01',
        policy_no: `RP-TSP-${backend}`,
        name: '返利抵扣测试政策',
        target_type: 'OUTLET',
        basis: 'AMOUNT',
        period_type: 'MONTH',
        start_date: '2026-01-01',
        end_date: '2026-12-31',
        grace_days: 0,
        customer_scope: JSON.stringify({ customerIds: [goods.outletId] }),
        sku_ids: JSON.stringify([]),
        tiers: JSON.stringify([]),
        cap_amount: null,
        max_deduct_ratio: '0.5',
        remark: null,
        status: 'ACTIVE',
        org_code: 'A01A02A01',
        created_by: null,
        updated_by: null,
      })
      .execute();
    const calcId = newId();
    await db()
      .insertInto('rebate_calculations')
      .values({
        id: calcId,
        tenant_id: 'A01',
        calc_no: `RB-TSP-${backend}`,
        policy_id: policyId,
        customer_id: goods.outletId,
        org_code: 'A01A02A01',
        period: '2026-10',
        gross_amount: 1000,
        returns_amount: 0,
        net_amount: 1000,
        gross_cases: 20,
        returns_cases: 0,
        net_cases: 20,
        basis_value: 1000,
        tier_no: 1,
        tier_label: '测试',
        rebate_amount: 100,
        adjustment_reason: null,
        requested_adjustment: null,
        requested_reason: null,
        final_amount: 100,
        source_docs: JSON.stringify([]),
        status: 'CONFIRMED',
        confirmed_at: new Date(),
        confirmed_by: null,
        created_by: null,
        updated_by: null,
      })
      .execute();
    await db()
      .transaction()
      .execute((trx) =>
        creditFundAccount(trx, {
          tenantId: 'A01',
          customerId: goods.outletId,
          account: 'REBATE',
          amount: '100.00',
          source: { type: 'REBATE_CALC', id: calcId, no: `RB-TSP-${backend}` },
        }),
      );
    await addQueueingErpConnection(bed, connectionId, '返利测试金蝶');
  }, 120_000);
  afterAll(async () => {
    await db().deleteFrom('erp_sync_tasks').where('connection_id', '=', connectionId).execute();
    await db().deleteFrom('erp_connections').where('id', '=', connectionId).execute();
    await bed.close();
  });

  it('sends the deduction to the ERP as line discounts and gives the returned goods’ share back at 入库', async () => {
    // 1 case of the first SKU (48.00) and 2 of the second (96.00) = 144.00; 10.00 paid from the rebate account.
    const placed = await ok(
      bed.post<{ id: string; orderNo: string; payableAmount: string }>('admin', '/eOrder/eOrder/add', {
        buyerId: goods.outletId,
        paymentMethod: 'COD',
        lines: [
          { skuId: goods.skuIds[0], cases: 1 },
          { skuId: goods.skuIds[1], cases: 2 },
        ],
        rebateDeductAmount: 10,
      }),
    );
    expect(placed.payableAmount).toBe('134.00');
    await ok(bed.post('admin', '/eOrder/eOrder/auditOrder', { ids: [placed.id], pass: true }));
    expect(await account()).toMatchObject({ balance: '90.00', frozen: '0.00' });

    // The ERP's sales order: list prices per bottle, the 10.00 split 1/3 : 2/3 to the cent.
    const task = await db()
      .selectFrom('erp_sync_tasks')
      .select('document')
      .where('biz_id', '=', placed.id)
      .where('operation', '=', 'SAVE')
      .executeTakeFirstOrThrow();
    const lines = (task.document as { lines: ErpDocumentLine[] }).lines;
    expect(
      lines.map(({ qty, amount, listPrice, rebateAmount }) => ({ qty, amount, listPrice, rebateAmount })),
    ).toEqual([
      { qty: 24, amount: 48, listPrice: 2, rebateAmount: 3.33 },
      { qty: 48, amount: 96, listPrice: 2, rebateAmount: 6.67 },
    ]);

    // Shipped, then 12 bottles of the second line come back: 24.00 of goods, 1.67 of it paid by rebate.
    await ok(bed.post('admin', '/eOrder/eOrder/saveOrderDeliver', { id: placed.id }));
    const order = await detail(placed.id);
    const created = await ok(
      bed.post<{ id: string }>('admin', '/eOrder/eOrder/backOrder/add', {
        orderId: placed.id,
        reason: 'QUALITY',
        refundMethod: 'ORIGINAL',
        lines: [{ orderLineId: order.lines[1].id, baseQty: 12 }],
      }),
    );
    const returned = () =>
      ok(bed.get<ReturnDetail>('admin', `/eOrder/eOrder/backOrderById?id=${created.id}`));
    expect(await returned()).toMatchObject({ amount: '22.33', rebateBackAmount: '1.67' });
    await ok(bed.post('admin', '/eOrder/eOrder/backOrder/audit', { id: created.id, pass: true }));
    expect(await account()).toMatchObject({ balance: '90.00' });
    await ok(
      bed.post('admin', '/eOrder/eOrder/backOrder/receive', {
        id: created.id,
        warehouseId: goods.warehouseId,
      }),
    );
    expect(await account()).toMatchObject({ balance: '91.67', frozen: '0.00' });
    expect((await detail(placed.id)).logs.at(-1)).toMatchObject({
      comment: expect.stringContaining('返利 1.67 已退回返利账户'),
    });
    const ledger = await db()
      .selectFrom('fund_ledger')
      .select(['id', 'entry_type', 'amount'])
      .where('source_id', '=', placed.id)
      .orderBy('seq')
      .execute();
    // The return remembers the entry that gave its rebate back, and no coin entry (the order used none).
    expect(
      await db()
        .selectFrom('return_orders')
        .select(['rebate_back_entry_id', 'coin_back_entry_id', 'coin_back_coins'])
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ rebate_back_entry_id: ledger.at(-1)!.id, coin_back_entry_id: null, coin_back_coins: 0 });
    // 试算 of the policy for this month: the outlet's purchases measured, nothing written.
    const month = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 7);
    const trial = await ok(
      bed.post<{ records: Array<{ customerId: string; netAmount: string; rebateAmount: string }> }>(
        'admin',
        '/eRebate/calc/trial',
        { policyId, period: month },
      ),
    );
    expect(trial.records).toEqual([
      expect.objectContaining({
        customerId: goods.outletId,
        netAmount: expect.any(String),
        rebateAmount: '0.00',
      }),
    ]);
    expect(
      await db()
        .selectFrom('rebate_calculations')
        .select('id')
        .where('policy_id', '=', policyId)
        .where('period', '=', month)
        .execute(),
    ).toEqual([]);
    expect(ledger.map((entry) => [entry.entry_type, entry.amount])).toEqual([
      ['FREEZE', '0.00'],
      ['ORDER_DEDUCT', '-10.00'],
      ['ORDER_RETURN_BACK', '1.67'],
    ]);
  }, 120_000);
});
