// A local stand-in for the WeChat APIs /wxplatform and /wxapi use, under /sim/wxplatform outside production:
// the third-party platform (component token from the simulated verify ticket, pre-auth code, the
// authorisation page, authorizer tokens) with the code management of an authorised mini-program (commit,
// submit_audit, get_auditstatus, release, revertcoderelease, with WeChat's refusals: one audit at a time, no
// release without a passed audit, no rollback without an earlier release), and a mini-program's server API
// (jscode2session, stable_token, subscribe/send, which records the subscription messages it was sent).
//
// Like WeChat it pushes the component_verify_ticket (encrypted and signed with the simulated platform's
// Token and EncodingAESKey) to the platform's push receiver: when the server starts listening, every ten
// minutes, and at once on POST /sim/wxplatform/sim/pushTicket; POST /sim/wxplatform/sim/pushAuthEvent
// {infoType: authorized|updateauthorized|unauthorized, appid} pushes an authorisation change. Its tickets
// carry their own time and signature, so any instance of the simulator takes any ticket it issued (12 hours).
//
// Who decides an audit: the reviewer's hook POST /sim/wxplatform/sim/review {auditid, result: pass|fail,
// reason} (tests, or a developer), else it passes by itself AUDIT_DELAY_MS after submission. What a
// mini-program would do on a phone: POST /sim/wxplatform/sim/login {appid, openid?} gives a wx.login code,
// POST /sim/wxplatform/sim/phone {appid, openid, phoneNumber} the encryptedData and iv of wx.getPhoneNumber
// under that user's current session key.
import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  acceptFormPosts,
  escapeHtml,
  hiddenFields,
  PUBLIC,
  simulatorPage,
  withQuery,
} from '../simulatorPages';
import { encryptMessage, messageSignature } from './messageCrypto';
import { encryptUserData } from './userData';

export const WXPLATFORM_SIMULATOR_PREFIX = '/sim/wxplatform';
/** The simulated platform: its credentials and the Token and EncodingAESKey of its pushes. */
export const SIMULATED_COMPONENT = {
  appId: 'wxsimcomponent001',
  appSecret: 'simulated-component-secret',
  token: 'simulatedcomponenttoken',
  aesKey: 'KEc67x+R/vKLQURfaacEo9u0ZBgMcX+cA0n4jI6kM7M',
};
/** WeChat pushes a new component_verify_ticket every ten minutes; one is good for 12 hours. */
export const TICKET_PUSH_MS = 10 * 60_000;
const TICKET_VALID_MS = 12 * 3_600_000;
/** Every mini-program of the simulator has this AppSecret (a tenant's SIMULATOR /wxconfig account uses it). */
export const SIMULATED_MINI_SECRET = 'simulated-mini-secret';
export const AUDIT_DELAY_MS = 10_000;
const TOKEN_SECONDS = 7200;
const CODE_MS = 5 * 60_000;

type Query = Record<string, string | undefined>;
type Body = Record<string, unknown>;

interface Audit {
  auditId: string;
  appId: string;
  decideAt: number;
  decision?: { passed: boolean; reason: string };
}

interface Program {
  /** The trial (体验) code: committed, not yet released. */
  committed: string | null;
  audit: Audit | null;
  /** Versions that went live, the current one last. */
  released: string[];
}

const newSecret = (prefix: string) => `${prefix}-${randomBytes(12).toString('hex')}`;
const error = (errcode: number, errmsg: string) => ({ errcode, errmsg });
const text = (body: unknown, name: string) => {
  const value = (body as Body | undefined)?.[name];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
};

const ticketSignature = (issuedAt: string) =>
  createHmac('sha256', SIMULATED_COMPONENT.appSecret).update(issuedAt).digest('hex').slice(0, 32);
const newTicket = () => {
  const issuedAt = String(Date.now());
  return `simticket-${issuedAt}-${ticketSignature(issuedAt)}`;
};
const ticketValid = (ticket: string) => {
  const [, issuedAt = '', signature] = /^simticket-(\d+)-([0-9a-f]{32})$/.exec(ticket) ?? [];
  return signature === ticketSignature(issuedAt) && Date.now() - Number(issuedAt) < TICKET_VALID_MS;
};

