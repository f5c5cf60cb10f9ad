// 陈列兑付 (DOMAIN §1.8 DisplayPayment) and 兑付批次: the monthly job computes, for each living agreement and month
// of its term, the payment of that month — the monthly fee less the deduction of the month's latest reviewed
// inspection (PASS 0, PARTIAL the ratio, FAIL / NOT_FOUND / OUTLET_CLOSED all of it); a month without a reviewed
// inspection stays 待核算, a suspended agreement's payment is held. It runs again as often as wanted: a paid
// payment never changes. The payout batch of a month lists what is payable, exports it to finance through the
// list export (下载中心 when large) and marks it paid; the crediting of the payout is one call, creditPayout.
// A COINS payout is the outlet's (dealers have no coins): its payee is the agreement's outlet.
import { sql, type Kysely, type Selectable } from 'kysely';
import { codesOf } from '../../../common/businessEnums';
import {
  DISPLAY_FEE_TYPE,
  DISPLAY_PAYMENT_STATUS,
  DISPLAY_TYPE,
  INSPECTION_RESULT,
  type DisplayFeeType,
  type DisplayPaymentStatus,
  type InspectionResult,
} from '../../../common/displays';
import { shanghaiDateTime } from '../../db/dates';
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

/** What one month of an agreement pays, from its latest reviewed inspection of the month (if any). */
export function paymentOf(
  monthlyFee: number,
  inspection: { deductionRatio: number } | null,
  suspended: boolean,
): { base: number; deduction: number; payable: number; status: DisplayPaymentStatus } {
  const base = cents(monthlyFee);
  if (!inspection) return { base, deduction: 0, payable: base, status: 'PENDING_CALC' };
  const deduction = cents(base * inspection.deductionRatio);
  const payable = cents(base - deduction);
  const status = payable === 0 ? 'DEDUCTED' : suspended ? 'HELD' : 'PENDING_PAY';
  return { base, deduction, payable, status };
}

/**
 * Computes (or recomputes) the payments of `period` for the agreements of a tenant (all tenants: null) that run
 * in that month and are ACTIVE, SUSPENDED or EXPIRED; paid payments stay as they are. Returns how many of each
 * state it wrote.
 */
export async function computeDisplayPayments(db: Kysely<DB>, tenantId: string | null, period: string) {
  const agreements = await db
    .selectFrom('display_agreements as a')
    .select([
      'a.id',
      'a.tenant_id',
      'a.monthly_fee',
      'a.fee_type',
      'a.status',
      'a.customer_id',
      'a.dealer_id',
      (eb) =>
        eb
          .selectFrom('display_inspections as i')
          .select(sql<string>`i.id || ':' || i.deduction_ratio::text`.as('latest'))
          .whereRef('i.agreement_id', '=', 'a.id')
          .where('i.period', '=', period)
          .where('i.review_status', 'in', ['CONFIRMED', 'OVERTURNED'])
          .orderBy('i.inspected_at', 'desc')
          .orderBy('i.created_at', 'desc')
          .limit(1)
          .as('latest'),
    ])
    .$if(tenantId !== null, (query) => query.where('a.tenant_id', '=', tenantId as string))
    .where('a.status', 'in', ['ACTIVE', 'SUSPENDED', 'EXPIRED'])
    .where(sql<boolean>`to_char(a.start_date, 'YYYY-MM') <= ${period}`)
    .where(sql<boolean>`to_char(a.end_date, 'YYYY-MM') >= ${period}`)
    .execute();
  const written: Partial<Record<DisplayPaymentStatus, number>> = {};
  for (const agreement of agreements) {
    const [inspectionId, ratio] = agreement.latest ? agreement.latest.split(':') : [null, null];
    const amounts = paymentOf(
      Number(agreement.monthly_fee),
      inspectionId ? { deductionRatio: Number(ratio) } : null,
      agreement.status === 'SUSPENDED',
    );
    const values = {
      inspection_id: inspectionId,
      base_amount: amounts.base,
      deduction_amount: amounts.deduction,
      payable_amount: amounts.payable,
      method: agreement.fee_type,
      payee_customer_id:
        agreement.fee_type === 'COINS'
          ? agreement.customer_id
          : (agreement.dealer_id ?? agreement.customer_id),
      status: amounts.status,
      updated_at: new Date(),
    };
    const saved = await db
      .insertInto('display_payments')
      .values({ ...values, id: newId(), tenant_id: agreement.tenant_id, agreement_id: agreement.id, period })
      .onConflict((conflict) =>
        conflict
          .columns(['agreement_id', 'period'])
          .doUpdateSet(values)
          .where('display_payments.status', '!=', 'PAID'),
      )
      .returning('status')
      .executeTakeFirst();
    if (saved) written[saved.status] = (written[saved.status] ?? 0) + 1;
  }
  return { period, agreements: agreements.length, written };
}

/**
 * The monthly job (DOMAIN §1.8), run by the job runner every hour for every tenant: last month's payments (again,
 * until they are paid: reviews come in late), this month's so far, then the agreements' clock (activation on the
 * start date, expiry after the end date — after its final payment is computed).
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
 * as earned coins do); CASH is paid by finance outside the system.
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

export async function listPayments(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const list = parseListQuery(query, paymentSpec);
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  const base = paymentBase(db, caller, scope, list.extras.keyword).where(list.where);
  return pagedList(base, list, async (page) =>
    (
      await page
        .select([
          'pay.id',
          'pay.period',
          'pay.agreement_id as agreementId',
          'a.agreement_no as agreementNo',
          'a.display_type as displayType',
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
        .execute()
    ).map((row) => ({
      ...row,
      displayType_dictText: DISPLAY_TYPE[row.displayType],
      inspectionResult_dictText: row.inspectionResult
        ? INSPECTION_RESULT[row.inspectionResult as InspectionResult]
        : '未复核',
      method_dictText: DISPLAY_FEE_TYPE[row.method],
      status_dictText: DISPLAY_PAYMENT_STATUS[row.status],
    })),
  );
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
      .select('a.agreement_no as agreementNo')
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
      const links = await creditPayout(trx, payment, payment.agreementNo, actor.userId);
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
  { header: '所属期', value: (row) => row.period },
  { header: '协议编号', width: 20, value: (row) => row.agreementNo },
  { header: '门店', width: 24, value: (row) => row.customerName },
  { header: '陈列形式', value: (row) => row.displayType_dictText },
  { header: '收款方', width: 24, value: (row) => row.payeeName },
  { header: '收款方编码', width: 16, value: (row) => row.payeeCode },
  { header: '检核结果', value: (row) => row.inspectionResult_dictText },
  { header: '月费用', value: (row) => Number(row.baseAmount) },
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
