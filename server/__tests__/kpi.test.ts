// 销售报表 (issue #21): every indicator of DOMAIN §1.13 on a small data set written in March 2020 (a month no
// demo row reaches), with the expected figures worked out here by hand; the target grid, its top-down split,
// publishing and locking with a change through 审批中心; the achievement report's drill-down and colour; the
// sales analysis' subtotals; and the data scope (a manager of 广州 sees only 广州) and the other tenant.
import ExcelJS from 'exceljs';
import { sql, type Kysely } from 'kysely';
import type {
  KpiAchievementReport,
  KpiTargetGrid,
  SalesAnalysis,
  KpiBoard,
  DealerMonthlyRow,
} from '../../common/kpi';
import { newId } from '../db/ids';
import type { DB } from '../db/schema';
import { demoUserId } from '../db/seed/ids';
import { snapshotPeriod } from '../modules/kpi/achievements';
import { indicatorActuals, orgFigure, valueOf } from '../modules/kpi/indicators';
import { lockStartedTargets, splitByShares } from '../modules/kpi/targets';
import { rebuildDealerMonthly } from '../modules/kpi/dealerReports';
import { addOrderSales, countsAsSales } from '../modules/kpi/salesSummary';
import { creditFundAccount } from '../modules/funds/ledger';
import { testBackends } from './support/database';
import { useTestServer } from './support/useTestServer';

const MARCH = { start: '2020-03-01', end: '2020-04-01' };

