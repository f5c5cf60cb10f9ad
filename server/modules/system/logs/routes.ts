// /sys/log, /sys/loginfo and /sys/visitInfo (API.md §6.7): thin handlers over logs/service.ts. The log page
// needs log:list, deletions the administrator's log:delete / log:deleteBatch; the home page's login
// statistics any session of the tenant.
import type { FastifyInstance } from 'fastify';
import { sessionOf } from '../../../http/access';
import { ok } from '../../../http/envelope';
import { sendExport } from '../../jobs/exports';
import { actorOf } from '../commands';
import { can, idQuerySchema, idsQuerySchema, listQuerySchema } from '../schemas';
import { LOG_EXPORT } from './export';
import { deleteLogs, listLogs, loginInfo, logMessages, visitInfo } from './service';

const AUTHENTICATED = { access: 'authenticated' } as const;

export async function logRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;

  app.get(
    '/sys/log/list',
    { config: can('log:list'), schema: { querystring: listQuerySchema } },
    async (request) => ok(await listLogs(db, sessionOf(request).tenantId, request.query)),
  );

  app.get(
    '/sys/log/exportXls',
    { config: can('log:list'), schema: { querystring: listQuerySchema } },
    (request, reply) => sendExport(request, reply, LOG_EXPORT),
  );

  app.delete<{ Querystring: { id: string } }>(
    '/sys/log/delete',
    { config: can('log:delete'), schema: { querystring: idQuerySchema } },
    async (request, reply) => {
      await deleteLogs(db, actorOf(request, reply), request.query.id);
      return ok(null, logMessages.deleted);
    },
  );

  app.delete<{ Querystring: { ids?: string } }>(
    '/sys/log/deleteBatch',
    { config: can('log:deleteBatch'), schema: { querystring: idsQuerySchema } },
    async (request, reply) => {
      const outcome = await deleteLogs(db, actorOf(request, reply), request.query.ids);
      return ok(null, outcome === 'cleared' ? logMessages.cleared : logMessages.deleted);
    },
  );

  app.get('/sys/loginfo', { config: AUTHENTICATED }, async (request) =>
    ok(await loginInfo(db, sessionOf(request).tenantId), logMessages.loginInfo),
  );

  app.get('/sys/visitInfo', { config: AUTHENTICATED }, async (request) =>
    ok(await visitInfo(db, sessionOf(request).tenantId)),
  );
}
