// /sys/user (API.md §6.2): thin handlers over users/service.ts. Reads need user:list, each write its button code.
import type { FastifyInstance } from 'fastify';
import { sessionOf } from '../../../http/access';
import { ok } from '../../../http/envelope';
import { sendExport } from '../../jobs/exports';
import { actorOf } from '../commands';
import { can, idQuerySchema, idsQuerySchema, listQuerySchema, nullableText, text } from '../schemas';
import { USER_EXPORT } from './export';
import { userMessages } from './messages';
import {
  addUser,
  addUsersToRole,
  deleteUsers,
  departsOfUser,
  editUser,
  freezeUsers,
  listUsers,
  removeUsersFromRole,
  roleIdsOfUser,
  setUserPassword,
  userById,
  userRoleMap,
  usersOfDepart,
  type AdminPasswordChange,
  type RoleUsersChange,
  type UserForm,
} from './service';

const READ = can('user:list');

const userFormSchema = {
  type: 'object',
  properties: {
    id: text(64),
    username: text(64),
    realname: text(64),
    password: text(128),
    confirmpassword: text(128),
    avatar: nullableText(1024),
    birthday: nullableText(32),
    sex: nullableText(4),
    email: nullableText(128),
    phone: nullableText(32),
    workNo: nullableText(64),
    post: nullableText(64),
    telephone: nullableText(32),
    userIdentity: nullableText(4),
    selectedroles: text(20_000),
    selecteddeparts: text(20_000),
  },
} as const;

const passwordBodySchema = {
  type: 'object',
  properties: { username: text(64), password: text(128), confirmpassword: text(128) },
} as const;

export async function userRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;

  app.get('/sys/user/list', { config: READ, schema: { querystring: listQuerySchema } }, async (request) =>
    ok(await listUsers(db, sessionOf(request), request.query)),
  );

  app.get(
    '/sys/user/exportXls',
    { config: READ, schema: { querystring: listQuerySchema } },
    (request, reply) => sendExport(request, reply, USER_EXPORT),
  );

  app.get<{ Querystring: { id: string } }>(
    '/sys/user/queryById',
    { config: READ, schema: { querystring: idQuerySchema } },
    async (request) => ok(await userById(db, sessionOf(request).tenantId, request.query.id)),
  );

  app.post<{ Body: UserForm }>(
    '/sys/user/add',
    { config: can('user:add'), schema: { body: userFormSchema } },
    async (request, reply) =>
      ok(await addUser(db, actorOf(request, reply), request.body), userMessages.added),
  );

  app.put<{ Body: UserForm }>(
    '/sys/user/edit',
    { config: can('user:edit'), schema: { body: userFormSchema } },
    async (request, reply) => {
      await editUser(db, actorOf(request, reply), request.body);
      return ok(null, userMessages.edited);
    },
  );

  app.delete<{ Querystring: { id: string } }>(
    '/sys/user/delete',
    { config: can('user:delete'), schema: { querystring: idQuerySchema } },
    async (request, reply) => {
      await deleteUsers(db, actorOf(request, reply), request.query.id);
      return ok(null, userMessages.deleted);
    },
  );

  app.delete<{ Querystring: { ids?: string } }>(
    '/sys/user/deleteBatch',
    { config: can('user:deleteBatch'), schema: { querystring: idsQuerySchema } },
    async (request, reply) => {
      await deleteUsers(db, actorOf(request, reply), request.query.ids);
      return ok(null, userMessages.batchDeleted);
    },
  );

  app.put<{ Body: { ids?: string; status?: string | number } }>(
    '/sys/user/frozenBatch',
    {
      config: can('user:frozen'),
      schema: {
        body: {
          type: 'object',
          properties: { ids: text(20_000), status: text(4) },
        },
      },
    },
    async (request, reply) => {
      await freezeUsers(db, actorOf(request, reply), request.body);
      return ok(null, userMessages.frozen);
    },
  );

  // API.md names it changePassword; the spec's client calls changPassword (sic): both reach the same command.
  for (const path of ['/sys/user/changePassword', '/sys/user/changPassword']) {
    app.put<{ Body: AdminPasswordChange }>(
      path,
      { config: can('user:password'), schema: { body: passwordBodySchema } },
      async (request, reply) => {
        await setUserPassword(db, actorOf(request, reply), request.body);
        return ok(null, userMessages.passwordSet);
      },
    );
  }

  app.get<{ Querystring: { userid?: string } }>(
    '/sys/user/queryUserRole',
    {
      config: READ,
      schema: { querystring: { type: 'object', required: ['userid'], properties: { userid: text(64) } } },
    },
    async (request) => ok(await roleIdsOfUser(db, sessionOf(request).tenantId, request.query.userid ?? '')),
  );

  app.get<{ Querystring: { userId: string } }>(
    '/sys/user/userDepartList',
    {
      config: READ,
      schema: { querystring: { type: 'object', required: ['userId'], properties: { userId: text(64) } } },
    },
    async (request) => ok(await departsOfUser(db, sessionOf(request).tenantId, request.query.userId)),
  );

  app.get<{ Querystring: { id: string; realname?: string } }>(
    '/sys/user/queryUserByDepId',
    {
      config: READ,
      schema: {
        querystring: { type: 'object', required: ['id'], properties: { id: text(64), realname: text(64) } },
      },
    },
    async (request) =>
      ok(await usersOfDepart(db, sessionOf(request).tenantId, request.query.id, request.query.realname)),
  );

  // The users of a role (the role page's drawer): the user list narrowed by roleId, for role administrators.
  app.get(
    '/sys/user/userRoleList',
    {
      config: can('role:list'),
      schema: { querystring: { type: 'object', required: ['roleId'], additionalProperties: true } },
    },
    async (request) => ok(await listUsers(db, sessionOf(request), request.query)),
  );

  app.post<{ Body: RoleUsersChange }>(
    '/sys/user/addSysUserRole',
    {
      config: can('role:edit'),
      schema: {
        body: {
          type: 'object',
          properties: { roleId: text(64), userIdList: { type: 'array', maxItems: 1000, items: text(64) } },
        },
      },
    },
    async (request, reply) => {
      await addUsersToRole(db, actorOf(request, reply), request.body);
      return ok(null, userMessages.roleUsersAdded);
    },
  );

  for (const [path, idsParam] of [
    ['/sys/user/deleteUserRole', 'userId'],
    ['/sys/user/deleteUserRoleBatch', 'userIds'],
  ] as const) {
    app.delete<{ Querystring: Record<string, string | undefined> }>(
      path,
      {
        config: can('role:edit'),
        schema: {
          querystring: { type: 'object', properties: { roleId: text(64), [idsParam]: text(20_000) } },
        },
      },
      async (request, reply) => {
        await removeUsersFromRole(db, actorOf(request, reply), request.query.roleId, request.query[idsParam]);
        return ok(null, userMessages.roleUsersRemoved);
      },
    );
  }

  app.get('/sys/user/queryUserRoleMap', { config: READ }, async (request) =>
    ok(await userRoleMap(db, sessionOf(request).tenantId)),
  );
}
