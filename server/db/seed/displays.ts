// The display demo (DOMAIN §1.8, issue #19): policies in every state with their budgets drawn by the signed
// agreements, agreements of 华饮's outlets in every state — running ones inspected last month and this month (some
// failing, so suspended; some still waiting for review), a few in the 审批中心 of the office heads, some paid 按季
// or 到期一次 (their 兑付计划 shows quarters and the term) — and the payouts of last month computed by the monthly
// job's own function, so every 陈列管理 screen is filled on a fresh start.
import type { Insertable, Transaction } from 'kysely';
import {
  DISPLAY_FEE_TYPE,
  DISPLAY_TYPE,
  deductionRatioOf,
  lastDayOfPeriod,
  periodsBetween,
  type AgreementStatus,
  type DisplayFeeType,
  type DisplayType,
  type InspectionResult,
  type PaymentCycle,
} from '../../../common/displays';
import { startApproval } from '../../modules/approvals/engine';
import { shanghaiToday } from '../../modules/displays/agreements';
import { computeDisplayPayments, previousPeriod } from '../../modules/displays/payments';
import { stableId } from '../ids';
import type { DB, DisplayAgreementsTable, DisplayInspectionsTable, DisplayPoliciesTable } from '../schema';
import { seededRandom } from './businessData';
import { DEMO_SEED } from './business';
import { demoUserId } from './ids';
import type { SeedStep } from './index';

const TENANT = 'A01';

interface PolicySeed {
  key: string;
  name: string;
  costType: Insertable<DisplayPoliciesTable>['cost_type'];
  orgCode: string;
  displayTypes: DisplayType[];
  budget: number;
  cap: number;
  outlets: number;
  modes: DisplayFeeType[];
  status: Insertable<DisplayPoliciesTable>['status'];
  position: string;
}

const POLICIES: PolicySeed[] = [
  {
    key: 'south',
    name: '华南冷饮货架陈列方案',
    costType: 'DISPLAY_FEE',
    orgCode: 'A01A02',
    displayTypes: ['SHELF', 'END_CAP', 'COLD_ZONE'],
    budget: 180000,
    cap: 9000,
    outlets: 40,
    modes: ['CASH', 'ORDER_DEDUCT', 'COINS'],
    status: 'ACTIVE',
    position: '黄金层（视线平齐）',
  },
  {
    key: 'east',
    name: '华东旺季堆头方案',
    costType: 'STACK_FEE',
    orgCode: 'A01A01',
    displayTypes: ['FLOOR_STACK', 'END_CAP'],
    budget: 120000,
    cap: 12000,
    outlets: 20,
    modes: ['CASH', 'GOODS'],
    status: 'ACTIVE',
    position: '入口主通道',
  },
  {
    key: 'freezer',
    name: '冰柜陈列激励方案',
    costType: 'FREEZER_FEE',
    orgCode: 'A01',
    displayTypes: ['FREEZER'],
    budget: 60000,
    cap: 2400,
    outlets: 50,
    modes: ['COINS'],
    status: 'PENDING_APPROVAL',
    position: '冰柜上两层',
  },
  {
    key: 'cashier',
    name: '收银台挂条试点方案',
    costType: 'ZONE_FEE',
    orgCode: 'A01A02A01',
    displayTypes: ['CASHIER', 'HANGING_STRIP'],
    budget: 20000,
    cap: 1200,
    outlets: 30,
    modes: ['CASH'],
    status: 'DRAFT',
    position: '收银台正面',
  },
  {
    key: 'spring',
    name: '春节端架陈列方案',
    costType: 'DISPLAY_FEE',
    orgCode: 'A01',
    displayTypes: ['END_CAP'],
    budget: 50000,
    cap: 3000,
    outlets: 20,
    modes: ['CASH'],
    status: 'CLOSED',
    position: '端架顶层',
  },
];

/** One agreement of the demo: its state and what its inspections found last month and this month. */
interface AgreementPlan {
  status: AgreementStatus;
  last?: InspectionResult;
  current?: InspectionResult;
  /** The last month's inspection is reviewed (the monthly payment takes only reviewed ones). */
  reviewed?: boolean;
  /** 兑付周期 when not 按月. */
  cycle?: PaymentCycle;
}