/** A push of the platform as WeChat makes it: the encrypted XML, signed in the query. */
export function componentPush(fields: Record<string, string>): {
  query: Record<string, string>;
  body: string;
} {
  const inner = Object.entries({ AppId: SIMULATED_COMPONENT.appId, ...fields })
    .map(([name, value]) => `<${name}><![CDATA[${value}]]></${name}>`)
    .join('');
  const encrypt = encryptMessage(SIMULATED_COMPONENT, `<xml>${inner}</xml>`, SIMULATED_COMPONENT.appId);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = String(Math.floor(Math.random() * 1e9));
  return {
    query: {
      timestamp,
      nonce,
      encrypt_type: 'aes',
      msg_signature: messageSignature(SIMULATED_COMPONENT.token, timestamp, nonce, encrypt),
    },
    body: `<xml><AppId><![CDATA[${SIMULATED_COMPONENT.appId}]]></AppId><Encrypt><![CDATA[${encrypt}]]></Encrypt></xml>`,
  };
}

export interface WxPlatformSimulatorOptions {
  /**
   * The platform's push receiver (授权事件接收URL) on this server, a path; without it the simulator pushes
   * nothing. Pushed through the server's own request handling (inject): the whole pipeline of a request
   * (parsers, access guard, the route), without a socket of its own that a closing server would have to wait
   * for or cut.
   */
  componentNotifyPath?: string;
}

/** A sent subscription message, as GET /sim/wxplatform/sim/messages lists them. */
export interface SentMessage {
  appid: string;
  touser: string;
  template_id: string;
  page: string;
  data: Record<string, { value: string }>;
  sentAt: string;
}

