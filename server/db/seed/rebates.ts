// The rebates of the demo (DOMAIN §1.9) for tenant A01: a monthly purchase-amount policy and a quarterly cases
// policy for the dealers (running), a yearly growth policy for outlets (draft) and one waiting in the 审批中心;
// a year of monthly results for the first dealers — the months before the demo order history as confirmed
// results credited to their rebate accounts, the months the history covers calculated from its orders (the
// oldest of them confirmed, the last ones waiting for 确认) — and a few dealer orders that paid part with
// their rebates (frozen while they wait for the audit, spent once audited). Deterministic.
import { sql, type Transaction } from 'kysely';
import { periodOf, type RebatePolicyInput, type RebatePolicyStatus } from '../../../common/rebates';
import { startApproval } from '../../modules/approvals/engine';
import { creditFundAccount, freezeForOrder, spendForOrder } from '../../modules/funds/ledger';
import { centsText, toCents } from '../../modules/orders/money';
import { writeRebateCalculation } from '../../modules/rebates/calculation';
import { nextDocumentNo } from '../../modules/shared/documentNumbers';
import { stableId } from '../ids';
import type { DB } from '../schema';
import { seededRandom } from './businessData';
import { demoUserId } from './ids';
import type { SeedStep } from './index';

const TENANT = 'A01';
const DEALERS = 5;

const shanghaiDay = (time: number) => new Date(time + 8 * 3_600_000).toISOString().slice(0, 10);

