// IoT alarms of smart assets (issue #20, docs/assets-api.md): the controller platform posts alarms to a public
// webhook authenticated by signature — HMAC-SHA256 over `<timestamp>.<raw body>` with the configured secret, the
// timestamp within the replay window. An alarm is kept once per alarm id (its episode); a temperature out of the
// configured range, or power lost longer than the configured minutes, opens one exception report of the asset
// (the 异常报备 path: condition ABNORMAL, move log) for the episode, never a second, and a repair order
// (asset 报修中) unless the asset has one open.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { ALARM_TYPE, type AlarmType } from '../../../common/assets';
import type { IotAlarmConfig } from '../../config';
import { newId } from '../../db/ids';
import type { DB } from '../../db/schema';
import { BusinessError, InvalidRequestError, ok, sendFailure } from '../../http/envelope';
import { openRepairIfNone } from '../repairs/orders';
import { ASSET_ACTIONS, moveAsset } from './ledger';

export const IOT_ALARM_PATH = '/eAsset/iot/alarm';
export const TIMESTAMP_HEADER = 'x-iot-timestamp';
export const SIGNATURE_HEADER = 'x-iot-signature';
/** The key of the local simulator, used outside production when IOT_WEBHOOK_SECRET is not set. */
export const SIMULATED_IOT_SECRET = 'sim-iot-webhook-secret';

export interface IotAlarmSettings extends Omit<IotAlarmConfig, 'secret'> {
  /** The key; none: every call is refused. */
  secret: string | undefined;
}

export interface AlarmInput {
  tenantId: string;
  alarmId: string;
  assetNo: string;
  alarmType: AlarmType;
  temperature?: number | null;
  durationMinutes?: number | null;
  occurredAt: string;
}

