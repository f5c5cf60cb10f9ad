// The WeChat official account's JS-SDK signature (https://developers.weixin.qq.com/doc/offiaccount/OA_Web_Apps/JS-SDK.html,
// appendix 1): an access token (client_credential), a jsapi ticket from it, both cached until shortly before
// they expire (WeChat limits how often they may be fetched), and the SHA-1 signature of the page URL.
import { createHash, randomBytes } from 'node:crypto';
import { fetchWeixinJson, partyUrl, PARTY_TIMEOUT_MS, PartyRefusedError, TokenCache } from '../partyHttp';

export const WECHAT = '微信';

/** What wx.config needs. */
export interface WxConfigParams {
  appId: string;
  timestamp: number;
  nonceStr: string;
  signature: string;
}

export interface WechatApi {
  jsapiTicket(): Promise<string>;
}

/** The page URL as signed: everything before '#'. */
export function urlWithoutHash(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}

/** SHA-1 (hex) of `jsapi_ticket=…&noncestr=…&timestamp=…&url=…`, the fields in that (ASCII) order, unescaped. */
export function jsSdkSignature(fields: {
  ticket: string;
  nonceStr: string;
  timestamp: number;
  url: string;
}): string {
  const plain = `jsapi_ticket=${fields.ticket}&noncestr=${fields.nonceStr}&timestamp=${fields.timestamp}&url=${urlWithoutHash(fields.url)}`;
  return createHash('sha1').update(plain).digest('hex');
}

/** The wx.config parameters of a page: a fresh nonce, the current time, the signature. */
export async function wxConfigParams(api: WechatApi, appId: string, url: string): Promise<WxConfigParams> {
  const ticket = await api.jsapiTicket();
  const nonceStr = randomBytes(8).toString('hex');
  const timestamp = Math.floor(Date.now() / 1000);
  return { appId, timestamp, nonceStr, signature: jsSdkSignature({ ticket, nonceStr, timestamp, url }) };
}

const STALE_TOKEN_CODES = new Set(['40001', '40014', '42001']);

export class HttpWechatClient implements WechatApi {
  private readonly cache: TokenCache;

  constructor(
    private readonly apiUrl: () => string,
    private readonly credentials: { appId: string; appSecret: string },
    private readonly timeoutMs = PARTY_TIMEOUT_MS,
    now: () => number = Date.now,
  ) {
    this.cache = new TokenCache(now);
  }

  private accessToken(): Promise<string> {
    return this.cache.get('access', async () => {
      const answer = await fetchWeixinJson<{ access_token: string; expires_in: number }>(
        WECHAT,
        partyUrl(this.apiUrl(), '/cgi-bin/token', {
          grant_type: 'client_credential',
          appid: this.credentials.appId,
          secret: this.credentials.appSecret,
        }),
        {},
        this.timeoutMs,
      );
      return { value: answer.access_token, expiresInSeconds: answer.expires_in };
    });
  }

  private fetchTicket = async () => {
    const answer = await fetchWeixinJson<{ ticket: string; expires_in: number }>(
      WECHAT,
      partyUrl(this.apiUrl(), '/cgi-bin/ticket/getticket', {
        access_token: await this.accessToken(),
        type: 'jsapi',
      }),
      {},
      this.timeoutMs,
    );
    return { value: answer.ticket, expiresInSeconds: answer.expires_in };
  };

  async jsapiTicket(): Promise<string> {
    try {
      return await this.cache.get('jsapi', this.fetchTicket);
    } catch (error) {
      // An access token revoked before its time (another server fetched a new one): once more with a new one.
      if (!(error instanceof PartyRefusedError) || !STALE_TOKEN_CODES.has(error.partyCode)) throw error;
      this.cache.forget('access');
      return this.cache.get('jsapi', this.fetchTicket);
    }
  }
}
