// /sys/dict and /sys/dictItem (API.md §6.5): thin handlers over dicts/service.ts. The dictionary page needs
// dict:list and its buttons; the item lists every page's selects read only need a session.
import type { FastifyInstance } from 'fastify';
import { sessionOf } from '../../../http/access';
import { BusinessError, ok } from '../../../http/envelope';
import { sendSerialised } from '../../../http/serialisedAnswer';
import { sendExport } from '../../jobs/exports';
import { actorOf } from '../commands';
import { DICT_EXPORT, DICT_ITEM_EXPORT } from '../exports';
import { can, idQuerySchema, idsQuerySchema, listQuerySchema, nullableText, text } from '../schemas';
import {
  addDict,
  addDictItem,
  allDictItems,
  deleteDictItems,
  deleteDicts,
  dictItemsAnswerOf,
  dictMessages,
  dictTreeList,
  editDict,
  editDictItem,
  isItemValueFree,
  listDictItems,
  listDicts,
  type DictForm,
  type DictItemForm,
} from './service';

const READ = can('dict:list');
const AUTHENTICATED = { access: 'authenticated' } as const;

const dictFormSchema = {
  type: 'object',
  properties: {
    id: text(64),
    dictName: text(64),
    dictCode: text(64),
    description: nullableText(255),
    type: nullableText(2),
  },
} as const;

const itemFormSchema = {
  type: 'object',
  properties: {
    id: text(64),
    dictId: text(64),
    itemText: text(128),
    itemValue: text(128),
    description: nullableText(255),
    sortOrder: nullableText(8),
    status: nullableText(2),
  },
} as const;

export async function dictRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;

  app.get('/sys/dict/list', { config: READ, schema: { querystring: listQuerySchema } }, async (request) =>
    ok(await listDicts(db, sessionOf(request).tenantId, request.query)),
  );
  app.get(
    '/sys/dict/exportXls',
    { config: READ, schema: { querystring: listQuerySchema } },
    (request, reply) => sendExport(request, reply, DICT_EXPORT),
  );

  app.get<{ Querystring: { dictName?: string } }>(
    '/sys/dict/treeList',
    { config: READ, schema: { querystring: { type: 'object', properties: { dictName: text(64) } } } },
    async (request) => ok(await dictTreeList(db, sessionOf(request).tenantId, request.query.dictName)),
  );

  // Every page's selects and tags read these: any signed-in user of the tenant.
  app.get<{ Params: { dictCode: string } }>(
    '/sys/dict/getDictItems/:dictCode',
    {
      config: AUTHENTICATED,
      schema: {
        params: {
          type: 'object',
          required: ['dictCode'],
          // A comma would name a table dictionary of the reference contract: refused by the pattern.
          properties: { dictCode: { type: 'string', pattern: '^[A-Za-z0-9_]{1,64}$' } },
        },
      },
    },
    async (request, reply) =>
      sendSerialised(
        request,
        reply,
        await dictItemsAnswerOf(db, sessionOf(request).tenantId, request.params.dictCode),
      ),
  );

  app.get('/sys/dict/queryAllDictItems', { config: AUTHENTICATED }, async (request) =>
    ok(await allDictItems(db, sessionOf(request).tenantId)),
  );

  app.post<{ Body: DictForm }>(
    '/sys/dict/add',
    { config: can('dict:add'), schema: { body: dictFormSchema } },
    async (request, reply) =>
      ok(await addDict(db, actorOf(request, reply), request.body), dictMessages.added),
  );

  app.put<{ Body: DictForm }>(
    '/sys/dict/edit',
    { config: can('dict:edit'), schema: { body: dictFormSchema } },
    async (request, reply) => {
      await editDict(db, actorOf(request, reply), request.body);
      return ok(null, dictMessages.edited);
    },
  );

  app.delete<{ Querystring: { id: string } }>(
    '/sys/dict/delete',
    { config: can('dict:delete'), schema: { querystring: idQuerySchema } },
    async (request, reply) => {
      await deleteDicts(db, actorOf(request, reply), request.query.id);
      return ok(null, dictMessages.deleted);
    },
  );

  app.delete<{ Querystring: { ids?: string } }>(
    '/sys/dict/deleteBatch',
    { config: can('dict:deleteBatch'), schema: { querystring: idsQuerySchema } },
    async (request, reply) => {
      await deleteDicts(db, actorOf(request, reply), request.query.ids);
      return ok(null, dictMessages.deleted);
    },
  );

  app.get('/sys/dictItem/list', { config: READ, schema: { querystring: listQuerySchema } }, async (request) =>
    ok(await listDictItems(db, sessionOf(request).tenantId, request.query)),
  );

  app.get(
    '/sys/dictItem/exportXls',
    { config: READ, schema: { querystring: listQuerySchema } },
    (request, reply) => sendExport(request, reply, DICT_ITEM_EXPORT),
  );

  app.get<{ Querystring: { dictId?: string; itemValue?: string; id?: string } }>(
    '/sys/dictItem/dictItemCheck',
    {
      config: READ,
      schema: {
        querystring: { type: 'object', properties: { dictId: text(64), itemValue: text(128), id: text(64) } },
      },
    },
    async (request) => {
      if (!(await isItemValueFree(db, sessionOf(request).tenantId, request.query))) {
        throw new BusinessError(409, dictMessages.itemValueTaken);
      }
      return ok(true, dictMessages.itemValueFree);
    },
  );

  app.post<{ Body: DictItemForm }>(
    '/sys/dictItem/add',
    { config: can('dictItem:add'), schema: { body: itemFormSchema } },
    async (request, reply) =>
      ok(await addDictItem(db, actorOf(request, reply), request.body), dictMessages.added),
  );

  app.put<{ Body: DictItemForm }>(
    '/sys/dictItem/edit',
    { config: can('dictItem:edit'), schema: { body: itemFormSchema } },
    async (request, reply) => {
      await editDictItem(db, actorOf(request, reply), request.body);
      return ok(null, dictMessages.edited);
    },
  );

  app.delete<{ Querystring: { id: string } }>(
    '/sys/dictItem/delete',
    { config: can('dictItem:delete'), schema: { querystring: idQuerySchema } },
    async (request, reply) => {
      await deleteDictItems(db, actorOf(request, reply), request.query.id);
      return ok(null, dictMessages.deleted);
    },
  );

  app.delete<{ Querystring: { ids?: string } }>(
    '/sys/dictItem/deleteBatch',
    { config: can('dictItem:delete'), schema: { querystring: idsQuerySchema } },
    async (request, reply) => {
      await deleteDictItems(db, actorOf(request, reply), request.query.ids);
      return ok(null, dictMessages.deleted);
    },
  );
}
