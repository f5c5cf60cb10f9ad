// A local stand-in for WeChat Pay API v3 under /sim/wechatpay (outside production): it checks each request's
// merchant signature, answers signed by its platform key, keeps transactions and refunds in memory, and has
// a cashier page where a developer (or a test) pays a prepay; the payment and refund notifies it then posts
// are signed and encrypted exactly as WeChat Pay's are.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml, hiddenFields, PUBLIC, simulatorPage } from '../simulatorPages';
import type { MerchantCredentials, Refund, Transaction } from './client';
import {
  decryptSensitive,
  encryptResource,
  nonce,
  parseAuthorization,
  requestMessage,
  rsaSign,
  rsaVerify,
  signedMessage,
  unixNow,
} from './crypto';

export const WECHAT_PAY_SIMULATOR_PREFIX = '/sim/wechatpay';

interface SimulatedKeys {
  merchant: MerchantCredentials;
  platformPrivatePem: string;
  /** The merchant's public key, as the platform holds it. */
  merchantPublicPem: string;
}

let keys: SimulatedKeys | undefined;

/** The simulated merchant (mchid, keys, APIv3 key) and platform key pair, made once per process. */
export function simulatedKeys(): SimulatedKeys {
  if (keys) return keys;
  const pair = () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    return {
      publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    };
  };
  const merchant = pair();
  const platform = pair();
  keys = {
    merchant: {
      mchId: '1900000109',
      serialNo: 'SIMMERCHANT000000000000000000000000000001',
      privateKeyPem: merchant.privatePem,
      apiV3Key: 'SimulatedApiV3Key000000000000001',
      platform: { serialNo: 'PUB_KEY_ID_SIMULATED0000000000000001', publicPem: platform.publicPem },
    },
    platformPrivatePem: platform.privatePem,
    merchantPublicPem: merchant.publicPem,
  };
  return keys;
}

interface SimTransaction extends Transaction {
  prepay_id: string;
  notify_url: string;
  description: string;
  refunded: number;
}

interface SimRefund extends Refund {
  notify_url: string;
}

/** The simulator's memory, for tests that look at what it was sent. */
export const simulatedPay = {
  transactions: new Map<string, SimTransaction>(),
  refunds: new Map<string, SimRefund>(),
  byPrepay: new Map<string, string>(),
  /**
   * Payments (out_trade_no) whose payer's bank card has since been closed: the bank refuses their refunds, which
   * the simulator then reports ABNORMAL, as WeChat Pay does, until the merchant applies an abnormal refund.
   */
  closedCards: new Set<string>(),
  /** Notifies posted, with the HTTP status the merchant answered. */
  delivered: [] as { url: string; eventType: string; status: number }[],
};

/** Signs a body as the platform: the Wechatpay-* headers. */
export function platformHeaders(body: string, timestamp = unixNow()): Record<string, string> {
  const sim = simulatedKeys();
  const nonceStr = nonce();
  return {
    'wechatpay-timestamp': String(timestamp),
    'wechatpay-nonce': nonceStr,
    'wechatpay-serial': sim.merchant.platform.serialNo,
    'wechatpay-signature': rsaSign(sim.platformPrivatePem, signedMessage(timestamp, nonceStr, body)),
    'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
  };
}

/** A notify body as WeChat Pay posts it: the resource encrypted under the merchant's APIv3 key. */
export function notifyBody(
  eventType: string,
  resource: object,
  id = randomBytes(12).toString('hex'),
): string {
  const sim = simulatedKeys();
  const originalType = eventType.startsWith('REFUND') ? 'refund' : 'transaction';
  return JSON.stringify({
    id,
    create_time: new Date().toISOString(),
    resource_type: 'encrypt-resource',
    event_type: eventType,
    summary: eventType === 'TRANSACTION.SUCCESS' ? '支付成功' : '退款状态变更',
    resource: encryptResource(sim.merchant.apiV3Key, JSON.stringify(resource), originalType, originalType),
  });
}

async function postNotify(url: string, eventType: string, resource: object): Promise<number> {
  const body = notifyBody(eventType, resource);
  // WeChat Pay retries a notify that was not acknowledged; the simulator tries three times, quickly.
  let status = 0;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...platformHeaders(body) },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      status = response.status;
      await response.text();
      if (status === 200 || status === 204) break;
    } catch {
      status = 0;
    }
    await new Promise((resolve) => setTimeout(resolve, 200 * (attempt + 1)));
  }
  simulatedPay.delivered.push({ url, eventType, status });
  return status;
}

