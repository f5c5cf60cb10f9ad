// Display policies and agreements under the spec's /esdh prefix (docs/displays-api.md): policies with their
// burn-down, agreements (lists, info, create, submit to the 审批中心, sign by photo, terminate, export, a zip of
// their pictures), inspections and their review, and the monthly payments with the payout batch. Thin: the
// services own the SQL.
import type { FastifyInstance } from 'fastify';
import { codesOf } from '../../../common/businessEnums';
import {
  DISPLAY_COST_TYPE,
  DISPLAY_FEE_TYPE,
  DISPLAY_TYPE,
  INSPECTION_FREQUENCY,
  INSPECTION_RESULT,
  INSPECTOR_ROLE,
  PAYMENT_CYCLE,
  PERIOD_PATTERN,
  POLICY_TRANSITIONS,
  TERMINATION_REASON,
  type PolicyAction,
  type TerminationReason,
} from '../../../common/displays';
import { ok } from '../../http/envelope';
import type { RawQuery } from '../../http/listQuery';
import { sendAgreementPdf } from '../agreements/documents';
import { publishedTemplatesOf } from '../agreements/templates';
import { publishTaskNotices } from '../approvals/notify';
import { sendZip } from '../attachments/zips';
import { sendExport } from '../jobs/exports';
import { actorOf, callerOf, requires } from '../shared/actor';
import { idQuerySchema, nullable, text, type IdQuery } from '../shared/schemas';
import {
  displayAgreementHtml,
  displayAgreementPdf,
  saveAgreement,
  signAgreement,
  submitAgreement,
  terminateAgreement,
  type AgreementInput,
} from './agreements';
import { AGREEMENT_EXPORT, INSPECTION_EXPORT, POLICY_EXPORT } from './export';
import {
  inspectAgreement,
  inspectionsDue,
  listInspections,
  reviewInspection,
  type InspectionInput,
  type ReviewInput,
} from './inspections';
import { PAYMENT_EXPORT, computeDisplayPayments, listPayments, markPaid, payoutSummary } from './payments';
import { listPolicies, movePolicy, policyById, savePolicy, type PolicyInput } from './policies';
import { DISPLAY_PHOTO_ZIP, agreementDetail, listAgreements, type PhotoZipQuery } from './queries';

const id = text(32);
const remark = nullable({ type: 'string', maxLength: 256 });
const date = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;
const period = { type: 'string', pattern: PERIOD_PATTERN } as const;
const amount = { type: 'number', minimum: 0, maximum: 100000000 } as const;
const photoIds = { type: 'array', maxItems: 9, items: text(64) } as const;
const body = (required: string[], properties: Record<string, unknown>) =>
  ({ type: 'object', required, properties }) as const;

const policyProperties = {
  name: text(64),
  costType: { type: 'string', enum: codesOf(DISPLAY_COST_TYPE) },
  orgCode: text(64),
  startDate: date,
  endDate: date,
  displayTypes: {
    type: 'array',
    minItems: 1,
    maxItems: 7,
    items: { type: 'string', enum: codesOf(DISPLAY_TYPE) },
  },
  standard: {
    type: 'object',
    additionalProperties: false,
    properties: {
      requiredSkuIds: { type: 'array', maxItems: 50, items: text(32) },
      minFacings: nullable({ type: 'integer', minimum: 0, maximum: 1000 }),
      minLayers: nullable({ type: 'integer', minimum: 0, maximum: 100 }),
      position: nullable({ type: 'string', maxLength: 64 }),
    },
  },
  standardPhotoId: nullable(text(64)),
  totalBudget: { ...amount, exclusiveMinimum: 0 },
  perOutletCap: { ...amount, exclusiveMinimum: 0 },
  maxOutlets: { type: 'integer', minimum: 1, maximum: 1000000 },
  partialRatio: { type: 'number', minimum: 0, maximum: 1 },
  inspectionFrequency: { type: 'string', enum: codesOf(INSPECTION_FREQUENCY) },
  paymentModes: {
    type: 'array',
    minItems: 1,
    maxItems: 4,
    uniqueItems: true,
    items: { type: 'string', enum: codesOf(DISPLAY_FEE_TYPE) },
  },
  remark,
} as const;
const policyRequired = [
  'name',
  'costType',
  'orgCode',
  'startDate',
  'endDate',
  'displayTypes',
  'totalBudget',
  'perOutletCap',
  'maxOutlets',
  'inspectionFrequency',
  'paymentModes',
];

