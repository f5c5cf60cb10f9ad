// The payments contract (issue #22 Money, DOMAIN §1.5 paymentStatus): online WeChat Pay transactions, every
// payment (online or recorded by hand) and every refund, and the WeChat configuration of a tenant. Shared
// by the server and the SPA.

import type { MiniMessageEvent } from './wxplatform';

const labels = <T extends string>(entries: Record<T, string>) => entries;

/** What an online payment pays for; each kind has its handler (server/modules/payments/service.ts). */
export const PAY_BIZ_TYPE = labels({ ORDER: '订单', EMPLOYEE_ORDER: '内购订单' });
export type PayBizType = keyof typeof PAY_BIZ_TYPE;

/** A WeChat Pay transaction of ours (the platform's trade_state, reduced). */
export const PAY_TRANSACTION_STATUS = labels({
  NOTPAY: '待支付',
  SUCCESS: '支付成功',
  CLOSED: '已关闭',
  PAYERROR: '支付失败',
});
export type PayTransactionStatus = keyof typeof PAY_TRANSACTION_STATUS;

export const TRADE_TYPE = labels({ JSAPI: '小程序/公众号支付', H5: 'H5支付' });
export type PayTradeType = keyof typeof TRADE_TYPE;

/** Where a payment came from: the WeChat Pay notify, or a cashier's 登记收款. */
export const PAYMENT_SOURCE = labels({ ONLINE: '在线支付', MANUAL: '线下登记' });
export type PaymentSource = keyof typeof PAYMENT_SOURCE;

/**
 * A refund: PENDING (written, not yet sent) → PROCESSING (accepted by WeChat Pay) → SUCCESS / ABNORMAL /
 * CLOSED by the refund notify or a query; ABNORMAL (the payer's card refused it) → PROCESSING again by
 * 异常退款处理; an offline refund is recorded SUCCESS at once.
 */
export const REFUND_STATUS = labels({
  PENDING: '待提交',
  PROCESSING: '退款中',
  SUCCESS: '退款成功',
  ABNORMAL: '退款异常',
  CLOSED: '退款关闭',
});
export type RefundStatus = keyof typeof REFUND_STATUS;

/** 异常退款处理: where an ABNORMAL refund (the payer's card refused it) is paid instead. */
export const ABNORMAL_REFUND_ROUTE = labels({
  USER_BANK_CARD: '退至用户其他银行卡',
  MERCHANT_BANK_CARD: '退至商户银行账户（线下退还用户）',
});
export type AbnormalRefundRoute = keyof typeof ABNORMAL_REFUND_ROUTE;

/** The debit cards an abnormal refund may go to: WeChat Pay's bank_type codes of the main banks. */
export const REFUND_BANK_TYPE = labels({
  ICBC_DEBIT: '工商银行',
  ABC_DEBIT: '农业银行',
  BOC_DEBIT: '中国银行',
  CCB_DEBIT: '建设银行',
  COMM_DEBIT: '交通银行',
  PSBC_DEBIT: '邮储银行',
  CMB_DEBIT: '招商银行',
  CITIC_DEBIT: '中信银行',
  CEB_DEBIT: '光大银行',
  CIB_DEBIT: '兴业银行',
  CMBC_DEBIT: '民生银行',
  SPDB_DEBIT: '浦发银行',
  GDB_DEBIT: '广发银行',
  PAB_DEBIT: '平安银行',
  HXB_DEBIT: '华夏银行',
});
export type RefundBankType = keyof typeof REFUND_BANK_TYPE;

/** A bank card number as the platform takes it: 12 to 19 digits. */
export const BANK_ACCOUNT_PATTERN = '^\\d{12,19}$';

export interface AbnormalRefundInput {
  /** The refund's id. */
  id: string;
  type: AbnormalRefundRoute;
  /** USER_BANK_CARD: the card's bank, the card number, the card holder. */
  bankType?: RefundBankType;
  bankAccount?: string;
  realName?: string;
}

export const REFUND_ROUTE = labels({ ONLINE: '原路退回', OFFLINE: '线下退款' });
export type RefundRoute = keyof typeof REFUND_ROUTE;

/** Why a refund was made. */
export const REFUND_CAUSE = labels({
  ORDER_CLOSED: '订单取消/作废',
  RETURN: '退货退款',
  OVERPAID: '重复支付',
  MANUAL: '手工退款',
});
export type RefundCause = keyof typeof REFUND_CAUSE;

/** The WeChat accounts of a tenant (/wxconfig). */
export const WX_ACCOUNT_KIND = labels({
  OFFICIAL_ACCOUNT: '公众号',
  MINI_MALL: '商城小程序',
  MINI_EMPLOYEE: '内购小程序',
  PAY_MERCHANT: '微信支付商户',
});
export type WxAccountKind = keyof typeof WX_ACCOUNT_KIND;

/** SIMULATOR: the local simulator under /sim/wechatpay (not in production); LIVE: WeChat itself. */
export const WX_MODE = labels({ SIMULATOR: '模拟器', LIVE: '正式环境' });
export type WxMode = keyof typeof WX_MODE;

/** /wxconfig/save: secrets blank (or absent) keep the stored ones. */
export interface WxAccountInput {
  kind: WxAccountKind;
  name: string;
  mode: WxMode;
  appId?: string | null;
  appSecret?: string | null;
  mchId?: string | null;
  serialNo?: string | null;
  apiV3Key?: string | null;
  privateKey?: string | null;
  platformSerial?: string | null;
  platformCert?: string | null;
  remark?: string | null;
  /** A mini-program's subscription message template id of each order event (blank: none is sent). */
  messageTemplates?: Partial<Record<MiniMessageEvent, string | null>> | null;
  /** Its templates' keywords, `keyword=value,…` (DEFAULT_MESSAGE_FIELDS when blank). */
  messageFields?: string | null;
}
