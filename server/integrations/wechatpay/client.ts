// The WeChat Pay API v3 client of one merchant: JSAPI and H5 prepay, order query and close, refund, refund
// query and the handling of an abnormal refund. Every request is signed with the merchant's key; every answer's signature is checked against the
// platform key before it is believed. The simulator (./simulator.ts) answers the same paths.
import type { AbnormalRefundRoute } from '../../../common/payments';
import { PartyRefusedError, PartyUnavailableError, PARTY_TIMEOUT_MS } from '../partyHttp';
import {
  authorization,
  decryptResource,
  encryptSensitive,
  headersOf,
  platformSignatureProblem,
  type EncryptedResource,
  type MerchantKey,
} from './crypto';

export const WECHAT_PAY = '微信支付';
export const WECHAT_PAY_API = 'https://api.mch.weixin.qq.com';

export type TradeType = 'JSAPI' | 'H5';
/** trade_state of a WeChat Pay order. */
export type TradeState = 'SUCCESS' | 'REFUND' | 'NOTPAY' | 'CLOSED' | 'REVOKED' | 'USERPAYING' | 'PAYERROR';
/** status of a refund. */
export type RefundState = 'SUCCESS' | 'CLOSED' | 'PROCESSING' | 'ABNORMAL';

export interface PlatformKey {
  /** The platform certificate's serial number, or the WeChat Pay public key's id (PUB_KEY_ID_…). */
  serialNo: string;
  publicPem: string;
}

/** Everything a merchant's client needs. */
export interface MerchantCredentials extends MerchantKey {
  /** The APIv3 key: 32 characters, decrypts notifies. */
  apiV3Key: string;
  platform: PlatformKey;
}

export interface PrepayRequest {
  tradeType: TradeType;
  appId: string;
  description: string;
  outTradeNo: string;
  notifyUrl: string;
  amountCents: number;
  /** JSAPI: the payer's openid under appId. */
  payerOpenId?: string;
  /** H5: the payer's IP address. */
  clientIp?: string;
  timeExpire?: Date;
  attach?: string;
}

export interface PrepayAnswer {
  prepayId?: string;
  h5Url?: string;
}

/** A transaction as the platform reports it (query answer and decrypted payment notify alike). */
export interface Transaction {
  appid?: string;
  mchid: string;
  out_trade_no: string;
  transaction_id?: string;
  trade_type?: string;
  trade_state: TradeState;
  trade_state_desc?: string;
  bank_type?: string;
  attach?: string;
  success_time?: string;
  payer?: { openid?: string };
  amount?: { total?: number; payer_total?: number; currency?: string };
}

export interface RefundRequest {
  outTradeNo: string;
  outRefundNo: string;
  reason?: string;
  notifyUrl: string;
  refundCents: number;
  totalCents: number;
}

/** A refund as the platform reports it (refund answer, query and decrypted refund notify). */
export interface Refund {
  mchid?: string;
  out_trade_no: string;
  out_refund_no: string;
  refund_id: string;
  transaction_id?: string;
  status?: RefundState;
  refund_status?: RefundState;
  success_time?: string;
  amount?: { total?: number; refund?: number; payer_refund?: number };
}

/**
 * Where an ABNORMAL refund (the payer's card closed or frozen) is paid instead (apply-abnormal-refund): the
 * payer's other bank card, or the merchant's bank account to settle with the payer offline.
 */
export interface AbnormalRefundRequest {
  outRefundNo: string;
  type: AbnormalRefundRoute;
  /** USER_BANK_CARD: the bank's code (e.g. ICBC_DEBIT), the card number and the card holder's name. */
  bankType?: string;
  bankAccount?: string;
  realName?: string;
}

export interface WechatPayApi {
  prepay(request: PrepayRequest): Promise<PrepayAnswer>;
  query(outTradeNo: string): Promise<Transaction>;
  close(outTradeNo: string): Promise<void>;
  refund(request: RefundRequest): Promise<Refund>;
  queryRefund(outRefundNo: string): Promise<Refund>;
  /** Sends an ABNORMAL refund (by the platform's refund_id) elsewhere; it goes back to PROCESSING. */
  applyAbnormalRefund(refundId: string, request: AbnormalRefundRequest): Promise<Refund>;
}

/** A notify whose signature or resource cannot be trusted. */
export class NotifyRefusedError extends Error {
  constructor(readonly reason: string) {
    super(`微信支付通知校验失败：${reason}`);
    this.name = 'NotifyRefusedError';
  }
}

export interface NotifyEnvelope {
  id: string;
  create_time?: string;
  event_type: string;
  resource_type?: string;
  summary?: string;
  resource: EncryptedResource;
}

export interface VerifiedNotify<T> {
  id: string;
  eventType: string;
  resource: T;
}

/**
 * A notify POSTed by the platform, verified: signed by the platform key we hold, recent, and its resource
 * decrypts (AES-256-GCM authenticates it) under our APIv3 key. Anything else throws a NotifyRefusedError.
 */
