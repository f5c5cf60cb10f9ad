// A local stand-in for the WeChat APIs /wxplatform and /wxapi use, under /sim/wxplatform outside production:
// the third-party platform (component token from the simulated verify ticket, pre-auth code, the
// authorisation page, authorizer tokens) with the code management of an authorised mini-program (commit,
// submit_audit, get_auditstatus, release, revertcoderelease, with WeChat's refusals: one audit at a time, no
// release without a passed audit, no rollback without an earlier release), and a mini-program's server API
// (jscode2session).
//
// Who decides an audit: the reviewer's hook POST /sim/wxplatform/sim/review {auditid, result: pass|fail,
// reason} (tests, or a developer), else it passes by itself AUDIT_DELAY_MS after submission. What a
// mini-program would do on a phone: POST /sim/wxplatform/sim/login {appid, openid?} gives a wx.login code,
// POST /sim/wxplatform/sim/phone {appid, openid, phoneNumber} the encryptedData and iv of wx.getPhoneNumber
// under that user's current session key.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  acceptFormPosts,
  escapeHtml,
  hiddenFields,
  PUBLIC,
  simulatorPage,
  withQuery,
} from '../simulatorPages';
import { encryptUserData } from './userData';

export const WXPLATFORM_SIMULATOR_PREFIX = '/sim/wxplatform';
export const SIMULATED_COMPONENT = { appId: 'wxsimcomponent001', appSecret: 'simulated-component-secret' };
export const SIMULATED_VERIFY_TICKET = 'simulated-verify-ticket';
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

export async function wxPlatformSimulator(app: FastifyInstance): Promise<void> {
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
  let nextAuditId = 420000001;

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
    if (text(body, 'component_verify_ticket') !== SIMULATED_VERIFY_TICKET)
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

  // ---- hooks: the reviewer, and what a phone would do ----
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
