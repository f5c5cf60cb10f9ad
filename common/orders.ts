// The orders contract (DOMAIN §1.5), shared by the server and the SPA: the enums with their Chinese labels,
// the order state machine (the SPA enables its buttons with it, the server refuses with the same table),
// and the request/response shapes of the order, return, exchange and payment endpoints.
//
// Routes (all POST bodies JSON; reads take query parameters; answers in the API.md envelope):
//   /eOrder/eOrder
//     GET  list                 OrderListQuery → Page<OrderListRecord> (total capped, ORDER_COUNT_CAP) order:list
//     GET  statusCounts         OrderListQuery (status ignored) → OrderStatusCounts  order:list
//     GET  queryById?id=        → OrderDetail                                      order:list
//     POST add                  OrderAddInput → { id, orderNo, payableAmount }     order:add
//     POST cancelOrder          OrderCancelInput → { status }  (for the buyer)     order:add
//     POST resubmitOrder        OrderResubmitInput → { id, orderNo, payableAmount } (修改重提)  order:add
//     GET  getOpenApprovalData?id=&warehouseId=  → OrderApprovalData              order:audit
//     POST auditOrder           OrderAuditInput → OrderBatchResult                 order:audit
//     POST saveOrderDeliver     OrderDeliverInput → { shipmentNo, status }         order:deliver
//     GET  deliverPlan?id=&warehouseId=  → OrderDeliverPlan (FEFO proposal)        order:deliver
//     POST saveOrderSign        OrderSignInput → { status }                        order:sign
//     POST orderInvalid         OrderInvalidInput → { status }                     order:invalid
//     POST orderPrint           { id } → OrderPrintData (delivery note)           order:print
//     POST orderExePrint        { id } → OrderPrintData (picking/execution sheet) order:print
//     GET  backOrder            ReturnListQuery → Page<ReturnListRecord>           order:list
//     GET  backOrderById?id=    → ReturnDetail                                     order:list
//     GET  shelfGoods?checkId=  → ShelfGoodsLine (临期预警's 退货/换货 of shelf goods) order:return
//     POST backOrder/add        ReturnAddInput → { id, returnNo }                  order:return
//     POST backOrder/audit      ReturnAuditInput → { status }                      order:return
//     POST backOrder/receive    ReturnReceiveInput → { status }                    order:return
//     POST backOrder/cancel     { id } → { status }                                order:return
//     GET  swapOrder            SwapListQuery → Page<SwapListRecord>               order:list
//     GET  getSwapOrderById?id= → SwapDetail                                       order:list
//     POST swapOrder/add        SwapAddInput → { id, exchangeNo }                  order:return
//     POST swapOrder/audit      ReturnAuditInput → { status }                      order:return
//     POST swapOrder/execute    SwapExecuteInput → { status }                      order:return
//     POST swapOrder/cancel     { id } → { status }                                order:return
//   /payment
//     GET  list?orderId=        → PaymentRecord[]                                  payment:list
//     POST add                  PaymentAddInput → { paymentNo, paidAmount, paymentStatus, status } payment:add

const labels = <T extends string>(entries: Record<T, string>) => entries;

export const ORDER_STATUS = labels({
  PENDING_AUDIT: '待审核',
  PENDING_FINANCE: '待财务审核',
  PENDING_SHIPMENT: '待发货',
  PARTIALLY_SHIPPED: '部分发货',
  SHIPPED: '已发货',
  SIGNED: '已签收',
  COMPLETED: '已完成',
  REJECTED: '已驳回',
  CANCELLED: '已取消',
  INVALID: '已作废',
});
export type OrderStatus = keyof typeof ORDER_STATUS;

/** The tabs of the order list (DOMAIN §1.5 screens), in order; ALL is 全部. */
export const ORDER_STATUS_TABS: ReadonlyArray<OrderStatus | 'ALL'> = [
  'ALL',
  'PENDING_AUDIT',
  'PENDING_FINANCE',
  'PENDING_SHIPMENT',
  'PARTIALLY_SHIPPED',
  'SHIPPED',
  'SIGNED',
  'COMPLETED',
  'REJECTED',
  'INVALID',
];

export const ORDER_TYPE = labels({
  OUTLET_MALL: '门店商城订货',
  REP_PROXY: '业代代下单',
  VAN_SALES: '车销',
  DEALER_PURCHASE: '经销商进货',
  EMPLOYEE: '员工内购',
  GIFT: '赠送出库',
});
export type OrderType = keyof typeof ORDER_TYPE;

