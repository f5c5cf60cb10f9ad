// 陈列兑付 (DOMAIN §1.8 DisplayPayment) and 兑付批次: the monthly job computes, for each living agreement, the
// payout of its 兑付周期 (按月 each month, 按季 each calendar quarter, 到期一次 the whole term — settlementsOf) as one
// DisplayPayment filed under the payout's last month: each month it pays for is the monthly fee less the deduction
// of the month's latest reviewed inspection (PASS 0, PARTIAL the ratio, FAIL / NOT_FOUND / OUTLET_CLOSED all of it);
// while a month lacks a reviewed inspection the payout stays 待核算, a suspended agreement's is held. It runs again
// as often as wanted: a paid payment never changes, an unchanged one is not written. The payout batch of a month lists what is payable, exports it to finance through the
// list export (下载中心 when large) and marks it paid; the crediting of the payout is one call, creditPayout.
// A COINS payout is the outlet's (dealers have no coins): its payee is the agreement's outlet.
import { sql, type Kysely, type Selectable } from 'kysely';
import { codesOf } from '../../../common/businessEnums';
import {
  DISPLAY_FEE_TYPE,
  DISPLAY_PAYMENT_STATUS,
  DISPLAY_TYPE,
  INSPECTION_RESULT,
  PAYMENT_CYCLE,
  coverageText,
  settlementOf,
  type DisplayFeeType,
  type Settlement,
  type DisplayPaymentStatus,
  type InspectionResult,
  type PaymentCycle,
} from '../../../common/displays';
import { isoDate, shanghaiDateTime } from '../../db/dates';
import { newId } from '../../db/ids';
import type { DB, DisplayPaymentsTable } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { pagedList, parseListQuery, type ListSpec, type RawQuery } from '../../http/listQuery';
import { logOperation, type Actor, type Caller } from '../shared/actor';
import { dataScopeOf, type DataScope } from '../shared/dataScope';
import { coinsOfAmount } from '../../../common/execution';
import { creditFundAccount, postCoins } from '../funds/ledger';
import { expiryOfEarned, scalar } from '../execution/coins';
import { nextDocumentNo } from '../shared/documentNumbers';
import type { FundAccountType } from '../../../common/rebates';
import { defineListExport, type ExportColumn } from '../shared/excel';
import { agreementsListed, runAgreementClock, shanghaiToday } from './agreements';

const cents = (value: number) => Math.round(value * 100) / 100;

