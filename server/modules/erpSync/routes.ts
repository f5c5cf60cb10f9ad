// ERP sync endpoints under the reference contract's /kingdee/sync prefix (spec §7): the failed-task
// counters now; retry, ignore and the failure list come with the orders issue.
import type { FastifyInstance } from 'fastify';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../../../common/constants';
import { sessionOf } from '../../http/access';
import { envelopeSchema, ok } from '../../http/envelope';
import { failedSyncTasksOf, type FailedTaskQuery } from './failedTasks';

/** Deeper pages than this are no one's use case; the bound keeps the offset arithmetic small. */
const MAX_PAGE_NUMBER = 100_000;

const failedTasksQuerySchema = {
  type: 'object',
  required: ['direction'],
  properties: {
    direction: { type: 'integer', enum: [0, 1] },
    pageNumber: { type: 'integer', minimum: 0, maximum: MAX_PAGE_NUMBER, default: 0 },
    size: { type: 'integer', minimum: 1, maximum: PAGE_SIZE_MAX, default: PAGE_SIZE_DEFAULT },
    includeIgnore: { type: 'boolean', default: false },
  },
} as const;

const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;

const failedTaskPageSchema = {
  type: 'object',
  required: ['records', 'total', 'size', 'current', 'pages'],
  properties: {
    records: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: text,
          taskNo: text,
          bizType: text,
          bizNo: text,
          erpFormId: text,
          operation: text,
          externalCode: text,
          status: text,
          attemptCount: { type: 'integer' },
          errorCategory: nullableText,
          lastErrorMessage: nullableText,
          nextRetryAt: nullableText,
          createdAt: text,
        },
      },
    },
    total: { type: 'integer' },
    size: { type: 'integer' },
    current: { type: 'integer' },
    pages: { type: 'integer' },
  },
} as const;

export async function erpSyncRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;

  // Every signed-in user's access gate asks for these counts, so any session may (a later issue may narrow it).
  app.get<{ Querystring: FailedTaskQuery }>(
    '/kingdee/sync/orders/status',
    {
      config: { access: 'authenticated' },
      schema: {
        querystring: failedTasksQuerySchema,
        response: { 200: envelopeSchema(failedTaskPageSchema) },
      },
    },
    async (request) => ok(await failedSyncTasksOf(db, sessionOf(request).tenantId, request.query)),
  );
}
