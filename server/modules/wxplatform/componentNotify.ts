// The third-party platform's push receiver (授权事件接收URL), public: WeChat calls it, its signature
// authenticates it. POST /api/wxplatform/component/notify?timestamp&nonce&encrypt_type=aes&msg_signature with
// <xml><AppId/><Encrypt/></xml>. Believed only when the msg_signature is the platform's (Token), the timestamp
// within five minutes of now, and the Encrypt decrypts (EncodingAESKey) to a message for the platform's AppID.
// Then, by InfoType:
//   component_verify_ticket        stored in deployment_settings (an older push never replaces a newer one)
//   unauthorized                   the mini-program's record (if a tenant has one) becomes UNAUTHORIZED
//   authorized / updateauthorized  the record (if any) gets the new refresh token (api_query_auth) and AUTHORIZED
// and answered with the literal "success" (WeChat pushes again otherwise). A refused push is logged and answered
// 401 (400 when it is no push at all); a WeChat failure while applying an authorisation is logged and still
// answered "success": the administrator authorises again on 小程序发布.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { XMLParser } from 'fast-xml-parser';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { PartyRefusedError, PartyUnavailableError } from '../../integrations/partyHttp';
import { decryptMessage, signatureMatches } from '../../integrations/wxplatform/messageCrypto';
import { encryptSecret, secretsKey } from '../payments/secrets';
import { VERIFY_TICKET_SETTING, type ComponentReceiver, type WxRuntime } from './runtime';

export const COMPONENT_NOTIFY_PATH = '/wxplatform/component/notify';
/** How far a push's timestamp may be from now: older ones are replays. */
export const PUSH_WINDOW_SECONDS = 300;
const PUSH_BODY_LIMIT = 64 * 1024;

export interface PushQuery {
  timestamp: string;
  nonce: string;
  msg_signature: string;
  encrypt_type?: string;
  signature?: string;
}

const querystring = {
  type: 'object',
  required: ['timestamp', 'nonce', 'msg_signature'],
  properties: {
    timestamp: { type: 'string', pattern: '^\\d{1,12}$' },
    nonce: { type: 'string', maxLength: 64 },
    msg_signature: { type: 'string', maxLength: 64 },
    encrypt_type: { type: 'string', maxLength: 16 },
    signature: { type: 'string', maxLength: 64 },
  },
} as const;

const parser = new XMLParser({ parseTagValue: false, trimValues: true, processEntities: false });

type Fields = Record<string, string>;

