// /wxconfig (微信配置): per tenant the official account, the two mini-programs (mall, employee shop) and the pay
// merchant. Secrets (app secret, APIv3 key, merchant private key) are encrypted at rest (secrets.ts) and
// write-only: the answer says whether each is set, never its value; a blank one on save keeps the stored one.
import { createPrivateKey } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { codesOf } from '../../../common/businessEnums';
import { MINI_MESSAGE_EVENT, parseMessageFields, type MiniMessageEvent } from '../../../common/wxplatform';
import {
  WX_ACCOUNT_KIND,
  WX_MODE,
  type WxAccountInput,
  type WxAccountKind,
  type WxMode,
} from '../../../common/payments';
import { shanghaiDateTime } from '../../db/dates';
import { newId } from '../../db/ids';
import type { DB } from '../../db/schema';
import { BusinessError, InvalidRequestError, ok } from '../../http/envelope';
import { platformKey } from '../../integrations/wechatpay/crypto';
import { actorOf, callerOf, logOperation, requires, type Actor, type Caller } from '../shared/actor';
import { encryptSecret, secretsKey } from './secrets';

const KINDS = codesOf(WX_ACCOUNT_KIND) as WxAccountKind[];

export async function listWxAccounts(db: Kysely<DB>, caller: Caller) {
  const rows = await db
    .selectFrom('wx_accounts')
    .select([
      'id',
      'kind',
      'name',
      'mode',
      'app_id as appId',
      'mch_id as mchId',
      'serial_no as serialNo',
      'platform_serial as platformSerial',
      'platform_cert as platformCert',
      'remark',
      'message_templates as messageTemplates',
      'message_fields as messageFields',
      'app_secret_enc',
      'api_v3_key_enc',
      'private_key_enc',
      shanghaiDateTime<string>('updated_at').as('updatedAt'),
    ])
    .where('tenant_id', '=', caller.tenantId)
    .execute();
  return KINDS.map((kind) => {
    const row = rows.find((each) => each.kind === kind);
    const {
      app_secret_enc: appSecret,
      api_v3_key_enc: apiV3Key,
      private_key_enc: privateKey,
      ...shown
    } = row ?? {
      id: null,
      kind,
      name: WX_ACCOUNT_KIND[kind],
      mode: 'SIMULATOR' as WxMode,
      appId: null,
      mchId: null,
      serialNo: null,
      platformSerial: null,
      platformCert: null,
      remark: null,
      messageTemplates: {},
      messageFields: null,
      updatedAt: null,
      app_secret_enc: null,
      api_v3_key_enc: null,
      private_key_enc: null,
    };
    return {
      ...shown,
      kind_dictText: WX_ACCOUNT_KIND[kind],
      mode_dictText: WX_MODE[shown.mode],
      appSecretSet: Boolean(appSecret),
      apiV3KeySet: Boolean(apiV3Key),
      privateKeySet: Boolean(privateKey),
    };
  });
}

const blank = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);
const MINI_KINDS: readonly WxAccountKind[] = ['MINI_MALL', 'MINI_EMPLOYEE'];

/** A mini-program's templates of the order events (blank ones left out) and its keywords; others have none. */
function messageSettings(input: WxAccountInput) {
  if (!MINI_KINDS.includes(input.kind)) return { message_templates: '{}', message_fields: null };
  const parsed = parseMessageFields(input.messageFields);
  if ('error' in parsed) throw new InvalidRequestError(parsed.error);
  const templates = Object.fromEntries(
    (Object.keys(MINI_MESSAGE_EVENT) as MiniMessageEvent[])
      .map((event) => [event, blank(input.messageTemplates?.[event])] as const)
      .filter((entry): entry is readonly [MiniMessageEvent, string] => entry[1] !== null),
  );
  return { message_templates: JSON.stringify(templates), message_fields: blank(input.messageFields) };
}