const publicTransaction = (row: SimTransaction): Transaction => ({
  appid: row.appid,
  mchid: row.mchid,
  out_trade_no: row.out_trade_no,
  transaction_id: row.transaction_id,
  trade_type: row.trade_type,
  trade_state: row.trade_state,
  trade_state_desc: row.trade_state_desc,
  bank_type: row.bank_type,
  attach: row.attach,
  success_time: row.success_time,
  payer: row.payer,
  amount: row.amount,
});

/** Pays a prepay (the cashier's button): SUCCESS, then the signed notify. Answers the notify's HTTP status. */
export async function payPrepay(prepayId: string): Promise<{ ok: boolean; status: number; message: string }> {
  const key = simulatedPay.byPrepay.get(prepayId);
  const row = key ? simulatedPay.transactions.get(key) : undefined;
  if (!row) return { ok: false, status: 0, message: '支付单不存在' };
  if (row.trade_state !== 'NOTPAY')
    return { ok: false, status: 0, message: `支付单状态为 ${row.trade_state}` };
  row.trade_state = 'SUCCESS';
  row.trade_state_desc = '支付成功';
  row.transaction_id = `42000${Date.now()}${randomBytes(3).toString('hex')}`;
  row.bank_type = 'OTHERS';
  row.success_time = new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00');
  row.amount = { ...row.amount, payer_total: row.amount?.total, currency: 'CNY' };
  const status = await postNotify(row.notify_url, 'TRANSACTION.SUCCESS', publicTransaction(row));
  return { ok: true, status, message: '支付成功' };
}

/** The bank's answer to a refund, a moment after it was accepted: SUCCESS or ABNORMAL, then the notify. */
function finishRefundLater(refund: SimRefund, state: 'SUCCESS' | 'ABNORMAL'): void {
  setTimeout(() => {
    refund.status = state;
    if (state === 'SUCCESS') refund.success_time = new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00');
    const { notify_url: url, status, ...resource } = refund;
    void postNotify(url, `REFUND.${state}`, { ...resource, refund_status: status });
  }, 100);
}

function signedReply(reply: FastifyReply, status: number, answer?: object) {
  const body = answer === undefined ? '' : JSON.stringify(answer);
  reply.code(status).headers(platformHeaders(body));
  if (answer === undefined) return reply.send();
  return reply.type('application/json').send(body);
}

const refuse = (reply: FastifyReply, status: number, code: string, message: string) =>
  reply.code(status).type('application/json').send(JSON.stringify({ code, message }));