export const SOURCE_CHANNEL = labels({ MINIPROGRAM: '小程序', APP: 'APP', PC: 'PC', ERP_IMPORT: 'ERP导入' });
export type SourceChannel = keyof typeof SOURCE_CHANNEL;

export const SELLER_TYPE = labels({ BRAND: '品牌商', DEALER: '经销商' });
export type SellerType = keyof typeof SELLER_TYPE;

export const PAYMENT_METHOD = labels({
  ONLINE: '在线支付',
  COD: '货到付款',
  CREDIT: '账期',
  PREPAID: '预付款扣款',
  PAYROLL: '工资代扣',
});
export type PaymentMethod = keyof typeof PAYMENT_METHOD;

export const PAYMENT_STATUS = labels({
  UNPAID: '未支付',
  PARTIAL: '部分支付',
  PAID: '已支付',
  REFUNDING: '退款中',
  REFUNDED: '已退款',
});
export type PaymentStatus = keyof typeof PAYMENT_STATUS;

/**
 * The channels 登记收款 records a sales order's payment by: every 收款方式 but 工资代扣, which is an employee
 * order's (DOMAIN §1.16: employees pay ONLINE or by PAYROLL; outlets and dealers have no payroll), recorded
 * when the employee order is placed.
 */
export const RECEIPT_CHANNEL = labels({
  CASH: '现金',
  BANK_TRANSFER: '银行转账',
  WECHAT: '微信',
  ALIPAY: '支付宝',
  PREPAID: '预付款扣款',
  OTHER: '其他',
});
export type ReceiptChannel = keyof typeof RECEIPT_CHANNEL;

/** How one recorded payment was received (收款方式). */
export const PAYMENT_CHANNEL = labels({ ...RECEIPT_CHANNEL, PAYROLL: '工资代扣' });
export type PaymentChannel = keyof typeof PAYMENT_CHANNEL;

export const CREDIT_CHECK_RESULT = labels({ PASS: '通过', OVER_LIMIT: '超额度', OVERDUE: '有逾期' });
export type CreditCheckResult = keyof typeof CREDIT_CHECK_RESULT;

export const ORDER_ERP_SYNC_STATUS = labels({
  NOT_REQUIRED: '无需同步',
  PENDING: '待同步',
  SUCCESS: '已同步',
  FAILED: '同步失败',
});
export type OrderErpSyncStatus = keyof typeof ORDER_ERP_SYNC_STATUS;

/** The actions of the order log (OrderOperationLog.action). */
export const ORDER_LOG_ACTION = labels({
  CREATE: '创建',
  AUDIT_PASS: '审核通过',
  AUDIT_REJECT: '审核驳回',
  FINANCE_PASS: '财务审核通过',
  FINANCE_REJECT: '财务审核驳回',
  SHIP: '发货',
  SIGN: '签收',
  COMPLETE: '完成',
  INVALID: '作废',
  CANCEL: '取消',
  RESUBMIT: '修改重提',
  PRINT: '打印',
  PAYMENT: '收款',
  RETURN: '退货',
  EXCHANGE: '换货',
  SYNC_OK: 'ERP同步成功',
  SYNC_FAIL: 'ERP同步失败',
});
export type OrderLogAction = keyof typeof ORDER_LOG_ACTION;

export const SHIPMENT_STATUS = labels({
  SHIPPED: '已发货',
  SIGNED: '已签收',
  PARTIALLY_SIGNED: '部分签收',
  REFUSED: '拒收',
});
export type ShipmentStatus = keyof typeof SHIPMENT_STATUS;

export const SIGN_TYPE = labels({ OUTLET_SELF: '门店确认', DRIVER_PROXY: '司机代签', AUTO: '超时自动签收' });
export type SignType = keyof typeof SIGN_TYPE;
/** What a person may sign as: AUTO is the system's sign-off of an order left unsigned. */
export const MANUAL_SIGN_TYPES = ['OUTLET_SELF', 'DRIVER_PROXY'] as const satisfies readonly SignType[];
export type ManualSignType = (typeof MANUAL_SIGN_TYPES)[number];

export const SIGN_DIFF_REASON = labels({
  DAMAGED: '破损',
  SHORT: '少货',
  WRONG_ITEM: '错货',
  REFUSED: '拒收',
});
export type SignDiffReason = keyof typeof SIGN_DIFF_REASON;

export const RETURN_REASON = labels({
  QUALITY: '质量问题',
  NEAR_EXPIRY: '临期',
  DAMAGED: '破损',
  WRONG_ITEM: '错发',
  SLOW_MOVING: '滞销',
  OTHER: '其他',
});
export type ReturnReason = keyof typeof RETURN_REASON;

