// Announcement endpoints (API.md §4.3): the 系统公告 administration under /sys/annountCement (permission codes
// annountCement:*) and every user's own bell and message list (always the caller's own copies).
import { sendExport } from '../jobs/exports';
import { ANNOUNCEMENT_EXPORT, MY_ANNOUNCEMENT_EXPORT } from './export';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ABSTRACT_MAX_LENGTH,
  CONTENT_MAX_LENGTH,
  TARGET_USERS_MAX,
  splitIds,
  TITLE_MAX_LENGTH,
  type AnnouncementInput,
} from '../../../common/announcements';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../../../common/constants';
import { sessionOf } from '../../http/access';
import { BusinessError, envelopeSchema, ok } from '../../http/envelope';
import { sendSerialised } from '../../http/serialisedAnswer';
import { OperateType, requestInfoOf, writeOperationLog } from '../auth/sysLog';
import {
  addAnnouncement,
  ANNOUNCEMENT_MESSAGES,
  announcementById,
  bellAnswerOf,
  deleteAnnouncements,
  editAnnouncement,
  listAnnouncements,
  markAllRead,
  markRead,
  myAnnouncements,
  MY_SORTABLE_COLUMNS,
  releaseAnnouncement,
  revokeAnnouncement,
  SORTABLE_COLUMNS,
  targetUsers,
  type Actor,
  type AnnouncementListQuery,
  type MyAnnouncementQuery,
  type TargetUserQuery,
} from './service';

/** The permission codes of the 系统公告 buttons (server/modules/auth/tenantOrganisation.ts). */
export const ANNOUNCEMENT_PERMISSIONS = {
  list: 'annountCement:list',
  add: 'annountCement:add',
  edit: 'annountCement:edit',
  delete: 'annountCement:delete',
  release: 'annountCement:release',
  revoke: 'annountCement:revoke',
} as const;

const MAX_PAGE_NUMBER = 100_000;
/** A parameter no list knows is refused (400 naming it), never ignored or spliced into SQL. */
const UNKNOWN_PARAMETER = { not: {} } as const;
const ID_MAX_LENGTH = 64;

