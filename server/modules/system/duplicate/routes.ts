// /sys/duplicate/check (API.md §6.6): any session may call it, but each (table, field) pair needs the read
// permission of the page it belongs to.
import type { FastifyInstance } from 'fastify';
import { NO_PERMISSION_MESSAGE } from '../../../../common/constants';
import { sessionOf } from '../../../http/access';
import { ok, sendFailure } from '../../../http/envelope';
import { text } from '../schemas';
import { duplicateMessages, permissionForCheck, requireUniqueValue, type DuplicateCheck } from './service';

export async function duplicateRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;

  app.get<{ Querystring: DuplicateCheck }>(
    '/sys/duplicate/check',
    {
      config: { access: 'authenticated' },
      schema: {
        querystring: {
          type: 'object',
          properties: { tableName: text(64), fieldName: text(64), fieldVal: text(255), dataId: text(64) },
        },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      if (!session.permissions.has(permissionForCheck(request.query))) {
        return sendFailure(reply, 403, NO_PERMISSION_MESSAGE);
      }
      await requireUniqueValue(db, session.tenantId, request.query);
      return ok(true, duplicateMessages.free);
    },
  );
}
