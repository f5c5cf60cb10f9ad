// Rebates over HTTP (DOMAIN §1.9): a policy approved in the 审批中心, a month calculated by the REBATE_CALC job
// with returns and the grace period (numbers worked by hand below), an adjustment through the 审批中心, 确认入账
// crediting the rebate account, 返利抵扣 on orders within the per-order cap — frozen at submit, spent at the
// audit, unfrozen or given back at cancel and invalidation — the ledger summing to the balances, many orders at
// once against one balance, and tenant isolation.
import type { Page } from '../../common/contract';
import type { ApprovalRecord } from '../../common/approvals';
import type { PromotionPreview } from '../../common/promotions';
import type { FundAccountRecord, FundLedgerRecord, RebateCalcRecord } from '../../common/rebates';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { newId } from '../db/ids';
import { demoUserId } from '../db/seed/ids';
import { demoRebatePolicyId } from '../db/seed/rebates';
import { runRebateCalculation } from '../modules/rebates/calculation';
import { ledgerSums } from '../modules/funds/queries';
import { testBackends } from './support/database';
import { until } from './support/until';
import {
  type BusinessTestbed,
  FORBIDDEN,
  ok,
  openBusinessTestbed,
  orderableGoods,
  type OrderableGoods,
  rebateAccountOf,
} from './support/business';

/** A Beijing wall time as an instant. */
const at = (text: string) => new Date(`${text}+08:00`);