export const REFUND_METHOD = labels({
  ORIGINAL: '原路退回',
  OFFSET_AR: '冲抵欠款',
  TO_PREPAID: '转预付款',
  TO_REBATE: '转返利',
});
export type RefundMethod = keyof typeof REFUND_METHOD;

export const RETURN_STATUS = labels({
  SUBMITTED: '已提交',
  APPROVED: '已审核',
  REJECTED: '已驳回',
  RECEIVED: '已入库',
  CANCELLED: '已撤销',
});
export type ReturnStatus = keyof typeof RETURN_STATUS;

/** What the warehouse found on receipt: GOOD goes back to stock, DAMAGED is written off (报损). */
export const RETURN_CONDITION = labels({ GOOD: '可再售', DAMAGED: '报损' });
export type ReturnCondition = keyof typeof RETURN_CONDITION;

export const EXCHANGE_REASON = labels({ NEAR_EXPIRY: '临期换新', DAMAGED: '破损', FLAVOR: '口味调换' });
export type ExchangeReason = keyof typeof EXCHANGE_REASON;

export const EXCHANGE_STATUS = labels({
  SUBMITTED: '已提交',
  APPROVED: '已审核',
  REJECTED: '已驳回',
  COMPLETED: '已完成',
  CANCELLED: '已撤销',
});
export type ExchangeStatus = keyof typeof EXCHANGE_STATUS;

/** A step of a return's or an exchange's own machine. */
export interface DocumentTransition<S extends string> {
  /** The states the step may start from. */
  from: readonly S[];
  to: S;
  /** What the user did, in Chinese. */
  action: string;
}

/** 退单: 审核 (通过/驳回), then 入库; 撤销 until received. The server moves them with the same table. */
export const RETURN_TRANSITIONS: readonly DocumentTransition<ReturnStatus>[] = [
  { from: ['SUBMITTED'], to: 'APPROVED', action: '审核通过' },
  { from: ['SUBMITTED'], to: 'REJECTED', action: '驳回' },
  { from: ['APPROVED'], to: 'RECEIVED', action: '入库' },
  { from: ['SUBMITTED', 'APPROVED'], to: 'CANCELLED', action: '撤销' },
];

/** 换货单: 审核 (通过/驳回), then 执行换货; 撤销 until carried out. */
export const EXCHANGE_TRANSITIONS: readonly DocumentTransition<ExchangeStatus>[] = [
  { from: ['SUBMITTED'], to: 'APPROVED', action: '审核通过' },
  { from: ['SUBMITTED'], to: 'REJECTED', action: '驳回' },
  { from: ['APPROVED'], to: 'COMPLETED', action: '执行换货' },
  { from: ['SUBMITTED', 'APPROVED'], to: 'CANCELLED', action: '撤销' },
];

/** Whether a document in `status` may move to `to` (the SPA's buttons). */
export const documentMayMove = <S extends string>(
  transitions: readonly DocumentTransition<S>[],
  status: S,
  to: S,
) => transitions.some((each) => each.to === to && each.from.includes(status));

// ---- The state machine ----

/** What an operator does to an order; each endpoint maps to one command (audit picks by the current status). */
export type OrderCommand =
  | 'AUDIT_PASS'
  | 'AUDIT_REJECT'
  | 'FINANCE_PASS'
  | 'FINANCE_REJECT'
  | 'SHIP'
  | 'SIGN'
  | 'COMPLETE'
  | 'INVALID'
  | 'CANCEL'
  | 'RESUBMIT';

export interface OrderTransition {
  command: OrderCommand;
  from: OrderStatus;
  to: OrderStatus;
  /** What the user did, in Chinese. */
  label: string;
}

/**
 * Every allowed transition (DOMAIN §1.5). An order audited with a failed credit check goes to finance
 * review first; a shipment that leaves quantities behind makes the order PARTIALLY_SHIPPED; nothing leaves
 * SHIPPED/SIGNED/COMPLETED except through return and exchange documents.
 */
