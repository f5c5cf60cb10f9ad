// Signing in and out (API.md §3.1): password and SMS logins, the graphic code, the SMS codes (of login,
// registration and password recovery), the AES material and logout. All public: they are how a caller gets (or gives up) a session.
import type { FastifyInstance } from 'fastify';
import { tokenOf } from '../../http/access';
import { BusinessError, envelopeSchema, ok } from '../../http/envelope';
import { SmsDeliveryError, type SmsPurpose } from '../../integrations/sms';
import { consumeCaptcha, issueCaptcha } from './captcha';
import { encryptedStringOf } from './encryptedString';
import { loginWithPassword, loginWithSmsCode, type PasswordCredentials, type SmsCredentials } from './login';
import { loginThrottleOf, throttleLookup } from './throttles';
import { authMessages } from './messages';
import {
  captchaDemandSchema,
  checkKeyParamsSchema,
  encryptedStringSchema,
  loginResultSchema,
  passwordLoginBodySchema,
  phoneLoginBodySchema,
  smsBodySchema,
} from './schemas';
import { revokeSession } from './sessions';
import { requireValidMobile, sendSmsCode } from './smsCodes';
import { requestInfoOf, writeLoginLog } from './sysLog';

const PUBLIC = { access: 'public' } as const;

type SmsMode = '0' | '1' | '2';
/** smsmode of the reference contract → what the code is for. */
const SMS_PURPOSE_BY_MODE: Record<SmsMode, SmsPurpose> = {
  '0': 'LOGIN',
  '1': 'REGISTER',
  '2': 'RESET_PASSWORD',
};

const dataUrlSchema = { type: 'string' } as const;
const nothingSchema = { type: 'null' } as const;

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const loginThrottle = loginThrottleOf(app.rateLimits);

  app.post<{ Body: PasswordCredentials }>(
    '/sys/login',
    {
      config: PUBLIC,
      schema: {
        body: passwordLoginBodySchema,
        response: { 200: envelopeSchema({ anyOf: [loginResultSchema, captchaDemandSchema] }) },
      },
    },
    async (request, reply) =>
      ok(
        await loginWithPassword(db, loginThrottle, request.body ?? {}, requestInfoOf(request, reply)),
        authMessages.loginSucceeded,
      ),
  );

  app.post<{ Body: SmsCredentials }>(
    '/sys/phoneLogin',
    {
      config: PUBLIC,
      schema: { body: phoneLoginBodySchema, response: { 200: envelopeSchema(loginResultSchema) } },
    },
    async (request, reply) =>
      ok(
        await loginWithSmsCode(db, request.body ?? {}, requestInfoOf(request, reply)),
        authMessages.loginSucceeded,
      ),
  );

  app.get<{ Params: { checkKey: string } }>(
    '/sys/randomImage/:checkKey',
    {
      config: PUBLIC,
      schema: { params: checkKeyParamsSchema, response: { 200: envelopeSchema(dataUrlSchema) } },
    },
    async (request) => ok(await issueCaptcha(db, request.params.checkKey)),
  );

  app.get(
    '/sys/getEncryptedString',
    { config: PUBLIC, schema: { response: { 200: envelopeSchema(encryptedStringSchema) } } },
    async () => ok(await encryptedStringOf(db)),
  );

  app.post<{ Body: { mobile?: string; smsmode: SmsMode; captcha?: string; checkKey?: string } }>(
    '/sys/sms',
    { config: PUBLIC, schema: { body: smsBodySchema, response: { 200: envelopeSchema(nothingSchema) } } },
    async (request) => {
      // The schema makes sure of an object (a POST without one is a 400) and fills smsmode in.
      const body = request.body;
      const mobile = requireValidMobile(body.mobile);
      await throttleLookup(app.rateLimits, request.ip, [mobile]);
      await consumeCaptcha(db, body.checkKey, body.captcha);
      try {
        await sendSmsCode(db, app.sms, {
          mobile,
          ip: request.ip,
          purpose: SMS_PURPOSE_BY_MODE[body.smsmode],
        });
      } catch (error) {
        if (!(error instanceof SmsDeliveryError)) throw error;
        request.log.warn({ detail: error.detail }, 'SMS delivery failed');
        throw new BusinessError(500, error.message);
      }
      return ok(null, authMessages.smsSent);
    },
  );

  // Public: a client whose session has already expired must still be able to log out. Idempotent: without
  // a live session there is nothing to revoke, and the answer is the same.
  app.post(
    '/sys/logout',
    { config: PUBLIC, schema: { response: { 200: envelopeSchema(nothingSchema) } } },
    async (request, reply) => {
      const token = tokenOf(request);
      const revoked = token === undefined ? undefined : await revokeSession(db, token);
      if (revoked) {
        await writeLoginLog(db, requestInfoOf(request, reply), {
          content: `用户名: ${revoked.username},退出成功！`,
          username: revoked.username,
          userId: revoked.userId,
          tenantId: revoked.tenantId,
        });
      }
      return ok(null, authMessages.logoutSucceeded);
    },
  );
}
