// The WeChat third-party platform (微信开放平台 第三方平台) as we use it to release the tenants' mini-programs
// (https://developers.weixin.qq.com/doc/oplatform/openApi/), and the mini-program server API the buyer side
// needs (jscode2session). One HTTP client for both: WeChat itself in production, the
// simulator under /sim/wxplatform otherwise — the same requests either way.
//
// Tokens: the component_access_token comes from the component secret and the component_verify_ticket WeChat
// pushes every ten minutes; an authorised mini-program's authorizer_access_token from its refresh token. Both cached until shortly before
// they expire: WeChat counts how often they are fetched.
import { fetchWeixinJson, partyUrl, PARTY_TIMEOUT_MS, PartyRefusedError, TokenCache } from '../partyHttp';

export const WXPLATFORM = '微信开放平台';

/** The platform (component) of this deployment. */
export interface ComponentCredentials {
  appId: string;
  appSecret: string;
}

export interface AuthorizedProgram {
  appId: string;
  refreshToken: string;
}

/** get_auditstatus: 0 passed, 1 rejected, 2 auditing, 3 withdrawn, 4 delayed. */
export interface AuditStatus {
  status: number;
  reason?: string;
}

export interface CodeCommit {
  templateId: string;
  extJson: string;
  userVersion: string;
  userDesc: string;
}

/** What /wxplatform asks of the platform. */
export interface WxPlatformApi {
  /** The page the administrator authorises a mini-program on; it redirects to `redirectUri` with auth_code. */
  authorizationPage(redirectUri: string): Promise<string>;
  /** The authorised mini-program of an auth_code. */
  queryAuth(authCode: string): Promise<AuthorizedProgram>;
  commit(program: AuthorizedProgram, commit: CodeCommit): Promise<void>;
  submitAudit(program: AuthorizedProgram, versionDesc: string): Promise<string>;
  auditStatus(program: AuthorizedProgram, auditId: string): Promise<AuditStatus>;
  release(program: AuthorizedProgram): Promise<void>;
  revertCodeRelease(program: AuthorizedProgram): Promise<void>;
}

/** A mini-program's own credentials (its /wxconfig AppID and AppSecret). */
export interface MiniCredentials {
  appId: string;
  appSecret: string;
}

export interface CodeSession {
  openid: string;
  sessionKey: string;
  unionid: string | null;
}

/** A subscription message (订阅消息) to a user who accepted its template in the mini-program. */
export interface SubscribeMessage {
  touser: string;
  templateId: string;
  /** The mini-program page the message opens, with its query. */
  page: string;
  /** The template's keywords: `{ character_string1: { value } … }`. */
  data: Record<string, { value: string }>;
}

/** What /wxapi and the order messages ask of WeChat for one mini-program. */
export interface MiniProgramApi {
  code2Session(code: string): Promise<CodeSession>;
  sendSubscribeMessage(message: SubscribeMessage): Promise<void>;
}

const STALE_TOKEN_CODES = new Set(['40001', '40014', '42001']);

/** Runs `call` with a cached token; once more with a fresh one when WeChat says the token was revoked. */
async function withToken<T>(
  cache: TokenCache,
  key: string,
  fetch: Parameters<TokenCache['get']>[1],
  call: (token: string) => Promise<T>,
) {
  try {
    return await call(await cache.get(key, fetch));
  } catch (error) {
    if (!(error instanceof PartyRefusedError) || !STALE_TOKEN_CODES.has(error.partyCode)) throw error;
    cache.forget(key);
    return call(await cache.get(key, fetch));
  }
}

export class HttpWxPlatformClient implements WxPlatformApi {
  private readonly cache: TokenCache;

  /**
   * `apiUrl` is api.weixin.qq.com (or the simulator); `webUrl` the host of the authorisation page
   * (mp.weixin.qq.com); `verifyTicket` the latest component_verify_ticket WeChat pushed.
   */
  constructor(
    private readonly urls: () => { apiUrl: string; webUrl: string },
    private readonly component: ComponentCredentials,
    private readonly verifyTicket: () => Promise<string>,
    private readonly timeoutMs = PARTY_TIMEOUT_MS,
    now: () => number = Date.now,
  ) {
    this.cache = new TokenCache(now);
  }

  private post<T extends object>(path: string, query: Record<string, string>, json: unknown) {
    return fetchWeixinJson<T>(
      WXPLATFORM,
      partyUrl(this.urls().apiUrl, path, query),
      { method: 'POST', json },
      this.timeoutMs,
    );
  }

  private fetchComponentToken = async () => {
    const answer = await this.post<{ component_access_token: string; expires_in: number }>(
      '/cgi-bin/component/api_component_token',
      {},
      {
        component_appid: this.component.appId,
        component_appsecret: this.component.appSecret,
        component_verify_ticket: await this.verifyTicket(),
      },
    );
    return { value: answer.component_access_token, expiresInSeconds: answer.expires_in };
  };

  private withComponentToken<T>(call: (token: string) => Promise<T>) {
    return withToken(this.cache, 'component', this.fetchComponentToken, call);
  }

  private withAuthorizerToken<T>(program: AuthorizedProgram, call: (token: string) => Promise<T>) {
    return withToken(
      this.cache,
      `authorizer:${program.appId}`,
      () =>
        this.withComponentToken(async (componentToken) => {
          const answer = await this.post<{ authorizer_access_token: string; expires_in: number }>(
            '/cgi-bin/component/api_authorizer_token',
            { component_access_token: componentToken },
            {
              component_appid: this.component.appId,
              authorizer_appid: program.appId,
              authorizer_refresh_token: program.refreshToken,
            },
          );
          return { value: answer.authorizer_access_token, expiresInSeconds: answer.expires_in };
        }),
      call,
    );
  }

