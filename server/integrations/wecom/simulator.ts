// A local stand-in for WeCom, registered under /sim/wecom outside production when no real WeCom is
// configured: the server API the real client calls (tokens, code → identity, pre-auth and register codes,
// permanent codes) and the browser pages a person goes through (scan-to-login QR, install, register), where
// "scanning" is choosing a member. State lives in memory: codes are single use and expire like WeCom's.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  acceptFormPosts,
  escapeHtml,
  hiddenFields,
  PUBLIC,
  qrSvg,
  simulatorPage,
  withQuery,
} from '../simulatorPages';
import { WECOM_PAGES } from './api';
import {
  SIMULATED_CORPS,
  SIMULATED_WECOM_CREDENTIALS as CREDENTIALS,
  type SimulatedCorp,
} from './simulatedDirectory';

export const WECOM_SIMULATOR_PREFIX = '/sim/wecom';

const TOKEN_SECONDS = 7200;
const CODE_MS = 5 * 60 * 1000;
/** Where a registration ends, as a register template would be configured: the landing route. */
const REGISTER_REDIRECT_PATH = '/user/login';

/** How a login code was obtained, which decides the API that may redeem it. */
type CodeKind = 'corp' | 'suite' | 'admin';

interface IssuedCode {
  kind: CodeKind;
  corpId: string;
  userId: string;
  expiresAt: number;
}

const ERRORS = {
  invalidCredential: { errcode: 40001, errmsg: 'invalid credential' },
  invalidCode: { errcode: 40029, errmsg: 'invalid code' },
  invalidToken: { errcode: 40014, errmsg: 'invalid access_token' },
  invalidAuthCode: { errcode: 40078, errmsg: 'invalid auth_code' },
  invalidPermanentCode: { errcode: 40084, errmsg: 'invalid permanent_code' },
} as const;

const newSecret = (prefix: string) => `${prefix}-${randomBytes(12).toString('hex')}`;

type Query = Record<string, string | undefined>;
type Body = Record<string, unknown> | undefined;

function text(body: Body, name: string): string {
  const value = body?.[name];
  return typeof value === 'string' ? value : '';
}