export async function saveWxAccount(
  db: Kysely<DB>,
  actor: Actor,
  input: WxAccountInput,
  production: boolean,
) {
  if (input.mode === 'SIMULATOR' && production) throw new BusinessError(409, '生产环境不能使用模拟器');
  const apiV3Key = blank(input.apiV3Key);
  if (apiV3Key && Buffer.byteLength(apiV3Key, 'utf8') !== 32)
    throw new InvalidRequestError('APIv3 密钥必须为 32 位');
  const privateKey = blank(input.privateKey);
  if (privateKey) {
    try {
      createPrivateKey(privateKey);
    } catch {
      throw new InvalidRequestError('商户 API 私钥不是有效的 PEM 私钥');
    }
  }
  const platformCert = blank(input.platformCert);
  if (platformCert) {
    try {
      platformKey(platformCert);
    } catch {
      throw new InvalidRequestError('平台证书/微信支付公钥不是有效的 PEM');
    }
  }
  const key = await secretsKey(db, production);
  const secrets = {
    ...(blank(input.appSecret) && { app_secret_enc: encryptSecret(key, blank(input.appSecret)!) }),
    ...(apiV3Key && { api_v3_key_enc: encryptSecret(key, apiV3Key) }),
    ...(privateKey && { private_key_enc: encryptSecret(key, privateKey) }),
  };
  const values = {
    name: input.name.trim(),
    mode: input.mode,
    app_id: blank(input.appId),
    mch_id: input.kind === 'PAY_MERCHANT' ? blank(input.mchId) : null,
    serial_no: input.kind === 'PAY_MERCHANT' ? blank(input.serialNo) : null,
    platform_serial: input.kind === 'PAY_MERCHANT' ? blank(input.platformSerial) : null,
    platform_cert: input.kind === 'PAY_MERCHANT' ? platformCert : null,
    remark: blank(input.remark),
    ...messageSettings(input),
    updated_by: actor.userId,
    updated_at: new Date(),
  };
  return db.transaction().execute(async (trx) => {
    const saved = await trx
      .insertInto('wx_accounts')
      .values({
        id: newId(),
        tenant_id: actor.tenantId,
        kind: input.kind,
        created_by: actor.userId,
        ...values,
        ...secrets,
      })
      .onConflict((conflict) =>
        conflict.constraint('wx_accounts_kind_uq').doUpdateSet({ ...values, ...secrets }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
    if (saved.kind === 'PAY_MERCHANT' && saved.mode === 'LIVE') {
      const missing = [
        [saved.mch_id, '商户号'],
        [saved.serial_no, '商户证书序列号'],
        [saved.api_v3_key_enc, 'APIv3 密钥'],
        [saved.private_key_enc, '商户 API 私钥'],
        [saved.platform_serial, '平台证书序列号/公钥ID'],
        [saved.platform_cert, '平台证书/微信支付公钥'],
      ]
        .filter(([value]) => !value)
        .map(([, label]) => label);
      if (missing.length > 0) throw new BusinessError(400, `正式环境须填写：${missing.join('、')}`);
    }
    if (saved.kind !== 'PAY_MERCHANT' && saved.mode === 'LIVE' && (!saved.app_id || !saved.app_secret_enc)) {
      throw new BusinessError(400, '正式环境须填写 AppID 和 AppSecret');
    }
    await logOperation(
      trx,
      actor,
      'update',
      `微信配置 ${WX_ACCOUNT_KIND[input.kind]}：${values.name}（${WX_MODE[input.mode]}）`,
    );
    return { id: saved.id };
  });
}

const optional = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;
const saveBody = {
  type: 'object',
  required: ['kind', 'name', 'mode'],
  properties: {
    kind: { type: 'string', enum: KINDS },
    name: { type: 'string', minLength: 1, maxLength: 64 },
    mode: { type: 'string', enum: codesOf(WX_MODE) },
    appId: optional(32),
    appSecret: optional(128),
    mchId: optional(32),
    serialNo: optional(64),
    apiV3Key: optional(64),
    privateKey: optional(8192),
    platformSerial: optional(64),
    platformCert: optional(8192),
    remark: optional(256),
    messageTemplates: {
      type: ['object', 'null'],
      properties: Object.fromEntries(Object.keys(MINI_MESSAGE_EVENT).map((event) => [event, optional(64)])),
      additionalProperties: false,
    },
    messageFields: optional(512),
  },
} as const;

export async function wxConfigRoutes(app: FastifyInstance) {
  const db = app.database.db;
  const production = process.env.NODE_ENV === 'production';
  app.get('/wxconfig/list', { config: requires('wxconfig:list') }, async (request) =>
    ok(await listWxAccounts(db, callerOf(request))),
  );
  app.post<{ Body: WxAccountInput }>(
    '/wxconfig/save',
    { config: requires('wxconfig:edit'), schema: { body: saveBody } },
    async (request, reply) =>
      ok(await saveWxAccount(db, actorOf(request, reply), request.body, production), '保存成功！'),
  );
}