const id = { type: 'string', minLength: 1, maxLength: ID_MAX_LENGTH } as const;
const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const shortText = { type: ['string', 'null'], maxLength: 200 } as const;
/** '' and null mean "no filter". */
const codeFilter = (codes: string[]) => ({ type: 'string', enum: ['', ...codes] }) as const;
const dateTime = {
  anyOf: [
    { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$' },
    { type: 'string', maxLength: 0 },
    { type: 'null' },
  ],
} as const;

function listQuerySchema(columns: string[], defaultColumn: string, filters: Record<string, object>) {
  return {
    type: 'object',
    properties: {
      pageNo: { type: 'integer', minimum: 1, maximum: MAX_PAGE_NUMBER, default: 1 },
      pageSize: { type: 'integer', minimum: 1, maximum: PAGE_SIZE_MAX, default: PAGE_SIZE_DEFAULT },
      column: { type: 'string', enum: columns, default: defaultColumn },
      order: { type: 'string', enum: ['asc', 'desc'], default: 'desc' },
      // The cache-buster and the column list the reference client sends with every list.
      _t: {},
      field: text,
      ...filters,
    },
    additionalProperties: UNKNOWN_PARAMETER,
  } as const;
}

const idQuerySchema = { type: 'object', required: ['id'], properties: { id } } as const;

const inputProperties = {
  titile: { type: 'string', minLength: 1, maxLength: TITLE_MAX_LENGTH },
  msgContent: { type: 'string', maxLength: CONTENT_MAX_LENGTH },
  msgAbstract: { type: ['string', 'null'], maxLength: ABSTRACT_MAX_LENGTH },
  startTime: dateTime,
  endTime: dateTime,
  priority: { type: 'string', enum: ['L', 'M', 'H'] },
  msgCategory: { type: 'string', enum: ['1', '2'] },
  msgType: { type: 'string', enum: ['USER', 'ALL'] },
  userIds: { type: ['string', 'null'], maxLength: TARGET_USERS_MAX * (ID_MAX_LENGTH + 1) },
  busType: shortText,
  busId: shortText,
  openType: shortText,
  openPage: shortText,
} as const;
const inputRequired = ['titile', 'priority', 'msgCategory', 'msgType'];

const announcementSchema = {
  type: 'object',
  properties: {
    id: text,
    titile: text,
    msgContent: text,
    msgAbstract: nullableText,
    startTime: nullableText,
    endTime: nullableText,
    sender: nullableText,
    priority: text,
    priority_dictText: text,
    msgCategory: text,
    msgCategory_dictText: text,
    msgType: text,
    msgType_dictText: text,
    sendStatus: text,
    sendStatus_dictText: text,
    sendTime: nullableText,
    cancelTime: nullableText,
    delFlag: text,
    createBy: nullableText,
    createTime: text,
    updateBy: nullableText,
    updateTime: text,
    busType: nullableText,
    busId: nullableText,
    openType: nullableText,
    openPage: nullableText,
    userIds: text,
  },
} as const;

const sendRowSchema = {
  type: 'object',
  properties: {
    id: text,
    anntId: text,
    userId: text,
    titile: text,
    msgContent: text,
    msgAbstract: nullableText,
    sender: nullableText,
    priority: text,
    priority_dictText: text,
    msgCategory: text,
    msgCategory_dictText: text,
    readFlag: text,
    readFlag_dictText: text,
    sendTime: nullableText,
    readTime: nullableText,
    busType: nullableText,
    busId: nullableText,
    openType: nullableText,
    openPage: nullableText,
  },
} as const;

const targetUserSchema = {
  type: 'object',
  properties: { id: text, username: text, realname: text },
} as const;

const pageSchema = (record: object) =>
  ({
    type: 'object',
    required: ['records', 'total', 'size', 'current', 'pages'],
    properties: {
      records: { type: 'array', items: record },
      total: { type: 'integer' },
      size: { type: 'integer' },
      current: { type: 'integer' },
      pages: { type: 'integer' },
    },
  }) as const;

const nothing = envelopeSchema({ type: 'null' });

function actorOf(request: FastifyRequest): Actor {
  const { tenantId, userId, username } = sessionOf(request);
  return { tenantId, userId, username };
}

export async function announcementRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;

  /** Every change of an announcement goes to the operation log (API.md Part A "Audit"). */
  const logOperation = (
    request: FastifyRequest,
    reply: FastifyReply,
    operateType: (typeof OperateType)[keyof typeof OperateType],
    content: string,
  ) => {
    const { tenantId, userId, username } = sessionOf(request);
    return writeOperationLog(db, requestInfoOf(request, reply), {
      content,
      username,
      userId,
      tenantId,
      operateType,
    });
  };

  // ————— 系统公告 (administrators) —————

  // The list and its export read the same filters.
  const listQuery = listQuerySchema(Object.keys(SORTABLE_COLUMNS), 'createTime', {
    titile: { type: 'string', maxLength: TITLE_MAX_LENGTH + 2 },
    priority: codeFilter(['L', 'M', 'H']),
    msgCategory: codeFilter(['1', '2']),
    msgType: codeFilter(['USER', 'ALL']),
    sendStatus: codeFilter(['0', '1', '2']),
  });
  app.get<{ Querystring: AnnouncementListQuery }>(
    '/sys/annountCement/list',
    {
      config: { access: { permission: ANNOUNCEMENT_PERMISSIONS.list } },
      schema: {
        querystring: listQuery,
        response: { 200: envelopeSchema(pageSchema(announcementSchema)) },
      },
    },
    async (request) => ok(await listAnnouncements(db, sessionOf(request).tenantId, request.query)),
  );
  app.get(
    '/sys/annountCement/exportXls',
    { config: { access: { permission: ANNOUNCEMENT_PERMISSIONS.list } }, schema: { querystring: listQuery } },
    (request, reply) => sendExport(request, reply, ANNOUNCEMENT_EXPORT),
  );

  app.post<{ Body: AnnouncementInput }>(
    '/sys/annountCement/add',
    {
      config: { access: { permission: ANNOUNCEMENT_PERMISSIONS.add } },
      schema: {
        body: { type: 'object', required: inputRequired, properties: inputProperties },
        response: { 200: envelopeSchema({ type: 'string' }) },
      },
    },
    async (request, reply) => {
      const added = await addAnnouncement(db, actorOf(request), request.body);
      await logOperation(request, reply, OperateType.add, `添加系统公告：${added.titile}`);
      return ok(added.id, ANNOUNCEMENT_MESSAGES.added);
    },
  );

  app.put<{ Body: AnnouncementInput & { id: string } }>(
    '/sys/annountCement/edit',
    {
      config: { access: { permission: ANNOUNCEMENT_PERMISSIONS.edit } },
      schema: {
        body: { type: 'object', required: ['id', ...inputRequired], properties: { id, ...inputProperties } },
        response: { 200: nothing },
      },
    },
    async (request, reply) => {
      const titile = await editAnnouncement(db, actorOf(request), request.body.id, request.body);
      await logOperation(request, reply, OperateType.update, `编辑系统公告：${titile}`);
      return ok(null, ANNOUNCEMENT_MESSAGES.edited);
    },
  );

  app.delete<{ Querystring: { id: string } }>(
    '/sys/annountCement/delete',
    {
      config: { access: { permission: ANNOUNCEMENT_PERMISSIONS.delete } },
      schema: { querystring: idQuerySchema, response: { 200: nothing } },
    },
    async (request, reply) => {
      const [titile] = await deleteAnnouncements(db, actorOf(request), [request.query.id]);
      if (titile === undefined) throw new BusinessError(400, ANNOUNCEMENT_MESSAGES.notFound);
      await logOperation(request, reply, OperateType.delete, `删除系统公告：${titile}`);
      return ok(null, ANNOUNCEMENT_MESSAGES.deleted);
    },
  );

  app.delete<{ Querystring: { ids: string } }>(
    '/sys/annountCement/deleteBatch',
    {
      config: { access: { permission: ANNOUNCEMENT_PERMISSIONS.delete } },
      schema: {
        querystring: {
          type: 'object',
          required: ['ids'],
          properties: { ids: { type: 'string', maxLength: PAGE_SIZE_MAX * (ID_MAX_LENGTH + 1) } },
        },
        response: { 200: nothing },
      },
    },
    async (request, reply) => {
      const ids = splitIds(request.query.ids);
      if (ids.length === 0) throw new BusinessError(400, ANNOUNCEMENT_MESSAGES.badIds);
      const titles = await deleteAnnouncements(db, actorOf(request), ids);
      if (titles.length === 0) throw new BusinessError(400, ANNOUNCEMENT_MESSAGES.notFound);
      await logOperation(request, reply, OperateType.delete, `删除系统公告：${titles.join('、')}`);
      return ok(null, ANNOUNCEMENT_MESSAGES.deleted);
    },
  );

  app.get<{ Querystring: { id: string } }>(
    '/sys/annountCement/doReleaseData',
    {
      config: { access: { permission: ANNOUNCEMENT_PERMISSIONS.release } },
      schema: { querystring: idQuerySchema, response: { 200: nothing } },
    },
    async (request, reply) => {
      const release = await releaseAnnouncement(db, actorOf(request), request.query.id);
      await logOperation(request, reply, OperateType.update, `发布系统公告：${release.titile}`);
      try {
        await app.push.publish(release.target, release.frame);
      } catch (error) {
        // Released all the same: the users' bells find it at their next poll.
        request.log.warn({ err: error }, 'push of a released announcement failed');
      }
      return ok(null, ANNOUNCEMENT_MESSAGES.released);
    },
  );

  app.get<{ Querystring: { id: string } }>(
    '/sys/annountCement/doReovkeData',
    {
      config: { access: { permission: ANNOUNCEMENT_PERMISSIONS.revoke } },
      schema: { querystring: idQuerySchema, response: { 200: nothing } },
    },
    async (request, reply) => {
      const titile = await revokeAnnouncement(db, actorOf(request), request.query.id);
      await logOperation(request, reply, OperateType.update, `撤销系统公告：${titile}`);
      return ok(null, ANNOUNCEMENT_MESSAGES.revoked);
    },
  );

  // The tenant's users an announcement may target. Not GET /sys/user/list: that needs user:list, which an
  // announcement administrator (annountCement:*) need not hold, and it returns phones and e-mails; this gives
  // only id, user name and real name, and finds chosen users by `ids` and others by user or real name.
  app.get<{ Querystring: TargetUserQuery }>(
    '/sys/annountCement/targetUsers',
    {
      config: { access: { permission: ANNOUNCEMENT_PERMISSIONS.list } },
      schema: {
        querystring: {
          type: 'object',
          properties: {
            pageNo: { type: 'integer', minimum: 1, maximum: MAX_PAGE_NUMBER, default: 1 },
            pageSize: { type: 'integer', minimum: 1, maximum: PAGE_SIZE_MAX, default: PAGE_SIZE_DEFAULT },
            keyword: { type: 'string', maxLength: 50 },
            ids: { type: 'string', maxLength: TARGET_USERS_MAX * (ID_MAX_LENGTH + 1) },
            _t: {},
          },
          additionalProperties: UNKNOWN_PARAMETER,
        },
        response: { 200: envelopeSchema(pageSchema(targetUserSchema)) },
      },
    },
    async (request) => ok(await targetUsers(db, sessionOf(request).tenantId, request.query)),
  );

  // ————— Every signed-in user: their own copies —————

  // Administrators see any of the tenant's announcements; everyone else only one released to them.
  app.get<{ Querystring: { id: string } }>(
    '/sys/annountCement/queryById',
    {
      config: { access: 'authenticated' },
      schema: { querystring: idQuerySchema, response: { 200: envelopeSchema(announcementSchema) } },
    },
    async (request) => {
      const manages = sessionOf(request).permissions.has(ANNOUNCEMENT_PERMISSIONS.list);
      const announcement = await announcementById(db, actorOf(request), request.query.id, manages);
      if (!announcement) throw new BusinessError(400, ANNOUNCEMENT_MESSAGES.notFound);
      return ok(announcement);
    },
  );

  app.get(
    '/sys/annountCement/listByUser',
    {
      config: { access: 'authenticated' },
      schema: {
        response: {
          200: envelopeSchema({
            type: 'object',
            properties: {
              anntMsgList: { type: 'array', items: announcementSchema },
              anntMsgTotal: { type: 'integer' },
              sysMsgList: { type: 'array', items: announcementSchema },
              sysMsgTotal: { type: 'integer' },
            },
          }),
        },
      },
    },
    async (request, reply) => sendSerialised(request, reply, await bellAnswerOf(db, actorOf(request))),
  );

  app.put<{ Body: { anntId: string } }>(
    '/sys/sysAnnouncementSend/editByAnntIdAndUserId',
    {
      config: { access: 'authenticated' },
      schema: {
        body: { type: 'object', required: ['anntId'], properties: { anntId: id } },
        response: { 200: nothing },
      },
    },
    async (request) => {
      await markRead(db, actorOf(request), request.body.anntId);
      return ok(null);
    },
  );

  app.put(
    '/sys/sysAnnouncementSend/readAll',
    {
      config: { access: 'authenticated' },
      schema: { response: { 200: envelopeSchema({ type: 'integer' }) } },
    },
    async (request) => ok(await markAllRead(db, actorOf(request)), ANNOUNCEMENT_MESSAGES.allRead),
  );

  // 我的消息 and its export read the same filters.
  const myQuery = listQuerySchema(Object.keys(MY_SORTABLE_COLUMNS), 'sendTime', {
    readFlag: codeFilter(['0', '1']),
    msgCategory: codeFilter(['1', '2']),
    titile: { type: 'string', maxLength: TITLE_MAX_LENGTH + 2 },
  });
  app.get<{ Querystring: MyAnnouncementQuery }>(
    '/sys/sysAnnouncementSend/getMyAnnouncementSend',
    {
      config: { access: 'authenticated' },
      schema: { querystring: myQuery, response: { 200: envelopeSchema(pageSchema(sendRowSchema)) } },
    },
    async (request) => ok(await myAnnouncements(db, actorOf(request), request.query)),
  );
  app.get(
    '/sys/sysAnnouncementSend/exportXls',
    { config: { access: 'authenticated' }, schema: { querystring: myQuery } },
    (request, reply) => sendExport(request, reply, MY_ANNOUNCEMENT_EXPORT),
  );
}
