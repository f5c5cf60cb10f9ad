// The signed-in user's own account (API.md §3.1): who am I, my departments, my menus and buttons, switch
// department, change password.
import type { FastifyInstance } from 'fastify';
import { sessionOf } from '../../http/access';
import { envelopeSchema, ok } from '../../http/envelope';
import { sendSerialised } from '../../http/serialisedAnswer';
import { departsOf, rolesOf, userInfoOf } from './accounts';
import { authMessages } from './messages';
import { changeOwnPassword, selectLoginDepart, type PasswordChange } from './ownAccount';
import { permissionAnswerOf } from './permissions';
import {
  currentDepartsSchema,
  currentUserSchema,
  passwordChangeBodySchema,
  permissionPayloadSchema,
  selectDepartBodySchema,
  userInfoResultSchema,
} from './schemas';

const AUTHENTICATED = { access: 'authenticated' } as const;

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;

  app.get(
    '/user/info',
    { config: AUTHENTICATED, schema: { response: { 200: envelopeSchema(currentUserSchema) } } },
    async (request) => {
      const { userId, tenantId } = sessionOf(request);
      return ok({
        userInfo: await userInfoOf(db, userId),
        roles: await rolesOf(db, userId, tenantId),
        departs: await departsOf(db, userId, tenantId),
      });
    },
  );

  app.get(
    '/sys/user/getCurrentUserDeparts',
    { config: AUTHENTICATED, schema: { response: { 200: envelopeSchema(currentDepartsSchema) } } },
    async (request) => {
      const { userId, tenantId } = sessionOf(request);
      const list = await departsOf(db, userId, tenantId);
      const { orgCode } = await userInfoOf(db, userId);
      return ok({ list, orgCode });
    },
  );

  app.put<{ Body: { orgCode?: string; username?: string } }>(
    '/sys/selectDepart',
    {
      config: AUTHENTICATED,
      schema: { body: selectDepartBodySchema, response: { 200: envelopeSchema(userInfoResultSchema) } },
    },
    async (request) => ok({ userInfo: await selectLoginDepart(db, sessionOf(request), request.body ?? {}) }),
  );

  app.put<{ Body: PasswordChange }>(
    '/sys/user/updatePassword',
    {
      config: AUTHENTICATED,
      schema: { body: passwordChangeBodySchema, response: { 200: envelopeSchema({ type: 'null' }) } },
    },
    async (request) => {
      await changeOwnPassword(db, sessionOf(request), request.body ?? {});
      return ok(null, authMessages.passwordChanged);
    },
  );

  // The reference v2.2 client sends ?token=; it is ignored: the session says who the caller is.
  app.get(
    '/sys/permission/getUserPermissionByToken',
    { config: AUTHENTICATED, schema: { response: { 200: envelopeSchema(permissionPayloadSchema) } } },
    async (request, reply) => {
      const { userId, tenantId } = sessionOf(request);
      return sendSerialised(
        request,
        reply,
        await permissionAnswerOf(db, userId, tenantId, authMessages.queried),
      );
    },
  );
}