const PLANS: AgreementPlan[] = [
  { status: 'ACTIVE', last: 'PASS', current: 'PASS', reviewed: true },
  { status: 'ACTIVE', last: 'PASS', current: 'PASS', reviewed: true, cycle: 'QUARTERLY' },
  { status: 'ACTIVE', last: 'PARTIAL', current: 'PASS', reviewed: true },
  { status: 'ACTIVE', last: 'PASS', reviewed: true, cycle: 'AT_END' },
  { status: 'ACTIVE', last: 'FAIL', current: 'PASS', reviewed: true },
  { status: 'SUSPENDED', last: 'PASS', current: 'FAIL', reviewed: true },
  { status: 'SUSPENDED', last: 'NOT_FOUND', current: 'NOT_FOUND', reviewed: true },
  { status: 'ACTIVE', last: 'PASS', reviewed: false },
  { status: 'ACTIVE', last: 'PARTIAL', reviewed: false, cycle: 'QUARTERLY' },
  { status: 'ACTIVE' },
  { status: 'SIGNED', cycle: 'AT_END' },
  { status: 'APPROVED' },
  { status: 'PENDING_APPROVAL' },
  { status: 'PENDING_APPROVAL' },
  { status: 'DRAFT' },
  { status: 'REJECTED' },
  { status: 'TERMINATED', last: 'FAIL', reviewed: true },
];

const LOCATIONS = ['收银台左侧第二组货架', '饮料区主货架第三层', '入口右侧端架', '冷柜旁专区', '主通道地堆'];
const DAY = 86_400_000;

