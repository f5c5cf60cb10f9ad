// Display policies and agreements (DOMAIN §1.8 陈列方案 / 陈列协议 / 陈列检核 / 陈列兑付), shared by the server and
// the SPA: codes with their Chinese labels, the state machines (the SPA enables its buttons with them, the server
// refuses with the same tables) and the deduction a result costs. Routes: docs/displays-api.md.

const labels = <T extends string>(entries: Record<T, string>) => entries;

export const DISPLAY_COST_TYPE = labels({
  DISPLAY_FEE: '陈列费',
  FREEZER_FEE: '冰柜陈列费',
  STACK_FEE: '堆头费',
  ZONE_FEE: '专区费',
});
export type DisplayCostType = keyof typeof DISPLAY_COST_TYPE;

export const DISPLAY_TYPE = labels({
  SHELF: '货架',
  END_CAP: '端架',
  FLOOR_STACK: '地堆·堆头',
  FREEZER: '冰柜',
  CASHIER: '收银台',
  COLD_ZONE: '冷饮专区',
  HANGING_STRIP: '挂条',
});
export type DisplayType = keyof typeof DISPLAY_TYPE;

export const INSPECTION_FREQUENCY = labels({ MONTHLY: '每月', BIWEEKLY: '每两周', EACH_VISIT: '每次拜访' });
export type InspectionFrequency = keyof typeof INSPECTION_FREQUENCY;

/** How a display fee is paid out (the policy offers some, the agreement takes one). */
export const DISPLAY_FEE_TYPE = labels({
  CASH: '现金',
  GOODS: '货补',
  ORDER_DEDUCT: '订单抵扣',
  COINS: '金币',
});
export type DisplayFeeType = keyof typeof DISPLAY_FEE_TYPE;

export const PAYMENT_CYCLE = labels({ MONTHLY: '按月', QUARTERLY: '按季', AT_END: '到期一次' });
export type PaymentCycle = keyof typeof PAYMENT_CYCLE;

export const POLICY_STATUS = labels({
  DRAFT: '草稿',
  PENDING_APPROVAL: '待审批',
  ACTIVE: '执行中',
  CLOSED: '已关闭',
});
export type PolicyStatus = keyof typeof POLICY_STATUS;

export interface StatusTransition<S extends string> {
  from: readonly S[];
  to: S;
  action: string;
}

/** The policy's commands by name: 提交, 批准, 退回, 关闭. */
export const POLICY_TRANSITIONS = {
  submit: { from: ['DRAFT'], to: 'PENDING_APPROVAL', action: '提交' },
  approve: { from: ['PENDING_APPROVAL'], to: 'ACTIVE', action: '批准' },
  reject: { from: ['PENDING_APPROVAL'], to: 'DRAFT', action: '退回' },
  close: { from: ['ACTIVE'], to: 'CLOSED', action: '关闭' },
} as const satisfies Record<string, StatusTransition<PolicyStatus>>;
export type PolicyAction = keyof typeof POLICY_TRANSITIONS;

export const AGREEMENT_STATUS = labels({
  DRAFT: '草稿',
  PENDING_APPROVAL: '待审批',
  APPROVED: '待签署',
  REJECTED: '已驳回',
  SIGNED: '已签署',
  ACTIVE: '执行中',
  SUSPENDED: '暂停兑付',
  TERMINATED: '已终止',
  EXPIRED: '已到期',
});
export type AgreementStatus = keyof typeof AGREEMENT_STATUS;

/**
 * The states that hold an outlet's display type: a second agreement of the type there is refused while one of
 * these lives (the database's partial unique index says the same).
 */
export const HOLDING_STATUSES: readonly AgreementStatus[] = [
  'PENDING_APPROVAL',
  'APPROVED',
  'SIGNED',
  'ACTIVE',
  'SUSPENDED',
];

/** Every agreement transition (DOMAIN §1.8); 'SYS' ones are the job's and the inspections'. */
export const AGREEMENT_TRANSITIONS = {
  submit: { from: ['DRAFT', 'REJECTED'], to: 'PENDING_APPROVAL', action: '提交审批' },
  approve: { from: ['PENDING_APPROVAL'], to: 'APPROVED', action: '审批通过' },
  reject: { from: ['PENDING_APPROVAL'], to: 'REJECTED', action: '驳回' },
  withdraw: { from: ['PENDING_APPROVAL'], to: 'DRAFT', action: '撤回' },
  sign: { from: ['APPROVED'], to: 'SIGNED', action: '签署' },
  activate: { from: ['SIGNED'], to: 'ACTIVE', action: '生效' },
  suspend: { from: ['ACTIVE'], to: 'SUSPENDED', action: '暂停兑付' },
  resume: { from: ['SUSPENDED'], to: 'ACTIVE', action: '恢复兑付' },
  terminate: { from: ['ACTIVE', 'SUSPENDED'], to: 'TERMINATED', action: '终止' },
  expire: { from: ['ACTIVE', 'SUSPENDED'], to: 'EXPIRED', action: '到期' },
} as const satisfies Record<string, StatusTransition<AgreementStatus>>;
export type AgreementAction = keyof typeof AGREEMENT_TRANSITIONS;

export const canDo = <S extends string>(transition: StatusTransition<S>, status: S) =>
  transition.from.includes(status);

export const TERMINATION_REASON = labels({
  OUTLET_CLOSED: '门店关店',
  TWO_FAILS: '连续2期不达标',
  BREACH: '违约',
  OUTLET_REQUEST: '门店要求',
});
export type TerminationReason = keyof typeof TERMINATION_REASON;

