// /wxplatform (小程序发布, back office) and /wxapi (the mini-programs' WeChat sign-in). WeChat's answers:
// a refusal (errcode) is a 409 naming WeChat's code and message, WeChat out of reach a 503.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MINI_PROGRAM_KIND, type MiniCommitInput, type MiniProgramKind } from '../../../common/wxplatform';
import { handleError } from '../../http/errors';
import { BusinessError, ok, sendFailure } from '../../http/envelope';
import { PartyRefusedError, PartyUnavailableError } from '../../integrations/partyHttp';
import { actorOf, callerOf, requires } from '../shared/actor';
import { idQuerySchema, text, type IdQuery } from '../shared/schemas';
import {
  authorizationUrl,
  commitVersion,
  completeAuthorization,
  listMiniPrograms,
  refreshAudit,
  releaseVersion,
  rollbackVersion,
  submitAudit,
  type WxPlatformDeps,
} from './service';
import {
  acceptSubscriptions,
  codeToSession,
  phoneLogin,
  type CodeSessionInput,
  type PhoneLoginInput,
  type SubscribeInput,
} from './wxapi';

const KINDS = Object.keys(MINI_PROGRAM_KIND);
const body = (required: string[], properties: Record<string, unknown>) =>
  ({ type: 'object', required, properties, additionalProperties: false }) as const;
const kind = { type: 'string', enum: KINDS } as const;
const PUBLIC = { access: 'public' as const };

function wechatErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof PartyRefusedError) {
    request.log.warn({ party: error.party, code: error.partyCode, detail: error.detail }, 'wechat refused');
    return handleError(
      new BusinessError(409, `微信拒绝了请求：${error.partyCode} ${error.detail}`),
      request,
      reply,
    );
  }
  if (error instanceof PartyUnavailableError) {
    request.log.warn({ party: error.party, detail: error.detail }, 'wechat unavailable');
    return sendFailure(reply, 503, error.message);
  }
  return handleError(error, request, reply);
}

export async function wxPlatformRoutes(app: FastifyInstance): Promise<void> {
  const deps: WxPlatformDeps = {
    db: app.database.db,
    runtime: app.wxRuntime,
    production: process.env.NODE_ENV === 'production',
  };
  app.setErrorHandler(wechatErrors);

  app.get('/wxplatform/list', { config: requires('wxplatform:list') }, async (request) =>
    ok(await listMiniPrograms(deps.db, callerOf(request))),
  );

  app.post<{ Body: { redirectUri: string } }>(
    '/wxplatform/authorize/url',
    {
      config: requires('wxplatform:authorize'),
      schema: { body: body(['redirectUri'], { redirectUri: text(1024) }) },
    },
    async (request) => ok({ url: await authorizationUrl(deps, request.body.redirectUri) }),
  );

  app.post<{ Body: { kind: MiniProgramKind; authCode: string } }>(
    '/wxplatform/authorize/complete',
    {
      config: requires('wxplatform:authorize'),
      schema: { body: body(['kind', 'authCode'], { kind, authCode: text(256) }) },
    },
    async (request, reply) =>
      ok(
        await completeAuthorization(deps, actorOf(request, reply), request.body.kind, request.body.authCode),
        '授权成功',
      ),
  );

  app.post<{ Body: MiniCommitInput }>(
    '/wxplatform/version/commit',
    {
      config: requires('wxplatform:release'),
      schema: {
        body: body(['programId', 'templateId', 'userVersion', 'userDesc'], {
          programId: text(32),
          templateId: { type: 'string', pattern: '^\\s*\\d{1,12}\\s*$' },
          userVersion: { type: 'string', pattern: '^\\s*[0-9A-Za-z._-]{1,32}\\s*$' },
          userDesc: text(256),
          extJson: { type: ['string', 'null'], maxLength: 16384 },
        }),
      },
    },
    async (request, reply) =>
      ok(await commitVersion(deps, actorOf(request, reply), request.body), '上传成功'),
  );

  const versionCommand = (
    path: string,
    message: string,
    run: (request: FastifyRequest<{ Body: IdQuery }>, reply: FastifyReply) => Promise<unknown>,
  ) =>
    app.post<{ Body: IdQuery }>(
      path,
      { config: requires('wxplatform:release'), schema: { body: idQuerySchema } },
      async (request, reply) => ok(await run(request, reply), message),
    );
  versionCommand('/wxplatform/version/submit', '已提交审核', (request, reply) =>
    submitAudit(deps, actorOf(request, reply), request.body.id),
  );
  versionCommand('/wxplatform/version/refreshAudit', '已刷新审核结果', (request, reply) => {
    const actor = actorOf(request, reply);
    return refreshAudit(deps, actor.tenantId, request.body.id, actor);
  });
  versionCommand('/wxplatform/version/release', '发布成功', (request, reply) =>
    releaseVersion(deps, actorOf(request, reply), request.body.id),
  );
  versionCommand('/wxplatform/version/rollback', '已回退到上一版本', (request, reply) =>
    rollbackVersion(deps, actorOf(request, reply), request.body.id),
  );

  // ---- /wxapi: called by the mini-programs, before any sign-in ----
  app.post<{ Body: CodeSessionInput }>(
    '/wxapi/session',
    {
      config: PUBLIC,
      schema: { body: body(['tenantId', 'kind', 'code'], { tenantId: text(32), kind, code: text(128) }) },
    },
    async (request) => ok(await codeToSession(deps, request.body)),
  );

  app.post<{ Body: PhoneLoginInput }>(
    '/wxapi/phoneLogin',
    {
      config: PUBLIC,
      schema: {
        body: body(['wxToken', 'encryptedData', 'iv'], {
          wxToken: text(128),
          encryptedData: text(4096),
          iv: text(64),
        }),
      },
    },
    async (request) => ok(await phoneLogin(deps, request.body), '登录成功'),
  );

  app.post<{ Body: SubscribeInput }>(
    '/wxapi/subscribe',
    {
      config: PUBLIC,
      schema: {
        body: body(['wxToken', 'templateIds'], {
          wxToken: text(128),
          templateIds: { type: 'array', maxItems: 10, items: text(64) },
        }),
      },
    },
    async (request) => ok(await acceptSubscriptions(deps, request.body)),
  );
}