/** The month before `period` (`YYYY-MM`). */
export function previousPeriod(period: string): string {
  const [year, month] = period.split('-').map(Number);
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/** What one payout pays: each of its months the monthly fee less the deduction of its latest reviewed inspection. */
export function paymentOf(
  monthlyFee: number,
  months: ReadonlyArray<{ deductionRatio: number } | null>,
  suspended: boolean,
): { base: number; deduction: number; payable: number; status: DisplayPaymentStatus } {
  const fee = cents(monthlyFee);
  const base = cents(fee * months.length);
  const deduction = cents(months.reduce((sum, month) => sum + cents(fee * (month?.deductionRatio ?? 0)), 0));
  const payable = cents(base - deduction);
  if (months.some((month) => month === null)) return { base, deduction, payable, status: 'PENDING_CALC' };
  const status = payable === 0 ? 'DEDUCTED' : suspended ? 'HELD' : 'PENDING_PAY';
  return { base, deduction, payable, status };
}

export interface ReviewedInspection {
  id: string;
  result: InspectionResult;
  deductionRatio: number;
}

/**
 * The latest reviewed (维持 or 改判) inspection of each month of the agreements `agreementIds`, by
 * `agreementId:period`: what a month's payment is priced by.
 */
export async function reviewedInspections(
  db: Kysely<DB>,
  agreementIds: readonly string[],
): Promise<Map<string, ReviewedInspection>> {
  if (agreementIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('display_inspections')
    .select(['id', 'agreement_id', 'period', 'result', 'deduction_ratio'])
    .distinctOn(['agreement_id', 'period'])
    .where('agreement_id', 'in', agreementIds)
    .where('review_status', 'in', ['CONFIRMED', 'OVERTURNED'])
    .orderBy('agreement_id')
    .orderBy('period')
    .orderBy('inspected_at', 'desc')
    .orderBy('created_at', 'desc')
    .execute();
  return new Map(
    rows.map((row) => [
      `${row.agreement_id}:${row.period}`,
      { id: row.id, result: row.result, deductionRatio: Number(row.deduction_ratio) },
    ]),
  );
}

/** The last day an agreement `a`'s payouts run to (paidUntil): its end date, or the day it was terminated. */
const paidUntilOf = sql<string>`to_char(least(a.end_date, coalesce(a.terminated_on, a.end_date)), 'YYYY-MM-DD')`;

/**
 * Computes (or recomputes) the payout that pays for the month `period` of each agreement of a tenant (all tenants:
 * null) running in that month and ACTIVE, SUSPENDED or EXPIRED — by its 兑付周期 that month's own payment, its
 * quarter's or its whole term's, filed under the payout's last month (settlementOf). Paid payments, and ones the
 * run would not change, stay as they are: running it again writes nothing. Returns how many of each state it wrote.
 * With `agreementId`, that agreement only, terminated ones too (up to the day: terminateAgreement settles it so).
 */
export async function computeDisplayPayments(
  db: Kysely<DB>,
  tenantId: string | null,
  period: string,
  agreementId?: string,
) {
  const agreements = await db
    .selectFrom('display_agreements as a')
    .select([
      'a.id',
      'a.tenant_id',
      'a.monthly_fee',
      'a.fee_type',
      'a.payment_cycle',
      'a.status',
      'a.customer_id',
      'a.dealer_id',
      isoDate('a.start_date').as('start_date'),
      paidUntilOf.as('paid_until'),
    ])
    .$if(tenantId !== null, (query) => query.where('a.tenant_id', '=', tenantId as string))
    .$if(agreementId !== undefined, (query) => query.where('a.id', '=', agreementId as string))
    .where('a.status', 'in', [
      'ACTIVE',
      'SUSPENDED',
      'EXPIRED',
      ...(agreementId ? ['TERMINATED' as const] : []),
    ])
    .where(sql<boolean>`to_char(a.start_date, 'YYYY-MM') <= ${period}`)
    .where(sql<boolean>`left(${paidUntilOf}, 7) >= ${period}`)
    .execute();
  const reviewed = await reviewedInspections(
    db,
    agreements.map((agreement) => agreement.id),
  );
  const written: Partial<Record<DisplayPaymentStatus, number>> = {};
  for (const agreement of agreements) {
    const settlement = settlementOf(
      agreement.payment_cycle,
      agreement.start_date,
      agreement.paid_until,
      period,
    ) as Settlement;
    const months = settlement.periods.map((month) => reviewed.get(`${agreement.id}:${month}`) ?? null);
    const amounts = paymentOf(Number(agreement.monthly_fee), months, agreement.status === 'SUSPENDED');
    const values = {
      // A payout of one month links its inspection; one of several months has one per month (see listPayments).
      inspection_id: months.length === 1 ? (months[0]?.id ?? null) : null,
      base_amount: amounts.base,
      deduction_amount: amounts.deduction,
      payable_amount: amounts.payable,
      method: agreement.fee_type,
      payee_customer_id:
        agreement.fee_type === 'COINS'
          ? agreement.customer_id
          : (agreement.dealer_id ?? agreement.customer_id),
      status: amounts.status,
    };
    const saved = await db
      .insertInto('display_payments')
      .values({
        ...values,
        id: newId(),
        tenant_id: agreement.tenant_id,
        agreement_id: agreement.id,
        period: settlement.period,
      })
      .onConflict((conflict) =>
        conflict
          .columns(['agreement_id', 'period'])
          .doUpdateSet({ ...values, updated_at: new Date() })
          .where('display_payments.status', '!=', 'PAID')
          .where(
            sql<boolean>`(display_payments.inspection_id, display_payments.base_amount, display_payments.deduction_amount,
              display_payments.payable_amount, display_payments.method, display_payments.payee_customer_id,
              display_payments.status) is distinct from (excluded.inspection_id, excluded.base_amount,
              excluded.deduction_amount, excluded.payable_amount, excluded.method, excluded.payee_customer_id,
              excluded.status)`,
          ),
      )
      .returning('status')
      .executeTakeFirst();
    if (saved) written[saved.status] = (written[saved.status] ?? 0) + 1;
  }
  return { period, agreements: agreements.length, written };
}

/**
 * The monthly job (DOMAIN §1.8), run by the job runner every hour for every tenant: the payouts paying for last
 * month (again, until they are paid: reviews come in late) and for this month so far, then the agreements' clock
 * (activation on the start date, expiry after the end date — after its final payout is computed).
 */
export async function runDisplayMonth(db: Kysely<DB>, now = new Date()) {
  const period = shanghaiToday(now).slice(0, 7);
  const last = await computeDisplayPayments(db, null, previousPeriod(period));
  const current = await computeDisplayPayments(db, null, period);
  const clock = await runAgreementClock(db, null, shanghaiToday(now));
  return { lastMonth: last.agreements, thisMonth: current.agreements, ...clock };
}

// ---- The payout batch ----

type PaymentRow = Selectable<DisplayPaymentsTable>;

/** The fund account a payout method credits (DOMAIN §1.9's accounts): 订单抵扣 the display-fee account, 货补 goods. */
const PAYOUT_ACCOUNT: Partial<Record<DisplayFeeType, FundAccountType>> = {
  ORDER_DEDUCT: 'DISPLAY_FEE',
  GOODS: 'GOODS_COMPENSATION',
};

/**
 * The one place a payout is credited to the payee: ORDER_DEDUCT and GOODS to the payee's fund account (its ledger
 * entry is linked to the payment); COINS to the outlet's coin account at the coins' value (EARN_DISPLAY, expiring
 * as earned coins do); CASH is paid by finance outside the system. `period` names the months paid for (its remark).
 */
export async function creditPayout(
  trx: Kysely<DB>,
  payment: Pick<
    PaymentRow,
    'id' | 'tenant_id' | 'method' | 'payable_amount' | 'payee_customer_id' | 'period'
  >,
  agreementNo: string,
  operatorId: string,
): Promise<{ linkedOrderId?: string; linkedCoinEntryId?: string; linkedRebateEntryId?: string }> {
  if (!(Number(payment.payable_amount) > 0)) return {};
  if (payment.method === 'COINS') {
    const coins = coinsOfAmount(payment.payable_amount);
    const { entryId } = await postCoins(trx, {
      tenantId: payment.tenant_id,
      customerId: payment.payee_customer_id,
      coins,
      entryType: 'EARN_DISPLAY',
      source: { type: 'DISPLAY_FEE', id: payment.id, no: agreementNo },
      remark: `陈列奖励 ${payment.period}（陈列费 ¥${payment.payable_amount}，${coins} 金币）`,
      operatorId,
      expireAt: await scalar(trx, expiryOfEarned),
    });
    return { linkedCoinEntryId: entryId };
  }
  const account = PAYOUT_ACCOUNT[payment.method];
  if (!account) return {};
  const { entryId } = await creditFundAccount(trx, {
    tenantId: payment.tenant_id,
    customerId: payment.payee_customer_id,
    account,
    amount: payment.payable_amount,
    source: { type: 'DISPLAY_FEE', id: payment.id, no: agreementNo },
    remark: `陈列费 ${payment.period}`,
    operatorId,
  });
  return { linkedRebateEntryId: entryId };
}

const paymentSpec: ListSpec = {
  filters: {
    period: { column: 'pay.period', kind: 'text' },
    status: { column: 'pay.status', kind: 'enum', values: codesOf(DISPLAY_PAYMENT_STATUS) },
    method: { column: 'pay.method', kind: 'enum', values: codesOf(DISPLAY_FEE_TYPE) },
    agreementId: { column: 'pay.agreement_id', kind: 'text' },
    batchNo: { column: 'pay.batch_no', kind: 'text' },
  },
  sorts: { period: 'pay.period', payableAmount: 'pay.payable_amount' },
  defaultSort: [
    ['pay.period', 'desc'],
    ['a.agreement_no', 'asc'],
    ['pay.id', 'asc'],
  ],
  extras: ['keyword'],
};

function paymentBase(db: Kysely<DB>, caller: Caller, scope: DataScope, keyword?: string) {
  return db
    .selectFrom('display_payments as pay')
    .innerJoin('display_agreements as a', 'a.id', 'pay.agreement_id')
    .innerJoin('customers as outlet', 'outlet.id', 'a.customer_id')
    .innerJoin('customers as payee', 'payee.id', 'pay.payee_customer_id')
    .leftJoin('display_inspections as i', 'i.id', 'pay.inspection_id')
    .where('pay.tenant_id', '=', caller.tenantId)
    .where(agreementsListed(scope, keyword));
}

/**
 * The months a payment of an agreement pays for (by the agreement's 兑付周期 over its term up to paidUntil; a payment
 * is filed under the last).
 */
function monthsPaid(payment: {
  period: string;
  paymentCycle: PaymentCycle;
  startDate: string;
  endDate: string;
}) {
  return (
    settlementOf(payment.paymentCycle, payment.startDate, payment.endDate, payment.period)?.periods ?? [
      payment.period,
    ]
  );
}

const agreementTerm = [
  'a.payment_cycle as paymentCycle',
  isoDate('a.start_date').as('startDate'),
  paidUntilOf.as('endDate'),
] as const;

export async function listPayments(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const list = parseListQuery(query, paymentSpec);
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  const base = paymentBase(db, caller, scope, list.extras.keyword).where(list.where);
  return pagedList(base, list, async (page) => {
    const rows = await page
      .select([
        'pay.id',
        'pay.period',
        'pay.agreement_id as agreementId',
        'a.agreement_no as agreementNo',
        'a.display_type as displayType',
        ...agreementTerm,
        'outlet.name as customerName',
        'payee.name as payeeName',
        'payee.customer_code as payeeCode',
        'i.result as inspectionResult',
        'i.inspection_no as inspectionNo',
        'pay.base_amount as baseAmount',
        'pay.deduction_amount as deductionAmount',
        'pay.payable_amount as payableAmount',
        'pay.method',
        'pay.status',
        'pay.batch_no as batchNo',
        'pay.voucher_no as voucherNo',
        shanghaiDateTime<string | null>('pay.paid_at').as('paidAt'),
      ])
      .execute();
    const periodsOf = new Map(rows.map((row) => [row.id, monthsPaid(row)]));
    // A payout of several months shows each month's reviewed result.
    const reviewed = await reviewedInspections(db, [
      ...new Set(rows.filter((row) => periodsOf.get(row.id)!.length > 1).map((row) => row.agreementId)),
    ]);
    return rows.map((row) => {
      const periods = periodsOf.get(row.id)!;
      const results = periods.map((month) => reviewed.get(`${row.agreementId}:${month}`)?.result);
      return {
        ...row,
        periods,
        coverage: coverageText(periods),
        paymentCycle_dictText: PAYMENT_CYCLE[row.paymentCycle],
        displayType_dictText: DISPLAY_TYPE[row.displayType],
        inspectionResult_dictText:
          periods.length > 1
            ? results.map((result) => (result ? INSPECTION_RESULT[result] : '未复核')).join(' / ')
            : row.inspectionResult
              ? INSPECTION_RESULT[row.inspectionResult as InspectionResult]
              : '未复核',
        method_dictText: DISPLAY_FEE_TYPE[row.method],
        status_dictText: DISPLAY_PAYMENT_STATUS[row.status],
      };
    });
  });
}

export type PaymentRecord = Awaited<ReturnType<typeof listPayments>>['records'][number];

/** The batch of a month at a glance: count and amount of each state. */
export async function payoutSummary(db: Kysely<DB>, caller: Caller, period: string) {
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  const rows = await paymentBase(db, caller, scope)
    .select([
      'pay.status',
      sql<number>`count(*)::integer`.as('count'),
      sql<string>`sum(pay.base_amount)::text`.as('baseAmount'),
      sql<string>`sum(pay.deduction_amount)::text`.as('deductionAmount'),
      sql<string>`sum(pay.payable_amount)::text`.as('payableAmount'),
    ])
    .where('pay.period', '=', period)
    .groupBy('pay.status')
    .execute();
  return {
    period,
    states: rows.map((row) => ({ ...row, status_dictText: DISPLAY_PAYMENT_STATUS[row.status] })),
  };
}

/**
 * 标记已兑付: the payable payments of the month (all of the caller's scope, or the chosen ones) become PAID under
 * one batch number with finance's voucher; each is credited through creditPayout. Returns the batch.
 */
export async function markPaid(
  db: Kysely<DB>,
  actor: Actor,
  input: { period: string; ids?: string[]; voucherNo: string },
) {
  return db.transaction().execute(async (trx) => {
    const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
    const payable = await paymentBase(trx, actor, scope)
      .selectAll('pay')
      .select(['a.agreement_no as agreementNo', ...agreementTerm])
      .where('pay.period', '=', input.period)
      .where('pay.status', '=', 'PENDING_PAY')
      .$if(input.ids !== undefined, (q) => q.where('pay.id', 'in', input.ids as string[]))
      .execute();
    if (input.ids !== undefined && payable.length !== new Set(input.ids).size)
      throw new BusinessError(409, '所选兑付中有不是待兑付的记录，请刷新后重试');
    if (payable.length === 0) throw new BusinessError(409, `${input.period} 没有待兑付的记录`);
    const batchNo = await nextDocumentNo(trx, actor.tenantId, 'DB');
    let total = 0;
    for (const payment of payable) {
      const links = await creditPayout(
        trx,
        { ...payment, period: coverageText(monthsPaid(payment)) },
        payment.agreementNo,
        actor.userId,
      );
      const paid = await trx
        .updateTable('display_payments')
        .set({
          status: 'PAID',
          batch_no: batchNo,
          voucher_no: input.voucherNo.trim(),
          paid_at: new Date(),
          paid_by: actor.userId,
          linked_order_id: links.linkedOrderId ?? null,
          linked_coin_entry_id: links.linkedCoinEntryId ?? null,
          linked_rebate_entry_id: links.linkedRebateEntryId ?? null,
          updated_by: actor.userId,
          updated_at: new Date(),
        })
        .where('id', '=', payment.id)
        .where('status', '=', 'PENDING_PAY')
        .returning('id')
        .executeTakeFirst();
      if (!paid) throw new BusinessError(409, '兑付记录已被他人处理，请刷新后重试');
      total += Number(payment.payable_amount);
    }
    await logOperation(
      trx,
      actor,
      'update',
      `陈列兑付批次 ${batchNo}（${input.period}）：${payable.length} 笔，${total.toFixed(2)} 元，凭证 ${input.voucherNo.trim()}`,
    );
    return { batchNo, count: payable.length, amount: total.toFixed(2) };
  });
}

export const PAYMENT_EXPORT_COLUMNS: ExportColumn<PaymentRecord>[] = [
  { header: '所属期', width: 18, value: (row) => row.coverage },
  { header: '兑付周期', value: (row) => row.paymentCycle_dictText },
  { header: '协议编号', width: 20, value: (row) => row.agreementNo },
  { header: '门店', width: 24, value: (row) => row.customerName },
  { header: '陈列形式', value: (row) => row.displayType_dictText },
  { header: '收款方', width: 24, value: (row) => row.payeeName },
  { header: '收款方编码', width: 16, value: (row) => row.payeeCode },
  { header: '检核结果', width: 24, value: (row) => row.inspectionResult_dictText },
  { header: '费用', value: (row) => Number(row.baseAmount) },
  { header: '扣减金额', value: (row) => Number(row.deductionAmount) },
  { header: '应兑付金额', value: (row) => Number(row.payableAmount) },
  { header: '兑付方式', value: (row) => row.method_dictText },
  { header: '状态', value: (row) => row.status_dictText },
  { header: '批次号', width: 18, value: (row) => row.batchNo },
  { header: '凭证号', width: 18, value: (row) => row.voucherNo },
];

export const PAYMENT_EXPORT = defineListExport(
  'displayPayments',
  '陈列兑付明细',
  PAYMENT_EXPORT_COLUMNS,
  listPayments,
);
