// /sys/sysDepart (API.md §6.4): thin handlers over departs/service.ts. Reads need depart:list, each write its
// button code. queryScope (not in the contract) tells the SPA whether the caller reaches the whole tenant.
import type { FastifyInstance } from 'fastify';
import { sessionOf } from '../../../http/access';
import { ok } from '../../../http/envelope';
import { actorOf } from '../commands';
import { can, idQuerySchema, idsQuerySchema, nullableText, text } from '../schemas';
import {
  addDepart,
  deleteDeparts,
  departChildren,
  departDownTree,
  departIdTree,
  departMessages,
  departParentName,
  departScope,
  departTreeList,
  editDepart,
  searchDeparts,
  type DepartForm,
} from './service';

const READ = can('depart:list');

const departFormSchema = {
  type: 'object',
  properties: {
    id: text(64),
    parentId: nullableText(64),
    departName: text(64),
    departNameEn: nullableText(128),
    departNameAbbr: nullableText(64),
    departOrder: nullableText(8),
    description: nullableText(255),
    orgCategory: nullableText(2),
    mobile: nullableText(32),
    fax: nullableText(32),
    address: nullableText(255),
    memo: nullableText(255),
    status: nullableText(2),
  },
} as const;

const departIdSchema = {
  type: 'object',
  required: ['departId'],
  properties: { departId: text(64) },
} as const;

export async function departRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;

  app.get('/sys/sysDepart/queryTreeList', { config: READ }, async (request) =>
    ok(await departTreeList(db, sessionOf(request))),
  );

  app.get('/sys/sysDepart/queryScope', { config: READ }, async (request) =>
    ok(await departScope(db, sessionOf(request))),
  );

  app.get('/sys/sysDepart/queryIdTree', { config: READ }, async (request) =>
    ok(await departIdTree(db, sessionOf(request).tenantId)),
  );

  app.get<{ Querystring: { pid?: string } }>(
    '/sys/sysDepart/queryDepartTreeSync',
    { config: READ, schema: { querystring: { type: 'object', properties: { pid: text(64) } } } },
    async (request) => ok(await departChildren(db, sessionOf(request).tenantId, request.query.pid)),
  );

  app.get<{ Querystring: { departId: string } }>(
    '/sys/sysDepart/queryDownTreeList',
    { config: READ, schema: { querystring: departIdSchema } },
    async (request) => ok(await departDownTree(db, sessionOf(request).tenantId, request.query.departId)),
  );

  app.get<{ Querystring: { departId: string } }>(
    '/sys/sysDepart/queryParentName',
    { config: READ, schema: { querystring: departIdSchema } },
    async (request) => ok(await departParentName(db, sessionOf(request).tenantId, request.query.departId)),
  );

  app.get<{ Querystring: { keyWord?: string } }>(
    '/sys/sysDepart/searchBy',
    {
      config: READ,
      schema: { querystring: { type: 'object', properties: { keyWord: text(64), myDeptSearch: text(4) } } },
    },
    async (request) => ok(await searchDeparts(db, sessionOf(request), request.query.keyWord)),
  );

  app.post<{ Body: DepartForm }>(
    '/sys/sysDepart/add',
    { config: can('depart:add'), schema: { body: departFormSchema } },
    async (request, reply) =>
      ok(await addDepart(db, actorOf(request, reply), request.body), departMessages.added),
  );

  app.put<{ Body: DepartForm }>(
    '/sys/sysDepart/edit',
    { config: can('depart:edit'), schema: { body: departFormSchema } },
    async (request, reply) => {
      await editDepart(db, actorOf(request, reply), request.body);
      return ok(null, departMessages.edited);
    },
  );

  app.delete<{ Querystring: { id: string } }>(
    '/sys/sysDepart/delete',
    { config: can('depart:delete'), schema: { querystring: idQuerySchema } },
    async (request, reply) => {
      await deleteDeparts(db, actorOf(request, reply), request.query.id);
      return ok(null, departMessages.deleted);
    },
  );

  app.delete<{ Querystring: { ids?: string } }>(
    '/sys/sysDepart/deleteBatch',
    { config: can('depart:deleteBatch'), schema: { querystring: idsQuerySchema } },
    async (request, reply) => {
      await deleteDeparts(db, actorOf(request, reply), request.query.ids);
      return ok(null, departMessages.deleted);
    },
  );
}