  async authorizationPage(redirectUri: string): Promise<string> {
    const preAuthCode = await this.withComponentToken(async (token) => {
      const answer = await this.post<{ pre_auth_code: string }>(
        '/cgi-bin/component/api_create_preauthcode',
        { component_access_token: token },
        { component_appid: this.component.appId },
      );
      return answer.pre_auth_code;
    });
    // auth_type 2: only mini-programs may be authorised.
    const query = {
      component_appid: this.component.appId,
      pre_auth_code: preAuthCode,
      redirect_uri: redirectUri,
      auth_type: '2',
    };
    const { webUrl } = this.urls();
    // A path (the simulator on this server): the browser opens it on the origin it already uses.
    if (webUrl.startsWith('/')) return `${webUrl}/cgi-bin/componentloginpage?${new URLSearchParams(query)}`;
    return partyUrl(webUrl, '/cgi-bin/componentloginpage', query).toString();
  }

  async queryAuth(authCode: string): Promise<AuthorizedProgram> {
    const answer = await this.withComponentToken((token) =>
      this.post<{
        authorization_info: { authorizer_appid: string; authorizer_refresh_token: string };
      }>(
        '/cgi-bin/component/api_query_auth',
        { component_access_token: token },
        { component_appid: this.component.appId, authorization_code: authCode },
      ),
    );
    return {
      appId: answer.authorization_info.authorizer_appid,
      refreshToken: answer.authorization_info.authorizer_refresh_token,
    };
  }

  async commit(program: AuthorizedProgram, commit: CodeCommit): Promise<void> {
    await this.withAuthorizerToken(program, (token) =>
      this.post(
        '/wxa/commit',
        { access_token: token },
        {
          template_id: commit.templateId,
          ext_json: commit.extJson,
          user_version: commit.userVersion,
          user_desc: commit.userDesc,
        },
      ),
    );
  }

  async submitAudit(program: AuthorizedProgram, versionDesc: string): Promise<string> {
    const answer = await this.withAuthorizerToken(program, (token) =>
      this.post<{ auditid: number | string }>(
        '/wxa/submit_audit',
        { access_token: token },
        { version_desc: versionDesc },
      ),
    );
    return String(answer.auditid);
  }

  async auditStatus(program: AuthorizedProgram, auditId: string): Promise<AuditStatus> {
    const answer = await this.withAuthorizerToken(program, (token) =>
      this.post<{ status: number; reason?: string }>(
        '/wxa/get_auditstatus',
        { access_token: token },
        { auditid: Number(auditId) },
      ),
    );
    return { status: answer.status, reason: answer.reason };
  }

  async release(program: AuthorizedProgram): Promise<void> {
    await this.withAuthorizerToken(program, (token) =>
      this.post('/wxa/release', { access_token: token }, {}),
    );
  }

  async revertCodeRelease(program: AuthorizedProgram): Promise<void> {
    await this.withAuthorizerToken(program, (token) =>
      fetchWeixinJson(
        WXPLATFORM,
        partyUrl(this.urls().apiUrl, '/wxa/revertcoderelease', { access_token: token }),
        {},
        this.timeoutMs,
      ),
    );
  }
}

export const MINI_PROGRAM = '微信小程序';

export class HttpMiniProgramClient implements MiniProgramApi {
  /** `tokens`: the mini-programs' access tokens, kept by the runtime across clients (keyed by AppID). */
  constructor(
    private readonly apiUrl: () => string,
    private readonly credentials: MiniCredentials,
    private readonly tokens = new TokenCache(),
    private readonly timeoutMs = PARTY_TIMEOUT_MS,
  ) {}

  /**
   * The mini-program's access token by stable_token: the same token for every instance of the deployment
   * (the plain /cgi-bin/token would revoke the one another instance holds).
   */
  private fetchAccessToken = async () => {
    const answer = await fetchWeixinJson<{ access_token: string; expires_in: number }>(
      MINI_PROGRAM,
      partyUrl(this.apiUrl(), '/cgi-bin/stable_token'),
      {
        method: 'POST',
        json: {
          grant_type: 'client_credential',
          appid: this.credentials.appId,
          secret: this.credentials.appSecret,
        },
      },
      this.timeoutMs,
    );
    return { value: answer.access_token, expiresInSeconds: answer.expires_in };
  };

  async sendSubscribeMessage(message: SubscribeMessage): Promise<void> {
    await withToken(this.tokens, `mini:${this.credentials.appId}`, this.fetchAccessToken, (token) =>
      fetchWeixinJson(
        MINI_PROGRAM,
        partyUrl(this.apiUrl(), '/cgi-bin/message/subscribe/send', { access_token: token }),
        {
          method: 'POST',
          json: {
            touser: message.touser,
            template_id: message.templateId,
            page: message.page,
            data: message.data,
          },
        },
        this.timeoutMs,
      ),
    );
  }

  async code2Session(code: string): Promise<CodeSession> {
    const answer = await fetchWeixinJson<{ openid: string; session_key: string; unionid?: string }>(
      MINI_PROGRAM,
      partyUrl(this.apiUrl(), '/sns/jscode2session', {
        appid: this.credentials.appId,
        secret: this.credentials.appSecret,
        js_code: code,
        grant_type: 'authorization_code',
      }),
      {},
      this.timeoutMs,
    );
    return { openid: answer.openid, sessionKey: answer.session_key, unionid: answer.unionid ?? null };
  }
}