export const ORDER_TRANSITIONS: readonly OrderTransition[] = [
  { command: 'AUDIT_PASS', from: 'PENDING_AUDIT', to: 'PENDING_SHIPMENT', label: '审核通过' },
  { command: 'AUDIT_PASS', from: 'PENDING_AUDIT', to: 'PENDING_FINANCE', label: '审核通过' },
  { command: 'AUDIT_REJECT', from: 'PENDING_AUDIT', to: 'REJECTED', label: '审核驳回' },
  { command: 'FINANCE_PASS', from: 'PENDING_FINANCE', to: 'PENDING_SHIPMENT', label: '财务审核通过' },
  { command: 'FINANCE_REJECT', from: 'PENDING_FINANCE', to: 'REJECTED', label: '财务审核驳回' },
  { command: 'SHIP', from: 'PENDING_SHIPMENT', to: 'SHIPPED', label: '发货' },
  { command: 'SHIP', from: 'PENDING_SHIPMENT', to: 'PARTIALLY_SHIPPED', label: '发货' },
  { command: 'SHIP', from: 'PARTIALLY_SHIPPED', to: 'SHIPPED', label: '发货' },
  { command: 'SHIP', from: 'PARTIALLY_SHIPPED', to: 'PARTIALLY_SHIPPED', label: '发货' },
  { command: 'SIGN', from: 'SHIPPED', to: 'SIGNED', label: '签收' },
  { command: 'COMPLETE', from: 'SIGNED', to: 'COMPLETED', label: '完成' },
  { command: 'INVALID', from: 'PENDING_AUDIT', to: 'INVALID', label: '作废' },
  { command: 'INVALID', from: 'REJECTED', to: 'INVALID', label: '作废' },
  { command: 'INVALID', from: 'PENDING_FINANCE', to: 'INVALID', label: '作废' },
  { command: 'INVALID', from: 'PENDING_SHIPMENT', to: 'INVALID', label: '作废' },
  // The buyer's own steps, taken for them by whoever places orders on their behalf (业代代下单).
  { command: 'CANCEL', from: 'PENDING_AUDIT', to: 'CANCELLED', label: '取消' },
  { command: 'RESUBMIT', from: 'REJECTED', to: 'PENDING_AUDIT', label: '修改重提' },
];

/** The buttons of the order pages and the commands behind them. */
export type OrderAction =
  'audit' | 'deliver' | 'sign' | 'invalid' | 'cancel' | 'resubmit' | 'print' | 'return' | 'pay';

const ACTION_COMMANDS: Record<Exclude<OrderAction, 'print' | 'return' | 'pay'>, readonly OrderCommand[]> = {
  audit: ['AUDIT_PASS', 'AUDIT_REJECT', 'FINANCE_PASS', 'FINANCE_REJECT'],
  deliver: ['SHIP'],
  sign: ['SIGN'],
  invalid: ['INVALID'],
  cancel: ['CANCEL'],
  resubmit: ['RESUBMIT'],
};

/** Documents and money, not transitions: the statuses in which they are allowed. */
const DOCUMENT_ACTIONS: Record<'print' | 'return' | 'pay', readonly OrderStatus[]> = {
  // A delivery note is printed once the order is released to the warehouse.
  print: ['PENDING_SHIPMENT', 'PARTIALLY_SHIPPED', 'SHIPPED', 'SIGNED', 'COMPLETED'],
  // Returns and exchanges only of goods that left the warehouse.
  return: ['PARTIALLY_SHIPPED', 'SHIPPED', 'SIGNED', 'COMPLETED'],
  pay: [
    'PENDING_AUDIT',
    'PENDING_FINANCE',
    'PENDING_SHIPMENT',
    'PARTIALLY_SHIPPED',
    'SHIPPED',
    'SIGNED',
    'COMPLETED',
  ],
};

/** Whether the action is allowed on an order in this status (the server checks the same). */
export function orderActionAllowed(action: OrderAction, status: OrderStatus): boolean {
  if (action === 'print' || action === 'return' || action === 'pay') {
    return DOCUMENT_ACTIONS[action].includes(status);
  }
  return ORDER_TRANSITIONS.some(
    (transition) => transition.from === status && ACTION_COMMANDS[action].includes(transition.command),
  );
}

/** The statuses an action may start from, e.g. for the batch-audit selection. */
export function statusesAllowing(action: OrderAction): OrderStatus[] {
  return (Object.keys(ORDER_STATUS) as OrderStatus[]).filter((status) => orderActionAllowed(action, status));
}

// ---- Shapes ----

/** Money on the wire: decimal text with two places, e.g. "1288.00". */
export type Money = string;
/** 'YYYY-MM-DD HH:mm:ss' in Asia/Shanghai. */
export type DateTimeText = string;

