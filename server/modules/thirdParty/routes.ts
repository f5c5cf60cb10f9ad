// The third-party endpoints (spec §7 Authentication, API.md §3.1): logins by a WeCom code, a CAS ticket or
// the special login answer exactly like POST /sys/login; the company search, pre-auth, register and install
// calls of the WeCom app; the WeChat share signature; and the settings the SPA needs to reach the parties.
// All public: a visitor calls them before having a session. Paths the spec does not give are in README.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BusinessError, envelopeSchema, ok, sendFailure } from '../../http/envelope';
import { handleError } from '../../http/errors';
import { CAS } from '../../integrations/cas';
import { PartyUnavailableError } from '../../integrations/partyHttp';
import { WECHAT, urlWithoutHash, wxConfigParams } from '../../integrations/wechat';
import { WECOM } from '../../integrations/wecom';
import { loginResultSchema } from '../auth/schemas';
import { authMessages } from '../auth/messages';
import { requestInfoOf } from '../auth/sysLog';
import { loginWithCasTicket } from './cas';
import { thirdPartyMessages } from './messages';
import {
  codeQuerySchema,
  corpListSchema,
  nothingSchema,
  settingsSchema,
  textQuery,
  urlSchema,
  wxConfigSchema,
} from './schemas';
import { specialLogin } from './special';
import {
  installSuite,
  loginWithWecom,
  preAuthUrl,
  registerUrl,
  searchCorps,
  type WecomLoginKind,
  type WecomLoginRequest,
} from './wecom';

const PUBLIC = { access: 'public' } as const;

/** A party this deployment has no channel for (production without its settings). */
function notConfigured(party: string): PartyUnavailableError {
  return new PartyUnavailableError(party, 'not configured');
}

function required<T>(channel: T | undefined, party: string): T {
  if (!channel) throw notConfigured(party);
  return channel;
}

export async function thirdPartyRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const channels = app.thirdParty;

  // A party that cannot be asked is a 503 with its name; the rest is the app's error contract.
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof PartyUnavailableError) {
      request.log.warn({ party: error.party, detail: error.detail }, 'third party unavailable');
      const message =
        error.detail === 'not configured' ? `${error.party}未配置，请联系管理员` : error.message;
      return sendFailure(reply, 503, message);
    }
    return handleError(error, request, reply);
  });

  const loginSchema = (querystring: object) => ({
    querystring,
    response: { 200: envelopeSchema(loginResultSchema) },
  });

  const wecomLogin = (path: string, kind: WecomLoginKind) =>
    app.get<{ Querystring: WecomLoginRequest }>(
      path,
      { config: PUBLIC, schema: loginSchema(codeQuerySchema) },
      async (request, reply) =>
        ok(
          await loginWithWecom(
            db,
            required(channels.wecom, WECOM),
            kind,
            request.query,
            requestInfoOf(request, reply),
          ),
          authMessages.loginSucceeded,
        ),
    );
  wecomLogin('/sys/adminLogin', 'admin');
  wecomLogin('/sys/suiteLogin', 'suite');
  wecomLogin('/sys/dpLogin', 'dp');
  wecomLogin('/sys/tyLogin', 'ty');
  wecomLogin('/sys/qywx/qrLogin', 'qr');

  app.get<{ Querystring: { keyword?: string } }>(
    '/sys/qywx/searchCompany',
    {
      config: PUBLIC,
      schema: { querystring: textQuery('keyword'), response: { 200: envelopeSchema(corpListSchema) } },
    },
    async (request) => ok(await searchCorps(db, request.query.keyword)),
  );

  app.get<{ Querystring: { appType?: string; redirectUri?: string } }>(
    '/sys/qywx/preAuthCode',
    {
      config: PUBLIC,
      schema: {
        querystring: textQuery('appType', 'redirectUri'),
        response: { 200: envelopeSchema(urlSchema) },
      },
    },
    async (request) => ok(await preAuthUrl(required(channels.wecom, WECOM), request.query)),
  );

  app.get<{ Querystring: { appType?: string } }>(
    '/sys/qywx/registerCode',
    {
      config: PUBLIC,
      schema: { querystring: textQuery('appType'), response: { 200: envelopeSchema(urlSchema) } },
    },
    async (request) => ok(await registerUrl(required(channels.wecom, WECOM), request.query)),
  );

  app.post<{ Body: { authCode?: string; auth_code?: string; code?: string } }>(
    '/sys/qywx/installApp',
    {
      config: PUBLIC,
      schema: {
        body: {
          type: 'object',
          properties: {
            authCode: { type: 'string' },
            auth_code: { type: 'string' },
            code: { type: 'string' },
          },
        },
        response: { 200: envelopeSchema(nothingSchema) },
      },
    },
    async (request, reply) => {
      const message = await installSuite(
        db,
        required(channels.wecom, WECOM),
        request.body ?? {},
        requestInfoOf(request, reply),
      );
      return ok(null, message);
    },
  );

  app.get<{ Querystring: { username?: string } }>(
    '/sys/specialLogin',
    { config: PUBLIC, schema: loginSchema(textQuery('username')) },
    async (request, reply) =>
      ok(
        await specialLogin(
          db,
          channels.specialLoginAccount,
          request.query.username,
          requestInfoOf(request, reply),
        ),
        authMessages.loginSucceeded,
      ),
  );

  app.get<{ Querystring: { ticket?: string; service?: string } }>(
    '/cas/client/validateLogin',
    { config: PUBLIC, schema: loginSchema(textQuery('ticket', 'service')) },
    async (request, reply) =>
      ok(
        await loginWithCasTicket(
          db,
          required(channels.cas, CAS),
          request.query,
          requestInfoOf(request, reply),
        ),
        authMessages.loginSucceeded,
      ),
  );

  const signature = async (url: string | undefined) => {
    const wechat = required(channels.wechat, WECHAT);
    if (!url?.trim()) throw new BusinessError(400, thirdPartyMessages.urlRequired);
    return ok(await wxConfigParams(wechat.api, wechat.appId, urlWithoutHash(url.trim())));
  };
  const signatureSchema = { 200: envelopeSchema(wxConfigSchema) };
  app.post<{ Body: { url?: string } }>(
    '/sys/wx/genWxConfigParams',
    { config: PUBLIC, schema: { body: textQuery('url'), response: signatureSchema } },
    async (request) => signature(request.body?.url),
  );
  app.get<{ Querystring: { url?: string } }>(
    '/sys/wx/genWxConfigParams',
    { config: PUBLIC, schema: { querystring: textQuery('url'), response: signatureSchema } },
    async (request) => signature(request.query.url),
  );

  app.get(
    '/sys/thirdParty/settings',
    { config: PUBLIC, schema: { response: { 200: envelopeSchema(settingsSchema) } } },
    async () =>
      ok({
        wecomWebUrl: channels.wecom?.webUrl ?? null,
        wecomSuiteId: channels.wecom?.suiteId ?? null,
        casUrl: channels.cas?.browserUrl ?? null,
        jsSdkUrl: channels.wechat?.jsSdkUrl ?? null,
      }),
  );
}