export async function wechatPaySimulator(app: FastifyInstance): Promise<void> {
  const raw = new WeakMap<FastifyRequest, string>();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    raw.set(request, String(body));
    try {
      done(null, body === '' ? {} : JSON.parse(String(body)));
    } catch {
      done(null, {});
    }
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  /** The merchant's signature over the request, as WeChat Pay checks it. */
  const signedByMerchant = (request: FastifyRequest): string | null => {
    const fields = parseAuthorization(request.headers.authorization);
    const sim = simulatedKeys();
    if (!fields) return '缺少 Authorization';
    if (fields.mchid !== sim.merchant.mchId || fields.serial_no !== sim.merchant.serialNo)
      return '商户号或证书序列号不符';
    if (Math.abs(unixNow() - Number(fields.timestamp)) > 300) return '请求时间戳过期';
    const message = requestMessage(
      request.method,
      request.url.slice(WECHAT_PAY_SIMULATOR_PREFIX.length),
      fields.timestamp,
      fields.nonce_str,
      raw.get(request) ?? '',
    );
    return rsaVerify(sim.merchantPublicPem, message, fields.signature) ? null : '签名错误';
  };

  const api = { config: PUBLIC };
  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    const problem = signedByMerchant(request);
    if (problem) return refuse(reply, 401, 'SIGN_ERROR', problem);
  };

  type PrepayBody = {
    appid: string;
    mchid: string;
    description: string;
    out_trade_no: string;
    notify_url: string;
    attach?: string;
    amount: { total: number };
    payer?: { openid?: string };
  };
  const prepay =
    (tradeType: 'JSAPI' | 'MWEB') =>
    async (request: FastifyRequest<{ Body: PrepayBody }>, reply: FastifyReply) => {
      const body = request.body;
      if (
        !body?.out_trade_no ||
        !body.notify_url ||
        !Number.isInteger(body.amount?.total) ||
        body.amount.total <= 0
      ) {
        return refuse(reply, 400, 'PARAM_ERROR', '参数错误');
      }
      if (tradeType === 'JSAPI' && !body.payer?.openid)
        return refuse(reply, 400, 'PARAM_ERROR', '缺少 payer.openid');
      const key = `${body.mchid}:${body.out_trade_no}`;
      const existing = simulatedPay.transactions.get(key);
      if (existing && existing.trade_state !== 'NOTPAY')
        return refuse(reply, 400, 'ORDERPAID', '该订单已支付');
      if (existing && existing.amount?.total !== body.amount.total)
        return refuse(reply, 400, 'OUT_TRADE_NO_USED', '商户订单号重复');
      const prepayId = existing?.prepay_id ?? `wx${Date.now()}${randomBytes(8).toString('hex')}`;
      simulatedPay.transactions.set(key, {
        appid: body.appid,
        mchid: body.mchid,
        out_trade_no: body.out_trade_no,
        trade_type: tradeType,
        trade_state: 'NOTPAY',
        trade_state_desc: '未支付',
        attach: body.attach,
        payer: body.payer,
        amount: { total: body.amount.total, currency: 'CNY' },
        prepay_id: prepayId,
        notify_url: body.notify_url,
        description: body.description,
        refunded: 0,
      });
      simulatedPay.byPrepay.set(prepayId, key);
      if (tradeType === 'JSAPI') return signedReply(reply, 200, { prepay_id: prepayId });
      const origin = `${request.protocol}://${request.headers.host}`;
      return signedReply(reply, 200, {
        h5_url: `${origin}${WECHAT_PAY_SIMULATOR_PREFIX}/cashier?prepay_id=${prepayId}`,
      });
    };

  app.post<{ Body: PrepayBody }>(
    '/v3/pay/transactions/jsapi',
    { ...api, preHandler: guard },
    prepay('JSAPI'),
  );
  app.post<{ Body: PrepayBody }>('/v3/pay/transactions/h5', { ...api, preHandler: guard }, prepay('MWEB'));

  app.get<{ Params: { no: string }; Querystring: { mchid?: string } }>(
    '/v3/pay/transactions/out-trade-no/:no',
    { ...api, preHandler: guard },
    async (request, reply) => {
      const row = simulatedPay.transactions.get(`${request.query.mchid}:${request.params.no}`);
      if (!row) return refuse(reply, 404, 'ORDER_NOT_EXIST', '订单不存在');
      return signedReply(reply, 200, publicTransaction(row));
    },
  );

  app.post<{ Params: { no: string }; Body: { mchid: string } }>(
    '/v3/pay/transactions/out-trade-no/:no/close',
    { ...api, preHandler: guard },
    async (request, reply) => {
      const row = simulatedPay.transactions.get(`${request.body?.mchid}:${request.params.no}`);
      if (row && row.trade_state === 'SUCCESS') return refuse(reply, 400, 'ORDERPAID', '订单已支付');
      if (row) row.trade_state = 'CLOSED';
      return signedReply(reply, 204);
    },
  );

  type RefundBody = {
    out_trade_no: string;
    out_refund_no: string;
    notify_url: string;
    amount: { refund: number; total: number };
  };
  app.post<{ Body: RefundBody }>(
    '/v3/refund/domestic/refunds',
    { ...api, preHandler: guard },
    async (request, reply) => {
      const body = request.body;
      const sim = simulatedKeys();
      const existing = simulatedPay.refunds.get(body.out_refund_no);
      if (existing) return signedReply(reply, 200, existing);
      const row = simulatedPay.transactions.get(`${sim.merchant.mchId}:${body.out_trade_no}`);
      if (!row) return refuse(reply, 404, 'RESOURCE_NOT_EXISTS', '订单不存在');
      if (row.trade_state !== 'SUCCESS' && row.trade_state !== 'REFUND')
        return refuse(reply, 403, 'TRADE_ERROR', '订单未支付');
      if (body.amount.total !== row.amount?.total) return refuse(reply, 400, 'PARAM_ERROR', '订单金额不符');
      if (body.amount.refund <= 0 || row.refunded + body.amount.refund > body.amount.total) {
        return refuse(reply, 403, 'NOT_ENOUGH', '可退金额不足');
      }
      row.refunded += body.amount.refund;
      row.trade_state = 'REFUND';
      const refund: SimRefund = {
        mchid: sim.merchant.mchId,
        refund_id: `50000${Date.now()}${randomBytes(3).toString('hex')}`,
        out_refund_no: body.out_refund_no,
        transaction_id: row.transaction_id,
        out_trade_no: body.out_trade_no,
        status: 'PROCESSING',
        amount: { total: body.amount.total, refund: body.amount.refund, payer_refund: body.amount.refund },
        notify_url: body.notify_url,
      };
      simulatedPay.refunds.set(body.out_refund_no, refund);
      finishRefundLater(refund, simulatedPay.closedCards.has(body.out_trade_no) ? 'ABNORMAL' : 'SUCCESS');
      const { notify_url: _url, ...answer } = refund;
      return signedReply(reply, 200, answer);
    },
  );

  type AbnormalBody = {
    out_refund_no: string;
    type: string;
    bank_type?: string;
    bank_account?: string;
    real_name?: string;
  };
  app.post<{ Params: { id: string }; Body: AbnormalBody }>(
    '/v3/refund/domestic/refunds/:id/apply-abnormal-refund',
    { ...api, preHandler: guard },
    async (request, reply) => {
      const body = request.body;
      const refund = [...simulatedPay.refunds.values()].find((row) => row.refund_id === request.params.id);
      if (!refund || refund.out_refund_no !== body.out_refund_no)
        return refuse(reply, 404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
      if (refund.status !== 'ABNORMAL')
        return refuse(reply, 400, 'INVALID_REQUEST', '退款单状态不是退款异常');
      if (body.type === 'USER_BANK_CARD') {
        const sim = simulatedKeys();
        if (request.headers['wechatpay-serial'] !== sim.merchant.platform.serialNo)
          return refuse(reply, 400, 'PARAM_ERROR', 'Wechatpay-Serial 与加密所用的平台公钥不符');
        try {
          const account = decryptSensitive(sim.platformPrivatePem, body.bank_account ?? '');
          const name = decryptSensitive(sim.platformPrivatePem, body.real_name ?? '');
          if (!body.bank_type || !/^\d{12,19}$/.test(account) || name.trim() === '')
            return refuse(reply, 400, 'PARAM_ERROR', '银行卡信息不完整');
        } catch {
          return refuse(reply, 400, 'PARAM_ERROR', '敏感信息解密失败');
        }
      } else if (body.type !== 'MERCHANT_BANK_CARD') {
        return refuse(reply, 400, 'PARAM_ERROR', '异常退款类型错误');
      }
      refund.status = 'PROCESSING';
      finishRefundLater(refund, 'SUCCESS');
      const { notify_url: _url, ...answer } = refund;
      return signedReply(reply, 200, answer);
    },
  );

  app.get<{ Params: { no: string } }>(
    '/v3/refund/domestic/refunds/:no',
    { ...api, preHandler: guard },
    async (request, reply) => {
      const refund = simulatedPay.refunds.get(request.params.no);
      if (!refund) return refuse(reply, 404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
      const { notify_url: _url, ...answer } = refund;
      return signedReply(reply, 200, answer);
    },
  );

  // The cashier: what the payer sees in WeChat, reduced to one button.
  app.get<{ Querystring: { prepay_id?: string } }>('/cashier', { config: PUBLIC }, async (request, reply) => {
    const prepayId = request.query.prepay_id ?? '';
    const key = simulatedPay.byPrepay.get(prepayId);
    const row = key ? simulatedPay.transactions.get(key) : undefined;
    const body = row
      ? `<h1>微信支付</h1><p class="hint">${escapeHtml(row.description)}</p>
<p style="font-size:28px;margin:8px 0 16px">¥${((row.amount?.total ?? 0) / 100).toFixed(2)}</p>
${
  row.trade_state === 'NOTPAY'
    ? `<form method="post" action="${WECHAT_PAY_SIMULATOR_PREFIX}/cashier/pay">${hiddenFields({ prepay_id: prepayId })}<button type="submit">确认支付</button></form>`
    : `<p>该订单${row.trade_state === 'SUCCESS' || row.trade_state === 'REFUND' ? '已支付' : '已关闭'}</p>`
}`
      : '<h1>微信支付</h1><p class="error">支付单不存在或已失效</p>';
    return reply.type('text/html; charset=utf-8').send(simulatorPage('微信支付（模拟）', body));
  });

  app.post<{ Body: { prepay_id?: string } }>('/cashier/pay', { config: PUBLIC }, async (request, reply) => {
    const result = await payPrepay(request.body?.prepay_id ?? '');
    if (request.headers['content-type']?.startsWith('application/json')) return result;
    const body = result.ok
      ? `<h1>支付成功</h1><p class="hint">商户已收到支付通知（HTTP ${result.status}）。可返回商户页面。</p>`
      : `<h1>支付失败</h1><p class="error">${escapeHtml(result.message)}</p>`;
    return reply.type('text/html; charset=utf-8').send(simulatorPage('微信支付（模拟）', body));
  });
}