describe.each(testBackends())('rebates on %s', (backend) => {
  let bed: BusinessTestbed;
  let goods: OrderableGoods;
  let policyId: string;
  const db = () => bed.testDatabase.database.db;

  const place = (cases: Array<[number, number]>, rebateDeductAmount?: number) =>
    bed.post<{ id: string; payableAmount: string }>('admin', '/eOrder/eOrder/add', {
      buyerId: goods.outletId,
      paymentMethod: 'COD',
      lines: cases.map(([sku, count]) => ({ skuId: goods.skuIds[sku], cases: count })),
      ...(rebateDeductAmount === undefined ? {} : { rebateDeductAmount }),
    });
  const audit = (id: string) => ok(bed.post('admin', '/eOrder/eOrder/auditOrder', { ids: [id], pass: true }));
  /** An order placed and audited, then dated as if placed and audited at those Beijing times. */
  const history = async (cases: Array<[number, number]>, orderedAt: string, auditedAt: string) => {
    const { id } = await ok(place(cases));
    await audit(id);
    await db()
      .updateTable('sales_orders')
      .set({ ordered_at: at(orderedAt), audited_at: at(auditedAt) })
      .where('id', '=', id)
      .execute();
    return id;
  };
  /** A received return of `cases` of the first SKU at 48 a case. */
  const received = async (cases: number, createdAt: string, receivedAt: string) => {
    const id = newId();
    await db()
      .insertInto('return_orders')
      .values({
        id,
        tenant_id: 'A01',
        return_no: `TH-RBT-${id.slice(-6)}`,
        customer_id: goods.outletId,
        org_code: 'A01A02A01',
        reason: 'QUALITY',
        refund_method: 'ORIGINAL',
        amount: cases * 48,
        status: 'RECEIVED',
        received_at: at(receivedAt),
      })
      .execute();
    await db()
      .updateTable('return_orders')
      .set({ created_at: at(createdAt) } as never)
      .where('id', '=', id)
      .execute();
    const sku = await db()
      .selectFrom('skus')
      .selectAll()
      .where('id', '=', goods.skuIds[0])
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('return_order_lines')
      .values({
        id: newId(),
        tenant_id: 'A01',
        return_id: id,
        sku_id: sku.id,
        sku_snapshot: JSON.stringify({ skuCode: sku.sku_code, name: sku.name, unitsPerCase: 24 }),
        base_qty: cases * 24,
        unit_price: 48,
        amount: cases * 48,
      })
      .execute();
  };
  const approveTask = async (bizId: string) => {
    const todo = await ok(bed.get<Page<ApprovalRecord>>('admin', '/approval/todo/list?pageSize=100'));
    const task = todo.records.find((record) => record.bizId === bizId)!;
    await ok(bed.post('admin', '/approval/approve', { taskId: task.taskId }));
  };
  const account = () => rebateAccountOf(bed, goods.outletId);
  const calcs = (period: string) =>
    ok(
      bed.get<Page<RebateCalcRecord>>('admin', `/eRebate/calc/list?policyId=${policyId}&period=${period}`),
    ).then((page) => page.records);
  /** The ledger sums equal the account's cached balance and frozen amount. */
  const expectLedgerBalanced = async () => {
    const sums = await ledgerSums(db(), 'A01', goods.outletId);
    const row = await account();
    const rebate = sums.find((sum) => sum.account_type === 'REBATE')!;
    expect(Number(rebate.balance)).toBe(Number(row.balance));
    expect(Number(rebate.frozen)).toBe(Number(row.frozen));
  };

  beforeAll(async () => {
    bed = await openBusinessTestbed(backend);
    goods = await orderableGoods(bed, 'admin', 'RBT', 'A01A02A01', 2);
    for (const skuId of goods.skuIds)
      await ok(
        bed.post('admin', '/eprod/stock/in', {
          warehouseId: goods.warehouseId,
          skuId,
          batchNo: 'RBT-B2',
          productionDate: '2026-11-01',
          cases: 400,
        }),
      );
  }, 120_000);
  afterAll(() => bed.close());

  it('calculates a month with returns and the grace period, adjusts through the 审批中心 and credits the account', async () => {
    const { id } = await ok(
      bed.post<{ id: string }>('admin', '/eRebate/policy/add', {
        name: '门店进货额月返',
        targetType: 'OUTLET',
        basis: 'AMOUNT',
        periodType: 'MONTH',
        startDate: '2026-01-01',
        endDate: '2026-12-31',
        graceDays: 5,
        customerScope: { customerIds: [goods.outletId] },
        skuIds: [goods.skuIds[0]],
        tiers: [
          { label: '铜', minValue: 0, maxValue: 1000, benefitType: 'PERCENT', benefitValue: 1 },
          { label: '银', minValue: 1000, maxValue: 2000, benefitType: 'PERCENT', benefitValue: 2 },
          { label: '金', minValue: 2000, maxValue: null, benefitType: 'PERCENT', benefitValue: 3 },
        ],
        capAmount: null,
        maxDeductRatio: 0.1,
      }),
    );
    policyId = id;
    // Not running yet: nothing to calculate.
    expect(
      (await bed.post('admin', '/eRebate/calc/run', { policyId, period: '2026-03' })).body,
    ).toMatchObject({
      success: false,
      code: 409,
    });
    await ok(bed.post('admin', '/eRebate/policy/submit', { id }));
    await approveTask(id);

    // 20 cases of the policy's SKU at 48 = 960.00, placed and audited in March: counts.
    await history([[0, 20]], '2026-03-10T10:00:00', '2026-03-10T12:00:00');
    // 10 cases (480.00) placed on 30 March, audited on 3 April — inside the 5 grace days: counts. The 5 cases
    // of the other SKU (not in the policy) do not.
    await history(
      [
        [0, 10],
        [1, 5],
      ],
      '2026-03-30T10:00:00',
      '2026-04-03T09:00:00',
    );
    // Placed in March but audited on 8 April, after the grace period (deadline 6 April 00:00): left out.
    await history([[0, 10]], '2026-03-31T10:00:00', '2026-04-08T09:00:00');
    // Placed in April: another period.
    await history([[0, 5]], '2026-04-01T10:00:00', '2026-04-01T12:00:00');
    // A return of 5 cases (240.00) received in March reduces the basis; one received after the deadline does not.
    await received(5, '2026-03-20T10:00:00', '2026-03-21T10:00:00');
    await received(2, '2026-03-25T10:00:00', '2026-04-10T10:00:00');

    // gross 960 + 480 = 1440.00, returns 240.00, net 1200.00 → 银 [1000, 2000) at 2% = 24.00.
    expect((await bed.post('admin', '/eRebate/calc/run', { policyId, period: '2026-3' })).body).toMatchObject(
      { success: false, code: 400 },
    );
    /** Runs the calculation of the period as a job and waits for it to end: its final status. */
    const calculate = async (period: string) => {
      const { jobId } = await ok(
        bed.post<{ jobId: string }>('admin', '/eRebate/calc/run', { policyId, period }),
      );
      const job = await until(
        () => ok(bed.get<{ status: string }>('admin', `/eRebate/calc/runStatus?id=${jobId}`)),
        ({ status }) => status === 'SUCCEEDED' || status === 'FAILED',
        `the calculation of ${period}`,
      );
      return job.status;
    };
    expect(await calculate('2026-03')).toBe('SUCCEEDED');
    const [result] = await calcs('2026-03');
    expect(result).toMatchObject({
      grossAmount: '1440.00',
      returnsAmount: '240.00',
      netAmount: '1200.00',
      grossCases: '30.00',
      returnsCases: '5.00',
      netCases: '25.00',
      tierNo: 2,
      tierLabel: '银',
      rebateAmount: '24.00',
      finalAmount: '24.00',
      status: 'PENDING_CONFIRM',
    });
    expect(result.sourceDocs.map((doc) => [doc.docType, doc.amount])).toEqual([
      ['ORDER', '960.00'],
      ['ORDER', '480.00'],
      ['RETURN', '-240.00'],
    ]);

    // An adjustment of +6.00 waits for the 审批中心, then the final amount is 30.00.
    expect(
      (await bed.post('admin', '/eRebate/calc/adjust', { id: result.id, amount: -30, reason: '扣减' })).body,
    ).toMatchObject({ success: false, code: 400 });
    await ok(bed.post('admin', '/eRebate/calc/adjust', { id: result.id, amount: 6, reason: '陈列达标奖励' }));
    expect((await calcs('2026-03'))[0]).toMatchObject({ status: 'ADJUSTING' });
    expect((await bed.post('admin', '/eRebate/calc/confirm', { ids: [result.id] })).body).toMatchObject({
      success: false,
      code: 409,
    });
    await approveTask(result.id);
    expect((await calcs('2026-03'))[0]).toMatchObject({
      status: 'PENDING_CONFIRM',
      adjustmentAmount: '6.00',
      finalAmount: '30.00',
    });
    // A run again keeps the approved adjustment (confirmed once it has ended: a running one rewrites the row).
    expect(await calculate('2026-03')).toBe('SUCCEEDED');

    await ok(bed.post('admin', '/eRebate/calc/confirm', { ids: [result.id] }));
    expect((await bed.post('admin', '/eRebate/calc/confirm', { ids: [result.id] })).body).toMatchObject({
      success: false,
      code: 409,
    });
    expect(await account()).toMatchObject({ balance: '30.00', frozen: '0.00', available: '30.00' });
    await expectLedgerBalanced();
  }, 60_000);

  it('deducts within the cap: frozen at submit, spent at the audit, unfrozen or given back', async () => {
    // 2 cases = 96.00; the cap is 10% of it, 9.60.
    const preview = await ok(
      bed.post<PromotionPreview>('admin', '/eOrder/eOrder/pricePreview', {
        buyerId: goods.outletId,
        lines: [{ skuId: goods.skuIds[0], cases: 2 }],
        rebateDeductAmount: 50,
      }),
    );
    expect(preview.rebate).toEqual({ available: '30.00', maxDeduct: '9.60', deduct: '9.60', reason: null });
    expect(preview.payableAmount).toBe('86.40');
    expect((await place([[0, 2]], 9.61)).body).toMatchObject({ success: false, code: 400 });
    const first = await ok(place([[0, 2]], 9.6));
    expect(first.payableAmount).toBe('86.40');
    const order = await db()
      .selectFrom('sales_orders')
      .select(['rebate_deduct_amount', 'payable_amount'])
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ rebate_deduct_amount: '9.60', payable_amount: '86.40' });
    expect(await account()).toMatchObject({ balance: '30.00', frozen: '9.60', available: '20.40' });
    await audit(first.id);
    expect(await account()).toMatchObject({ balance: '20.40', frozen: '0.00' });

    // 10 cases = 480.00, cap 48.00: all of the 20.40 left; cancelled before the audit, it is unfrozen.
    const second = await ok(place([[0, 10]], 20.4));
    expect(await account()).toMatchObject({ available: '0.00' });
    await ok(bed.post('admin', '/eOrder/eOrder/cancelOrder', { id: second.id, reason: '客户取消' }));
    expect(await account()).toMatchObject({ balance: '20.40', frozen: '0.00' });
    // The audited order invalidated: what it spent comes back.
    await ok(bed.post('admin', '/eOrder/eOrder/orderInvalid', { id: first.id, reason: '录入错误' }));
    expect(await account()).toMatchObject({ balance: '30.00', frozen: '0.00' });

    const ledger = await ok(
      bed.get<Page<FundLedgerRecord>>(
        'admin',
        `/eRebate/account/ledger?customerId=${goods.outletId}&pageSize=50`,
      ),
    );
    expect(ledger.records.map((entry) => entry.entryType).reverse()).toEqual([
      'ACCRUE',
      'FREEZE',
      'ORDER_DEDUCT',
      'FREEZE',
      'UNFREEZE',
      'ORDER_RETURN_BACK',
    ]);
    await expectLedgerBalanced();
    // The ledger is append-only.
    await expect(db().updateTable('fund_ledger').set({ amount: 1000 }).execute()).rejects.toThrow(/只能追加/);
    await expect(db().deleteFrom('fund_ledger').execute()).rejects.toThrow(/只能追加/);
  }, 60_000);

  it('lets no more orders take the balance than it holds when they come at once', async () => {
    // 30.00 available; five orders of 5 cases (cap 24.00) each asking for 10.00: three fit, two are refused.
    const answers = await Promise.all(Array.from({ length: 5 }, () => place([[0, 5]], 10)));
    const placed = answers.filter((answer) => answer.body.success);
    expect(placed).toHaveLength(3);
    expect(answers.filter((answer) => !answer.body.success).map((answer) => answer.body.code)).toEqual([
      expect.any(Number),
      expect.any(Number),
    ]);
    expect(await account()).toMatchObject({ balance: '30.00', frozen: '30.00', available: '0.00' });
    await expectLedgerBalanced();
    for (const answer of placed)
      await ok(
        bed.post('admin', '/eOrder/eOrder/cancelOrder', {
          id: (answer.body.result as { id: string }).id,
          reason: '测试',
        }),
      );
    expect(await account()).toMatchObject({ frozen: '0.00', available: '30.00' });
  }, 60_000);

  it('seeds a year of dealer results, credited accounts whose ledgers sum to them, and orders paid with rebates', async () => {
    const periods = await db()
      .selectFrom('rebate_calculations')
      .select(['period', 'status'])
      .where('tenant_id', '=', 'A01')
      .where('policy_id', '=', demoRebatePolicyId('dealer-monthly'))
      .execute();
    expect(new Set(periods.map((row) => row.period)).size).toBeGreaterThanOrEqual(12);
    expect(periods.some((row) => row.status === 'PENDING_CONFIRM')).toBe(true);
    const drift = await sql<{ n: number }>`select count(*)::integer as n from fund_accounts a
      left join (select account_id, sum(amount) as balance, sum(frozen_change) as frozen from fund_ledger
        group by account_id) l on l.account_id = a.id
      where a.tenant_id = 'A01' and (a.balance <> coalesce(l.balance, 0) or a.frozen <> coalesce(l.frozen, 0))`.execute(
      db(),
    );
    const accounts = await db()
      .selectFrom('fund_accounts')
      .select('id')
      .where('tenant_id', '=', 'A01')
      .execute();
    expect(accounts.length).toBeGreaterThan(0);
    expect(drift.rows[0].n).toBe(0);
    const used = await db()
      .selectFrom('sales_orders')
      .select('id')
      .where('tenant_id', '=', 'A01')
      .where('rebate_deduct_amount', '>', '0')
      .execute();
    expect(used.length).toBeGreaterThan(0);
  });

  it('exports the customer statement, oldest entry first', async () => {
    const file = await bed.download(
      'admin',
      `/eRebate/account/exportStatement?customerId=${goods.outletId}&accountType=REBATE`,
    );
    expect(file.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body);
    const sheet = workbook.worksheets[0];
    const entries = await db()
      .selectFrom('fund_ledger')
      .select('id')
      .where('customer_id', '=', goods.outletId)
      .execute();
    expect(sheet.rowCount).toBe(entries.length + 1);
    expect(sheet.getRow(2).getCell(5).value).toBe('入账');
  });

  it('counts cases by quarter within the cap, and growth on the year before', async () => {
    const admin = { tenantId: 'A01', userId: demoUserId('admin') };
    const policy = async (values: Record<string, unknown>) => {
      const { id } = await ok(
        bed.post<{ id: string }>('admin', '/eRebate/policy/add', {
          targetType: 'OUTLET',
          startDate: '2025-01-01',
          endDate: '2026-12-31',
          customerScope: { customerIds: [goods.outletId] },
          capAmount: null,
          maxDeductRatio: 0,
          ...values,
        }),
      );
      await db().updateTable('rebate_policies').set({ status: 'ACTIVE' }).where('id', '=', id).execute();
      return id;
    };
    // Q1 with 10 grace days (deadline 11 April): the March orders of both SKUs — 20 + 15 + 10 (audited on
    // 8 April, now inside) = 45 cases — less both returns (5 + 2 received on 10 April) = 38 cases: the first
    // tier, 50.00, capped at 30.00.
    const cases = await policy({
      name: '季度箱数',
      basis: 'CASES',
      periodType: 'QUARTER',
      graceDays: 10,
      tiers: [
        { label: '达标', minValue: 0, maxValue: 40, benefitType: 'FIXED', benefitValue: 50 },
        { label: '优秀', minValue: 40, maxValue: null, benefitType: 'FIXED', benefitValue: 100 },
      ],
      capAmount: 30,
    });
    await runRebateCalculation(db(), admin, { policyId: cases, period: '2026-Q1' });
    const quarter = await db()
      .selectFrom('rebate_calculations')
      .selectAll()
      .where('policy_id', '=', cases)
      .executeTakeFirstOrThrow();
    expect(quarter).toMatchObject({
      gross_cases: '45.00',
      returns_cases: '7.00',
      net_cases: '38.00',
      basis_value: '38.00',
      tier_no: 1,
      rebate_amount: '30.00',
    });

    // The year 2026 of the first SKU: 960 + 480 + 480 + 240 = 2160.00 less 336.00 returned = 1824.00, against
    // 480.00 in 2025: growth 280% → the second tier, 1% of 1824.00 = 18.24.
    await history([[0, 10]], '2025-06-01T10:00:00', '2025-06-01T12:00:00');
    const growth = await policy({
      name: '年度增长',
      basis: 'GROWTH',
      periodType: 'YEAR',
      graceDays: 0,
      skuIds: [goods.skuIds[0]],
      tiers: [
        { label: '增长', minValue: 0, maxValue: 100, benefitType: 'PERCENT', benefitValue: 0.5 },
        { label: '翻倍', minValue: 100, maxValue: null, benefitType: 'PERCENT', benefitValue: 1 },
      ],
    });
    await runRebateCalculation(db(), admin, { policyId: growth, period: '2026' });
    const year = await db()
      .selectFrom('rebate_calculations')
      .selectAll()
      .where('policy_id', '=', growth)
      .executeTakeFirstOrThrow();
    expect(year).toMatchObject({
      net_amount: '1824.00',
      basis_value: '280.00',
      tier_no: 2,
      rebate_amount: '18.24',
    });
  });

  it('keeps rebates to their tenant and their permissions', async () => {
    const [result] = await calcs('2026-03');
    const other = await ok(bed.get<Page<RebateCalcRecord>>('t2admin', '/eRebate/calc/list'));
    expect(other.records.find((record) => record.id === result.id)).toBeUndefined();
    expect((await bed.get('t2admin', `/eRebate/policy/queryById?id=${policyId}`)).body).toMatchObject({
      code: 404,
    });
    expect((await bed.post('t2admin', '/eRebate/calc/close', { id: result.id })).body).toMatchObject({
      code: 404,
    });
    const accounts = await ok(bed.get<Page<FundAccountRecord>>('t2admin', '/eRebate/account/list'));
    expect(accounts.records.find((record) => record.customerId === goods.outletId)).toBeUndefined();
    expect(await bed.get('wangfang', '/eRebate/account/list')).toMatchObject(FORBIDDEN);
    expect(await bed.post('wangfang', '/eRebate/calc/confirm', { ids: [result.id] })).toMatchObject(
      FORBIDDEN,
    );
  });
});