/** The <xml> element's child texts; undefined when the text is no such XML. */
function xmlFields(xml: string): Fields | undefined {
  try {
    const root = (parser.parse(xml, true) as { xml?: unknown }).xml;
    if (!root || typeof root !== 'object') return undefined;
    return Object.fromEntries(
      Object.entries(root).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return undefined;
  }
}

export type OpenedPush = { fields: Fields } | { refused: string; malformed?: boolean };

/** The push's decrypted fields, or why it is refused. */
export function openPush(
  receiver: ComponentReceiver,
  query: PushQuery,
  xml: string,
  nowMs: number,
): OpenedPush {
  const envelope = xmlFields(xml);
  if (!envelope?.Encrypt) return { refused: 'no Encrypt element', malformed: true };
  if (Math.abs(nowMs / 1000 - Number(query.timestamp)) > PUSH_WINDOW_SECONDS)
    return { refused: `timestamp ${query.timestamp} outside ${PUSH_WINDOW_SECONDS}s` };
  if (!signatureMatches(receiver, query.msg_signature, query.timestamp, query.nonce, envelope.Encrypt))
    return { refused: 'msg_signature does not match' };
  const opened = decryptMessage(receiver, envelope.Encrypt);
  if (!opened) return { refused: 'Encrypt does not decrypt' };
  if (opened.appId !== receiver.appId) return { refused: `for appid ${opened.appId}` };
  const fields = xmlFields(opened.message);
  if (!fields?.InfoType) return { refused: 'no InfoType', malformed: true };
  if (fields.AppId !== undefined && fields.AppId !== receiver.appId)
    return { refused: `AppId ${fields.AppId} in the message` };
  return { fields };
}

interface PushDeps {
  db: Kysely<DB>;
  runtime: WxRuntime;
  production: boolean;
  log: FastifyBaseLogger;
}

/** Stores the ticket unless a newer push was stored first; hands it to this instance's runtime. */
async function storeTicket(deps: PushDeps, ticket: string, createTime: string | undefined) {
  const seconds = Number(createTime);
  const pushedAt = Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date();
  const stored = await deps.db
    .insertInto('deployment_settings')
    .values({ key: VERIFY_TICKET_SETTING, value: ticket, updated_at: pushedAt })
    .onConflict((conflict) =>
      conflict
        .column('key')
        .doUpdateSet({ value: ticket, updated_at: pushedAt })
        .where('deployment_settings.updated_at', '<=', pushedAt),
    )
    .returning('key')
    .executeTakeFirst();
  if (stored) deps.runtime.ticketReceived(ticket);
  return stored ? 'stored' : 'older than the stored ticket';
}

/** The mini-program authorised again (or its authorisation changed): its new refresh token. */
async function reauthorized(deps: PushDeps, appId: string, authCode: string | undefined) {
  const program = await deps.db
    .selectFrom('wx_mini_programs')
    .select('id')
    .where('app_id', '=', appId)
    .executeTakeFirst();
  if (!program || !authCode) return 'no record';
  let refreshToken: string;
  try {
    refreshToken = (await deps.runtime.platform(deps.db).queryAuth(authCode)).refreshToken;
  } catch (error) {
    if (!(error instanceof PartyRefusedError || error instanceof PartyUnavailableError)) throw error;
    deps.log.warn({ err: error, appId }, 'wxplatform push: api_query_auth failed');
    return 'query_auth failed';
  }
  await deps.db
    .updateTable('wx_mini_programs')
    .set({
      status: 'AUTHORIZED',
      refresh_token_enc: encryptSecret(await secretsKey(deps.db, deps.production), refreshToken),
      authorized_at: new Date(),
      updated_at: new Date(),
    })
    .where('id', '=', program.id)
    .execute();
  return 'authorized';
}

async function applyPush(deps: PushDeps, fields: Fields): Promise<string> {
  switch (fields.InfoType) {
    case 'component_verify_ticket':
      if (!fields.ComponentVerifyTicket) return 'no ticket';
      return storeTicket(deps, fields.ComponentVerifyTicket, fields.CreateTime);
    case 'unauthorized': {
      const changed = await deps.db
        .updateTable('wx_mini_programs')
        .set({ status: 'UNAUTHORIZED', updated_at: new Date() })
        .where('app_id', '=', fields.AuthorizerAppid ?? '')
        .where('status', '=', 'AUTHORIZED')
        .executeTakeFirst();
      return Number(changed.numUpdatedRows) ? 'unauthorized' : 'no record';
    }
    case 'authorized':
    case 'updateauthorized':
      return reauthorized(deps, fields.AuthorizerAppid ?? '', fields.AuthorizationCode);
    default:
      return 'ignored';
  }
}

export async function componentNotifyRoutes(app: FastifyInstance): Promise<void> {
  app.addContentTypeParser(
    ['text/xml', 'application/xml'],
    { parseAs: 'string', bodyLimit: PUSH_BODY_LIMIT },
    (_request, body, done) => done(null, String(body)),
  );
  const deps = {
    db: app.database.db,
    runtime: app.wxRuntime,
    production: process.env.NODE_ENV === 'production',
  };

  app.post<{ Querystring: PushQuery; Body: unknown }>(
    COMPONENT_NOTIFY_PATH,
    { config: { access: 'public' }, schema: { querystring }, bodyLimit: PUSH_BODY_LIMIT },
    async (request, reply) => {
      const receiver = deps.runtime.receiver();
      if (!receiver) {
        request.log.warn('wxplatform push refused: no third-party platform configured');
        return reply.code(404).type('text/plain').send('no platform');
      }
      const xml = typeof request.body === 'string' ? request.body : '';
      const opened = openPush(receiver, request.query, xml, Date.now());
      if ('refused' in opened) {
        request.log.warn({ reason: opened.refused, ip: request.ip }, 'wxplatform push refused');
        return reply
          .code(opened.malformed ? 400 : 401)
          .type('text/plain')
          .send('refused');
      }
      const outcome = await applyPush({ ...deps, log: request.log }, opened.fields);
      request.log.info(
        { infoType: opened.fields.InfoType, appId: opened.fields.AuthorizerAppid, outcome },
        'wxplatform push',
      );
      return reply.type('text/plain').send('success');
    },
  );
}
