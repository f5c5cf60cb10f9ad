// GET /api/health: 200 when the database answers, 503 when it does not (for load balancers and monitors).
import type { FastifyInstance } from 'fastify';
import { envelopeSchema, failure, ok } from '../../http/envelope';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../http/errors';
import { checkDatabase } from './service';

const healthReportSchema = {
  type: 'object',
  required: ['database', 'kind', 'latencyMs'],
  properties: {
    database: { type: 'string', enum: ['up', 'down'] },
    kind: { type: 'string', enum: ['pglite', 'postgres'] },
    latencyMs: { type: 'number' },
  },
} as const;

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        response: { 200: envelopeSchema(healthReportSchema), 503: envelopeSchema(healthReportSchema) },
      },
    },
    async (request, reply) => {
      const { report, failure: cause } = await checkDatabase(app.database);
      if (report.database === 'up') return ok(report);
      request.log.warn({ err: cause }, 'health check: database does not answer');
      return reply.code(503).send({ ...failure(503, DATABASE_UNAVAILABLE_MESSAGE), result: report });
    },
  );
}