export async function wecomSimulator(app: FastifyInstance): Promise<void> {
  acceptFormPosts(app);
  const corps = new Map<string, SimulatedCorp>(SIMULATED_CORPS.map((corp) => [corp.corpId, corp]));
  const tokens = new Map<
    string,
    { kind: 'provider' | 'suite' | 'corp'; corpId?: string; expiresAt: number }
  >();
  const codes = new Map<string, IssuedCode>();
  const preAuthCodes = new Set<string>();
  const registerCodes = new Map<string, string>();
  const authCodes = new Map<string, { corpId: string; userId: string; expiresAt: number }>();
  const permanentCodes = new Map<string, string>(
    SIMULATED_CORPS.map((corp) => [corp.permanentCode, corp.corpId]),
  );

  const issueToken = (kind: 'provider' | 'suite' | 'corp', corpId?: string) => {
    const token = newSecret(kind);
    tokens.set(token, { kind, corpId, expiresAt: Date.now() + TOKEN_SECONDS * 1000 });
    return token;
  };
  const tokenOf = (token: string | undefined, kind: 'provider' | 'suite' | 'corp') => {
    const entry = token === undefined ? undefined : tokens.get(token);
    return entry && entry.kind === kind && entry.expiresAt > Date.now() ? entry : undefined;
  };
  /** Redeems a code once; undefined when unknown, expired, used or of another kind. */
  const redeem = (code: string | undefined, kind: CodeKind) => {
    const issued = code === undefined ? undefined : codes.get(code);
    if (!issued || code === undefined) return undefined;
    codes.delete(code);
    return issued.kind === kind && issued.expiresAt > Date.now() ? issued : undefined;
  };

  // --- The server API ------------------------------------------------------------------------------------

  app.post('/cgi-bin/service/get_provider_token', { config: PUBLIC }, async (request) => {
    const body = request.body as Body;
    if (
      text(body, 'corpid') !== CREDENTIALS.providerCorpId ||
      text(body, 'provider_secret') !== CREDENTIALS.providerSecret
    ) {
      return ERRORS.invalidCredential;
    }
    return {
      errcode: 0,
      errmsg: 'ok',
      provider_access_token: issueToken('provider'),
      expires_in: TOKEN_SECONDS,
    };
  });

  app.post('/cgi-bin/service/get_suite_token', { config: PUBLIC }, async (request) => {
    const body = request.body as Body;
    if (
      text(body, 'suite_id') !== CREDENTIALS.suiteId ||
      text(body, 'suite_secret') !== CREDENTIALS.suiteSecret ||
      text(body, 'suite_ticket') !== CREDENTIALS.suiteTicket
    ) {
      return ERRORS.invalidCredential;
    }
    return { errcode: 0, errmsg: 'ok', suite_access_token: issueToken('suite'), expires_in: TOKEN_SECONDS };
  });

  app.post<{ Querystring: Query }>('/cgi-bin/service/get_corp_token', { config: PUBLIC }, async (request) => {
    if (!tokenOf(request.query.suite_access_token, 'suite')) return ERRORS.invalidToken;
    const body = request.body as Body;
    const corpId = permanentCodes.get(text(body, 'permanent_code'));
    if (!corpId || corpId !== text(body, 'auth_corpid')) return ERRORS.invalidPermanentCode;
    return { errcode: 0, errmsg: 'ok', access_token: issueToken('corp', corpId), expires_in: TOKEN_SECONDS };
  });

  app.post<{ Querystring: Query }>('/cgi-bin/service/get_login_info', { config: PUBLIC }, async (request) => {
    if (!tokenOf(request.query.access_token, 'provider')) return ERRORS.invalidToken;
    const issued = redeem(text(request.body as Body, 'auth_code'), 'admin');
    if (!issued) return ERRORS.invalidCode;
    return {
      errcode: 0,
      errmsg: 'ok',
      usertype: 1,
      user_info: { userid: issued.userId },
      corp_info: { corpid: issued.corpId },
    };
  });

  app.get<{ Querystring: Query }>(
    '/cgi-bin/service/auth/getuserinfo3rd',
    { config: PUBLIC },
    async (request) => {
      if (!tokenOf(request.query.suite_access_token, 'suite')) return ERRORS.invalidToken;
      const issued = redeem(request.query.code, 'suite');
      if (!issued) return ERRORS.invalidCode;
      return { errcode: 0, errmsg: 'ok', corpid: issued.corpId, userid: issued.userId };
    },
  );

  app.get<{ Querystring: Query }>('/cgi-bin/auth/getuserinfo', { config: PUBLIC }, async (request) => {
    const token = tokenOf(request.query.access_token, 'corp');
    if (!token) return ERRORS.invalidToken;
    const issued = redeem(request.query.code, 'corp');
    // A code of another corp is as good as none to this corp's token.
    if (!issued || issued.corpId !== token.corpId) return ERRORS.invalidCode;
    return { errcode: 0, errmsg: 'ok', userid: issued.userId };
  });

  app.get<{ Querystring: Query }>(
    '/cgi-bin/service/get_pre_auth_code',
    { config: PUBLIC },
    async (request) => {
      if (!tokenOf(request.query.suite_access_token, 'suite')) return ERRORS.invalidToken;
      const code = newSecret('preauth');
      preAuthCodes.add(code);
      return { errcode: 0, errmsg: 'ok', pre_auth_code: code, expires_in: 1200 };
    },
  );

  app.post<{ Querystring: Query }>(
    '/cgi-bin/service/get_register_code',
    { config: PUBLIC },
    async (request) => {
      if (!tokenOf(request.query.provider_access_token, 'provider')) return ERRORS.invalidToken;
      const body = request.body as Body;
      if (text(body, 'template_id') !== CREDENTIALS.registerTemplateId) {
        return { errcode: 84024, errmsg: 'invalid template_id' };
      }
      const code = newSecret('register');
      registerCodes.set(code, text(body, 'state'));
      return { errcode: 0, errmsg: 'ok', register_code: code, expires_in: 600 };
    },
  );

  app.post<{ Querystring: Query }>(
    '/cgi-bin/service/get_permanent_code',
    { config: PUBLIC },
    async (request) => {
      if (!tokenOf(request.query.suite_access_token, 'suite')) return ERRORS.invalidToken;
      const authCode = text(request.body as Body, 'auth_code');
      const install = authCodes.get(authCode);
      authCodes.delete(authCode);
      if (!install || install.expiresAt <= Date.now()) return ERRORS.invalidAuthCode;
      const corp = corps.get(install.corpId);
      const installer = corp?.members.find((member) => member.userId === install.userId);
      if (!corp || !installer) return ERRORS.invalidAuthCode;
      const permanentCode = newSecret('permanent');
      permanentCodes.set(permanentCode, corp.corpId);
      return {
        errcode: 0,
        errmsg: 'ok',
        access_token: issueToken('corp', corp.corpId),
        expires_in: TOKEN_SECONDS,
        permanent_code: permanentCode,
        auth_corp_info: { corpid: corp.corpId, corp_name: corp.name },
        auth_info: { agent: [{ agentid: Number(corp.agentId), name: '渠道数字化' }] },
        auth_user_info: { userid: installer.userId, name: installer.name },
      };
    },
  );

  // --- The browser pages -----------------------------------------------------------------------------------

  const memberForms = (corp: SimulatedCorp, fields: Record<string, string>, action: string, label: string) =>
    corp.members
      .map(
        (member) =>
          `<form method="post" action="${escapeHtml(action)}" target="_top">${hiddenFields({
            ...fields,
            corpId: corp.corpId,
            userId: member.userId,
          })}<button type="submit">${escapeHtml(label)}：${escapeHtml(member.name)}（${escapeHtml(member.userId)}）</button></form>`,
      )
      .join('');

  /** A login page: the QR of this very page, and one "scan" button per member of the corps offered. */
  const loginPage = async (
    request: FastifyRequest<{ Querystring: Query }>,
    reply: FastifyReply,
    kind: CodeKind,
    offered: SimulatedCorp[],
  ) => {
    const { redirect_uri: redirectUri = '', state = '' } = request.query;
    reply.type('text/html; charset=utf-8');
    if (!/^https?:\/\//.test(redirectUri)) {
      return simulatorPage('企业微信登录', '<h1>企业微信登录</h1><p class="error">redirect_uri 无效</p>');
    }
    if (offered.length === 0) {
      return simulatorPage(
        '企业微信登录',
        '<h1>企业微信登录</h1><p class="error">该企业未在企业微信注册（appid 无效）</p>',
      );
    }
    const pageUrl = `${request.protocol}://${request.host}${request.url}`;
    const forms = offered
      .map(
        (corp) =>
          `<p class="hint">${escapeHtml(corp.name)}</p>` +
          memberForms(
            corp,
            { kind, redirectUri, state },
            `${WECOM_SIMULATOR_PREFIX}/sim/authorize`,
            '模拟扫码登录',
          ),
      )
      .join('');
    return simulatorPage(
      '企业微信扫码登录',
      `<h1>企业微信扫码登录</h1><p class="hint">请使用企业微信扫描二维码登录</p><div class="qr">${await qrSvg(pageUrl)}</div>${forms}`,
    );
  };

  app.get<{ Querystring: Query }>(WECOM_PAGES.qrConnect, { config: PUBLIC }, (request, reply) => {
    const corp = corps.get(request.query.appid ?? '');
    return loginPage(request, reply, 'corp', corp && corp.agentId === request.query.agentid ? [corp] : []);
  });

  app.get<{ Querystring: Query }>('/connect/oauth2/authorize', { config: PUBLIC }, (request, reply) =>
    loginPage(request, reply, 'suite', request.query.appid === CREDENTIALS.suiteId ? SIMULATED_CORPS : []),
  );

  app.get<{ Querystring: Query }>('/wwopen/sso/3rd_qrConnect', { config: PUBLIC }, (request, reply) =>
    loginPage(
      request,
      reply,
      'admin',
      request.query.appid === CREDENTIALS.providerCorpId ? SIMULATED_CORPS : [],
    ),
  );

  app.post('/sim/authorize', { config: PUBLIC }, async (request, reply) => {
    const body = request.body as Body;
    const kind = text(body, 'kind') as CodeKind;
    const corp = corps.get(text(body, 'corpId'));
    const member = corp?.members.find((candidate) => candidate.userId === text(body, 'userId'));
    if (!corp || !member || !['corp', 'suite', 'admin'].includes(kind)) {
      return reply
        .code(400)
        .type('text/html; charset=utf-8')
        .send(simulatorPage('企业微信', '<p class="error">成员不存在</p>'));
    }
    const code = newSecret('code');
    codes.set(code, { kind, corpId: corp.corpId, userId: member.userId, expiresAt: Date.now() + CODE_MS });
    return reply.redirect(withQuery(text(body, 'redirectUri'), { code, state: text(body, 'state') }));
  });

  app.get<{ Querystring: Query }>(WECOM_PAGES.install, { config: PUBLIC }, async (request, reply) => {
    const { pre_auth_code: preAuthCode = '', redirect_uri: redirectUri = '', state = '' } = request.query;
    reply.type('text/html; charset=utf-8');
    if (request.query.suite_id !== CREDENTIALS.suiteId || !preAuthCodes.has(preAuthCode)) {
      return simulatorPage('安装应用', '<h1>安装应用</h1><p class="error">预授权码无效或已过期</p>');
    }
    const forms = SIMULATED_CORPS.map(
      (corp) =>
        `<p class="hint">${escapeHtml(corp.name)}</p>` +
        memberForms(
          corp,
          { preAuthCode, redirectUri, state },
          `${WECOM_SIMULATOR_PREFIX}/sim/install`,
          '以管理员身份授权安装',
        ),
    ).join('');
    return simulatorPage(
      '安装应用',
      `<h1>授权安装「渠道数字化」</h1><p class="hint">选择企业和管理员</p>${forms}`,
    );
  });

  app.get<{ Querystring: Query }>(WECOM_PAGES.register, { config: PUBLIC }, async (request, reply) => {
    const registerCode = request.query.register_code ?? '';
    reply.type('text/html; charset=utf-8');
    if (!registerCodes.has(registerCode)) {
      return simulatorPage('注册企业微信', '<h1>注册企业微信</h1><p class="error">注册码无效或已过期</p>');
    }
    const redirectUri = `${request.protocol}://${request.host}${REGISTER_REDIRECT_PATH}`;
    const corp = SIMULATED_CORPS[SIMULATED_CORPS.length - 1];
    return simulatorPage(
      '注册企业微信',
      `<h1>注册企业微信并安装应用</h1><p class="hint">模拟注册企业「${escapeHtml(corp.name)}」</p>` +
        memberForms(corp, { registerCode, redirectUri }, `${WECOM_SIMULATOR_PREFIX}/sim/install`, '完成注册'),
    );
  });

  app.post('/sim/install', { config: PUBLIC }, async (request, reply) => {
    const body = request.body as Body;
    const registerCode = text(body, 'registerCode');
    const viaRegister = registerCodes.has(registerCode);
    const state = viaRegister ? (registerCodes.get(registerCode) ?? '') : text(body, 'state');
    const valid = viaRegister || preAuthCodes.has(text(body, 'preAuthCode'));
    const corp = corps.get(text(body, 'corpId'));
    const member = corp?.members.find((candidate) => candidate.userId === text(body, 'userId'));
    if (!valid || !corp || !member) {
      return reply
        .code(400)
        .type('text/html; charset=utf-8')
        .send(simulatorPage('安装应用', '<p class="error">授权无效</p>'));
    }
    preAuthCodes.delete(text(body, 'preAuthCode'));
    registerCodes.delete(registerCode);
    const authCode = newSecret('auth');
    authCodes.set(authCode, { corpId: corp.corpId, userId: member.userId, expiresAt: Date.now() + CODE_MS });
    return reply.redirect(withQuery(text(body, 'redirectUri'), { auth_code: authCode, state }));
  });
}
