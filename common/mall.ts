// The mall and the employee-price programme (DOMAIN §1.5 B2B2b mall, §1.16 员工价小程序): buyer kinds, the
// employee order states and their allowed transitions, shared by the server, the back office and the mall.

const labels = <T extends Record<string, string>>(map: T) => map;

export const BUYER_KIND = labels({ OUTLET: '门店', EMPLOYEE: '内购员工' });
export type BuyerKind = keyof typeof BUYER_KIND;

export const EMPLOYEE_BUYER_STATUS = labels({ ACTIVE: '在职', SUSPENDED: '暂停', LEFT: '离职' });
export type EmployeeBuyerStatus = keyof typeof EMPLOYEE_BUYER_STATUS;

export const EMPLOYEE_ORDER_STATUS = labels({
  PENDING_PAYMENT: '待付款',
  PAID: '已付款',
  READY_FOR_PICKUP: '待自提',
  PICKED_UP: '已提货',
  COMPLETED: '已完成',
  CANCELLED: '已取消',
  REFUNDING: '退款中',
  REFUNDED: '已退款',
});
export type EmployeeOrderStatus = keyof typeof EMPLOYEE_ORDER_STATUS;

/** The statuses of the orders 自提核销 lists: paid and waiting at the counter, or handed over. */
export const EMPLOYEE_PICKUP_STATUSES: readonly EmployeeOrderStatus[] = [
  'PAID',
  'READY_FOR_PICKUP',
  'PICKED_UP',
  'COMPLETED',
];

export const EMPLOYEE_PAYMENT_METHOD = labels({ ONLINE: '在线支付', PAYROLL: '工资代扣' });
export type EmployeePaymentMethod = keyof typeof EMPLOYEE_PAYMENT_METHOD;

/** The statuses whose orders count against the month's quota and per-SKU limits. */
export const QUOTA_COUNTING_STATUSES: readonly EmployeeOrderStatus[] = [
  'PENDING_PAYMENT',
  'PAID',
  'READY_FOR_PICKUP',
  'PICKED_UP',
  'COMPLETED',
  'REFUNDING',
];

export type EmployeeOrderCommand =
  'PAY' | 'CANCEL' | 'EXPIRE' | 'READY' | 'PICK_UP' | 'COMPLETE' | 'REFUND' | 'REFUNDED' | 'REFUND_FAILED';

export interface EmployeeOrderTransition {
  command: EmployeeOrderCommand;
  from: EmployeeOrderStatus;
  to: EmployeeOrderStatus;
  label: string;
}

/**
 * DOMAIN §1.16: 待付款 → 已付款 (→ 已取消 after 30 min unpaid) → 待自提 → 已提货 → 已完成; 已付款 → 退款中 → 已退款.
 * A refund WeChat Pay closes or cannot pay out (退款关闭 / 退款异常) puts the order back to 已付款: the money is
 * still the merchant's, the goods still the employee's, and the back office may refund it again.
 */
export const EMPLOYEE_ORDER_TRANSITIONS: readonly EmployeeOrderTransition[] = [
  { command: 'PAY', from: 'PENDING_PAYMENT', to: 'PAID', label: '付款' },
  { command: 'CANCEL', from: 'PENDING_PAYMENT', to: 'CANCELLED', label: '取消' },
  { command: 'EXPIRE', from: 'PENDING_PAYMENT', to: 'CANCELLED', label: '超时取消' },
  { command: 'READY', from: 'PAID', to: 'READY_FOR_PICKUP', label: '备货完成' },
  { command: 'PICK_UP', from: 'READY_FOR_PICKUP', to: 'PICKED_UP', label: '自提核销' },
  { command: 'PICK_UP', from: 'PAID', to: 'PICKED_UP', label: '自提核销' },
  { command: 'COMPLETE', from: 'PICKED_UP', to: 'COMPLETED', label: '完成' },
  { command: 'REFUND', from: 'PAID', to: 'REFUNDING', label: '退款' },
  { command: 'REFUND', from: 'READY_FOR_PICKUP', to: 'REFUNDING', label: '退款' },
  { command: 'REFUNDED', from: 'REFUNDING', to: 'REFUNDED', label: '退款完成' },
  { command: 'REFUND_FAILED', from: 'REFUNDING', to: 'PAID', label: '退款失败' },
];

/** Minutes an employee order waits for its payment before it is cancelled. */
export const EMPLOYEE_ORDER_PAY_MINUTES = 30;

export function employeeTransition(
  command: EmployeeOrderCommand,
  from: EmployeeOrderStatus,
): EmployeeOrderTransition | undefined {
  return EMPLOYEE_ORDER_TRANSITIONS.find((each) => each.command === command && each.from === from);
}