describe.each(testBackends())('KPI and sales reports (%s)', (backend) => {
  const context = useTestServer(backend, { businessData: true });
  let db: Kysely<DB>;
  const zhaolei = demoUserId('zhaolei');
  let gz1 = ''; // 广州 outlet that orders
  let gz2 = ''; // 广州 outlet only visited, opened in March
  let sh1 = ''; // 上海 outlet
  let dealer = '';
  let displayOrg = ''; // the department of the demo display agreement inspected in March
  let core = { id: '', upc: 0 };
  let regular = { id: '', upc: 0 };
  let lot = { id: '', warehouseId: '' };
  let sequence = 0;
  let placements: Array<{ id: string; asset_id: string; org_code: string; applicant_id: string }> = [];
  let inspected = { id: '', org_code: '', customer_id: null as string | null };

  const at = (local: string) => new Date(`${local}+08:00`);

  async function order(spec: {
    orgCode: string;
    buyer: string;
    rep: string | null;
    dealerSeller: string | null;
    status: string;
    orderedAt: string;
    sku: { id: string };
    qty: number;
    amount: string;
  }) {
    sequence += 1;
    const id = newId();
    const lineId = newId();
    await db
      .insertInto('sales_orders')
      .values({
        id,
        tenant_id: 'A01',
        order_no: `SOKPI${String(sequence).padStart(6, '0')}`,
        order_type: 'OUTLET_MALL',
        source_channel: 'PC',
        buyer_id: spec.buyer,
        org_code: spec.orgCode,
        seller_type: spec.dealerSeller ? 'DEALER' : 'BRAND',
        seller_id: spec.dealerSeller,
        sales_rep_id: spec.rep,
        ordered_at: at(spec.orderedAt),
        audited_at: at(spec.orderedAt),
        receiver_snapshot: JSON.stringify({}),
        goods_amount: spec.amount,
        promo_discount_amount: '0',
        rebate_deduct_amount: '0',
        coin_deduct_amount: '0',
        coupon_amount: '0',
        freight_amount: '0',
        payable_amount: spec.amount,
        total_base_qty: spec.qty,
        total_cases: '0',
        created_by: null,
        updated_by: null,
        payment_method: 'COD',
        status: spec.status as never,
      })
      .execute();
    await db
      .insertInto('sales_order_lines')
      .values({
        id: lineId,
        tenant_id: 'A01',
        order_id: id,
        line_no: 1,
        sku_id: spec.sku.id,
        sku_snapshot: JSON.stringify({}),
        unit: 'BASE',
        base_qty: spec.qty,
        price_unit: 'BASE',
        list_price: '1',
        deal_price: '1',
        list_amount: spec.amount,
        discount_amount: '0',
        amount: spec.amount,
        promotion_ids: '[]',
        tax_rate: '0.13',
      })
      .execute();
    // Written around the order commands: posted to the sales summary as placing would.
    if (countsAsSales(spec.status)) await addOrderSales(db, [id]);
    return { id, lineId };
  }

  beforeAll(async () => {
    db = context.database.db;
    const outlets = (org: string) =>
      db
        .selectFrom('customers')
        .select('id')
        .where('tenant_id', '=', 'A01')
        .where('customer_type', '=', 'OUTLET')
        .where('audit_status', '=', 'APPROVED')
        .where('status', '=', 'ACTIVE')
        .where('org_code', '=', org)
        .orderBy('customer_code')
        .limit(2)
        .execute();
    [{ id: gz1 }, { id: gz2 }] = await outlets('A01A02A01');
    [{ id: sh1 }] = await outlets('A01A01A01');
    dealer = (
      await db
        .selectFrom('customers')
        .select('id')
        .where('tenant_id', '=', 'A01')
        .where('customer_type', '=', 'DEALER')
        .where('status', '=', 'ACTIVE')
        .where('org_code', 'like', 'A01A02A01%')
        .orderBy('customer_code')
        .executeTakeFirstOrThrow()
    ).id;
    const skus = await db
      .selectFrom('skus')
      .select(['id', 'units_per_case'])
      .where('tenant_id', '=', 'A01')
      .orderBy('sku_code')
      .limit(2)
      .execute();
    core = { id: skus[0].id, upc: skus[0].units_per_case };
    regular = { id: skus[1].id, upc: skus[1].units_per_case };
    await db.updateTable('skus').set({ lifecycle_tag: 'CORE' }).where('id', '=', core.id).execute();
    await db.updateTable('skus').set({ lifecycle_tag: 'REGULAR' }).where('id', '=', regular.id).execute();
    const anyLot = await db
      .selectFrom('stock_lots')
      .select(['id', 'warehouse_id'])
      .where('tenant_id', '=', 'A01')
      .executeTakeFirstOrThrow();
    lot = { id: anyLot.id, warehouseId: anyLot.warehouse_id };

    // Order 1 (广州, 赵磊, sold by the dealer): 24 of the core SKU for 240.00, shipped whole on 03-06, 100.00
    // paid on 03-07, 6 returned for 60.00 on 03-20.
    const first = await order({
      orgCode: 'A01A02A01',
      buyer: gz1,
      rep: zhaolei,
      dealerSeller: dealer,
      status: 'SHIPPED',
      orderedAt: '2020-03-05T10:00:00',
      sku: core,
      qty: 24,
      amount: '240.00',
    });
    const shipmentId = newId();
    await db
      .insertInto('shipments')
      .values({
        id: shipmentId,
        tenant_id: 'A01',
        shipment_no: 'SHKPI0001',
        order_id: first.id,
        warehouse_id: lot.warehouseId,
        shipped_at: at('2020-03-06T09:00:00'),
        created_by: null,
        updated_by: null,
      })
      .execute();
    await db
      .insertInto('shipment_lines')
      .values({
        id: newId(),
        tenant_id: 'A01',
        shipment_id: shipmentId,
        order_line_id: first.lineId,
        sku_id: core.id,
        lot_id: lot.id,
        batch_no: 'B1',
        production_date: '2020-01-01',
        base_qty: 24,
      })
      .execute();
    await db
      .insertInto('payments')
      .values({
        id: newId(),
        tenant_id: 'A01',
        payment_no: 'PAYKPI0001',
        order_id: first.id,
        amount: '100.00',
        channel: 'CASH',
        paid_at: at('2020-03-07T12:00:00'),
        created_by: null,
      })
      .execute();
    const returnId = newId();
    await db
      .insertInto('return_orders')
      .values({
        id: returnId,
        tenant_id: 'A01',
        return_no: 'RTKPI0001',
        original_order_id: first.id,
        customer_id: gz1,
        org_code: 'A01A02A01',
        reason: 'QUALITY',
        refund_method: 'OFFSET_AR',
        amount: '60.00',
        status: 'RECEIVED',
        received_at: at('2020-03-20T15:00:00'),
        created_by: null,
        updated_by: null,
      })
      .execute();
    await db
      .insertInto('return_order_lines')
      .values({
        id: newId(),
        tenant_id: 'A01',
        return_id: returnId,
        sku_id: core.id,
        sku_snapshot: JSON.stringify({}),
        base_qty: 6,
        unit_price: '10',
        amount: '60.00',
      })
      .execute();
    // Order 2 (上海, no rep, sold by the brand): 10 of the regular SKU for 500.00, audited, not shipped.
    await order({
      orgCode: 'A01A01A01',
      buyer: sh1,
      rep: null,
      dealerSeller: null,
      status: 'PENDING_SHIPMENT',
      orderedAt: '2020-03-10T10:00:00',
      sku: regular,
      qty: 10,
      amount: '500.00',
    });
    // Order 3 (广州, cancelled): counts nowhere.
    await order({
      orgCode: 'A01A02A01',
      buyer: gz1,
      rep: zhaolei,
      dealerSeller: dealer,
      status: 'CANCELLED',
      orderedAt: '2020-03-11T10:00:00',
      sku: core,
      qty: 99,
      amount: '999.00',
    });
    // Three closed visits of 赵磊: gz1 valid (score 80), gz2 valid (score 90), gz1 invalid (no score).
    const visit = (no: number, customer: string, day: string, valid: boolean, score: string | null) => ({
      id: `kpivisit${no}`,
      tenant_id: 'A01',
      created_by: zhaolei,
      visit_no: `VSKPI${no}`,
      client_id: `kpi-${no}`,
      employee_id: zhaolei,
      customer_id: customer,
      org_code: 'A01A02A01',
      visit_type: 'PLANNED' as const,
      check_in_at: at(`${day}T10:00:00`),
      check_in_lng: '113.3',
      check_in_lat: '23.1',
      check_in_accuracy_m: 10,
      check_in_distance_m: 30,
      check_in_in_range: valid,
      rule_snapshot: JSON.stringify({}),
      abnormal_flags: JSON.stringify([]),
      is_valid: valid,
      execution_score: score,
      status: 'COMPLETED' as const,
    });
    await db
      .insertInto('visit_records')
      .values([
        visit(1, gz1, '2020-03-05', true, '80'),
        visit(2, gz2, '2020-03-12', true, '90'),
        visit(3, gz1, '2020-03-19', false, null),
      ])
      .execute();
    // Three 陈列检核 of a demo agreement in March by 赵磊: PASS, PASS, FAIL.
    const agreement = await db
      .selectFrom('display_agreements')
      .select(['id', 'org_code'])
      .where('tenant_id', '=', 'A01')
      .orderBy('agreement_no')
      .executeTakeFirstOrThrow();
    displayOrg = agreement.org_code;
    await db
      .insertInto('display_inspections')
      .values(
        (['PASS', 'PASS', 'FAIL'] as const).map((result, index) => ({
          id: `kpiinspect${index}`,
          tenant_id: 'A01',
          created_by: zhaolei,
          inspection_no: `DIKPI${index}`,
          agreement_id: agreement.id,
          period: '2020-03',
          inspector_id: zhaolei,
          inspector_role: 'SR' as const,
          inspected_at: at(`2020-03-1${index}T10:00:00`),
          photo_ids: JSON.stringify([]),
          result,
          deduction_ratio: result === 'PASS' ? 0 : 1,
        })),
      )
      .execute();
    // gz2 was opened (建档, approved) in March.
    await sql`update customers set created_at = ${at('2020-03-15T10:00:00')} where id = ${gz2}`.execute(db);
    // Two demo freezer placements signed again in March, one moved on to another outlet in March: two placements.
    placements = await db
      .selectFrom('asset_applications as app')
      .innerJoin('assets as a', 'a.id', 'app.asset_id')
      .select(['app.id', 'app.asset_id', 'app.org_code', 'app.applicant_id'])
      .where('app.tenant_id', '=', 'A01')
      .where('app.apply_type', '=', 'PLACE')
      .where('a.asset_type', '=', 'FREEZER')
      .orderBy('app.apply_no')
      .limit(2)
      .execute();
    await db
      .insertInto('asset_moves')
      .values([
        ...placements.map((placement, index) => ({
          id: `kpiplace${index}`,
          tenant_id: 'A01',
          asset_id: placement.asset_id,
          move_type: 'PLACE' as const,
          application_id: placement.id,
          operator_id: zhaolei,
          created_at: at(`2020-03-0${index + 2}T10:00:00`),
        })),
        {
          id: 'kpitransfer',
          tenant_id: 'A01',
          asset_id: placements[0].asset_id,
          move_type: 'TRANSFER' as const,
          application_id: null,
          operator_id: zhaolei,
          created_at: at('2020-03-20T10:00:00'),
        },
      ])
      .execute();
    // One inspection in March of a freezer on an outlet now.
    inspected = await db
      .selectFrom('assets')
      .select(['id', 'org_code', 'customer_id'])
      .where('tenant_id', '=', 'A01')
      .where('asset_type', '=', 'FREEZER')
      .where('placement_status', '=', 'PLACED')
      .orderBy('asset_no')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('asset_inspections')
      .values({
        id: 'kpifreezerinspect',
        tenant_id: 'A01',
        created_by: zhaolei,
        inspection_no: 'AIKPI1',
        asset_id: inspected.id,
        customer_id: inspected.customer_id,
        powered_on: true,
        temperature: '4',
        cleanliness: 'GOOD',
        reported_condition: 'NORMAL',
        photo_ids: JSON.stringify([]),
        remark: null,
      })
      .execute();
    await sql`update asset_inspections set created_at = ${at('2020-03-25T10:00:00')} where id = 'kpifreezerinspect'`.execute(
      db,
    );
  });

  async function value(
    code: Parameters<typeof indicatorActuals>[2],
    subject: { org?: string; rep?: string; dealer?: string },
  ) {
    const actuals = await indicatorActuals(db, 'A01', code, MARCH.start, MARCH.end);
    if (!actuals) return null;
    if (subject.org) return valueOf(code, orgFigure(actuals, subject.org));
    if (subject.rep) return valueOf(code, actuals.employee.get(subject.rep));
    return valueOf(code, actuals.dealer.get(subject.dealer!));
  }

  it('computes each indicator of §1.13 as defined', async () => {
    // Shipped 240.00, returned 60.00: 180.00 for 广州, 华南, the company, 赵磊 and the dealer.
    for (const subject of [
      { org: 'A01A02A01' },
      { org: 'A01A02' },
      { org: 'A01' },
      { rep: zhaolei },
      { dealer },
    ])
      expect(await value('SALES_AMOUNT', subject)).toBe(180);
    expect(await value('SALES_AMOUNT', { org: 'A01A01' })).toBe(0);
    // 24 shipped less 6 returned, in cases of the SKU.
    expect(await value('SALES_CASES', { org: 'A01' })).toBeCloseTo(18 / core.upc, 4);
    // Audited orders that stand: 240 + 500; the cancelled 999 does not count.
    expect(await value('ORDER_AMOUNT', { org: 'A01' })).toBe(740);
    expect(await value('ORDER_AMOUNT', { org: 'A01A01A01' })).toBe(500);
    expect(await value('ORDER_AMOUNT', { rep: zhaolei })).toBe(240);
    expect(await value('RECEIPTS', { org: 'A01A02A01' })).toBe(100);
    expect(await value('RECEIPTS', { org: 'A01A01' })).toBe(0);
    // Valid closed visits 2 of 3.
    expect(await value('VISITS', { rep: zhaolei })).toBe(2);
    expect(await value('VALID_VISIT_RATE', { rep: zhaolei })).toBeCloseTo(2 / 3, 4);
    // Outlets visited (gz1, gz2) over the active approved outlets of 广州.
    const { count } = await db
      .selectFrom('customers')
      .select(db.fn.countAll<number>().as('count'))
      .where('tenant_id', '=', 'A01')
      .where('customer_type', '=', 'OUTLET')
      .where('status', '=', 'ACTIVE')
      .where('audit_status', '=', 'APPROVED')
      .where('org_code', 'like', 'A01A02A01%')
      .executeTakeFirstOrThrow();
    expect(await value('COVERAGE_RATE', { org: 'A01A02A01' })).toBeCloseTo(2 / Number(count), 4);
    expect(await value('NEW_OUTLETS', { org: 'A01A02A01' })).toBe(1);
    // Outlets with an order that stands: gz1 and sh1; only gz1 bought the core SKU.
    expect(await value('ACTIVE_OUTLETS', { org: 'A01' })).toBe(2);
    expect(await value('ACTIVE_OUTLETS', { org: 'A01A02A01' })).toBe(1);
    expect(await value('DISTRIBUTION_RATE', { org: 'A01' })).toBe(0.5);
    // (80 + 90) / 2 scored visits.
    expect(await value('EXECUTION_AVG_SCORE', { rep: zhaolei })).toBe(85);
    // PASS inspections over inspections: 2 of 3, for the agreement's department and the inspector.
    expect(await value('DISPLAY_PASS_RATE', { org: displayOrg })).toBeCloseTo(2 / 3, 4);
    expect(await value('DISPLAY_PASS_RATE', { rep: zhaolei })).toBeCloseTo(2 / 3, 4);
    expect(await value('FREEZER_PLACED', { org: 'A01' })).toBe(2);
    expect(await value('FREEZER_PLACED', { org: placements[0].org_code })).toBe(
      placements.filter((placement) => placement.org_code.startsWith(placements[0].org_code)).length,
    );
    expect(await value('FREEZER_PLACED', { rep: placements[1].applicant_id })).toBe(
      placements.filter((placement) => placement.applicant_id === placements[1].applicant_id).length,
    );
    // Inspected in March over the freezers on outlets of the department.
    const { freezers } = await db
      .selectFrom('assets')
      .select(db.fn.countAll<number>().as('freezers'))
      .where('tenant_id', '=', 'A01')
      .where('asset_type', '=', 'FREEZER')
      .where('placement_status', '=', 'PLACED')
      .where('org_code', 'like', `${inspected.org_code}%`)
      .executeTakeFirstOrThrow();
    expect(await value('FREEZER_INSPECTION_RATE', { org: inspected.org_code })).toBeCloseTo(
      1 / Number(freezers),
      4,
    );
  });

  it('splits evenly and by last year, keeping the total to the cent', async () => {
    expect(splitByShares(100, [1, 1, 1])).toEqual([33.34, 33.33, 33.33]);
    expect(splitByShares(1000, [0, 0])).toEqual([500, 500]);
    const admin = await context.tokenOf('admin');
    const save = await context.client.post(
      '/eStoneKpi/target/save',
      {
        year: 2021,
        indicatorCode: 'SALES_AMOUNT',
        subjectType: 'ORG',
        cells: [
          { subjectId: 'A01', period: '2021-03', value: 1000 },
          { subjectId: 'A01', period: '2021-Q2', value: 3000 },
        ],
      },
      admin,
    );
    expect(save.body.success).toBe(true);
    // Last year (March 2020) 华东 shipped nothing and 华南 180: all to 华南.
    const byShare = await context.client.post<{ children: Array<{ subjectId: string; value: number }> }>(
      '/eStoneKpi/target/split',
      {
        orgCode: 'A01',
        period: '2021-03',
        indicatorCode: 'SALES_AMOUNT',
        childType: 'ORG',
        method: 'LAST_YEAR',
      },
      admin,
    );
    expect(byShare.body.result.children).toEqual([
      { subjectId: 'A01A01', name: '华东大区', value: 0 },
      { subjectId: 'A01A02', name: '华南大区', value: 1000 },
    ]);
    const even = await context.client.post<{ children: Array<{ subjectId: string; value: number }> }>(
      '/eStoneKpi/target/split',
      { orgCode: 'A01', period: '2021-03', indicatorCode: 'SALES_AMOUNT', childType: 'ORG', method: 'EVEN' },
      admin,
    );
    expect(even.body.result.children.map((child) => child.value)).toEqual([500, 500]);
    const grid = await context.client.get<KpiTargetGrid>(
      '/eStoneKpi/target/grid?year=2021&indicatorCode=SALES_AMOUNT&subjectType=ORG',
      admin,
    );
    const row = (code: string) => grid.body.result.rows.find((each) => each.subjectId === code)!;
    expect(row('A01A01').months['2021-03']).toBe(500);
    expect(row('A01A01').status).toBe('DRAFT');
    expect(row('A01').months['2021-Q2']).toBe(3000);
    // A rate cannot be split as an amount.
    const rate = await context.client.post(
      '/eStoneKpi/target/split',
      { orgCode: 'A01', period: '2021-03', indicatorCode: 'COVERAGE_RATE', childType: 'ORG', method: 'EVEN' },
      admin,
    );
    expect(rate.body.code).toBe(400);
  });

  it('publishes, locks at the period start and changes a locked target only through 审批中心', async () => {
    const admin = await context.tokenOf('admin');
    const grid = { year: 2027, indicatorCode: 'SALES_AMOUNT', subjectType: 'ORG' };
    await context.client.post(
      '/eStoneKpi/target/save',
      {
        ...grid,
        cells: [
          { subjectId: 'A01A02A01', period: '2027-01', value: 300 },
          { subjectId: 'A01A02A01', period: '2027-02', value: 400 },
        ],
      },
      admin,
    );
    const published = await context.client.post<{ published: number }>(
      '/eStoneKpi/target/publish',
      grid,
      admin,
    );
    expect(published.body.result.published).toBe(2);
    // A published target of a future period may still be edited.
    const edit = await context.client.post(
      '/eStoneKpi/target/save',
      { ...grid, cells: [{ subjectId: 'A01A02A01', period: '2027-02', value: 450 }] },
      admin,
    );
    expect(edit.body.success).toBe(true);
    // (The demo's published months of this year lock too.)
    expect(await lockStartedTargets(db, new Date('2027-01-01T00:00:00+08:00'))).toBeGreaterThanOrEqual(1);
    const statuses = await db
      .selectFrom('kpi_targets')
      .select(['period', 'status'])
      .where('tenant_id', '=', 'A01')
      .where('subject_id', '=', 'A01A02A01')
      .where('period', 'in', ['2027-01', '2027-02'])
      .orderBy('period')
      .execute();
    expect(statuses).toEqual([
      { period: '2027-01', status: 'LOCKED' },
      { period: '2027-02', status: 'PUBLISHED' },
    ]);
    const refused = await context.client.post(
      '/eStoneKpi/target/save',
      { ...grid, cells: [{ subjectId: 'A01A02A01', period: '2027-01', value: 999 }] },
      admin,
    );
    expect(refused.body.code).toBe(409);
    expect(refused.body.message).toContain('申请变更');
    const change = await context.client.post<{ changeNo: string }>(
      '/eStoneKpi/target/change',
      {
        subjectType: 'ORG',
        subjectId: 'A01A02A01',
        period: '2027-01',
        indicatorCode: 'SALES_AMOUNT',
        newValue: 350,
        reason: '新增连锁客户',
      },
      admin,
    );
    expect(change.body.success).toBe(true);
    // The head of 广州 approves it in 审批中心.
    const task = await db
      .selectFrom('approval_tasks')
      .innerJoin('approval_instances', 'approval_instances.id', 'approval_tasks.instance_id')
      .select(['approval_tasks.id', 'approval_tasks.approver_id'])
      .where('approval_instances.biz_no', '=', change.body.result.changeNo)
      .executeTakeFirstOrThrow();
    expect(task.approver_id).toBe(demoUserId('zhangwei'));
    const approved = await context.client.post(
      '/approval/approve',
      { taskId: task.id },
      await context.tokenOf('zhangwei'),
    );
    expect(approved.body.success).toBe(true);
    const target = await db
      .selectFrom('kpi_targets')
      .select(['target_value', 'status'])
      .where('tenant_id', '=', 'A01')
      .where('subject_id', '=', 'A01A02A01')
      .where('period', '=', '2027-01')
      .executeTakeFirstOrThrow();
    expect([Number(target.target_value), target.status]).toEqual([350, 'LOCKED']);
  });

  it('snapshots March 2020 and drills the achievement report from the company to a rep, coloured by progress', async () => {
    const admin = await context.tokenOf('admin');
    await context.client.post(
      '/eStoneKpi/target/save',
      {
        year: 2020,
        indicatorCode: 'SALES_AMOUNT',
        subjectType: 'ORG',
        cells: [
          { subjectId: 'A01', period: '2020-03', value: 500 },
          { subjectId: 'A01A02A01', period: '2020-03', value: 360 },
        ],
      },
      admin,
    );
    await context.client.post(
      '/eStoneKpi/target/save',
      {
        year: 2020,
        indicatorCode: 'SALES_AMOUNT',
        subjectType: 'EMPLOYEE',
        cells: [{ subjectId: zhaolei, period: '2020-03', value: 600 }],
      },
      admin,
    );
    // On 16 March: 16 of 31 days elapsed.
    await snapshotPeriod(db, 'A01', '2020-03', new Date('2020-03-16T12:00:00+08:00'), ['SALES_AMOUNT']);
    const report = (org?: string) =>
      context.client.get<KpiAchievementReport>(
        `/eStoneKpi/achievement/report?period=2020-03&indicatorCode=SALES_AMOUNT${org ? `&orgCode=${org}` : ''}`,
        admin,
      );
    const company = (await report()).body.result;
    // Month to date on the 16th: the shipment of the 6th counts, the return of the 20th not yet.
    expect(company.total).toMatchObject({
      subjectId: 'A01',
      actualValue: 240,
      targetValue: 500,
      achievementRate: 0.48,
      gapToTarget: 260,
    });
    expect(company.total!.timeProgressRate).toBeCloseTo(16 / 31, 4);
    // 0.48 against 0.516: within 10 points → amber.
    expect(company.total!.colour).toBe('amber');
    expect(company.rows.map((row) => row.subjectId)).toEqual(expect.arrayContaining(['A01A01', 'A01A02']));
    const south = (await report('A01A02')).body.result;
    expect(south.path.map((node) => node.orgCode)).toEqual(['A01', 'A01A02']);
    const office = (await report('A01A02A01')).body.result;
    // 240 / 360 = 0.6667 ≥ 0.516 → green.
    expect(office.total).toMatchObject({
      actualValue: 240,
      targetValue: 360,
      achievementRate: 0.6667,
      colour: 'green',
    });
    const rep = office.rows.find((row) => row.subjectId === zhaolei)!;
    // 240 / 600 = 0.4, more than 10 points under → red; the only rep with a target in his office.
    expect(rep).toMatchObject({
      subjectType: 'EMPLOYEE',
      actualValue: 240,
      achievementRate: 0.4,
      colour: 'red',
      rankInParent: 1,
    });
    // The month once over: the return counts (240 − 60).
    await snapshotPeriod(db, 'A01', '2020-03', new Date('2020-04-02T12:00:00+08:00'), ['SALES_AMOUNT']);
    const closed = (await report('A01A02A01')).body.result;
    expect(closed.total).toMatchObject({
      actualValue: 180,
      achievementRate: 0.5,
      timeProgressRate: 1,
      colour: 'red',
    });
  });

  it('gives sales analysis subtotals by region and day, YoY/MoM, and the dealer month', async () => {
    const admin = await context.tokenOf('admin');
    const byRegion = await context.client.get<SalesAnalysis>(
      '/eStoneKpi/sales/analysis?startDate=2020-03-01&endDate=2020-03-31&dimension=region&grain=day',
      admin,
    );
    const analysis = byRegion.body.result;
    expect(analysis.total).toMatchObject({ amount: 740, orders: 2 });
    const south = analysis.groups.find((group) => group.key === 'A01A02')!;
    expect(south).toMatchObject({ name: '华南大区', amount: 240, orders: 1 });
    expect(south.rows).toEqual([
      expect.objectContaining({ bucket: '2020-03-05', amount: 240, yoy: null, mom: null }),
    ]);
    expect(analysis.groups.find((group) => group.key === 'A01A01')).toMatchObject({ amount: 500, orders: 1 });
    expect(analysis.total.cases).toBeCloseTo(24 / core.upc + 10 / regular.upc, 2);
    // By SKU and month: the core SKU 240, the regular 500; MoM against February (nothing) is null.
    const bySku = (
      await context.client.get<SalesAnalysis>(
        '/eStoneKpi/sales/analysis?startDate=2020-03-01&endDate=2020-03-31&dimension=sku&grain=month',
        admin,
      )
    ).body.result;
    expect(bySku.groups.map((group) => [group.key, group.amount])).toEqual([
      [regular.id, 500],
      [core.id, 240],
    ]);
    const bad = await context.client.get(
      '/eStoneKpi/sales/analysis?startDate=2020-03-31&endDate=2020-03-01&dimension=sku&grain=month',
      admin,
    );
    expect(bad.body.code).toBe(400);
    expect(await rebuildDealerMonthly(db, 'A01', '2020-03')).toBeGreaterThan(0);
    const monthly = await context.client.get<{
      groups: Array<{ orgCode: string; rows: DealerMonthlyRow[] }>;
    }>('/eStoneKpi/dealer/monthly?month=2020-03&level=3', admin);
    const row = monthly.body.result.groups
      .flatMap((group) => group.rows)
      .find((each) => each.dealerId === dealer)!;
    // The dealer sold 24 of the core SKU (240.00) to one outlet; the cancelled order does not count.
    expect(row).toMatchObject({
      sellOutAmount: 240,
      activeOutlets: 1,
      purchaseAmount: 0,
      rebateAccrued: 0,
      displayFeesPaid: 0,
    });
    expect(row.sellOutCases).toBeCloseTo(24 / core.upc, 2);

    // 返利计提 is what the month credited to the dealer's rebate account: a credit of 12.34 now adds 12.34.
    const thisMonth = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7);
    const accruedNow = async () => {
      await rebuildDealerMonthly(db, 'A01', thisMonth);
      const answer = await context.client.get<{ groups: Array<{ rows: DealerMonthlyRow[] }> }>(
        `/eStoneKpi/dealer/monthly?month=${thisMonth}&level=3`,
        admin,
      );
      return answer.body.result.groups
        .flatMap((group) => group.rows)
        .find((each) => each.dealerId === dealer)!.rebateAccrued!;
    };
    const before = await accruedNow();
    await db.transaction().execute((trx) =>
      creditFundAccount(trx, {
        tenantId: 'A01',
        customerId: dealer,
        account: 'REBATE',
        amount: '12.34',
        source: { type: 'MANUAL' },
      }),
    );
    expect(Math.round(((await accruedNow()) - before) * 100) / 100).toBe(12.34);
  });

  /** The export's first sheet as rows of cell texts (issue #15: 导出 of the reports, the screen's columns). */
  async function exported(path: string, username = 'admin'): Promise<string[][]> {
    const response = await fetch(`${context.server.baseUrl}/api${path}`, {
      headers: { 'x-access-token': await context.tokenOf(username) },
    });
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const rows: string[][] = [];
    workbook.worksheets[0].eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1).map((value) => (value == null ? '' : String(value))));
    });
    return rows;
  }

  it('exports the achievement report and the dealer month as the pages show them', async () => {
    const achievement = await exported(
      '/eStoneKpi/achievement/export?period=2020-03&indicatorCode=SALES_AMOUNT&orgCode=A01A02A01',
    );
    expect(achievement[0]).toEqual([
      '名称',
      '类型',
      '目标',
      '实际',
      '达成率',
      '时间进度',
      '差额',
      '组内排名',
      '总排名',
    ]);
    // The office's total first (the month closed: 180 of 360), then its reps.
    expect(achievement[1].slice(1, 6)).toEqual(['部门', '360', '180', '50.0%', '100.0%']);
    const zhaoleiName = (
      await db.selectFrom('users').select('realname').where('id', '=', zhaolei).executeTakeFirstOrThrow()
    ).realname;
    expect(achievement.find((row) => row[0] === zhaoleiName)?.slice(1, 5)).toEqual([
      '人员',
      '600',
      '180',
      '30.0%',
    ]);

    const monthly = await exported('/eStoneKpi/dealer/monthly/export?month=2020-03&level=3');
    expect(monthly[0]).toEqual([
      '经销商',
      '进货箱数',
      '进货金额',
      '出货箱数',
      '出货金额',
      '动销门店',
      '新开门店',
      '返利计提',
      '返利使用',
      '陈列费',
      '冰柜投放',
      '目标箱数',
      '达成率',
    ]);
    const dealerName = (
      await db.selectFrom('customers').select('name').where('id', '=', dealer).executeTakeFirstOrThrow()
    ).name;
    const line = monthly.find((row) => row[0] === dealerName)!;
    expect([line[4], line[5]]).toEqual(['240', '1']);
    expect(monthly.some((row) => row[0].endsWith(' 小计'))).toBe(true);

    // 销售分析 through the same report export: its groups, subtotals and the total.
    const sales = await exported(
      '/eStoneKpi/sales/export?startDate=2020-03-01&endDate=2020-03-31&dimension=region&grain=month',
    );
    expect(sales[0]).toEqual(['维度', '期间', '金额', '箱数', '订单数', '同比', '环比']);
    expect([sales.at(-1)![0], sales.at(-1)![2]]).toEqual(['合计', '740']);

    // Without the report's permission the export is refused like the report.
    const refused = await context.client.get(
      '/eStoneKpi/dealer/monthly/export?month=2020-03',
      await context.tokenOf('zhaolei'),
    );
    expect(refused.body.code).toBe(403);
    const badPeriod = await context.client.get(
      '/eStoneKpi/achievement/export?period=March&indicatorCode=SALES_AMOUNT',
      await context.tokenOf('admin'),
    );
    expect(badPeriod.body.code).toBe(400);
  });

  it('shows a manager only his departments and another tenant nothing', async () => {
    // 张伟 signed in to 广州 (his chosen department narrows the scope to it).
    await db.updateTable('users').set({ org_code: 'A01A02A01' }).where('username', '=', 'zhangwei').execute();
    const manager = await context.tokenOf('zhangwei');
    const sales = await context.client.get<SalesAnalysis>(
      '/eStoneKpi/sales/analysis?startDate=2020-03-01&endDate=2020-03-31&dimension=region&grain=month',
      manager,
    );
    expect(sales.body.result.groups.map((group) => group.key)).toEqual(['A01A02']);
    expect(sales.body.result.total.amount).toBe(240);
    const outside = await context.client.get(
      '/eStoneKpi/achievement/report?period=2020-03&indicatorCode=SALES_AMOUNT&orgCode=A01A01',
      manager,
    );
    expect(outside.body.code).toBe(404);
    const own = await context.client.get<KpiAchievementReport>(
      '/eStoneKpi/achievement/report?period=2020-03&indicatorCode=SALES_AMOUNT',
      manager,
    );
    expect(own.body.result.total?.subjectId).toBe('A01A02A01');
    const grid = await context.client.get<KpiTargetGrid>(
      '/eStoneKpi/target/grid?year=2020&indicatorCode=SALES_AMOUNT&subjectType=ORG',
      manager,
    );
    expect(grid.body.result.rows.map((row) => row.subjectId)).toEqual(['A01A02A01']);
    const foreign = await context.client.get<SalesAnalysis>(
      '/eStoneKpi/sales/analysis?startDate=2020-03-01&endDate=2020-03-31&dimension=region&grain=month',
      await context.tokenOf('t2admin'),
    );
    expect(foreign.body.result.total).toEqual({ amount: 0, cases: 0, orders: 0 });
    // A rep without the report's permission is refused.
    const rep = await context.client.get(
      '/eStoneKpi/sales/analysis?startDate=2020-03-01&endDate=2020-03-31&dimension=region&grain=month',
      await context.tokenOf('zhaolei'),
    );
    expect(rep.body.code).toBe(403);
    const board = await context.client.get<KpiBoard>(
      '/eStoneKpi/board?period=year&indicatorCode=SALES_AMOUNT',
      manager,
    );
    expect(board.body.success).toBe(true);
    expect(board.body.result.rankings.map((ranking) => ranking.subjectType)).toEqual([
      'EMPLOYEE',
      'DEALER',
      'REGION',
    ]);
  });
});
