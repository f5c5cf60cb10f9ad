// Customers under the reference contract's /eCustomer and /eCustLabel prefixes (spec §7), and the data of
// the potential-partners page (/{product}/dealers/potentiallist). Thin: the services own the SQL.
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import {
  CHANNEL,
  CUSTOMER_LEVEL,
  CUSTOMER_STATUS,
  CUSTOMER_TYPE,
  DELIVERY_MODE,
  ENABLED_STATUS,
  ERP_TYPE,
  LABEL_TYPE,
  PARTNER_STAGE,
  PHOTO_KIND,
  SETTLEMENT_METHOD,
  TEAM_ROLE,
  VERIFY_STATUS,
  VISIT_CYCLE,
  codesOf,
} from '../../../common/businessEnums';
import type { CustomerStatus, PhotoKind, TeamRole, VerifyStatus } from '../../db/schema';
import { sessionOf } from '../../http/access';
import { ok } from '../../http/envelope';
import type { RawQuery } from '../../http/listQuery';
import { actorOf, callerOf, requires } from '../shared/actor';
import { checkImageUrls } from '../files/imageUrls';
import { attachmentIdOf } from '../../../common/attachments';
import { sendExport } from '../jobs/exports';
import { defineImport, queueImport } from '../jobs/imports';
import { sendTemplate } from '../shared/excel';
import {
  CUSTOMER_EXPORT,
  CUSTOMER_IMPORT_COLUMNS,
  CUSTOMER_TEMPLATE_EXAMPLE,
  importCustomers,
} from './customerImport';
import { idQuerySchema, nullable, statusChangeSchema, text, type IdQuery } from '../shared/schemas';
import {
  labelRuleSchema,
  LABEL_EXPORT,
  listLabels,
  previewRule,
  refreshRuleLabel,
  saveLabel,
  tagCustomers,
  type LabelInput,
  type LabelRule,
} from './labels';
import { publishTaskNotices } from '../approvals/notify';
import { auditByMapPoi, systemVerifyBatch } from './poiAudit';
import {
  addCustomer,
  addPhoto,
  addTeamMember,
  auditCustomer,
  changeCustomerStatus,
  changeVerifyStatus,
  customerById,
  dealerOptionPage,
  dealerOptions,
  editCustomer,
  endTeamMember,
  linkToDealer,
  listCustomers,
  listPotentialPartners,
  photosOf,
  teamOf,
  type AuditAction,
  type CustomerInput,
} from './service';

const optionalText = (maxLength: number) => nullable({ type: 'string', maxLength });
const coordinate = (limit: number) => nullable({ type: 'number', minimum: -limit, maximum: limit });
const regionCode = nullable({ type: 'string', pattern: '^(\\d{6})?$' });
const mobile = nullable({ type: 'string', pattern: '^(1\\d{10})?$' });

const customerBody = {
  type: 'object',
  required: ['name', 'customerType'],
  properties: {
    customerCode: { type: 'string', maxLength: 32, pattern: '^[A-Za-z0-9_-]*$' },
    name: text(128),
    shortName: optionalText(64),
    mnemonic: optionalText(32),
    customerType: { type: 'string', enum: codesOf(CUSTOMER_TYPE) },
    channel: { type: 'string', enum: codesOf(CHANNEL) },
    outletType: optionalText(32),
    level: nullable({ type: 'string', enum: codesOf(CUSTOMER_LEVEL) }),
    parentCustomerId: optionalText(32),
    servingDealerId: optionalText(32),
    provinceCode: regionCode,
    cityCode: regionCode,
    districtCode: regionCode,
    address: optionalText(256),
    lng: coordinate(180),
    lat: coordinate(90),
    poiId: optionalText(64),
    poiName: optionalText(128),
    poiLng: coordinate(180),
    poiLat: coordinate(90),
    contactName: optionalText(32),
    contactMobile: mobile,
    bossName: optionalText(32),
    bossMobile: mobile,
    businessLicenseNo: nullable({ type: 'string', pattern: '^([0-9A-HJ-NPQRTUWXY]{18})?$' }),
    areaSqm: nullable({ type: 'number', minimum: 0, maximum: 1000000 }),
    deliveryMode: nullable({ type: 'string', enum: codesOf(DELIVERY_MODE) }),
    ownerUserId: optionalText(32),
    orgCode: { type: 'string', maxLength: 64 },
    visitCycle: nullable({ type: 'string', enum: codesOf(VISIT_CYCLE) }),
    settlementMethod: nullable({ type: 'string', enum: codesOf(SETTLEMENT_METHOD) }),
    creditLimit: nullable({ type: 'number', minimum: 0, maximum: 999999999999 }),
    creditDays: nullable({ type: 'integer', minimum: 0, maximum: 365 }),
    partnerStage: nullable({ type: 'string', enum: codesOf(PARTNER_STAGE) }),
    erpType: nullable({ type: 'string', enum: codesOf(ERP_TYPE) }),
    erpCustomerCode: optionalText(64),
    version: { type: 'integer', minimum: 1 },
  },
} as const;

