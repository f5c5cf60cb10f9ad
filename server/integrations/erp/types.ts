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
