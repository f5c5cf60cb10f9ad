// A local stand-in for the IoT platform of smart freezers, registered under /sim/iot outside production: it
// signs an alarm with the webhook's key and posts it to this server's webhook, as the platform would, and
// answers what the webhook answered. The tests and a developer (curl, or the demo) raise alarms through it.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AlarmType } from '../../../common/assets';
import {
  IOT_ALARM_PATH,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  signIotBody,
  type AlarmInput,
} from '../../modules/assets/iot';
import { API_PREFIX } from '../../http/site';
import { PUBLIC } from '../simulatorPages';

export const IOT_SIMULATOR_PREFIX = '/sim/iot';

/** The headers and body of a signed webhook call (`timestamp` in unix seconds, now by default). */
export function signedAlarm(secret: string, alarm: AlarmInput, timestamp = Math.floor(Date.now() / 1000)) {
  const body = JSON.stringify(alarm);
  const stamp = String(timestamp);
  return {
    body,
    headers: {
      'content-type': 'application/json',
      [TIMESTAMP_HEADER]: stamp,
      [SIGNATURE_HEADER]: signIotBody(secret, stamp, body),
    },
  };
}

interface SimulatedAlarm {
  tenantId?: string;
  assetNo: string;
  alarmType: AlarmType;
  alarmId?: string;
  temperature?: number;
  durationMinutes?: number;
}

export async function iotSimulator(app: FastifyInstance) {
  app.post<{ Body: SimulatedAlarm }>(
    '/alarm',
    {
      config: PUBLIC,
      schema: {
        body: {
          type: 'object',
          required: ['assetNo', 'alarmType'],
          properties: {
            tenantId: { type: 'string', maxLength: 32 },
            assetNo: { type: 'string', maxLength: 32 },
            alarmType: { type: 'string', enum: ['TEMPERATURE', 'POWER_OFF'] },
            alarmId: { type: 'string', maxLength: 64 },
            temperature: { type: 'number' },
            durationMinutes: { type: 'integer' },
          },
        },
      },
    },
    async (request, reply) => {
      const secret = app.iotAlarms.secret;
      if (!secret) return reply.code(503).send({ success: false, message: '未配置物联网告警密钥' });
      const { tenantId = 'A01', alarmId = `SIM-${randomUUID()}`, ...rest } = request.body;
      const signed = signedAlarm(secret, {
        ...rest,
        tenantId,
        alarmId,
        occurredAt: new Date().toISOString(),
      });
      const answer = await app.inject({
        method: 'POST',
        url: `${API_PREFIX}${IOT_ALARM_PATH}`,
        headers: signed.headers,
        payload: signed.body,
      });
      return reply.code(answer.statusCode).type('application/json').send(answer.body);
    },
  );
}