/** The codes of the pages with a dealer picker (客户, 订单, 仓库/经销商库存, 临期预警): any one reads the dealer options. */
const DEALER_PICKER_PERMISSIONS = ['customer:list', 'order:list', 'stock:list', 'nearExpiry:list'] as const;
const idList = { type: 'array', minItems: 1, maxItems: 500, items: text(32) } as const;

const labelBody = {
  type: 'object',
  required: ['code', 'name', 'labelType'],
  properties: {
    code: text(32),
    name: text(32),
    labelGroup: text(16),
    color: text(16),
    labelType: { type: 'string', enum: codesOf(LABEL_TYPE) },
    rule: nullable(labelRuleSchema),
    status: { type: 'string', enum: codesOf(ENABLED_STATUS) },
  },
} as const;

const customerImport = defineImport({
  key: 'customers',
  title: () => '客户导入',
  run: (db, actor, _params, upload) => importCustomers(db, actor, upload),
});

export async function customerRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  await app.register(multipart);

  app.get('/eCustomer/list', { config: requires('customer:list') }, async (request) =>
    ok(await listCustomers(db, callerOf(request), request.query as RawQuery)),
  );
  app.get<{ Querystring: IdQuery }>(
    '/eCustomer/queryById',
    { config: requires('customer:list'), schema: { querystring: idQuerySchema } },
    async (request) => ok(await customerById(db, callerOf(request), request.query.id)),
  );
  app.post<{ Body: CustomerInput }>(
    '/eCustomer/add',
    { config: requires('customer:add'), schema: { body: customerBody } },
    async (request, reply) => {
      const { notices, ...added } = await addCustomer(db, actorOf(request, reply), request.body);
      await publishTaskNotices(app, notices);
      return ok(added, '添加成功！');
    },
  );
  app.put<{ Body: CustomerInput & { id: string } }>(
    '/eCustomer/edit',
    {
      config: requires('customer:edit'),
      schema: {
        body: {
          ...customerBody,
          required: ['id', ...customerBody.required],
          properties: { id: text(32), ...customerBody.properties },
        },
      },
    },
    async (request, reply) =>
      ok(await editCustomer(db, actorOf(request, reply), request.body.id, request.body), '编辑成功！'),
  );

  app.post<{ Body: { id: string; action: AuditAction; reason?: string } }>(
    '/eCustomer/audit',
    {
      config: requires('customer:audit'),
      schema: {
        body: {
          type: 'object',
          required: ['id', 'action'],
          properties: {
            id: text(32),
            action: { type: 'string', enum: ['APPROVE', 'REJECT', 'RESUBMIT'] },
            reason: { type: 'string', maxLength: 256 },
          },
        },
      },
    },
    async (request, reply) => {
      const { body } = request;
      const { notices, ...audited } = await auditCustomer(
        db,
        actorOf(request, reply),
        body.id,
        body.action,
        body.reason,
      );
      await publishTaskNotices(app, notices);
      return ok(audited);
    },
  );
  app.get<{ Querystring: { id: string; radius: number } }>(
    '/eCustomer/custAuditByMapPoi',
    {
      config: requires('customer:audit'),
      schema: {
        querystring: {
          type: 'object',
          required: ['id'],
          properties: { id: text(32), radius: { type: 'integer', minimum: 10, maximum: 2000, default: 200 } },
        },
      },
    },
    async (request) => ok(await auditByMapPoi(db, callerOf(request), request.query.id, request.query.radius)),
  );
  app.post<{ Body: { ids?: string[] } }>(
    '/eCustomer/systemCustVerifyBatch',
    {
      config: requires('customer:verify'),
      schema: {
        body: { type: 'object', properties: { ids: { type: 'array', maxItems: 500, items: text(32) } } },
      },
    },
    async (request, reply) => ok(await systemVerifyBatch(db, actorOf(request, reply), request.body?.ids)),
  );
  app.put<{ Body: { ids: string[]; verifyStatus: VerifyStatus; reason?: string } }>(
    '/eCustomer/changeVerifyStatus',
    {
      config: requires('customer:verify'),
      schema: {
        body: {
          type: 'object',
          required: ['ids', 'verifyStatus'],
          properties: {
            ids: idList,
            verifyStatus: { type: 'string', enum: codesOf(VERIFY_STATUS) },
            reason: { type: 'string', maxLength: 256 },
          },
        },
      },
    },
    async (request, reply) =>
      ok(
        await changeVerifyStatus(
          db,
          actorOf(request, reply),
          request.body.ids,
          request.body.verifyStatus,
          request.body.reason,
        ),
      ),
  );
  app.put<{ Body: { id: string; status: CustomerStatus; reason?: string } }>(
    '/eCustomer/changeStatus',
    { config: requires('customer:status'), schema: { body: statusChangeSchema(codesOf(CUSTOMER_STATUS)) } },
    async (request, reply) =>
      ok(
        await changeCustomerStatus(
          db,
          actorOf(request, reply),
          request.body.id,
          request.body.status,
          request.body.reason,
        ),
      ),
  );

  app.put<{ Body: { customerId: string; dealerId: string } }>(
    '/eCustomer/link',
    {
      config: requires('customer:link'),
      schema: {
        body: {
          type: 'object',
          required: ['customerId', 'dealerId'],
          properties: { customerId: text(32), dealerId: text(32) },
        },
      },
    },
    async (request, reply) =>
      ok(await linkToDealer(db, actorOf(request, reply), [request.body.customerId], request.body.dealerId)),
  );
  app.put<{ Body: { customerIds: string[]; dealerId: string } }>(
    '/eCustomer/linkBatch',
    {
      config: requires('customer:link'),
      schema: {
        body: {
          type: 'object',
          required: ['customerIds', 'dealerId'],
          properties: { customerIds: idList, dealerId: text(32) },
        },
      },
    },
    async (request, reply) =>
      ok(await linkToDealer(db, actorOf(request, reply), request.body.customerIds, request.body.dealerId)),
  );
  // The dealer picker of every page that filters or picks by dealer: readable with that page's own code (a
  // dealer's keeper lists orders and stock without customer:list); the caller's data scope still applies.
  app.get<{ Querystring: { keyword?: string } }>(
    '/eCustomer/getDDLList',
    {
      config: requires(DEALER_PICKER_PERMISSIONS),
      schema: { querystring: { type: 'object', properties: { keyword: { type: 'string', maxLength: 64 } } } },
    },
    async (request) => ok(await dealerOptions(db, callerOf(request), request.query.keyword)),
  );
  app.get('/eCustomer/getDDLListV2', { config: requires('customer:list') }, async (request) =>
    ok(await dealerOptionPage(db, callerOf(request), request.query as RawQuery)),
  );
  app.get<{ Querystring: { customerId: string; includeHistory: boolean } }>(
    '/eCustomer/queryTeamList',
    {
      config: requires('customer:list'),
      schema: {
        querystring: {
          type: 'object',
          required: ['customerId'],
          properties: { customerId: text(32), includeHistory: { type: 'boolean', default: false } },
        },
      },
    },
    async (request) =>
      ok(await teamOf(db, callerOf(request), request.query.customerId, request.query.includeHistory)),
  );
  app.post<{ Body: { customerId: string; userId: string; role: TeamRole } }>(
    '/eCustomer/team/add',
    {
      config: requires('customer:team'),
      schema: {
        body: {
          type: 'object',
          required: ['customerId', 'userId', 'role'],
          properties: {
            customerId: text(32),
            userId: text(32),
            role: { type: 'string', enum: codesOf(TEAM_ROLE) },
          },
        },
      },
    },
    async (request, reply) =>
      ok(
        await addTeamMember(
          db,
          actorOf(request, reply),
          request.body.customerId,
          request.body.userId,
          request.body.role,
        ),
        '添加成功！',
      ),
  );
  app.put<{ Body: { id: string } }>(
    '/eCustomer/team/end',
    { config: requires('customer:team'), schema: { body: idQuerySchema } },
    async (request, reply) => ok(await endTeamMember(db, actorOf(request, reply), request.body.id)),
  );
  app.get<{ Querystring: IdQuery }>(
    '/eCustomer/slideshow',
    { config: requires('customer:list'), schema: { querystring: idQuerySchema } },
    async (request) => ok(await photosOf(db, callerOf(request), request.query.id)),
  );
  app.post<{ Body: { customerId: string; kind: PhotoKind; url: string; title?: string | null } }>(
    '/eCustomer/photo/add',
    {
      config: requires('customer:edit'),
      schema: {
        body: {
          type: 'object',
          required: ['customerId', 'kind', 'url'],
          properties: {
            customerId: text(32),
            kind: { type: 'string', enum: codesOf(PHOTO_KIND) },
            url: text(512),
            title: optionalText(64),
          },
        },
      },
    },
    async (request, reply) => {
      // An attachment's url is checked against the customer's attachments by addPhoto.
      if (attachmentIdOf(request.body.url) === null) checkImageUrls([request.body.url], app.imageUrlHosts);
      return ok(await addPhoto(db, actorOf(request, reply), request.body), '添加成功！');
    },
  );
  app.post('/eCustomer/importExcel', { config: requires('customer:add') }, async (request, reply) =>
    queueImport(request, reply, customerImport, {}),
  );
  app.get('/eCustomer/importTemplate', { config: requires('customer:list') }, (_request, reply) =>
    sendTemplate(reply, '客户导入模板', CUSTOMER_IMPORT_COLUMNS, CUSTOMER_TEMPLATE_EXAMPLE),
  );
  app.get('/eCustomer/exportXls', { config: requires('customer:list') }, (request, reply) =>
    sendExport(request, reply, CUSTOMER_EXPORT),
  );
  app.get('/dealers/potentiallist', { config: requires('customer:list') }, async (request) =>
    ok(await listPotentialPartners(db, callerOf(request), request.query as RawQuery)),
  );

  // ---- Labels ----
  app.get('/eCustLabel/list', { config: requires('label:list') }, async (request) =>
    ok(await listLabels(db, sessionOf(request).tenantId, request.query as RawQuery)),
  );
  app.get('/eCustLabel/exportXls', { config: requires('label:list') }, (request, reply) =>
    sendExport(request, reply, LABEL_EXPORT),
  );
  app.post<{ Body: LabelInput }>(
    '/eCustLabel/add',
    { config: requires('label:add'), schema: { body: labelBody } },
    async (request, reply) => ok(await saveLabel(db, actorOf(request, reply), request.body), '添加成功！'),
  );
  app.put<{ Body: LabelInput & { id: string } }>(
    '/eCustLabel/edit',
    {
      config: requires('label:edit'),
      schema: {
        body: {
          ...labelBody,
          required: ['id', ...labelBody.required],
          properties: { id: text(32), ...labelBody.properties },
        },
      },
    },
    async (request, reply) =>
      ok(await saveLabel(db, actorOf(request, reply), request.body, request.body.id), '编辑成功！'),
  );
  const tagBody = {
    type: 'object',
    required: ['labelId', 'customerIds'],
    properties: { labelId: text(32), customerIds: idList },
  } as const;
  app.post<{ Body: { labelId: string; customerIds: string[] } }>(
    '/eCustLabel/tag',
    { config: requires('label:tag'), schema: { body: tagBody } },
    async (request, reply) =>
      ok(
        await tagCustomers(db, actorOf(request, reply), request.body.labelId, request.body.customerIds, true),
      ),
  );
  app.post<{ Body: { labelId: string; customerIds: string[] } }>(
    '/eCustLabel/untag',
    { config: requires('label:tag'), schema: { body: tagBody } },
    async (request, reply) =>
      ok(
        await tagCustomers(
          db,
          actorOf(request, reply),
          request.body.labelId,
          request.body.customerIds,
          false,
        ),
      ),
  );
  app.post<{ Body: { rule: LabelRule } }>(
    '/eCustLabel/previewRule',
    {
      config: requires('label:list'),
      schema: { body: { type: 'object', required: ['rule'], properties: { rule: labelRuleSchema } } },
    },
    async (request) => ok(await previewRule(db, sessionOf(request).tenantId, request.body.rule)),
  );
  app.post<{ Body: IdQuery }>(
    '/eCustLabel/refresh',
    { config: requires('label:edit'), schema: { body: idQuerySchema } },
    async (request, reply) => ok(await refreshRuleLabel(db, actorOf(request, reply), request.body.id)),
  );
}