export function verifyNotify<T = Transaction | Refund>(
  credentials: Pick<MerchantCredentials, 'apiV3Key' | 'platform'>,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  now?: number,
): VerifiedNotify<T> {
  const problem = platformSignatureProblem(credentials.platform, headersOf(headers), rawBody, now);
  if (problem) throw new NotifyRefusedError(problem);
  let envelope: NotifyEnvelope;
  try {
    envelope = JSON.parse(rawBody) as NotifyEnvelope;
  } catch {
    throw new NotifyRefusedError('通知不是有效的 JSON');
  }
  if (!envelope?.id || !envelope.event_type || envelope.resource?.algorithm !== 'AEAD_AES_256_GCM') {
    throw new NotifyRefusedError('通知格式不符');
  }
  let plain: string;
  try {
    plain = decryptResource(credentials.apiV3Key, envelope.resource);
  } catch {
    throw new NotifyRefusedError('通知内容解密失败');
  }
  return { id: envelope.id, eventType: envelope.event_type, resource: JSON.parse(plain) as T };
}

export class HttpWechatPayClient implements WechatPayApi {
  constructor(
    private readonly baseUrl: () => string,
    private readonly credentials: MerchantCredentials,
    private readonly timeoutMs = PARTY_TIMEOUT_MS,
  ) {}

  private async call<T>(
    method: 'GET' | 'POST',
    path: string,
    json?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T | undefined> {
    const body = json === undefined ? '' : JSON.stringify(json);
    let response: Response;
    let text: string;
    try {
      response = await fetch(this.baseUrl() + path, {
        method,
        headers: {
          accept: 'application/json',
          'user-agent': 'channel-admin-wechatpay/1.0',
          authorization: authorization(this.credentials, method, path, body),
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: json === undefined ? undefined : body,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      throw new PartyUnavailableError(WECHAT_PAY, error instanceof Error ? error.message : String(error));
    }
    if (response.status >= 500) throw new PartyUnavailableError(WECHAT_PAY, `HTTP ${response.status}`);
    if (response.status >= 400) {
      let answer: { code?: string; message?: string } = {};
      try {
        answer = JSON.parse(text) as typeof answer;
      } catch {
        // not JSON: the status says enough
      }
      throw new PartyRefusedError(
        WECHAT_PAY,
        answer.code ?? `HTTP_${response.status}`,
        answer.message ?? text,
      );
    }
    const problem = platformSignatureProblem(
      this.credentials.platform,
      headersOf(Object.fromEntries(response.headers)),
      text,
    );
    if (problem) throw new PartyUnavailableError(WECHAT_PAY, `answer signature: ${problem}`);
    if (response.status === 204 || text === '') return undefined;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new PartyUnavailableError(WECHAT_PAY, 'answer is not JSON');
    }
  }

  async prepay(request: PrepayRequest): Promise<PrepayAnswer> {
    const path = request.tradeType === 'JSAPI' ? '/v3/pay/transactions/jsapi' : '/v3/pay/transactions/h5';
    const answer = await this.call<{ prepay_id?: string; h5_url?: string }>('POST', path, {
      appid: request.appId,
      mchid: this.credentials.mchId,
      description: request.description,
      out_trade_no: request.outTradeNo,
      notify_url: request.notifyUrl,
      ...(request.timeExpire
        ? { time_expire: request.timeExpire.toISOString().replace(/\.\d{3}Z$/, '+00:00') }
        : {}),
      ...(request.attach ? { attach: request.attach } : {}),
      amount: { total: request.amountCents, currency: 'CNY' },
      ...(request.tradeType === 'JSAPI'
        ? { payer: { openid: request.payerOpenId } }
        : { scene_info: { payer_client_ip: request.clientIp ?? '127.0.0.1', h5_info: { type: 'Wap' } } }),
    });
    return { prepayId: answer?.prepay_id, h5Url: answer?.h5_url };
  }

  async query(outTradeNo: string): Promise<Transaction> {
    const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${encodeURIComponent(this.credentials.mchId)}`;
    return (await this.call<Transaction>('GET', path))!;
  }

  async close(outTradeNo: string): Promise<void> {
    await this.call('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`, {
      mchid: this.credentials.mchId,
    });
  }

  async refund(request: RefundRequest): Promise<Refund> {
    return (await this.call<Refund>('POST', '/v3/refund/domestic/refunds', {
      out_trade_no: request.outTradeNo,
      out_refund_no: request.outRefundNo,
      ...(request.reason ? { reason: request.reason } : {}),
      notify_url: request.notifyUrl,
      amount: { refund: request.refundCents, total: request.totalCents, currency: 'CNY' },
    }))!;
  }

  async queryRefund(outRefundNo: string): Promise<Refund> {
    return (await this.call<Refund>(
      'GET',
      `/v3/refund/domestic/refunds/${encodeURIComponent(outRefundNo)}`,
    ))!;
  }

  async applyAbnormalRefund(refundId: string, request: AbnormalRefundRequest): Promise<Refund> {
    const toCard = request.type === 'USER_BANK_CARD';
    const { publicPem, serialNo } = this.credentials.platform;
    return (await this.call<Refund>(
      'POST',
      `/v3/refund/domestic/refunds/${encodeURIComponent(refundId)}/apply-abnormal-refund`,
      {
        out_refund_no: request.outRefundNo,
        type: request.type,
        ...(toCard
          ? {
              bank_type: request.bankType,
              bank_account: encryptSensitive(publicPem, request.bankAccount ?? ''),
              real_name: encryptSensitive(publicPem, request.realName ?? ''),
            }
          : {}),
      },
      // Encrypted fields name the platform key they were encrypted with.
      toCard ? { 'wechatpay-serial': serialNo } : {},
    ))!;
  }
}