/** The list's query (API.md paging; text filters take the `*x*` contains form). */
export interface OrderListQuery {
  pageNo?: number;
  pageSize?: number;
  /** Whitelisted: orderedAt (default, desc), orderNo, payableAmount, totalBaseQty, status, printCount. */
  column?: string;
  order?: 'asc' | 'desc';
  orderNo?: string;
  /** Order number, customer name (contains) or customer code. */
  keyword?: string;
  /** The buyer's id; or customerName, e.g. `*便利店*`. */
  customerId?: string;
  customerName?: string;
  /** The selling dealer (sellerId). */
  dealerId?: string;
  salesRepId?: string;
  /** 'YYYY-MM-DD' (whole Shanghai days) or 'YYYY-MM-DD HH:mm:ss'. */
  orderedAt_begin?: string;
  orderedAt_end?: string;
  /** One status or several: 'SHIPPED,SIGNED'. */
  status?: string;
  orderType?: OrderType;
  paymentStatus?: PaymentStatus;
  paymentMethod?: PaymentMethod;
  erpSyncStatus?: OrderErpSyncStatus;
  sourceChannel?: SourceChannel;
  /** Orders with a line of this SKU. */
  skuId?: string;
  /** A department: 'A01A02' exactly, 'A01A02*' with its subtree (within the caller's scope). */
  orgCode?: string;
}

export interface OrderListRecord {
  id: string;
  orderNo: string;
  orderedAt: DateTimeText;
  orderType: OrderType;
  orderType_dictText: string;
  sourceChannel: SourceChannel;
  sourceChannel_dictText: string;
  buyerId: string;
  buyerName: string;
  buyerCode: string;
  buyerType: string;
  buyerType_dictText: string;
  sellerType: SellerType;
  sellerId: string | null;
  sellerName: string | null;
  salesRepId: string | null;
  salesRepName: string | null;
  totalBaseQty: number;
  /** "12箱3瓶"-style total is per SKU; the list shows cases as a decimal: 12.13. */
  totalCases: string;
  goodsAmount: Money;
  discountTotal: Money;
  payableAmount: Money;
  paidAmount: Money;
  paymentMethod: PaymentMethod;
  paymentMethod_dictText: string;
  paymentStatus: PaymentStatus;
  paymentStatus_dictText: string;
  status: OrderStatus;
  status_dictText: string;
  erpSyncStatus: OrderErpSyncStatus;
  erpSyncStatus_dictText: string;
  printCount: number;
  creditCheckResult: CreditCheckResult | null;
}

/**
 * Counts stop here: a list total or a tab count above it is answered as ORDER_COUNT_CAP + 1 (show "5000+"),
 * so counting never scans a whole tenant's orders.
 */
export const ORDER_COUNT_CAP = 5000;

/** Counts per status tab under the same filters (status itself ignored); ALL is the total. */
export type OrderStatusCounts = Record<OrderStatus | 'ALL', number>;

export interface ReceiverSnapshot {
  name: string | null;
  mobile: string | null;
  address: string | null;
  lng: string | null;
  lat: string | null;
}

export interface SkuSnapshot {
  skuCode: string;
  name: string;
  spec: string | null;
  barcode: string | null;
  unitsPerCase: number;
  baseUnit: string;
  saleUnit: string;
}

export interface OrderLineRecord {
  id: string;
  lineNo: number;
  skuId: string;
  sku: SkuSnapshot;
  unit: 'CASE' | 'BASE' | 'MIXED';
  baseQty: number;
  /** "12箱3瓶". */
  qtyText: string;
  priceListId: string | null;
  priceListName: string | null;
  /** Price per priceUnit. */
  priceUnit: 'CASE' | 'BASE';
  listPrice: Money;
  dealPrice: Money;
  floorPrice: Money | null;
  listAmount: Money;
  discountAmount: Money;
  amount: Money;
  isGift: boolean;
  taxRate: string;
  shippedBaseQty: number;
  signedBaseQty: number;
  returnedBaseQty: number;
  /** Shipped − returned − what open returns and exchanges claim: the most a new one may take back. */
  returnableBaseQty: number;
}

export interface ShipmentRecord {
  id: string;
  shipmentNo: string;
  warehouseId: string;
  warehouseName: string;
  shippedAt: DateTimeText;
  shippedByName: string | null;
  driverName: string | null;
  driverMobile: string | null;
  vehicleNo: string | null;
  status: ShipmentStatus;
  status_dictText: string;
  lines: Array<{
    orderLineId: string;
    skuId: string;
    skuName: string;
    lotId: string;
    batchNo: string;
    productionDate: string;
    baseQty: number;
    qtyText: string;
  }>;
}

