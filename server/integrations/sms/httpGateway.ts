// The real SMS gateway client: a signed JSON POST, in the style of the large Chinese SMS providers.
//
//   POST <SMS_GATEWAY_URL>
//   X-Sms-Access-Key-Id:  <SMS_ACCESS_KEY_ID>
//   X-Sms-Timestamp:      <epoch milliseconds>
//   X-Sms-Nonce:          <32 hex characters, new for every request>
//   X-Sms-Signature:      base64(HMAC-SHA256(<SMS_ACCESS_KEY_SECRET>, canonical string))
//   {"signName": "...", "templateCode": "...", "mobile": "138...", "params": {"code": "123456"}}
//
// The canonical string is "POST\n<path and query>\n<timestamp>\n<nonce>\n<sha256 hex of the body>", so the
// signature covers the body, and the timestamp and nonce let the gateway refuse a replay. The gateway
// answers 2xx with {"code": "OK"} when it accepted the message.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { SmsGatewayConfig } from '../../config';
import { SmsDeliveryError, type SmsGateway, type SmsMessage } from './gateway';

export const SMS_GATEWAY_TIMEOUT_MS = 5000;
export const SIGNATURE_HEADERS = {
  accessKeyId: 'x-sms-access-key-id',
  timestamp: 'x-sms-timestamp',
  nonce: 'x-sms-nonce',
  signature: 'x-sms-signature',
} as const;

export interface SignedRequestParts {
  method: string;
  /** Path and query of the URL, as sent. */
  path: string;
  timestamp: string;
  nonce: string;
  body: string;
}

export function canonicalString({ method, path, timestamp, nonce, body }: SignedRequestParts): string {
  const bodyHash = createHash('sha256').update(body).digest('hex');
  return [method, path, timestamp, nonce, bodyHash].join('\n');
}

export function signature(secret: string, parts: SignedRequestParts): string {
  return createHmac('sha256', secret).update(canonicalString(parts)).digest('base64');
}

interface GatewayAnswer {
  code?: unknown;
  message?: unknown;
}

export class HttpSmsGateway implements SmsGateway {
  constructor(
    private readonly config: Omit<SmsGatewayConfig, 'templateCodes'>,
    private readonly timeoutMs = SMS_GATEWAY_TIMEOUT_MS,
  ) {}

  async send({ mobile, templateCode, params }: SmsMessage): Promise<void> {
    const url = new URL(this.config.url);
    const body = JSON.stringify({ signName: this.config.signName, templateCode, mobile, params });
    const parts: SignedRequestParts = {
      method: 'POST',
      path: `${url.pathname}${url.search}`,
      timestamp: String(Date.now()),
      nonce: randomBytes(16).toString('hex'),
      body,
    };
    let status: number;
    let text: string;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          [SIGNATURE_HEADERS.accessKeyId]: this.config.accessKeyId,
          [SIGNATURE_HEADERS.timestamp]: parts.timestamp,
          [SIGNATURE_HEADERS.nonce]: parts.nonce,
          [SIGNATURE_HEADERS.signature]: signature(this.config.accessKeySecret, parts),
        },
        body,
        // Covers the whole exchange, the body included: a gateway that stalls mid-answer times out too.
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      const name = (error as { name?: unknown }).name;
      throw new SmsDeliveryError(
        name === 'TimeoutError'
          ? `no answer within ${this.timeoutMs} ms`
          : `request failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (status < 200 || status > 299) {
      throw new SmsDeliveryError(`HTTP ${status}: ${text.slice(0, 200)}`);
    }
    let answer: GatewayAnswer;
    try {
      answer = JSON.parse(text) as GatewayAnswer;
    } catch {
      throw new SmsDeliveryError(`answer is not JSON: ${text.slice(0, 200)}`);
    }
    if (answer?.code !== 'OK') {
      throw new SmsDeliveryError(`gateway code ${String(answer?.code)}: ${String(answer?.message ?? '')}`);
    }
  }
}