export async function wxPlatformSimulator(
  app: FastifyInstance,
  options: WxPlatformSimulatorOptions = {},
): Promise<void> {
  acceptFormPosts(app);
  const componentTokens = new Set<string>();
  const preAuthCodes = new Map<string, number>();
  const authCodes = new Map<string, { appId: string; expiresAt: number }>();
  const refreshTokens = new Map<string, string>();
  const authorizerTokens = new Map<string, string>();
  const programs = new Map<string, Program>();
  const audits = new Map<string, Audit>();
  const loginCodes = new Map<string, { appId: string; openid: string; expiresAt: number }>();
  const sessionKeys = new Map<string, string>();
  const miniTokens = new Map<string, string>();
  const sent: SentMessage[] = [];
  /** The next sends of a mini-program that fail: WeChat's errcode, how many more. */
  const failing = new Map<string, { errcode: number; count: number }>();
  let nextAuditId = 420000001;

  /** Posts a push to the receiver; its status and answer ("success" when taken). */
  const push = async (fields: Record<string, string>) => {
    if (!options.componentNotifyPath) return { status: 0, answer: 'no receiver' };
    const { query, body } = componentPush({ CreateTime: String(Math.floor(Date.now() / 1000)), ...fields });
    const response = await app.inject({
      method: 'POST',
      url: options.componentNotifyPath,
      query,
      headers: { 'content-type': 'text/xml' },
      payload: body,
    });
    return { status: response.statusCode, answer: response.body };
  };
  const pushTicket = () => push({ InfoType: 'component_verify_ticket', ComponentVerifyTicket: newTicket() });
  if (options.componentNotifyPath) {
    let timer: NodeJS.Timeout | undefined;
    const pushQuietly = () =>
      void pushTicket().catch((error: unknown) =>
        app.log.warn({ err: error }, 'simulated ticket push failed'),
      );
    app.addHook('onListen', async () => {
      pushQuietly();
      timer = setInterval(pushQuietly, TICKET_PUSH_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  }

  const programOf = (appId: string) => {
    let program = programs.get(appId);
    if (!program) {
      program = { committed: null, audit: null, released: [] };
      programs.set(appId, program);
    }
    return program;
  };
  const auditState = (audit: Audit) => {
    if (audit.decision)
      return audit.decision.passed ? { status: 0 } : { status: 1, reason: audit.decision.reason };
    return Date.now() >= audit.decideAt ? { status: 0 } : { status: 2 };
  };
  const componentOk = (query: Query) => componentTokens.has(query.component_access_token ?? '');
  /** The authorised mini-program of an authorizer_access_token. */
  const authorizerOf = (query: Query) => authorizerTokens.get(query.access_token ?? '');
  const invalidToken = error(40001, 'invalid credential, access_token is invalid or not latest');

  // ---- the third-party platform ----
  app.post('/cgi-bin/component/api_component_token', { config: PUBLIC }, async (request) => {
    const body = request.body;
    if (
      text(body, 'component_appid') !== SIMULATED_COMPONENT.appId ||
      text(body, 'component_appsecret') !== SIMULATED_COMPONENT.appSecret
    )
      return error(40013, 'invalid appid or appsecret');
    if (!ticketValid(text(body, 'component_verify_ticket')))
      return error(61006, 'component ticket is invalid');
    const token = newSecret('component');
    componentTokens.add(token);
    return { component_access_token: token, expires_in: TOKEN_SECONDS };
  });

  app.post<{ Querystring: Query }>(
    '/cgi-bin/component/api_create_preauthcode',
    { config: PUBLIC },
    async (request) => {
      if (!componentOk(request.query)) return invalidToken;
      const code = newSecret('preauth');
      preAuthCodes.set(code, Date.now() + CODE_MS);
      return { pre_auth_code: code, expires_in: CODE_MS / 1000 };
    },
  );

  // The authorisation page: the administrator names the mini-program (its AppID) and authorises it.
  app.get<{ Querystring: Query }>(
    '/cgi-bin/componentloginpage',
    { config: PUBLIC },
    async (request, reply) => {
      const {
        pre_auth_code: preAuthCode = '',
        redirect_uri: redirectUri = '',
        component_appid: appid,
      } = request.query;
      const valid = appid === SIMULATED_COMPONENT.appId && (preAuthCodes.get(preAuthCode) ?? 0) > Date.now();
      const body = valid
        ? `<h1>授权小程序给第三方平台</h1><p class="hint">第三方平台 ${escapeHtml(appid)} 请求代为管理小程序的代码发布</p>
<form method="post" action="${WXPLATFORM_SIMULATOR_PREFIX}/sim/authorize">${hiddenFields({ preAuthCode, redirectUri })}
<input name="appId" aria-label="小程序AppID" value="${escapeHtml(newSecret('wxsim').slice(0, 18))}">
<button type="submit">确认授权</button></form>`
        : '<p class="error">授权链接无效或已过期</p>';
      return reply.type('text/html; charset=utf-8').send(simulatorPage('微信公众平台', body));
    },
  );

  app.post('/sim/authorize', { config: PUBLIC }, async (request, reply) => {
    const body = request.body;
    const preAuthCode = text(body, 'preAuthCode');
    const appId = text(body, 'appId').trim();
    if ((preAuthCodes.get(preAuthCode) ?? 0) <= Date.now() || !/^wx[0-9a-zA-Z]{6,30}$/.test(appId)) {
      return reply
        .code(400)
        .type('text/html; charset=utf-8')
        .send(simulatorPage('微信公众平台', '<p class="error">授权失败</p>'));
    }
    preAuthCodes.delete(preAuthCode);
    const authCode = newSecret('authcode');
    authCodes.set(authCode, { appId, expiresAt: Date.now() + CODE_MS });
    return reply.redirect(withQuery(text(body, 'redirectUri'), { auth_code: authCode, expires_in: '3600' }));
  });

  app.post<{ Querystring: Query }>(
    '/cgi-bin/component/api_query_auth',
    { config: PUBLIC },
    async (request) => {
      if (!componentOk(request.query)) return invalidToken;
      const code = authCodes.get(text(request.body, 'authorization_code'));
      if (!code || code.expiresAt <= Date.now()) return error(61010, 'authorization code is invalid');
      authCodes.delete(text(request.body, 'authorization_code'));
      const refreshToken = newSecret('refresh');
      refreshTokens.set(refreshToken, code.appId);
      const accessToken = newSecret('authorizer');
      authorizerTokens.set(accessToken, code.appId);
      return {
        authorization_info: {
          authorizer_appid: code.appId,
          authorizer_access_token: accessToken,
          expires_in: TOKEN_SECONDS,
          authorizer_refresh_token: refreshToken,
          func_info: [{ funcscope_category: { id: 18 } }],
        },
      };
    },
  );

  app.post<{ Querystring: Query }>(
    '/cgi-bin/component/api_authorizer_token',
    { config: PUBLIC },
    async (request) => {
      if (!componentOk(request.query)) return invalidToken;
      const appId = text(request.body, 'authorizer_appid');
      if (refreshTokens.get(text(request.body, 'authorizer_refresh_token')) !== appId)
        return error(61023, 'refresh_token is invalid');
      const accessToken = newSecret('authorizer');
      authorizerTokens.set(accessToken, appId);
      return {
        authorizer_access_token: accessToken,
        expires_in: TOKEN_SECONDS,
        authorizer_refresh_token: text(request.body, 'authorizer_refresh_token'),
      };
    },
  );

  // ---- code management of an authorised mini-program ----
  app.post<{ Querystring: Query }>('/wxa/commit', { config: PUBLIC }, async (request) => {
    const appId = authorizerOf(request.query);
    if (!appId) return invalidToken;
    const version = text(request.body, 'user_version');
    if (!text(request.body, 'template_id') || !version) return error(85013, 'invalid template or version');
    const program = programOf(appId);
    program.committed = version;
    return { errcode: 0, errmsg: 'ok' };
  });

  app.post<{ Querystring: Query }>('/wxa/submit_audit', { config: PUBLIC }, async (request) => {
    const appId = authorizerOf(request.query);
    if (!appId) return invalidToken;
    const program = programOf(appId);
    if (!program.committed) return error(85009, 'no committed code');
    if (program.audit && auditState(program.audit).status === 2)
      return error(85009, 'already one auditing version');
    const audit: Audit = { auditId: String(nextAuditId++), appId, decideAt: Date.now() + AUDIT_DELAY_MS };
    audits.set(audit.auditId, audit);
    program.audit = audit;
    return { errcode: 0, errmsg: 'ok', auditid: Number(audit.auditId) };
  });

  app.post<{ Querystring: Query }>('/wxa/get_auditstatus', { config: PUBLIC }, async (request) => {
    const appId = authorizerOf(request.query);
    if (!appId) return invalidToken;
    const audit = audits.get(text(request.body, 'auditid'));
    if (!audit || audit.appId !== appId) return error(85012, 'invalid audit id');
    return { errcode: 0, errmsg: 'ok', ...auditState(audit) };
  });

  app.post<{ Querystring: Query }>('/wxa/release', { config: PUBLIC }, async (request) => {
    const appId = authorizerOf(request.query);
    if (!appId) return invalidToken;
    const program = programOf(appId);
    if (!program.audit || auditState(program.audit).status !== 0 || !program.committed)
      return error(85019, 'no audit passed version to release');
    program.released.push(program.committed);
    program.committed = null;
    program.audit = null;
    return { errcode: 0, errmsg: 'ok' };
  });

  app.get<{ Querystring: Query }>('/wxa/revertcoderelease', { config: PUBLIC }, async (request) => {
    const appId = authorizerOf(request.query);
    if (!appId) return invalidToken;
    const program = programOf(appId);
    if (program.released.length < 2) return error(87012, 'no previous version to revert to');
    program.released.pop();
    return { errcode: 0, errmsg: 'ok' };
  });

  // ---- a mini-program's server API ----
  app.get<{ Querystring: Query }>('/sns/jscode2session', { config: PUBLIC }, async (request) => {
    const { appid = '', secret, js_code: code = '', grant_type: grantType } = request.query;
    if (secret !== SIMULATED_MINI_SECRET || grantType !== 'authorization_code')
      return error(40125, 'invalid appsecret');
    const login = loginCodes.get(code);
    if (!login || login.appId !== appid || login.expiresAt <= Date.now()) return error(40029, 'invalid code');
    loginCodes.delete(code);
    // A new session key each sign-in, as WeChat may rotate it.
    const sessionKey = randomBytes(16).toString('base64');
    sessionKeys.set(`${appid}:${login.openid}`, sessionKey);
    return { openid: login.openid, session_key: sessionKey };
  });

  app.post('/cgi-bin/stable_token', { config: PUBLIC }, async (request) => {
    const appId = text(request.body, 'appid');
    if (text(request.body, 'secret') !== SIMULATED_MINI_SECRET || !appId)
      return error(40125, 'invalid appsecret');
    let token = miniTokens.get(appId);
    if (!token || (request.body as Body | undefined)?.force_refresh === true) {
      token = newSecret('minitoken');
      miniTokens.set(appId, token);
    }
    return { access_token: token, expires_in: TOKEN_SECONDS };
  });

  app.post<{ Querystring: Query }>('/cgi-bin/message/subscribe/send', { config: PUBLIC }, async (request) => {
    const appId = [...miniTokens].find(([, token]) => token === request.query.access_token)?.[0];
    if (!appId) return invalidToken;
    const body = (request.body ?? {}) as Body;
    const fault = failing.get(appId);
    if (fault && fault.count > 0) {
      fault.count -= 1;
      return error(fault.errcode, 'system error');
    }
    if (!text(body, 'touser')) return error(40003, 'invalid openid');
    if (!text(body, 'template_id')) return error(40037, 'invalid template_id');
    sent.push({
      appid: appId,
      touser: text(body, 'touser'),
      template_id: text(body, 'template_id'),
      page: text(body, 'page'),
      data: (body.data ?? {}) as SentMessage['data'],
      sentAt: new Date().toISOString(),
    });
    return { errcode: 0, errmsg: 'ok' };
  });

  // ---- hooks: the reviewer, the platform's pushes, and what a phone would do ----
  app.post('/sim/pushTicket', { config: PUBLIC }, async () => ({ errcode: 0, ...(await pushTicket()) }));

  app.post('/sim/pushAuthEvent', { config: PUBLIC }, async (request, reply) => {
    const infoType = text(request.body, 'infoType');
    const appId = text(request.body, 'appid');
    if (!['authorized', 'updateauthorized', 'unauthorized'].includes(infoType) || !appId)
      return reply.code(400).send(error(40097, 'invalid args'));
    const fields: Record<string, string> = { InfoType: infoType, AuthorizerAppid: appId };
    if (infoType !== 'unauthorized') {
      const authCode = newSecret('authcode');
      authCodes.set(authCode, { appId, expiresAt: Date.now() + CODE_MS });
      Object.assign(fields, {
        AuthorizationCode: authCode,
        AuthorizationCodeExpiredTime: String(Math.floor((Date.now() + CODE_MS) / 1000)),
      });
    }
    return { errcode: 0, ...(await push(fields)) };
  });

  /** The subscription messages sent, oldest first (?touser= one user's). */
  app.get<{ Querystring: Query }>('/sim/messages', { config: PUBLIC }, async (request) => ({
    messages: sent.filter((message) => !request.query.touser || message.touser === request.query.touser),
  }));

  /** WeChat refusing: the next `count` subscription messages of `appid` fail with `errcode` (default -1, busy). */
  app.post('/sim/failNext', { config: PUBLIC }, async (request) => {
    failing.set(text(request.body, 'appid'), {
      errcode: Number(text(request.body, 'errcode') || -1),
      count: Number(text(request.body, 'count') || 1),
    });
    return { errcode: 0, errmsg: 'ok' };
  });

  app.post('/sim/review', { config: PUBLIC }, async (request, reply) => {
    const audit = audits.get(text(request.body, 'auditid'));
    const result = text(request.body, 'result');
    if (!audit || !['pass', 'fail'].includes(result))
      return reply.code(400).send(error(85012, 'invalid audit id'));
    audit.decision = {
      passed: result === 'pass',
      reason: text(request.body, 'reason') || '小程序内容不符合规范',
    };
    return { errcode: 0, errmsg: 'ok' };
  });

  app.post('/sim/login', { config: PUBLIC }, async (request) => {
    const appId = text(request.body, 'appid');
    const openid = text(request.body, 'openid') || newSecret('o');
    const code = newSecret('jscode');
    loginCodes.set(code, { appId, openid, expiresAt: Date.now() + CODE_MS });
    return { code, openid };
  });

  app.post('/sim/phone', { config: PUBLIC }, async (request, reply) => {
    const appId = text(request.body, 'appid');
    const sessionKey = sessionKeys.get(`${appId}:${text(request.body, 'openid')}`);
    const phone = text(request.body, 'phoneNumber');
    if (!sessionKey || !/^1\d{10}$/.test(phone)) return reply.code(400).send(error(40029, 'not signed in'));
    return encryptUserData(sessionKey, {
      phoneNumber: phone,
      purePhoneNumber: phone,
      countryCode: '86',
      watermark: { appid: appId, timestamp: Math.floor(Date.now() / 1000) },
    });
  });
}