export interface SignRecord {
  id: string;
  signType: SignType;
  signType_dictText: string;
  signedAt: DateTimeText;
  signedByName: string | null;
  diffReason: SignDiffReason | null;
  diffReason_dictText: string | null;
  remark: string | null;
  lines: Array<{ orderLineId: string; shippedBaseQty: number; signedBaseQty: number }>;
}

export interface OrderLogRecord {
  id: string;
  action: OrderLogAction;
  action_dictText: string;
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus | null;
  operatorName: string | null;
  comment: string | null;
  at: DateTimeText;
}

export interface AmountBreakdown {
  /** 原价 → 促销 → 返利 → 金币 → (优惠券, 运费) → 应付. */
  goodsAmount: Money;
  promoDiscountAmount: Money;
  rebateDeductAmount: Money;
  coinDeductAmount: Money;
  couponAmount: Money;
  freightAmount: Money;
  payableAmount: Money;
  /** The returns received against the order (退货入库): it no longer owes them. */
  returnedAmount: Money;
  paidAmount: Money;
}

export interface OrderPromotionRecord {
  promotionId: string;
  promoNo: string;
  name: string;
  /** The tier reached (a 累计返 may give two tiers in one order, a usage each). */
  tierNo: number;
  discountAmount: string;
  /** 累计返 返费用: credited to the buyer's rebate account at the audit ('0.00' for the other benefits). */
  creditAmount: string;
  giftQty: number;
  /** LOCKED 锁定 / CONFIRMED 确认 / RELEASED 释放. */
  status: string;
}

export interface OrderDetail extends OrderListRecord {
  visitId: string | null;
  requestedDeliveryDate: string | null;
  warehouseId: string | null;
  warehouseName: string | null;
  receiver: ReceiverSnapshot;
  amounts: AmountBreakdown;
  rejectReason: string | null;
  invalidReason: string | null;
  buyerRemark: string | null;
  internalRemark: string | null;
  exePrintCount: number;
  auditedAt: DateTimeText | null;
  shippedAt: DateTimeText | null;
  signedAt: DateTimeText | null;
  completedAt: DateTimeText | null;
  lines: OrderLineRecord[];
  /** The promotions the order was priced with (their usages; RELEASED once cancelled, invalid or rejected). */
  promotions: OrderPromotionRecord[];
  shipments: ShipmentRecord[];
  signs: SignRecord[];
  returns: ReturnListRecord[];
  exchanges: SwapListRecord[];
  payments: PaymentRecord[];
  logs: OrderLogRecord[];
  /** The buttons the caller may press now (state machine only; permissions are checked separately). */
  actions: OrderAction[];
}

export interface OrderLineInput {
  skuId: string;
  cases?: number;
  units?: number;
  /** Optional negotiated price in the price list's unit; below the floor it is flagged at audit. */
  dealPrice?: number;
  isGift?: boolean;
}

export interface OrderAddInput {
  orderType?: 'REP_PROXY' | 'DEALER_PURCHASE' | 'GIFT';
  buyerId: string;
  /** The dealer who sells; without it the buyer's serving dealer, or the brand for dealer purchases. */
  sellerId?: string | null;
  salesRepId?: string | null;
  paymentMethod: PaymentMethod;
  requestedDeliveryDate?: string | null;
  receiver?: Partial<Pick<ReceiverSnapshot, 'name' | 'mobile' | 'address'>>;
  freightAmount?: number;
  /** 返利抵扣 asked for, in yuan: the server checks it against the rebate account and the per-order cap. */
  rebateDeductAmount?: number;
  /** 金币抵扣 asked for, in coins: the server checks it against the outlet's available coins and the per-order cap. */
  coinDeductCoins?: number;
  buyerRemark?: string | null;
  internalRemark?: string | null;
  lines: OrderLineInput[];
}

/** 取消 for the buyer, before the audit: the reason is kept on the order and in its log. */
export interface OrderCancelInput {
  id: string;
  reason: string;
}

/**
 * 修改重提 of a rejected order: the order keeps its number, buyer and type; its lines, seller, rep, payment and
 * remarks are replaced by these, priced again as when placed, and it waits for the audit again.
 */
export interface OrderResubmitInput extends Omit<OrderAddInput, 'buyerId' | 'orderType'> {
  id: string;
}

export interface OrderAuditInput {
  /** One order or a batch; each is audited on its own. */
  ids: string[];
  pass: boolean;
  /** Required when pass is false. */
  reason?: string;
  /** Where stock is locked; default the seller's warehouse. */
  warehouseId?: string;
}