const addMonths = (period: string, months: number) => {
  let result = period;
  for (let index = 0; index < Math.abs(months); index += 1)
    result =
      months < 0
        ? previousPeriod(result)
        : (() => {
            const [year, month] = result.split('-').map(Number);
            return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
          })();
  return result;
};
async function seedTenantDisplays(trx: Transaction<DB>, seed: number): Promise<void> {
  const random = seededRandom(seed);
  const today = shanghaiToday();
  const thisPeriod = today.slice(0, 7);
  const lastPeriod = previousPeriod(thisPeriod);
  const admin = demoUserId('admin');

  const policyIds = new Map<string, string>();
  for (const [index, policy] of POLICIES.entries()) {
    const id = stableId('displayPolicy', TENANT, policy.key);
    policyIds.set(policy.key, id);
    const closed = policy.status === 'CLOSED';
    await trx
      .insertInto('display_policies')
      .values({
        id,
        tenant_id: TENANT,
        policy_no: `DP${thisPeriod.replace('-', '')}${String(index + 1).padStart(4, '0')}`,
        name: policy.name,
        cost_type: policy.costType,
        org_code: policy.orgCode,
        start_date: closed ? `${addMonths(thisPeriod, -10)}-01` : `${addMonths(thisPeriod, -3)}-01`,
        end_date: closed
          ? lastDayOfPeriod(addMonths(thisPeriod, -8))
          : lastDayOfPeriod(addMonths(thisPeriod, 8)),
        display_types: JSON.stringify(policy.displayTypes),
        standard: JSON.stringify({ minFacings: 6, minLayers: 2, position: policy.position }),
        total_budget: policy.budget,
        per_outlet_cap: policy.cap,
        max_outlets: policy.outlets,
        signed_amount: 0,
        partial_ratio: 0.5,
        inspection_frequency: 'MONTHLY',
        payment_modes: JSON.stringify(policy.modes),
        status: policy.status,
        remark: null,
        created_by: admin,
      })
      .execute();
  }

  const outlets = await trx
    .selectFrom('customers')
    .select(['id', 'name', 'org_code', 'owner_user_id', 'serving_dealer_id'])
    .where('tenant_id', '=', TENANT)
    .where('customer_type', '=', 'OUTLET')
    .where('status', '=', 'ACTIVE')
    .where('audit_status', '=', 'APPROVED')
    .where((eb) => eb.or([eb('org_code', 'like', 'A01A02%'), eb('org_code', 'like', 'A01A01%')]))
    .orderBy('customer_code')
    .limit(60)
    .execute();
  const south = outlets.filter((outlet) => outlet.org_code.startsWith('A01A02'));
  const east = outlets.filter((outlet) => outlet.org_code.startsWith('A01A01'));

  const agreements: Array<Insertable<DisplayAgreementsTable> & { id: string }> = [];
  // Their text is the demo's 陈列协议 template (seedAgreements), filled with each agreement's own fields.
  const { name: partyA } = await trx
    .selectFrom('tenants')
    .select('name')
    .where('tenant_id', '=', TENANT)
    .executeTakeFirstOrThrow();
  const inspections: Array<Insertable<DisplayInspectionsTable>> = [];
  const signed = new Map<string, { amount: number; outlets: number }>();
  let serial = 0;
  const plans = [
    ...PLANS.map((plan, index) => ({ plan, policy: 'south', outlet: south[index] })),
    ...PLANS.slice(0, 8).map((plan, index) => ({ plan, policy: 'east', outlet: east[index] })),
  ].filter((each) => each.outlet);
  for (const { plan, policy: policyKey, outlet } of plans) {
    serial += 1;
    const policy = POLICIES.find((each) => each.key === policyKey)!;
    const id = stableId('displayAgreement', TENANT, String(serial));
    const startPeriod = plan.status === 'SIGNED' ? addMonths(thisPeriod, 1) : addMonths(thisPeriod, -2);
    const months = plan.status === 'SIGNED' ? 6 : 6 + (serial % 3);
    const startDate = `${startPeriod}-01`;
    const endDate = lastDayOfPeriod(addMonths(startPeriod, months - 1));
    const monthlyFee = [600, 800, 1000][serial % 3] * (policyKey === 'east' ? 1.5 : 1);
    const total = monthlyFee * periodsBetween(startDate, endDate).length;
    const holds = ['ACTIVE', 'SUSPENDED', 'SIGNED', 'TERMINATED'].includes(plan.status);
    if (holds && plan.status !== 'TERMINATED') {
      const drawn = signed.get(policyKey) ?? { amount: 0, outlets: 0 };
      signed.set(policyKey, { amount: drawn.amount + total, outlets: drawn.outlets + 1 });
    }
    const employee = outlet.owner_user_id ?? admin;
    const agreementNo = `DA${thisPeriod.replace('-', '')}${String(serial).padStart(4, '0')}`;
    const displayType = policy.displayTypes[serial % policy.displayTypes.length];
    const feeType = policy.modes[serial % policy.modes.length];
    const locationDesc = LOCATIONS[serial % LOCATIONS.length];
    agreements.push({
      id,
      tenant_id: TENANT,
      agreement_no: agreementNo,
      policy_id: policyIds.get(policyKey)!,
      customer_id: outlet.id,
      dealer_id: policyKey === 'east' ? (outlet.serving_dealer_id ?? null) : null,
      employee_id: employee,
      org_code: outlet.org_code,
      start_date: startDate,
      end_date: endDate,
      display_type: displayType,
      location_desc: locationDesc,
      required_sku_ids: '[]',
      min_facings: 6,
      min_layers: 2,
      standard_photo_id: null,
      fee_type: feeType,
      monthly_fee: monthlyFee,
      total_fee: total,
      payment_cycle: plan.cycle ?? 'MONTHLY',
      template_version_id: stableId('agreement-template-version', TENANT, 'display', '1'),
      variable_values: JSON.stringify({
        agreementNo,
        partyA,
        partyB: outlet.name,
        displayType: DISPLAY_TYPE[displayType],
        locationDesc,
        startDate,
        endDate,
        minFacings: 6,
        monthlyFee,
        totalFee: total,
        feeType: DISPLAY_FEE_TYPE[feeType],
      }),
      approved_amount: holds || plan.status === 'APPROVED' ? String(total) : null,
      sign_photo_ids: '[]',
      signed_at: holds ? new Date(Date.parse(`${startDate}T10:00:00+08:00`) - 3 * DAY) : null,
      signed_by: holds ? employee : null,
      budget_consumed: holds ? total : 0,
      consecutive_fails: plan.status === 'SUSPENDED' ? (plan.last === 'NOT_FOUND' ? 2 : 1) : 0,
      status: plan.status,
      termination_reason: plan.status === 'TERMINATED' ? 'OUTLET_CLOSED' : null,
      termination_remark: plan.status === 'TERMINATED' ? '门店转让，停止陈列' : null,
      terminated_on: plan.status === 'TERMINATED' ? today : null,
      remark: null,
      created_by: employee,
    });
    for (const [period, result, reviewed] of [
      [lastPeriod, plan.last, plan.reviewed],
      [thisPeriod, plan.current, false],
    ] as const) {
      if (!result) continue;
      const day = period === thisPeriod ? Math.max(1, Number(today.slice(8, 10)) - 1) : 12 + (serial % 10);
      const inspectedAt = new Date(
        Date.parse(
          `${period}-${String(day).padStart(2, '0')}T${String(9 + (serial % 8)).padStart(2, '0')}:20:00+08:00`,
        ),
      );
      inspections.push({
        id: stableId('displayInspection', TENANT, `${serial}:${period}`),
        tenant_id: TENANT,
        inspection_no: `DI${period.replace('-', '')}${String(serial).padStart(4, '0')}`,
        agreement_id: id,
        period,
        inspector_id: employee,
        inspector_role: serial % 5 === 0 ? 'AUD' : 'SR',
        inspected_at: inspectedAt,
        distance_m: random.int(3, 80),
        photo_ids: '[]',
        facings_counted:
          result === 'PASS' ? 6 + (serial % 3) : result === 'PARTIAL' ? 4 : result === 'FAIL' ? 2 : 0,
        skus_present: result === 'PASS' ? 4 : result === 'PARTIAL' ? 3 : 1,
        result,
        deduction_ratio: deductionRatioOf(result, 0.5),
        review_status: reviewed ? 'CONFIRMED' : 'PENDING',
        reviewer_id: reviewed ? demoUserId('zhangwei') : null,
        reviewed_at: reviewed ? new Date(inspectedAt.getTime() + 2 * DAY) : null,
        remark: result === 'PASS' ? null : result === 'PARTIAL' ? '排面不足，缺两个单品' : '未按协议陈列',
        created_by: employee,
      });
    }
  }
  await trx.insertInto('display_agreements').values(agreements).execute();
  if (inspections.length > 0) await trx.insertInto('display_inspections').values(inspections).execute();
  for (const [key, drawn] of signed) {
    await trx
      .updateTable('display_policies')
      .set({ signed_amount: drawn.amount, signed_outlets: drawn.outlets })
      .where('id', '=', policyIds.get(key)!)
      .execute();
  }
  // The pending ones wait in the office heads' 审批中心, submitted as the module does.
  for (const agreement of agreements.filter((each) => each.status === 'PENDING_APPROVAL')) {
    await startApproval(trx, {
      tenantId: TENANT,
      initiatorId: agreement.employee_id,
      bizType: 'DISPLAY_AGREEMENT',
      bizId: agreement.id,
      bizNo: agreement.agreement_no,
      title: `陈列协议：${agreement.location_desc ?? ''}`,
      summary: {
        fields: [
          { label: '协议编号', value: agreement.agreement_no },
          { label: '陈列期', value: `${agreement.start_date} 至 ${agreement.end_date}` },
          { label: '月费用', value: `${agreement.monthly_fee} 元` },
          { label: '总费用', value: `${agreement.total_fee} 元` },
        ],
      },
      amount: Number(agreement.total_fee),
      orgCode: agreement.org_code,
    });
  }
  // Last month's payments as the monthly job computes them; the first ones already paid in a batch.
  await computeDisplayPayments(trx, TENANT, lastPeriod);
  const payable = await trx
    .selectFrom('display_payments')
    .select('id')
    .where('tenant_id', '=', TENANT)
    .where('period', '=', lastPeriod)
    .where('status', '=', 'PENDING_PAY')
    .orderBy('agreement_id')
    .limit(4)
    .execute();
  if (payable.length > 0)
    await trx
      .updateTable('display_payments')
      .set({
        status: 'PAID',
        batch_no: `DB${lastPeriod.replace('-', '')}0001`,
        voucher_no: `PZ-${lastPeriod}-001`,
        paid_at: new Date(),
        paid_by: admin,
      })
      .where(
        'id',
        'in',
        payable.map((row) => row.id),
      )
      .execute();
}

export const seedDisplays: SeedStep = async (trx) => {
  await seedTenantDisplays(trx, DEMO_SEED + 28);
};