/** The month key `back` months before the month of `day`. */
function monthBefore(day: string, back: number): string {
  const index = Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1 - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

interface DemoPolicy {
  key: string;
  status: RebatePolicyStatus;
  input: RebatePolicyInput;
}

function demoPolicies(today: string): DemoPolicy[] {
  const year = Number(today.slice(0, 4));
  return [
    {
      key: 'dealer-monthly',
      status: 'ACTIVE',
      input: {
        name: '经销商月度进货额返利',
        targetType: 'DEALER',
        basis: 'AMOUNT',
        periodType: 'MONTH',
        startDate: `${year - 1}-01-01`,
        endDate: `${year + 1}-12-31`,
        graceDays: 5,
        customerScope: {},
        skuIds: [],
        tiers: [
          {
            tierNo: 1,
            label: '铜牌',
            minValue: 0,
            maxValue: 50000,
            benefitType: 'PERCENT',
            benefitValue: 0.5,
          },
          {
            tierNo: 2,
            label: '银牌',
            minValue: 50000,
            maxValue: 150000,
            benefitType: 'PERCENT',
            benefitValue: 1,
          },
          {
            tierNo: 3,
            label: '金牌',
            minValue: 150000,
            maxValue: null,
            benefitType: 'PERCENT',
            benefitValue: 1.5,
          },
        ],
        capAmount: 5000,
        maxDeductRatio: 0.1,
        remark: '月度进货额（扣除退货）达档返利，入返利账户，订货时可抵扣货款的 10%。',
      },
    },
    {
      key: 'dealer-quarterly',
      status: 'ACTIVE',
      input: {
        name: '经销商季度箱数奖励',
        targetType: 'DEALER',
        basis: 'CASES',
        periodType: 'QUARTER',
        startDate: `${year}-01-01`,
        endDate: `${year}-12-31`,
        graceDays: 10,
        customerScope: {},
        skuIds: [],
        tiers: [
          {
            tierNo: 1,
            label: '达标',
            minValue: 500,
            maxValue: 2000,
            benefitType: 'FIXED',
            benefitValue: 800,
          },
          {
            tierNo: 2,
            label: '优秀',
            minValue: 2000,
            maxValue: null,
            benefitType: 'FIXED',
            benefitValue: 3000,
          },
        ],
        capAmount: null,
        maxDeductRatio: 0.05,
        remark: null,
      },
    },
    {
      key: 'outlet-growth',
      status: 'DRAFT',
      input: {
        name: '门店年度同比增长返利',
        targetType: 'OUTLET',
        basis: 'GROWTH',
        periodType: 'YEAR',
        startDate: `${year}-01-01`,
        endDate: `${year}-12-31`,
        graceDays: 15,
        customerScope: { channels: ['MT'] },
        skuIds: [],
        tiers: [
          {
            tierNo: 1,
            label: '增长10%',
            minValue: 10,
            maxValue: 30,
            benefitType: 'PERCENT',
            benefitValue: 1,
          },
          {
            tierNo: 2,
            label: '增长30%',
            minValue: 30,
            maxValue: null,
            benefitType: 'PERCENT',
            benefitValue: 2,
          },
        ],
        capAmount: 2000,
        maxDeductRatio: 0.05,
        remark: null,
      },
    },
    {
      key: 'new-product',
      status: 'PENDING_APPROVAL',
      input: {
        name: '新品铺货季度返利',
        targetType: 'DEALER',
        basis: 'AMOUNT',
        periodType: 'QUARTER',
        startDate: `${year}-07-01`,
        endDate: `${year + 1}-06-30`,
        graceDays: 7,
        customerScope: {},
        skuIds: [],
        tiers: [
          {
            tierNo: 1,
            label: '达标',
            minValue: 20000,
            maxValue: null,
            benefitType: 'PERCENT',
            benefitValue: 2,
          },
        ],
        capAmount: 10000,
        maxDeductRatio: 0.1,
        remark: '新品进货额满 2 万元返 2%。',
      },
    },
  ];
}

export const demoRebatePolicyId = (key: string) => stableId('rebatePolicy', TENANT, key);

export const seedRebates: SeedStep = async (trx: Transaction<DB>) => {
  const admin = demoUserId('admin');
  const user = await trx
    .selectFrom('users')
    .select('org_code')
    .where('id', '=', admin)
    .executeTakeFirstOrThrow();
  const today = shanghaiDay(Date.now());
  for (const policy of demoPolicies(today)) {
    const id = demoRebatePolicyId(policy.key);
    const policyNo = await nextDocumentNo(trx, TENANT, 'FL');
    const input = policy.input;
    await trx
      .insertInto('rebate_policies')
      .values({
        id,
        tenant_id: TENANT,
        policy_no: policyNo,
        name: input.name,
        target_type: input.targetType,
        basis: input.basis,
        period_type: input.periodType,
        start_date: input.startDate,
        end_date: input.endDate,
        grace_days: input.graceDays,
        customer_scope: JSON.stringify(input.customerScope),
        sku_ids: JSON.stringify(input.skuIds),
        tiers: JSON.stringify(input.tiers),
        cap_amount: input.capAmount,
        max_deduct_ratio: input.maxDeductRatio,
        remark: input.remark ?? null,
        status: policy.status,
        org_code: user.org_code ?? '',
        created_by: admin,
        updated_by: admin,
      })
      .execute();
    if (policy.status === 'PENDING_APPROVAL')
      await startApproval(trx, {
        tenantId: TENANT,
        initiatorId: admin,
        bizType: 'REBATE_POLICY',
        bizId: id,
        bizNo: policyNo,
        title: `返利政策：${input.name}`,
        summary: { fields: [{ label: '政策名称', value: input.name }] },
        amount: input.capAmount,
      });
  }

  const monthly = demoRebatePolicyId('dealer-monthly');
  const dealers = await trx
    .selectFrom('customers')
    .select(['id', 'name', 'org_code'])
    .where('tenant_id', '=', TENANT)
    .where('customer_type', '=', 'DEALER')
    .orderBy('customer_code')
    .limit(DEALERS)
    .execute();
  const firstOrder = await trx
    .selectFrom('sales_orders')
    .select(sql<Date>`min(ordered_at)`.as('at'))
    .where('tenant_id', '=', TENANT)
    .executeTakeFirst();
  const historyStart = firstOrder?.at
    ? periodOf('MONTH', shanghaiDay(new Date(firstOrder.at).getTime()))
    : today;
  const random = seededRandom(2026_09);
  const caller = { tenantId: TENANT, userId: admin };

  // The months before the order history: results as they were confirmed then, credited.
  for (let back = 12; back >= 1; back -= 1) {
    const period = monthBefore(today, back);
    if (period >= historyStart) continue;
    for (const dealer of dealers) {
      const net = 30000 + Math.floor(random.next() * 170000);
      const returns = Math.floor(random.next() * 3000);
      const [tierNo, label, rate] =
        net >= 150000 ? [3, '金牌', 1.5] : net >= 50000 ? [2, '银牌', 1] : [1, '铜牌', 0.5];
      const rebate = Math.min((toCents(net) * rate) / 100, 500000);
      const id = stableId('rebateCalc', TENANT, monthly, dealer.id, period);
      const calcNo = await nextDocumentNo(trx, TENANT, 'RB');
      await trx
        .insertInto('rebate_calculations')
        .values({
          id,
          tenant_id: TENANT,
          calc_no: calcNo,
          policy_id: monthly,
          customer_id: dealer.id,
          org_code: dealer.org_code,
          period,
          gross_amount: net + returns,
          returns_amount: returns,
          net_amount: net,
          gross_cases: ((net + returns) / 60).toFixed(2),
          returns_cases: (returns / 60).toFixed(2),
          net_cases: (net / 60).toFixed(2),
          basis_value: net,
          tier_no: tierNo,
          tier_label: label,
          rebate_amount: centsText(Math.round(rebate)),
          final_amount: centsText(Math.round(rebate)),
          source_docs: '[]',
          status: 'CONFIRMED',
          confirmed_at: new Date(),
          confirmed_by: admin,
          created_by: admin,
        })
        .execute();
      await creditFundAccount(trx, {
        tenantId: TENANT,
        customerId: dealer.id,
        account: 'REBATE',
        amount: centsText(Math.round(rebate)),
        source: { type: 'REBATE_CALC', id, no: calcNo },
        remark: `经销商月度进货额返利 ${period} 返利入账`,
        operatorId: admin,
      });
    }
  }

  // The months of the order history, calculated from the orders; the oldest confirmed.
  const recent: string[] = [];
  for (let back = 12; back >= 0; back -= 1) {
    const period = monthBefore(today, back);
    if (period >= historyStart) recent.push(period);
  }
  for (const period of recent) await writeRebateCalculation(trx, caller, { policyId: monthly, period });
  const oldest = await trx
    .selectFrom('rebate_calculations')
    .select(['id', 'calc_no', 'customer_id', 'final_amount', 'period'])
    .where('policy_id', '=', monthly)
    .where('period', '=', recent[0] ?? '')
    .where('status', '=', 'PENDING_CONFIRM')
    .execute();
  for (const row of oldest) {
    await trx
      .updateTable('rebate_calculations')
      .set({ status: 'CONFIRMED', confirmed_at: new Date(), confirmed_by: admin })
      .where('id', '=', row.id)
      .execute();
    if (toCents(row.final_amount) > 0)
      await creditFundAccount(trx, {
        tenantId: TENANT,
        customerId: row.customer_id,
        account: 'REBATE',
        amount: row.final_amount,
        source: { type: 'REBATE_CALC', id: row.id, no: row.calc_no },
        remark: `经销商月度进货额返利 ${row.period} 返利入账`,
        operatorId: admin,
      });
  }

  // Dealer orders that paid part with rebates: unpaid ones, waiting for the audit (frozen) or audited (spent).
  for (const [index, dealer] of dealers.entries()) {
    const orders = await trx
      .selectFrom('sales_orders')
      .select(['id', 'tenant_id', 'order_no', 'buyer_id', 'status', 'goods_amount', 'promo_discount_amount'])
      .where('tenant_id', '=', TENANT)
      .where('buyer_id', '=', dealer.id)
      .where('paid_amount', '=', '0')
      .where('status', 'in', index % 2 === 0 ? ['PENDING_AUDIT'] : ['PENDING_SHIPMENT', 'SHIPPED'])
      .orderBy('ordered_at', 'desc')
      .limit(1)
      .execute();
    const account = await trx
      .selectFrom('fund_accounts')
      .select(['balance', 'frozen'])
      .where('customer_id', '=', dealer.id)
      .where('account_type', '=', 'REBATE')
      .executeTakeFirst();
    for (const order of orders) {
      const available = account ? toCents(account.balance) - toCents(account.frozen) : 0;
      const cap = Math.floor((toCents(order.goods_amount) - toCents(order.promo_discount_amount)) * 0.1);
      const deduct = Math.min(available, cap);
      if (deduct <= 0) continue;
      await trx
        .updateTable('sales_orders')
        .set({
          rebate_deduct_amount: centsText(deduct),
          payable_amount: sql`payable_amount - ${centsText(deduct)}::numeric`,
        })
        .where('id', '=', order.id)
        .execute();
      await freezeForOrder(trx, order, 'REBATE', deduct, admin);
      if (order.status !== 'PENDING_AUDIT') await spendForOrder(trx, order, admin);
    }
  }
};