export interface OrderBatchResult {
  results: Array<{
    id: string;
    orderNo: string | null;
    success: boolean;
    message: string;
    status?: OrderStatus;
  }>;
  succeeded: number;
  failed: number;
}

export interface OrderApprovalData {
  orderId: string;
  orderNo: string;
  status: OrderStatus;
  credit: {
    paymentMethod: PaymentMethod;
    creditLimit: Money | null;
    creditDays: number | null;
    /** Unpaid amounts of the buyer's other open orders. */
    outstanding: Money;
    thisOrder: Money;
    available: Money | null;
    overdueOrders: number;
    result: CreditCheckResult;
    result_dictText: string;
  };
  warehouse: { id: string; name: string } | null;
  warehouses: Array<{ id: string; name: string }>;
  lines: Array<{
    lineId: string;
    skuId: string;
    skuName: string;
    baseQty: number;
    qtyText: string;
    availableBaseQty: number;
    availableText: string;
    enough: boolean;
  }>;
  warnings: string[];
  /** Where an audit pass would send the order. */
  nextStatus: OrderStatus;
}

export interface OrderDeliverLineInput {
  orderLineId: string;
  /** Batch picks; without them the line's quantity `baseQty` is allocated FEFO. */
  lots?: Array<{ lotId: string; baseQty: number }>;
  baseQty?: number;
}

export interface OrderDeliverInput {
  id: string;
  warehouseId?: string;
  /** Lines to ship now; omitted: everything still to ship, FEFO. */
  lines?: OrderDeliverLineInput[];
  driverName?: string | null;
  driverMobile?: string | null;
  vehicleNo?: string | null;
  remark?: string | null;
}

export interface OrderDeliverPlan {
  orderId: string;
  warehouse: { id: string; name: string } | null;
  warehouses: Array<{ id: string; name: string }>;
  lines: Array<{
    orderLineId: string;
    skuId: string;
    skuName: string;
    unitsPerCase: number;
    remainingBaseQty: number;
    remainingText: string;
    /** The lots of the SKU in the warehouse, FEFO, with the proposed picks. */
    lots: Array<{
      lotId: string;
      batchNo: string;
      productionDate: string;
      expiryDate: string;
      availableBaseQty: number;
      proposedBaseQty: number;
    }>;
  }>;
}

export interface OrderSignInput {
  id: string;
  signType?: ManualSignType;
  /** Signed quantity per line; omitted lines are signed in full. */
  lines?: Array<{ orderLineId: string; signedBaseQty: number }>;
  /** Required when some line is signed short. */
  diffReason?: SignDiffReason;
  remark?: string | null;
}

export interface OrderInvalidInput {
  id: string;
  reason: string;
}

export interface OrderPrintData {
  kind: 'DELIVERY_NOTE' | 'EXECUTION';
  title: string;
  orderNo: string;
  printCount: number;
  printedAt: DateTimeText;
  printedBy: string;
  buyer: { name: string; code: string };
  seller: string;
  receiver: ReceiverSnapshot;
  warehouse: string | null;
  orderedAt: DateTimeText;
  paymentMethod_dictText: string;
  lines: Array<{
    lineNo: number;
    skuCode: string;
    skuName: string;
    spec: string | null;
    qtyText: string;
    baseQty: number;
    price: Money;
    priceUnit: string;
    amount: Money;
    /** A gift line of a promotion (price 0). */
    isGift: boolean;
    /** Execution print: the lots picked for the line. */
    batches: Array<{ batchNo: string; productionDate: string; qtyText: string }>;
  }>;
  amounts: AmountBreakdown;
  /** The promotions the order was priced with (its usages, the released ones left out). */
  promotions: Array<
    Pick<OrderPromotionRecord, 'promoNo' | 'name' | 'tierNo' | 'discountAmount' | 'creditAmount' | 'giftQty'>
  >;
  /**
   * 累计返 返费用 the order earned: what its audit credited to the buyer's rebate account (the sum of the
   * promotions' creditAmount), and what returns of its goods have taken back of it since.
   */
  rebateCredit: { creditedAmount: Money; takenBackAmount: Money };
  remark: string | null;
}

// ---- Returns (退单) and exchanges (换货单) ----

export interface ReturnListQuery {
  pageNo?: number;
  pageSize?: number;
  column?: string;
  order?: 'asc' | 'desc';
  orderId?: string;
  returnNo?: string;
  status?: ReturnStatus;
}

