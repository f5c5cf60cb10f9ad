// /sys/permission (API.md §6.3): thin handlers over permissions/service.ts. The menu page needs
// permission:list and its buttons; a role's permissions need role:list to read and role:authorize to save.
import type { FastifyInstance } from 'fastify';
import { sessionOf } from '../../../http/access';
import { ok } from '../../../http/envelope';
import { actorOf, idList } from '../commands';
import { can, idQuerySchema, idsQuerySchema, nullableText, text } from '../schemas';
import {
  addPermission,
  deletePermissions,
  editPermission,
  permissionChildren,
  permissionList,
  permissionNodesByParent,
  permissionNodesUnder,
  permissionMessages,
  permissionTree,
  rolePermissionIds,
  saveRolePermissions,
  type PermissionForm,
  type RolePermissionChange,
} from './service';

const READ = can('permission:list');

const flag = { type: 'boolean' } as const;
const permissionFormSchema = {
  type: 'object',
  properties: {
    id: text(64),
    parentId: nullableText(64),
    name: text(64),
    url: nullableText(512),
    component: nullableText(255),
    componentName: nullableText(128),
    redirect: nullableText(512),
    icon: nullableText(128),
    perms: nullableText(512),
    permsType: nullableText(2),
    menuType: text(2),
    sortNo: nullableText(16),
    route: flag,
    keepAlive: flag,
    hidden: flag,
    alwaysShow: flag,
    internalOrExternal: flag,
    status: nullableText(2),
    description: nullableText(255),
  },
} as const;

export async function permissionRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;

  app.get('/sys/permission/list', { config: READ }, async (request) =>
    ok(await permissionList(db, sessionOf(request).tenantId)),
  );

  app.get('/sys/permission/queryTreeList', { config: READ }, async (request) =>
    ok(await permissionTree(db, sessionOf(request).tenantId)),
  );

  app.get('/sys/permission/getSystemMenuList', { config: READ }, async (request) =>
    ok(await permissionNodesUnder(db, sessionOf(request).tenantId, null)),
  );

  app.get<{ Querystring: { parentId: string } }>(
    '/sys/permission/getSystemSubmenu',
    {
      config: READ,
      schema: { querystring: { type: 'object', required: ['parentId'], properties: { parentId: text(64) } } },
    },
    async (request) =>
      ok(await permissionNodesUnder(db, sessionOf(request).tenantId, [request.query.parentId])),
  );

  app.get<{ Querystring: { parentIds?: string } }>(
    '/sys/permission/getSystemSubmenuBatch',
    { config: READ, schema: { querystring: { type: 'object', properties: { parentIds: text(20_000) } } } },
    async (request) => {
      const parentIds = idList(request.query.parentIds, permissionMessages.parentRequired);
      return ok(await permissionNodesByParent(db, sessionOf(request).tenantId, parentIds));
    },
  );

  app.get<{ Querystring: { pid?: string } }>(
    '/sys/permission/queryListAsync',
    { config: READ, schema: { querystring: { type: 'object', properties: { pid: text(64) } } } },
    async (request) => ok(await permissionChildren(db, sessionOf(request).tenantId, request.query.pid)),
  );

  app.post<{ Body: PermissionForm }>(
    '/sys/permission/add',
    { config: can('permission:add'), schema: { body: permissionFormSchema } },
    async (request, reply) =>
      ok(await addPermission(db, actorOf(request, reply), request.body), permissionMessages.added),
  );

  // PUT or POST (API.md §6.3).
  app.route<{ Body: PermissionForm }>({
    method: ['PUT', 'POST'],
    url: '/sys/permission/edit',
    config: can('permission:edit'),
    schema: { body: permissionFormSchema },
    handler: async (request, reply) => {
      await editPermission(db, actorOf(request, reply), request.body);
      return ok(null, permissionMessages.edited);
    },
  });

  app.delete<{ Querystring: { id: string } }>(
    '/sys/permission/delete',
    { config: can('permission:delete'), schema: { querystring: idQuerySchema } },
    async (request, reply) => {
      await deletePermissions(db, actorOf(request, reply), request.query.id);
      return ok(null, permissionMessages.deleted);
    },
  );

  app.delete<{ Querystring: { ids?: string } }>(
    '/sys/permission/deleteBatch',
    { config: can('permission:deleteBatch'), schema: { querystring: idsQuerySchema } },
    async (request, reply) => {
      await deletePermissions(db, actorOf(request, reply), request.query.ids);
      return ok(null, permissionMessages.deleted);
    },
  );

  app.get<{ Querystring: { roleId: string } }>(
    '/sys/permission/queryRolePermission',
    {
      config: can('role:list'),
      schema: { querystring: { type: 'object', required: ['roleId'], properties: { roleId: text(64) } } },
    },
    async (request) => ok(await rolePermissionIds(db, sessionOf(request).tenantId, request.query.roleId)),
  );

  app.post<{ Body: RolePermissionChange }>(
    '/sys/permission/saveRolePermission',
    {
      config: can('role:authorize'),
      schema: {
        body: {
          type: 'object',
          properties: { roleId: text(64), permissionIds: text(100_000), lastpermissionIds: text(100_000) },
        },
      },
    },
    async (request, reply) => {
      await saveRolePermissions(db, actorOf(request, reply), request.body);
      return ok(null, permissionMessages.saved);
    },
  );
}
