// What the sync worker needs of an ERP, whichever it is (Kingdee K3Cloud WebAPI, Chanjet T+ OpenAPI): push a
// bill built from the business document, with the ERP codes already resolved, and test the credentials.
// Every failure is an ErpCallError with its category (DOMAIN §1.5 ErpSyncTask.errorCategory) and the calls
// made so far, secrets stripped, for 查看报文.
import type { Dispatcher } from 'undici';
import type { ErpSyncBizType, ErpSyncErrorCategory, ErpSyncOperation } from '../../db/schema';

export interface ErpBillLine {
  lineNo: number;
  materialCode: string;
  unit: string;
  qty: number;
  /** Tax-inclusive unit price. */
  price: number;
  taxRate: number;
  amount: number;
  isGift: boolean;
  batchNo?: string;
  /** Tax-inclusive unit price before discounts; when absent `price` is the only price. */
  listPrice?: number;
  /** Promotion discount of the line (order-level promotions allocated). */
  discountAmount?: number;
  /** The order's rebate deduction allocated to the line; `amount` is before it. */
  rebateAmount?: number;
  /** The order's coin deduction allocated to the line; `amount` is before it. */
  coinAmount?: number;
}

/** A bill in ERP terms: the codes are the ERP's. */
export interface ErpBill {
  bizType: ErpSyncBizType;
  formId: string;
  operation: ErpSyncOperation;
  bizNo: string;
  /** The idempotency key: the same key never makes a second bill. */
  externalCode: string;
  date: string;
  customerCode?: string;
  customerName?: string;
  warehouseCode?: string;
  salesmanCode?: string;
  departmentCode?: string;
  saleOrgCode?: string;
  billTypeCode?: string;
  memo?: string;
  /** The document this one comes from (the order of an outbound, of a receipt or a refund). */
  sourceBizNo?: string;
  /** Receipts and refunds: the ERP's 结算方式 and the amount (yuan, positive; a refund is no negative amount). */
  settleTypeCode?: string;
  amount?: number;
  lines: ErpBillLine[];
}

/** One HTTP call as 查看报文 shows it. */
export interface ErpExchange {
  call: string;
  httpStatus: number | null;
  request: unknown;
  response: unknown;
  durationMs: number;
}

export interface ErpPushResult {
  billId: string;
  billNo: string;
  exchanges: ErpExchange[];
}

export class ErpCallError extends Error {
  constructor(
    readonly category: ErpSyncErrorCategory,
    message: string,
    readonly exchanges: ErpExchange[],
    readonly detail: { httpStatus?: number | null; msgCode?: string | null; errors?: unknown } = {},
  ) {
    super(message);
    this.name = 'ErpCallError';
  }
}

/** The connection's address cannot be used here (the simulator's path in production, an inside address). */
export class ErpAddressError extends Error {}

export interface ErpClient {
  /** Signs in with the connection's credentials; an ErpCallError (AUTH, NETWORK) when it cannot. */
  testConnection(): Promise<{ message: string; exchanges: ErpExchange[] }>;
  /** Creates (SAVE…) or withdraws (DELETE, UNAUDIT) the bill; repeating the same externalCode is harmless. */
  push(bill: ErpBill): Promise<ErpPushResult>;
}

/** What a client needs of a connection; `baseUrl` is absolute. */
export interface ErpEndpoint {
  baseUrl: string;
  acctId: string;
  appId: string;
  appSecret: string;
  userName: string;
  timeoutMs: number;
  networkRetries: number;
  /** The pause before network retry n (0-based); tests shorten it. */
  retryDelayMs?: (retry: number) => number;
  /** Where the calls may connect (publicOnlyAgent in production); the global agent when absent. */
  dispatcher?: Dispatcher;
}

/** Categorises an ERP's business message (both ERPs word them alike). */
export function categoryOfMessage(message: string): ErpSyncErrorCategory {
  if (/会话|重新登录|登录失败|token|令牌|密码错误|未授权/i.test(message)) return 'AUTH';
  if (/重复|已存在|已经存在/.test(message)) return 'DUPLICATE';
  if (/禁用|冻结|停用/.test(message)) return 'MASTER_DATA';
  if (/不存在|未找到|找不到|无效的编码/.test(message)) return 'MAPPING';
  if (/单价|价格|金额/.test(message)) return 'PRICE';
  if (/库存|可用量/.test(message)) return 'STOCK';
  return 'BUSINESS';
}

/**
 * A bill line's money as both ERPs take it (docs/business-api.md 折扣与返利): the tax-inclusive list price,
 * the discount — the promotions' and the allocated rebate and coin deductions together — and what is left, the
 * receivable of the line. A line without a list price (outbound, return) is its `price` and `amount` alone.
 */
export function lineMoney(line: ErpBillLine) {
  const cents = (value: number | undefined) => Math.round((value ?? 0) * 100);
  const promo = cents(line.discountAmount);
  const rebate = cents(line.rebateAmount);
  const coin = cents(line.coinAmount);
  const net = cents(line.amount) - rebate - coin;
  const list = cents(line.amount) + promo;
  const discount = promo + rebate + coin;
  const notes = [
    promo > 0 ? `促销优惠${(promo / 100).toFixed(2)}` : null,
    rebate > 0 ? `返利抵扣${(rebate / 100).toFixed(2)}` : null,
    coin > 0 ? `金币抵扣${(coin / 100).toFixed(2)}` : null,
  ].filter(Boolean);
  return {
    listPrice: line.listPrice ?? line.price,
    /** Tax-inclusive unit price after the discounts. */
    netPrice: discount > 0 && line.qty > 0 ? Math.round(net / line.qty) / 100 : line.price,
    netAmount: net / 100,
    discount: discount / 100,
    /** Percent off the list amount (Kingdee FDiscountRate). */
    discountPercent: list > 0 ? Math.round((discount / list) * 10_000) / 100 : 0,
    note: notes.length > 0 ? notes.join('；') : undefined,
  };
}
