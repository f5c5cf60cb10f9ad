// The real WeCom server API client (https://developer.work.weixin.qq.com/document/path/90600 and the
// service-provider chapters): provider token, suite token (from the suite ticket), corp tokens (from
// permanent codes), each cached until shortly before it expires. Errors: PartyUnavailableError when WeCom
// cannot be asked, PartyRefusedError with WeCom's errcode when it says no.
import type { WecomConfig } from '../../config';
import {
  fetchWeixinJson,
  partyUrl,
  PARTY_TIMEOUT_MS,
  PartyRefusedError,
  TokenCache,
  type PartyRequest,
} from '../partyHttp';
import { WECOM, type WecomApi, type WecomIdentity, type WecomInstallation } from './api';

/** The provider's and the suite's credentials (the hosts aside). */
export type WecomCredentials = Omit<WecomConfig, 'apiUrl' | 'webUrl'>;

/** WeCom's errcodes of an expired or revoked access token: fetched anew once. */
const STALE_TOKEN_CODES = new Set(['40014', '42001', '42009']);

interface GetUserInfo3rd {
  corpid?: string;
  userid?: string;
  CorpId?: string;
  UserId?: string;
}

export class HttpWecomClient implements WecomApi {
  private readonly tokens = new TokenCache();

  constructor(
    /** The API host; a function because the simulator's address is known only once the server listens. */
    private readonly apiUrl: () => string,
    private readonly credentials: WecomCredentials,
    private readonly timeoutMs = PARTY_TIMEOUT_MS,
  ) {}

  private call<T extends object>(path: string, query: Record<string, string>, request?: PartyRequest) {
    return fetchWeixinJson<T>(WECOM, partyUrl(this.apiUrl(), path, query), request, this.timeoutMs);
  }

  /** A call with a cached token, retried once with a new token when WeCom says the token went stale. */
  private async withToken<T>(
    key: string,
    fetchToken: () => Promise<{ value: string; expiresInSeconds: number }>,
    use: (token: string) => Promise<T>,
  ): Promise<T> {
    try {
      return await use(await this.tokens.get(key, fetchToken));
    } catch (error) {
      if (!(error instanceof PartyRefusedError) || !STALE_TOKEN_CODES.has(error.partyCode)) throw error;
      this.tokens.forget(key);
      return use(await this.tokens.get(key, fetchToken));
    }
  }

  private withProviderToken<T>(use: (token: string) => Promise<T>) {
    return this.withToken(
      'provider',
      async () => {
        const answer = await this.call<{ provider_access_token: string; expires_in: number }>(
          '/cgi-bin/service/get_provider_token',
          {},
          {
            method: 'POST',
            json: {
              corpid: this.credentials.providerCorpId,
              provider_secret: this.credentials.providerSecret,
            },
          },
        );
        return { value: answer.provider_access_token, expiresInSeconds: answer.expires_in };
      },
      use,
    );
  }

  private withSuiteToken<T>(use: (token: string) => Promise<T>) {
    return this.withToken(
      'suite',
      async () => {
        const answer = await this.call<{ suite_access_token: string; expires_in: number }>(
          '/cgi-bin/service/get_suite_token',
          {},
          {
            method: 'POST',
            json: {
              suite_id: this.credentials.suiteId,
              suite_secret: this.credentials.suiteSecret,
              suite_ticket: this.credentials.suiteTicket,
            },
          },
        );
        return { value: answer.suite_access_token, expiresInSeconds: answer.expires_in };
      },
      use,
    );
  }

  private withCorpToken<T>(corpId: string, permanentCode: string, use: (token: string) => Promise<T>) {
    return this.withToken(
      `corp:${corpId}`,
      () =>
        this.withSuiteToken(async (suiteToken) => {
          const answer = await this.call<{ access_token: string; expires_in: number }>(
            '/cgi-bin/service/get_corp_token',
            { suite_access_token: suiteToken },
            { method: 'POST', json: { auth_corpid: corpId, permanent_code: permanentCode } },
          );
          return { value: answer.access_token, expiresInSeconds: answer.expires_in };
        }),
      use,
    );
  }

  adminLoginInfo(authCode: string): Promise<WecomIdentity> {
    return this.withProviderToken(async (token) => {
      const answer = await this.call<{ user_info?: { userid?: string }; corp_info?: { corpid?: string } }>(
        '/cgi-bin/service/get_login_info',
        { access_token: token },
        { method: 'POST', json: { auth_code: authCode } },
      );
      return identityOf(answer.corp_info?.corpid, answer.user_info?.userid);
    });
  }

  suiteUserInfo(code: string): Promise<WecomIdentity> {
    return this.withSuiteToken(async (token) => {
      const answer = await this.call<GetUserInfo3rd>('/cgi-bin/service/auth/getuserinfo3rd', {
        suite_access_token: token,
        code,
      });
      // Older answers capitalise the fields.
      return identityOf(answer.corpid ?? answer.CorpId, answer.userid ?? answer.UserId);
    });
  }

  corpUserInfo(corpId: string, permanentCode: string, code: string): Promise<string> {
    return this.withCorpToken(corpId, permanentCode, async (token) => {
      const answer = await this.call<{ userid?: string; UserId?: string }>('/cgi-bin/auth/getuserinfo', {
        access_token: token,
        code,
      });
      return identityOf(corpId, answer.userid ?? answer.UserId).userId;
    });
  }

  preAuthCode(): Promise<string> {
    return this.withSuiteToken(async (token) => {
      const answer = await this.call<{ pre_auth_code: string }>('/cgi-bin/service/get_pre_auth_code', {
        suite_access_token: token,
      });
      return answer.pre_auth_code;
    });
  }

  registerCode(state: string): Promise<string> {
    return this.withProviderToken(async (token) => {
      const answer = await this.call<{ register_code: string }>(
        '/cgi-bin/service/get_register_code',
        { provider_access_token: token },
        { method: 'POST', json: { template_id: this.credentials.registerTemplateId, state } },
      );
      return answer.register_code;
    });
  }

  installation(authCode: string): Promise<WecomInstallation> {
    return this.withSuiteToken(async (token) => {
      const answer = await this.call<{
        permanent_code?: string;
        auth_corp_info?: { corpid?: string; corp_name?: string };
        auth_info?: { agent?: Array<{ agentid?: number | string }> };
        auth_user_info?: { userid?: string; name?: string };
      }>(
        '/cgi-bin/service/get_permanent_code',
        { suite_access_token: token },
        { method: 'POST', json: { auth_code: authCode } },
      );
      const corpId = answer.auth_corp_info?.corpid;
      const agentId = answer.auth_info?.agent?.[0]?.agentid;
      const installer = answer.auth_user_info?.userid;
      if (!corpId || !answer.permanent_code || agentId === undefined || !installer) {
        throw new PartyRefusedError(
          WECOM,
          'incomplete',
          'get_permanent_code answer lacks corp, agent or user',
        );
      }
      return {
        corpId,
        corpName: answer.auth_corp_info?.corp_name ?? corpId,
        permanentCode: answer.permanent_code,
        agentId: String(agentId),
        installer: { userId: installer, name: answer.auth_user_info?.name ?? installer },
      };
    });
  }
}

/** A user WeCom did not name (a non-member scanning, an answer without userid) is a refusal. */
function identityOf(corpId: string | undefined, userId: string | undefined): WecomIdentity {
  if (!corpId || !userId)
    throw new PartyRefusedError(WECOM, 'no-user', 'the answer names no member of a corp');
  return { corpId, userId };
}
