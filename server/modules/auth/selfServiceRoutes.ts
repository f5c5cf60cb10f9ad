// The public account pages (API.md §3.1, §6.2): /user/register (is the name free, register a company) and
// /user/alteration (verify the phone, set a new password). Public: their callers have no session yet.
import type { FastifyInstance } from 'fastify';
import { envelopeSchema, ok } from '../../http/envelope';
import { authMessages } from './messages';
import {
  resetPassword,
  verifyPhoneForReset,
  type PasswordReset,
  type PhoneVerification,
} from './passwordRecovery';
import { checkOnlyUser, registerCompany, type Registration } from './registration';
import {
  checkOnlyUserQuerySchema,
  passwordResetBodySchema,
  phoneVerificationBodySchema,
  registeredCompanySchema,
  registrationBodySchema,
  resetGrantSchema,
} from './schemas';
import { requestInfoOf } from './sysLog';
import { throttleLookup } from './throttles';

const PUBLIC = { access: 'public' } as const;

export async function selfServiceRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;

  app.get<{ Querystring: { username?: string; phone?: string } }>(
    '/sys/user/checkOnlyUser',
    {
      config: PUBLIC,
      schema: {
        querystring: checkOnlyUserQuerySchema,
        response: { 200: envelopeSchema({ type: 'boolean' }) },
      },
    },
    async (request) => {
      await throttleLookup(app.rateLimits, request.ip, [request.query.username, request.query.phone]);
      await checkOnlyUser(db, request.query);
      return ok(true);
    },
  );

  app.post<{ Body: Registration }>(
    '/sys/user/register',
    {
      config: PUBLIC,
      schema: { body: registrationBodySchema, response: { 200: envelopeSchema(registeredCompanySchema) } },
    },
    async (request, reply) =>
      ok(await registerCompany(db, request.body, requestInfoOf(request, reply)), authMessages.registered),
  );

  app.post<{ Body: PhoneVerification }>(
    '/sys/user/phoneVerification',
    {
      config: PUBLIC,
      schema: { body: phoneVerificationBodySchema, response: { 200: envelopeSchema(resetGrantSchema) } },
    },
    async (request) => {
      await throttleLookup(app.rateLimits, request.ip, [request.body.phone]);
      return ok(await verifyPhoneForReset(db, request.body));
    },
  );

  app.post<{ Body: PasswordReset }>(
    '/sys/user/passwordChange',
    {
      config: PUBLIC,
      schema: { body: passwordResetBodySchema, response: { 200: envelopeSchema({ type: 'null' }) } },
    },
    async (request, reply) => {
      await throttleLookup(app.rateLimits, request.ip, [request.body.username]);
      await resetPassword(db, request.body, requestInfoOf(request, reply));
      return ok(null, authMessages.passwordReset);
    },
  );
}