const agreementProperties = {
  policyId: id,
  customerId: id,
  dealerId: nullable(id),
  employeeId: nullable(id),
  startDate: date,
  endDate: date,
  displayType: { type: 'string', enum: codesOf(DISPLAY_TYPE) },
  locationDesc: nullable({ type: 'string', maxLength: 128 }),
  requiredSkuIds: { type: 'array', maxItems: 50, items: text(32) },
  minFacings: { type: 'integer', minimum: 0, maximum: 1000 },
  minLayers: { type: 'integer', minimum: 0, maximum: 100 },
  standardPhotoId: nullable(text(64)),
  feeType: { type: 'string', enum: codesOf(DISPLAY_FEE_TYPE) },
  monthlyFee: { ...amount, exclusiveMinimum: 0 },
  paymentCycle: { type: 'string', enum: codesOf(PAYMENT_CYCLE) },
  templateId: nullable(id),
  variableValues: nullable({ type: 'object' }),
  remark,
} as const;
const agreementRequired = [
  'policyId',
  'customerId',
  'startDate',
  'endDate',
  'displayType',
  'feeType',
  'monthlyFee',
  'paymentCycle',
];

export async function displayRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;

  // ---- 陈列方案 ----
  app.get('/esdh/policy/list', { config: requires('display:list') }, async (request) =>
    ok(await listPolicies(db, callerOf(request), request.query as RawQuery)),
  );
  app.get('/esdh/policy/exportXls', { config: requires('display:list') }, (request, reply) =>
    sendExport(request, reply, POLICY_EXPORT),
  );
  app.get<{ Querystring: IdQuery }>(
    '/esdh/policy/queryById',
    { config: requires('display:list'), schema: { querystring: idQuerySchema } },
    async (request) => ok(await policyById(db, callerOf(request).tenantId, request.query.id)),
  );
  app.post<{ Body: PolicyInput }>(
    '/esdh/policy/add',
    { config: requires('display:policy'), schema: { body: body(policyRequired, policyProperties) } },
    async (request, reply) => ok(await savePolicy(db, actorOf(request, reply), request.body), '添加成功！'),
  );
  app.put<{ Body: PolicyInput & { id: string } }>(
    '/esdh/policy/edit',
    {
      config: requires('display:policy'),
      schema: { body: body(['id', ...policyRequired], { id, ...policyProperties }) },
    },
    async (request, reply) =>
      ok(await savePolicy(db, actorOf(request, reply), request.body, request.body.id), '编辑成功！'),
  );
  for (const action of Object.keys(POLICY_TRANSITIONS) as PolicyAction[]) {
    const permission =
      action === 'approve' || action === 'reject' ? 'display:policyApprove' : 'display:policy';
    app.post<{ Body: IdQuery }>(
      `/esdh/policy/${action}`,
      { config: requires(permission), schema: { body: idQuerySchema } },
      async (request, reply) =>
        ok(
          await movePolicy(db, actorOf(request, reply), request.body.id, action),
          `已${POLICY_TRANSITIONS[action].action}！`,
        ),
    );
  }

  // ---- 陈列协议 ----
  app.get('/esdh/list', { config: requires('display:list') }, async (request) =>
    ok(await listAgreements(db, callerOf(request), request.query as RawQuery)),
  );
  app.get<{ Querystring: IdQuery }>(
    '/esdh/info',
    { config: requires('display:list'), schema: { querystring: idQuerySchema } },
    async (request) => ok(await agreementDetail(db, callerOf(request), request.query.id)),
  );
  // The 陈列协议 templates an agreement may be made from (a picker of this page, not the template admin's list).
  app.get('/esdh/templates', { config: requires('display:list') }, async (request) =>
    ok(await publishedTemplatesOf(db, callerOf(request).tenantId, 'DISPLAY')),
  );
  app.get<{ Querystring: IdQuery }>(
    '/esdh/content',
    { config: requires('display:list'), schema: { querystring: idQuerySchema } },
    async (request) => ok(await displayAgreementHtml(db, callerOf(request), request.query.id)),
  );
  app.get<{ Querystring: IdQuery }>(
    '/esdh/pdf',
    { config: requires('display:list'), schema: { querystring: idQuerySchema } },
    async (request, reply) =>
      sendAgreementPdf(reply, await displayAgreementPdf(db, callerOf(request), request.query.id)),
  );
  app.get('/esdh/exportXls', { config: requires('display:list') }, (request, reply) =>
    sendExport(request, reply, AGREEMENT_EXPORT),
  );
  // The list's filters narrow a month's zip (the querystring keeps them: only these two are typed).
  app.get<{ Querystring: PhotoZipQuery }>(
    '/esdh/zip',
    {
      config: requires('display:list'),
      schema: { querystring: { type: 'object', properties: { agreementId: id, period } } },
    },
    (request, reply) => sendZip(request, reply, DISPLAY_PHOTO_ZIP, request.query),
  );
  app.post<{ Body: AgreementInput }>(
    '/esdh/add',
    { config: requires('display:apply'), schema: { body: body(agreementRequired, agreementProperties) } },
    async (request, reply) =>
      ok(await saveAgreement(db, actorOf(request, reply), request.body), '添加成功！'),
  );
  app.put<{ Body: AgreementInput & { id: string } }>(
    '/esdh/edit',
    {
      config: requires('display:apply'),
      schema: { body: body(['id', ...agreementRequired], { id, ...agreementProperties }) },
    },
    async (request, reply) =>
      ok(await saveAgreement(db, actorOf(request, reply), request.body, request.body.id), '编辑成功！'),
  );
  app.post<{ Body: IdQuery }>(
    '/esdh/submit',
    { config: requires('display:apply'), schema: { body: idQuerySchema } },
    async (request, reply) => {
      const { status, notices } = await submitAgreement(db, actorOf(request, reply), request.body.id);
      await publishTaskNotices(app, notices);
      return ok({ status }, '已提交审批！');
    },
  );
  app.post<{ Body: { id: string; photoIds: string[] } }>(
    '/esdh/sign',
    {
      config: requires('display:apply'),
      schema: { body: body(['id', 'photoIds'], { id, photoIds: { ...photoIds, minItems: 1 } }) },
    },
    async (request, reply) =>
      ok(await signAgreement(db, actorOf(request, reply), request.body), '签署成功！'),
  );
  app.post<{ Body: { id: string; reason: TerminationReason; remark?: string | null } }>(
    '/esdh/terminate',
    {
      config: requires('display:terminate'),
      schema: {
        body: body(['id', 'reason'], {
          id,
          reason: { type: 'string', enum: codesOf(TERMINATION_REASON) },
          remark,
        }),
      },
    },
    async (request, reply) =>
      ok(await terminateAgreement(db, actorOf(request, reply), request.body), '已终止！'),
  );

  // ---- 陈列检核 and 检核复核 ----
  app.get('/esdh/inspection/list', { config: requires('display:list') }, async (request) =>
    ok(await listInspections(db, callerOf(request), request.query as RawQuery)),
  );
  app.get('/esdh/inspection/exportXls', { config: requires('display:list') }, (request, reply) =>
    sendExport(request, reply, INSPECTION_EXPORT),
  );
  app.get('/esdh/inspection/due', { config: requires('display:list') }, async (request) =>
    ok(await inspectionsDue(db, callerOf(request))),
  );
  app.post<{ Body: InspectionInput }>(
    '/esdh/inspection/add',
    {
      config: requires('display:inspect'),
      schema: {
        body: body(['agreementId', 'photoIds', 'result'], {
          agreementId: id,
          period: nullable(period),
          inspectorRole: { type: 'string', enum: codesOf(INSPECTOR_ROLE) },
          visitId: nullable(id),
          photoIds: { ...photoIds, minItems: 1 },
          lng: nullable({ type: 'number', minimum: -180, maximum: 180 }),
          lat: nullable({ type: 'number', minimum: -90, maximum: 90 }),
          facingsCounted: nullable({ type: 'integer', minimum: 0, maximum: 10000 }),
          skusPresent: nullable({ type: 'integer', minimum: 0, maximum: 1000 }),
          result: { type: 'string', enum: codesOf(INSPECTION_RESULT) },
          remark,
        }),
      },
    },
    async (request, reply) =>
      ok(await inspectAgreement(db, actorOf(request, reply), request.body), '检核已提交！'),
  );
  app.post<{ Body: ReviewInput }>(
    '/esdh/inspection/review',
    {
      config: requires('display:review'),
      schema: {
        body: body(['id', 'decision'], {
          id,
          decision: { type: 'string', enum: ['CONFIRM', 'OVERTURN'] },
          result: nullable({ type: 'string', enum: codesOf(INSPECTION_RESULT) }),
          remark,
        }),
      },
    },
    async (request, reply) =>
      ok(
        await reviewInspection(db, actorOf(request, reply), request.body),
        request.body.decision === 'CONFIRM' ? '已维持！' : '已改判！',
      ),
  );

  // ---- 陈列兑付 and 兑付批次 ----
  app.get('/esdh/payment/list', { config: requires('display:pay') }, async (request) =>
    ok(await listPayments(db, callerOf(request), request.query as RawQuery)),
  );
  app.get<{ Querystring: { period: string } }>(
    '/esdh/payment/summary',
    { config: requires('display:pay'), schema: { querystring: body(['period'], { period }) } },
    async (request) => ok(await payoutSummary(db, callerOf(request), request.query.period)),
  );
  app.get('/esdh/payment/exportXls', { config: requires('display:pay') }, (request, reply) =>
    sendExport(request, reply, PAYMENT_EXPORT),
  );
  app.post<{ Body: { period: string } }>(
    '/esdh/payment/calculate',
    { config: requires('display:pay'), schema: { body: body(['period'], { period }) } },
    async (request) =>
      ok(await computeDisplayPayments(db, callerOf(request).tenantId, request.body.period), '核算完成！'),
  );
  app.post<{ Body: { period: string; ids?: string[]; voucherNo: string } }>(
    '/esdh/payment/markPaid',
    {
      config: requires('display:pay'),
      schema: {
        body: body(['period', 'voucherNo'], {
          period,
          ids: { type: 'array', minItems: 1, maxItems: 500, items: id },
          voucherNo: text(64),
        }),
      },
    },
    async (request, reply) => ok(await markPaid(db, actorOf(request, reply), request.body), '已标记兑付！'),
  );
}
