// /sys/role (API.md §6.1): thin handlers over roles/service.ts. Reads need role:list, each write its button code.
import type { FastifyInstance } from 'fastify';
import { sessionOf } from '../../../http/access';
import { BusinessError, ok } from '../../../http/envelope';
import { sendExport } from '../../jobs/exports';
import { actorOf } from '../commands';
import { ROLE_EXPORT } from '../exports';
import { permissionTree } from '../permissions/service';
import { can, idQuerySchema, idsQuerySchema, listQuerySchema, nullableText, text } from '../schemas';
import {
  addRole,
  allRoles,
  deleteRoles,
  editRole,
  isRoleCodeFree,
  listRoles,
  roleById,
  roleMessages,
  type RoleForm,
} from './service';

const READ = can('role:list');

const roleFormSchema = {
  type: 'object',
  properties: {
    id: text(64),
    roleName: text(64),
    roleCode: text(64),
    roleLevel: nullableText(4),
    description: nullableText(255),
  },
} as const;

export async function roleRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;

  app.get('/sys/role/list', { config: READ, schema: { querystring: listQuerySchema } }, async (request) =>
    ok(await listRoles(db, sessionOf(request).tenantId, request.query)),
  );

  app.get(
    '/sys/role/exportXls',
    { config: READ, schema: { querystring: listQuerySchema } },
    (request, reply) => sendExport(request, reply, ROLE_EXPORT),
  );

  app.get('/sys/role/queryall', { config: READ }, async (request) =>
    ok(await allRoles(db, sessionOf(request).tenantId)),
  );

  app.get<{ Querystring: { id: string } }>(
    '/sys/role/queryById',
    { config: READ, schema: { querystring: idQuerySchema } },
    async (request) => ok(await roleById(db, sessionOf(request).tenantId, request.query.id)),
  );

  app.get<{ Querystring: { roleCode?: string; id?: string } }>(
    '/sys/role/checkRoleCode',
    {
      config: READ,
      schema: { querystring: { type: 'object', properties: { roleCode: text(64), id: text(64) } } },
    },
    async (request) => {
      const { roleCode = '', id } = request.query;
      if (!roleCode.trim()) throw new BusinessError(400, roleMessages.codeRequired);
      if (!(await isRoleCodeFree(db, sessionOf(request).tenantId, roleCode, id))) {
        throw new BusinessError(409, roleMessages.codeTaken);
      }
      return ok(true, roleMessages.codeFree);
    },
  );

  // The permission tree the role authorisation drawer shows (the same as /sys/permission/queryTreeList).
  app.get('/sys/role/queryTreeList', { config: READ }, async (request) =>
    ok(await permissionTree(db, sessionOf(request).tenantId)),
  );

  app.post<{ Body: RoleForm }>(
    '/sys/role/add',
    { config: can('role:add'), schema: { body: roleFormSchema } },
    async (request, reply) =>
      ok(await addRole(db, actorOf(request, reply), request.body), roleMessages.added),
  );

  app.put<{ Body: RoleForm }>(
    '/sys/role/edit',
    { config: can('role:edit'), schema: { body: roleFormSchema } },
    async (request, reply) => {
      await editRole(db, actorOf(request, reply), request.body);
      return ok(null, roleMessages.edited);
    },
  );

  app.delete<{ Querystring: { id: string } }>(
    '/sys/role/delete',
    { config: can('role:delete'), schema: { querystring: idQuerySchema } },
    async (request, reply) => {
      await deleteRoles(db, actorOf(request, reply), request.query.id);
      return ok(null, roleMessages.deleted);
    },
  );

  app.delete<{ Querystring: { ids?: string } }>(
    '/sys/role/deleteBatch',
    { config: can('role:deleteBatch'), schema: { querystring: idsQuerySchema } },
    async (request, reply) => {
      await deleteRoles(db, actorOf(request, reply), request.query.ids);
      return ok(null, roleMessages.batchDeleted);
    },
  );
}