/** The hex signature of a body sent at `timestamp` (unix seconds). */
export function signIotBody(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

/** Why a call is refused, or null when its signature holds and its timestamp is fresh. */
export function signatureProblem(
  settings: Pick<IotAlarmSettings, 'secret' | 'replayWindowSeconds'>,
  timestamp: unknown,
  signature: unknown,
  rawBody: string,
  now = Date.now(),
): string | null {
  if (!settings.secret) return '未配置物联网告警密钥';
  if (typeof timestamp !== 'string' || !/^\d{9,11}$/.test(timestamp)) return '缺少或无效的时间戳';
  if (typeof signature !== 'string' || !signature) return '缺少签名';
  if (Math.abs(now / 1000 - Number(timestamp)) > settings.replayWindowSeconds) return '请求已过期';
  const expected = Buffer.from(signIotBody(settings.secret, timestamp, rawBody), 'hex');
  const given = Buffer.from(signature.replace(/^sha256=/i, ''), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected) ? null : '签名无效';
}

/** Whether the alarm breaks the rule, and the exception's text if so. */
export function ruleBroken(settings: IotAlarmSettings, input: AlarmInput): string | null {
  if (input.alarmType === 'TEMPERATURE') {
    const value = input.temperature;
    if (value == null || (value >= settings.tempMin && value <= settings.tempMax)) return null;
    return `温度 ${value}℃，超出 ${settings.tempMin}～${settings.tempMax}℃`;
  }
  const minutes = input.durationMinutes;
  if (minutes == null || minutes < settings.powerOffMinutes) return null;
  return `已断电 ${minutes} 分钟，超过 ${settings.powerOffMinutes} 分钟`;
}

/**
 * Keeps the alarm (one row per alarm id of the tenant) and, the first time its episode breaks the rule, opens
 * the asset's exception report. A repeated alarm id answers the same row with `duplicate`.
 */
export const receiveAlarm = (db: Kysely<DB>, settings: IotAlarmSettings, input: AlarmInput) =>
  db.transaction().execute((trx) => receiveAlarmIn(trx, settings, input));

export async function receiveAlarmIn(trx: Kysely<DB>, settings: IotAlarmSettings, input: AlarmInput) {
  const asset = await trx
    .selectFrom('assets')
    .selectAll()
    .where('tenant_id', '=', input.tenantId)
    .where('asset_no', '=', input.assetNo.trim().toUpperCase())
    .forUpdate()
    .executeTakeFirst();
  if (!asset) throw new BusinessError(404, '未找到该资产编号的资产');
  const occurredAt = new Date(input.occurredAt);
  if (Number.isNaN(occurredAt.getTime())) throw new InvalidRequestError('告警时间无效');
  const values = {
    temperature: input.temperature == null ? null : String(input.temperature),
    duration_minutes: input.durationMinutes ?? null,
  };
  await trx
    .insertInto('asset_alarms')
    .values({
      id: newId(),
      tenant_id: input.tenantId,
      alarm_id: input.alarmId,
      asset_id: asset.id,
      alarm_type: input.alarmType,
      occurred_at: occurredAt,
      updated_at: new Date(),
      ...values,
    })
    .onConflict((conflict) => conflict.columns(['tenant_id', 'alarm_id']).doNothing())
    .execute();
  const alarm = await trx
    .selectFrom('asset_alarms')
    .selectAll()
    .where('tenant_id', '=', input.tenantId)
    .where('alarm_id', '=', input.alarmId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (alarm.asset_id !== asset.id || alarm.alarm_type !== input.alarmType) {
    throw new BusinessError(409, `告警编号 ${input.alarmId} 已用于其他资产或告警类型`);
  }
  if (alarm.exception_id) return { id: alarm.id, exceptionId: alarm.exception_id, duplicate: true };
  await trx
    .updateTable('asset_alarms')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', alarm.id)
    .execute();
  const broken = ruleBroken(settings, input);
  // An asset being scrapped, lost or reported lost keeps the alarm without a report.
  if (!broken || !ASSET_ACTIONS.report.conditionFrom.includes(asset.condition_status)) {
    return { id: alarm.id, exceptionId: null, duplicate: false };
  }
  const detail = `物联网告警（${ALARM_TYPE[input.alarmType]}）：${broken}`;
  const exceptionId = newId();
  await moveAsset(trx, null, asset, 'report', { detail });
  await trx
    .insertInto('asset_exceptions')
    .values({
      id: exceptionId,
      tenant_id: input.tenantId,
      asset_id: asset.id,
      customer_id: asset.customer_id,
      report_type: 'DAMAGED',
      previous_condition: asset.condition_status,
      remark: `${detail}（告警 ${input.alarmId}）`,
    })
    .execute();
  await trx
    .updateTable('asset_alarms')
    .set({ exception_id: exceptionId })
    .where('id', '=', alarm.id)
    .execute();
  // A fault: the repair order (IoT报警) opens too, unless the asset has one open (server/modules/repairs).
  await openRepairIfNone(trx, input.tenantId, null, {
    sourceType: 'ALARM',
    sourceRef: input.alarmId,
    assetId: asset.id,
    faultCategory: input.alarmType === 'TEMPERATURE' ? 'NO_COOLING' : 'NO_POWER',
    faultCode: input.alarmType === 'TEMPERATURE' ? 'E-TEMP' : 'E-POWER',
    faultDescription: detail,
    priority: 'URGENT',
  });
  return { id: alarm.id, exceptionId, duplicate: false };
}

const alarmBody = {
  type: 'object',
  required: ['tenantId', 'alarmId', 'assetNo', 'alarmType', 'occurredAt'],
  properties: {
    tenantId: { type: 'string', minLength: 1, maxLength: 32 },
    alarmId: { type: 'string', minLength: 1, maxLength: 64 },
    assetNo: { type: 'string', pattern: '^[A-Za-z0-9-]{4,32}$' },
    alarmType: { type: 'string', enum: Object.keys(ALARM_TYPE) },
    temperature: { type: ['number', 'null'], minimum: -50, maximum: 100 },
    durationMinutes: { type: ['integer', 'null'], minimum: 0, maximum: 525600 },
    occurredAt: { type: 'string', format: 'date-time' },
  },
} as const;

/** The raw body of each webhook call and whether its signature held, kept by the parser for the hook. */
const verdicts = new WeakMap<FastifyRequest, string | null>();

/** The public, signature-authenticated webhook; registered under /api like the other modules. */
export async function iotAlarmRoutes(app: FastifyInstance) {
  const settings = app.iotAlarms;
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => {
    const body = String(raw);
    const problem = signatureProblem(
      settings,
      request.headers[TIMESTAMP_HEADER],
      request.headers[SIGNATURE_HEADER],
      body,
    );
    verdicts.set(request, problem);
    if (problem) return done(null, {});
    try {
      done(null, JSON.parse(body));
    } catch {
      done(new InvalidRequestError('请求体不是有效的 JSON'), undefined);
    }
  });
  const refuseUnsigned = async (request: FastifyRequest, reply: FastifyReply) => {
    const problem = verdicts.has(request) ? verdicts.get(request) : '缺少签名';
    if (problem) {
      request.log.info({ reason: problem }, 'iot alarm refused');
      return sendFailure(reply, 401, `物联网告警签名校验失败：${problem}`);
    }
  };
  app.post<{ Body: AlarmInput }>(
    IOT_ALARM_PATH,
    { config: { access: 'public' }, preValidation: refuseUnsigned, schema: { body: alarmBody } },
    async (request) => ok(await receiveAlarm(app.database.db, settings, request.body)),
  );
}