export interface ReturnListRecord {
  id: string;
  returnNo: string;
  originalOrderId: string | null;
  originalOrderNo: string | null;
  customerId: string;
  customerName: string;
  reason: ReturnReason;
  reason_dictText: string;
  refundMethod: RefundMethod;
  refundMethod_dictText: string;
  amount: Money;
  /** 退回返利: the returned goods' share of the order's 返利抵扣, back to the rebate account at 入库. */
  rebateBackAmount: Money;
  /** 退回金币: the returned goods' share of the order's 金币抵扣, in coins, back to the coin account at 入库. */
  coinBackCoins: number;
  status: ReturnStatus;
  status_dictText: string;
  createdAt: DateTimeText;
}

export interface ReturnLineRecord {
  id: string;
  orderLineId: string | null;
  skuId: string;
  skuName: string;
  baseQty: number;
  qtyText: string;
  batchNo: string | null;
  unitPrice: Money;
  amount: Money;
  condition: ReturnCondition | null;
}

export interface ReturnDetail extends ReturnListRecord {
  remark: string | null;
  rejectReason: string | null;
  warehouseId: string | null;
  lines: ReturnLineRecord[];
}

export interface ReturnAddInput {
  orderId: string;
  reason: ReturnReason;
  refundMethod: RefundMethod;
  remark?: string | null;
  lines: Array<{ orderLineId: string; baseQty: number }>;
}

/**
 * 临期预警's 退货 / 换货 of goods a rep saw on an outlet's shelf (GET shelfGoods?checkId=): the order line that shipped
 * that SKU's batch (the production date seen) to the outlet, and what the dialog fills in.
 */
export interface ShelfGoodsLine {
  orderId: string;
  orderNo: string;
  status: OrderStatus;
  orderLineId: string;
  skuId: string;
  batchNo: string;
  productionDate: string;
  /** The goods seen on the shelf, at most what the line may still give back (base units). */
  baseQty: number;
  returnableBaseQty: number;
  unitsPerCase: number;
}

export interface ReturnAuditInput {
  id: string;
  pass: boolean;
  reason?: string;
}

export interface ReturnReceiveInput {
  id: string;
  warehouseId: string;
  /** Per line: what came back in which condition; omitted lines are GOOD. */
  lines?: Array<{ lineId: string; condition: ReturnCondition }>;
}

export type SwapListQuery = ReturnListQuery & { exchangeNo?: string };

export interface SwapListRecord {
  id: string;
  exchangeNo: string;
  originalOrderId: string;
  originalOrderNo: string;
  customerId: string;
  customerName: string;
  reason: ExchangeReason;
  reason_dictText: string;
  /** Issued goods' value − taken goods' value: the buyer pays it (> 0) or is owed it (< 0). */
  priceDiffAmount: Money;
  /**
   * For cheaper goods, what of the owed difference goes back to the rebate account (yuan) and the coin account
   * (coins) when the exchange is carried out, in the taken goods' deduction shares; the rest is owed in money.
   * Like-for-like exchanges give nothing back.
   */
  rebateBackAmount: Money;
  coinBackCoins: number;
  status: ExchangeStatus;
  status_dictText: string;
  createdAt: DateTimeText;
}

export interface SwapLineRecord {
  id: string;
  kind: 'RETURN' | 'ISSUE';
  skuId: string;
  skuName: string;
  baseQty: number;
  qtyText: string;
  unitPrice: Money;
  amount: Money;
}

export interface SwapDetail extends SwapListRecord {
  remark: string | null;
  rejectReason: string | null;
  warehouseId: string | null;
  returnLines: SwapLineRecord[];
  issueLines: SwapLineRecord[];
}

export interface SwapAddInput {
  orderId: string;
  reason: ExchangeReason;
  remark?: string | null;
  /** Goods taken back, from the order's lines. */
  returnLines: Array<{ orderLineId: string; baseQty: number }>;
  /** Goods handed over instead (priced from the price lists). */
  issueLines: Array<{ skuId: string; baseQty: number }>;
}

export interface SwapExecuteInput {
  id: string;
  warehouseId: string;
}

// ---- Payments ----

export interface PaymentRecord {
  id: string;
  paymentNo: string;
  orderId: string;
  amount: Money;
  channel: PaymentChannel;
  channel_dictText: string;
  paidAt: DateTimeText;
  referenceNo: string | null;
  remark: string | null;
  createdByName: string | null;
}

export interface PaymentAddInput {
  orderId: string;
  amount: number;
  channel: ReceiptChannel;
  /** 'YYYY-MM-DD HH:mm:ss'; default now. */
  paidAt?: string;
  referenceNo?: string | null;
  remark?: string | null;
}
