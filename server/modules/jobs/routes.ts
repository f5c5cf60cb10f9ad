// 下载中心 and 导入记录 (docs/jobs-api.md): every signed-in user has their own jobs; nothing here reaches
// another user's, so the routes need a session and no permission.
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope';
import type { RawQuery } from '../../http/listQuery';
import { callerOf } from '../shared/actor';
import { workbookHeaders } from '../shared/excel';
import { idQuerySchema, type IdQuery } from '../shared/schemas';
import { sendExport } from './exports';
import { JOB_LIST_EXPORTS } from './listExport';
import { activeJobs, cancelJob, jobCategoryParam, jobFile, listJobs } from './service';

const OWN = { access: 'authenticated' } as const;

export async function jobRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  app.get('/eDownload/list', { config: OWN }, async (request) =>
    ok(await listJobs(db, callerOf(request), request.query as RawQuery)),
  );
  // The tab the screen shows (导出文件 when none is named), filtered as it is.
  app.get('/eDownload/exportXls', { config: OWN }, (request, reply) =>
    sendExport(
      request,
      reply,
      JOB_LIST_EXPORTS[jobCategoryParam((request.query as RawQuery).category) ?? 'EXPORT'],
    ),
  );
  app.get('/eDownload/active', { config: OWN }, async (request) =>
    ok(await activeJobs(db, callerOf(request))),
  );
  app.post<{ Body: IdQuery }>(
    '/eDownload/cancel',
    { config: OWN, schema: { body: idQuerySchema } },
    async (request) => ok(await cancelJob(db, app.jobs, callerOf(request), request.body.id), '已取消'),
  );
  app.get<{ Querystring: IdQuery }>(
    '/eDownload/download',
    { config: OWN, schema: { querystring: idQuerySchema } },
    async (request, reply) => {
      const file = await jobFile(db, callerOf(request), request.query.id);
      workbookHeaders(reply, file.fileName).header('content-length', file.size);
      // A job makes a workbook (exports, import errors) or a zip of photos (ZIP): the type follows the name.
      if (file.fileName.endsWith('.zip')) reply.header('content-type', 'application/zip');
      return reply.send(file.stream);
    },
  );
}
