// Development helpers, registered only outside production and only with the SMS simulator: the outbox
// of simulated text messages, so a developer (or an end-to-end test) can log in by phone.
import type { FastifyInstance } from 'fastify';
import { shanghaiDateTime } from '../../db/dates';
import { envelopeSchema, ok } from '../../http/envelope';

const OUTBOX_LIMIT = 10;

const outboxSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['mobile', 'content', 'createdAt'],
    properties: { mobile: { type: 'string' }, content: { type: 'string' }, createdAt: { type: 'string' } },
  },
} as const;

export async function devRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { mobile: string } }>(
    '/dev/sms/outbox',
    {
      config: { access: 'public' },
      schema: {
        querystring: {
          type: 'object',
          required: ['mobile'],
          properties: { mobile: { type: 'string', maxLength: 32 } },
        },
        response: { 200: envelopeSchema(outboxSchema) },
      },
    },
    async (request) =>
      ok(
        await app.database.db
          .selectFrom('sms_outbox')
          .select(['mobile', 'content', shanghaiDateTime('created_at').as('createdAt')])
          .where('mobile', '=', request.query.mobile)
          .orderBy('id', 'desc')
          .limit(OUTBOX_LIMIT)
          .execute(),
      ),
  );
}
