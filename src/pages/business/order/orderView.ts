// What the order screens share: tab and status colours, money, and which buttons a user sees for an
// order — the shared transition table (common/orders.ts) AND the user's codes. The server is the guard.
import { coinsOfAmount } from '../../../../common/execution';
import {
  orderActionAllowed,
  type AmountBreakdown,
  type OrderAction,
  type OrderStatus,
  type ReturnListRecord,
  type SwapListRecord,
} from '../../../../common/orders';
import { useHasPermission } from '../../../components/HasPermission';

export const STATUS_COLOR: Record<string, string> = {
  PENDING_AUDIT: 'orange',
  PENDING_FINANCE: 'gold',
  PENDING_SHIPMENT: 'blue',
  PARTIALLY_SHIPPED: 'cyan',
  SHIPPED: 'geekblue',
  SIGNED: 'green',
  COMPLETED: 'success',
  REJECTED: 'red',
  CANCELLED: 'default',
  INVALID: 'default',
};

/** The dialog actions of the order pages and the permission code of each (退货 and 换货 share one). */
export const ACTION_CODES: Record<OrderAction | 'swap', string> = {
  audit: 'order:audit',
  deliver: 'order:deliver',
  sign: 'order:sign',
  invalid: 'order:invalid',
  // The buyer's own steps, for whoever may place orders for them.
  cancel: 'order:add',
  resubmit: 'order:add',
  print: 'order:print',
  pay: 'payment:add',
  return: 'order:return',
  swap: 'order:return',
};
export type DialogAction = keyof typeof ACTION_CODES;

/** The entry of the transition table a dialog action is allowed by: an exchange is a kind of return. */
export const tableAction = (action: DialogAction): OrderAction => (action === 'swap' ? 'return' : action);

export const ACTION_LABELS: Record<DialogAction, string> = {
  audit: '审核',
  deliver: '发货',
  sign: '签收',
  invalid: '作废',
  cancel: '取消',
  resubmit: '修改重提',
  print: '打印',
  pay: '收款',
  return: '退货',
  swap: '换货',
};

/** The actions (in button order) the signed-in user may take on an order in `status`. */
export function useOrderActions(): (status: OrderStatus) => DialogAction[] {
  const may: Record<DialogAction, boolean> = {
    audit: useHasPermission(ACTION_CODES.audit),
    deliver: useHasPermission(ACTION_CODES.deliver),
    sign: useHasPermission(ACTION_CODES.sign),
    invalid: useHasPermission(ACTION_CODES.invalid),
    cancel: useHasPermission(ACTION_CODES.cancel),
    resubmit: useHasPermission(ACTION_CODES.resubmit),
    print: useHasPermission(ACTION_CODES.print),
    pay: useHasPermission(ACTION_CODES.pay),
    return: useHasPermission(ACTION_CODES.return),
    swap: useHasPermission(ACTION_CODES.swap),
  };
  return (status) =>
    (Object.keys(ACTION_CODES) as DialogAction[]).filter(
      (action) => may[action] && orderActionAllowed(tableAction(action), status),
    );
}

/** "¥1,288.00"; money comes as decimal text. */
export function money(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const amount = Number(value);
  return Number.isFinite(amount)
    ? `¥${amount.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
    : String(value);
}

/** 原价 → 促销 → 返利 → 金币 → 优惠券 → 运费 → 应付, each step with its sign. */
export function amountSteps(amounts: AmountBreakdown): { label: string; value: string }[] {
  return [
    { label: '商品原价', value: money(amounts.goodsAmount) },
    { label: '促销优惠', value: `−${money(amounts.promoDiscountAmount)}` },
    { label: '返利抵扣', value: `−${money(amounts.rebateDeductAmount)}` },
    {
      label: '金币抵扣',
      value: `−${money(amounts.coinDeductAmount)}${
        Number(amounts.coinDeductAmount) > 0 ? `（${coinsOfAmount(amounts.coinDeductAmount)} 金币）` : ''
      }`,
    },
    { label: '优惠券', value: `−${money(amounts.couponAmount)}` },
    { label: '运费', value: `+${money(amounts.freightAmount)}` },
    { label: '应付金额', value: money(amounts.payableAmount) },
    ...(Number(amounts.returnedAmount) > 0
      ? [{ label: '已退货', value: `−${money(amounts.returnedAmount)}` }]
      : []),
    { label: '已付金额', value: money(amounts.paidAmount) },
  ];
}

/** What a return refunds and gives back to the buyer's accounts: "退款 ¥22.33 · 退回返利 ¥1.67 · 退回金币 167". */
/** What a return or a cheaper exchange gives back to the rebate and coin accounts, when anything. */
const givenBackParts = (back: Pick<ReturnListRecord, 'rebateBackAmount' | 'coinBackCoins'>) => [
  ...(Number(back.rebateBackAmount) > 0 ? [`退回返利 ${money(back.rebateBackAmount)}`] : []),
  ...(back.coinBackCoins > 0 ? [`退回金币 ${back.coinBackCoins}`] : []),
];

export const returnMoneyText = (
  back: Pick<ReturnListRecord, 'amount' | 'rebateBackAmount' | 'coinBackCoins'>,
) => [`退款 ${money(back.amount)}`, ...givenBackParts(back)].join(' · ');

export const swapMoneyText = (
  swap: Pick<SwapListRecord, 'priceDiffAmount' | 'rebateBackAmount' | 'coinBackCoins'>,
) => [`差价 ${money(swap.priceDiffAmount)}`, ...givenBackParts(swap)].join(' · ');