export const INSPECTION_RESULT = labels({
  PASS: '达标',
  PARTIAL: '部分达标',
  FAIL: '不达标',
  NOT_FOUND: '未见陈列',
  OUTLET_CLOSED: '门店关闭',
});
export type InspectionResult = keyof typeof INSPECTION_RESULT;

/** Results that hold the agreement's payments (ACTIVE → SUSPENDED) until a PASS. */
export const FAILING_RESULTS: readonly InspectionResult[] = ['FAIL', 'NOT_FOUND'];

export const INSPECTOR_ROLE = labels({ SR: '业务员', AUD: '稽核' });
export type InspectorRole = keyof typeof INSPECTOR_ROLE;

export const REVIEW_STATUS = labels({ PENDING: '待复核', CONFIRMED: '维持', OVERTURNED: '改判' });
export type ReviewStatus = keyof typeof REVIEW_STATUS;

/** The PARTIAL deduction when a policy does not say (DOMAIN §1.8: "e.g. PARTIAL = 50%"). */
export const DEFAULT_PARTIAL_RATIO = 0.5;

/** The share of a month's fee a result deducts: PASS 0, PARTIAL the policy's ratio, anything else all of it. */
export function deductionRatioOf(result: InspectionResult, partialRatio: number): number {
  if (result === 'PASS') return 0;
  if (result === 'PARTIAL') return partialRatio;
  return 1;
}

export const DISPLAY_PAYMENT_STATUS = labels({
  PENDING_CALC: '待核算',
  PENDING_PAY: '待兑付',
  PAID: '已兑付',
  DEDUCTED: '全额扣减',
  HELD: '暂停兑付',
});
export type DisplayPaymentStatus = keyof typeof DISPLAY_PAYMENT_STATUS;

/** Attachments of an agreement (standard photo, signed paper, inspection photos) are filed under this type. */
export const DISPLAY_PHOTO_BIZ = 'DISPLAY_AGREEMENT';
/** Their kinds. */
export const DISPLAY_PHOTO_KIND = labels({
  DISPLAY_STANDARD: '标准照',
  DISPLAY_SIGNED: '签约照片',
  DISPLAY: '陈列照',
});

/** A month as `YYYY-MM`. */
export const PERIOD_PATTERN = '^\\d{4}-(0[1-9]|1[0-2])$';

/** The months from one date to another (both `YYYY-MM-DD`), as periods. */
export function periodsBetween(startDate: string, endDate: string): string[] {
  const periods: string[] = [];
  let [year, month] = startDate.slice(0, 7).split('-').map(Number);
  const last = endDate.slice(0, 7);
  for (;;) {
    const period = `${year}-${String(month).padStart(2, '0')}`;
    if (period > last) return periods;
    periods.push(period);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

/** The last day of a month (`YYYY-MM`) as `YYYY-MM-DD`. */
export function lastDayOfPeriod(period: string): string {
  const [year, month] = period.split('-').map(Number);
  return `${period}-${String(new Date(Date.UTC(year, month, 0)).getUTCDate()).padStart(2, '0')}`;
}

/**
 * One payout of an agreement by its 兑付周期: the months it pays for and when. Each month is still assessed by its
 * own inspection; the payout sums them and falls due with its last month — every month (按月), the quarter's last
 * month or the term's end (按季), the term's end (到期一次).
 */
export interface Settlement {
  /** The months it pays for, in order. */
  periods: string[];
  /** Its last month: the period its DisplayPayment is filed under, and so the 兑付批次 it is paid in. */
  period: string;
  /** 计划兑付日: the last day of that month, or the agreement's end date when earlier. */
  dueDate: string;
}

const quarterOf = (period: string) => `${period.slice(0, 4)}Q${Math.ceil(Number(period.slice(5, 7)) / 3)}`;

/** The last day an agreement's payouts run to: its end date, or the day it was terminated when earlier. */
export const paidUntil = (endDate: string, terminatedOn: string | null) =>
  terminatedOn !== null && terminatedOn < endDate ? terminatedOn : endDate;

/** The payouts of an agreement of `cycle` running from `startDate` to `endDate` (calendar quarters for 按季). */
export function settlementsOf(cycle: PaymentCycle, startDate: string, endDate: string): Settlement[] {
  const groups: string[][] = [];
  for (const period of periodsBetween(startDate, endDate)) {
    const open = groups.at(-1);
    const joins =
      open !== undefined &&
      (cycle === 'AT_END' || (cycle === 'QUARTERLY' && quarterOf(open[0]) === quarterOf(period)));
    if (joins) open.push(period);
    else groups.push([period]);
  }
  return groups.map((periods) => {
    const period = periods[periods.length - 1];
    const monthEnd = lastDayOfPeriod(period);
    return { periods, period, dueDate: monthEnd < endDate ? monthEnd : endDate };
  });
}

/** The payout of such an agreement that pays for the month `period` (none outside its term). */
export function settlementOf(
  cycle: PaymentCycle,
  startDate: string,
  endDate: string,
  period: string,
): Settlement | undefined {
  return settlementsOf(cycle, startDate, endDate).find((each) => each.periods.includes(period));
}

/** The months a payout covers, as shown: `2026-04`, or `2026-04~2026-06`. */
export const coverageText = (periods: readonly string[]) =>
  periods.length > 1 ? `${periods[0]}~${periods[periods.length - 1]}` : periods[0];
