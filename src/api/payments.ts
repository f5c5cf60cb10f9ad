// 支付管理 (docs/payments-api.md): every payment and refund with filters and export, online transactions,
// 在线收款, 退款; and the tenant's WeChat configuration (secrets are write-only).
import type { Page } from '../../common/contract';
import type { PaymentChannel } from '../../common/orders';
import type {
  AbnormalRefundInput,
  PayBizType,
  PaymentSource,
  PayTradeType,
  PayTransactionStatus,
  RefundCause,
  RefundRoute,
  RefundStatus,
  WxAccountInput,
  WxAccountKind,
  WxMode,
} from '../../common/payments';

import type { MiniMessageEvent } from '../../common/wxplatform';

export type { WxAccountInput } from '../../common/payments';
import { downloadFile, getAction, postAction } from './http';
import type { ListParams } from './systemTypes';

export interface PaymentRecordRow {
  id: string;
  /** A sales order's payment, or an employee order's paid WeChat Pay transaction (its pay number). */
  bizType: PayBizType;
  bizType_dictText: string;
  paymentNo: string;
  /** The document's id and number (a sales order's or an employee order's). */
  orderId: string;
  orderNo: string;
  customerName: string;
  amount: string;
  refundedAmount: string;
  channel: PaymentChannel;
  channel_dictText: string;
  source: PaymentSource;
  source_dictText: string;
  paidAt: string;
  referenceNo: string | null;
  payNo: string | null;
  transactionId: string | null;
  remark: string | null;
  createdByName: string | null;
}

export interface RefundRow {
  id: string;
  refundNo: string;
  bizType: PayBizType;
  bizType_dictText: string;
  bizId: string;
  bizNo: string;
  /** The sales order's customer, or the employee of an employee order. */
  buyerName: string | null;
  paymentNo: string | null;
  returnNo: string | null;
  amount: string;
  method: RefundRoute;
  method_dictText: string;
  cause: RefundCause;
  cause_dictText: string;
  reason: string;
  status: RefundStatus;
  status_dictText: string;
  wxRefundId: string | null;
  lastError: string | null;
  createdAt: string;
  successTime: string | null;
}

export interface PayTransactionRow {
  id: string;
  payNo: string;
  bizType: PayBizType;
  bizType_dictText: string;
  bizNo: string;
  amount: string;
  refundedAmount: string;
  tradeType: PayTradeType;
  tradeType_dictText: string;
  status: PayTransactionStatus;
  status_dictText: string;
  transactionId: string | null;
  simulated: boolean;
  createdAt: string;
  successTime: string | null;
}

export interface PrepayAnswer {
  payNo: string;
  amount: string;
  h5Url: string | null;
  simulatorPayUrl: string | null;
}

export const listPaymentRecords = (params: ListParams) =>
  getAction<Page<PaymentRecordRow>>('/payment/record/list', params);
export const exportPaymentRecords = (params: ListParams) =>
  downloadFile('/payment/record/exportXls', '收款明细.xlsx', params);
export const listRefunds = (params: ListParams) => getAction<Page<RefundRow>>('/payment/refund/list', params);
export const exportRefunds = (params: ListParams) =>
  downloadFile('/payment/refund/exportXls', '退款明细.xlsx', params);
export const listPayTransactions = (params: ListParams) =>
  getAction<Page<PayTransactionRow>>('/payment/transaction/list', params);
export const exportPayTransactions = (params: ListParams) =>
  downloadFile('/payment/transaction/exportXls', '在线支付流水.xlsx', params);
export const queryPayTransaction = (payNo: string) =>
  postAction<{ payNo: string; status: PayTransactionStatus }>('/payment/query', { payNo });
export const prepayOrder = (orderId: string) => postAction<PrepayAnswer>('/payment/prepay', { orderId });
export const refundOrder = (body: { orderId: string; amount?: number | null; reason: string }) =>
  postAction<{ refunds: Array<{ refundNo: string; amount: string; status: RefundStatus }> }>(
    '/payment/refund/add',
    body,
  );

/** 异常退款处理: an ABNORMAL refund to another card of the payer or to the merchant's account. */
export const applyAbnormalRefund = (body: AbnormalRefundInput) =>
  postAction<{ refundNo: string; status: 'PROCESSING' }>('/payment/refund/applyAbnormal', body);

/** One WeChat account of the tenant as the browser sees it: secrets only as 已设置/未设置. */
export interface WxAccount {
  id: string | null;
  kind: WxAccountKind;
  kind_dictText: string;
  name: string;
  mode: WxMode;
  mode_dictText: string;
  appId: string | null;
  mchId: string | null;
  serialNo: string | null;
  platformSerial: string | null;
  platformCert: string | null;
  remark: string | null;
  /** A mini-program's subscription message template of each order event, and their keywords. */
  messageTemplates: Partial<Record<MiniMessageEvent, string>>;
  messageFields: string | null;
  appSecretSet: boolean;
  apiV3KeySet: boolean;
  privateKeySet: boolean;
  updatedAt: string | null;
}

export const listWxAccounts = () => getAction<WxAccount[]>('/wxconfig/list');
export const saveWxAccount = (body: WxAccountInput) => postAction<{ id: string }>('/wxconfig/save', body);
