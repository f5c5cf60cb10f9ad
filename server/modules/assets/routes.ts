// Trade assets under the spec's /eAsset prefix (docs/assets-api.md): models, the ledger and its inbound, an
// asset by its tag, idle stock, the applications (place, recall, transfer, scrap) and their steps after the
// approval, inspections and exception reports. Thin: the services own the SQL.
import { FAULT_CATEGORY } from '../../../common/repairs';
import type { FastifyInstance } from 'fastify';
import {
  ASSET_TYPE,
  CLEANLINESS,
  DEPOSIT_METHOD,
  EXCEPTION_TYPE,
  FORM_FACTOR,
  RECALL_REASON,
} from '../../../common/assets';
import { ENABLED_STATUS, codesOf } from '../../../common/businessEnums';
import { ok } from '../../http/envelope';
import type { RawQuery } from '../../http/listQuery';
import { sendAgreementPdf } from '../agreements/documents';
import { publishedTemplatesOf } from '../agreements/templates';
import { publishTaskNotices } from '../approvals/notify';
import { sendExport } from '../jobs/exports';
import { actorOf, callerOf, requires } from '../shared/actor';
import { idQuerySchema, nullable, text, type IdQuery } from '../shared/schemas';
import {
  applyPlacement,
  applyRecall,
  applyScrap,
  applyTransfer,
  cancelApplication,
  deliverPlacement,
  receiveDeposit,
  receiveRecall,
  signPlacement,
  type PlaceInput,
  type ReceiveInput,
  type RecallInput,
  type SignInput,
  type ScrapInput,
  type TransferInput,
} from './applications';
import { APPLICATION_EXPORT, ASSET_EXPORT, HANDOVER_EXPORT, MODEL_EXPORT } from './export';
import { IDLE_EXPORT, OVERDUE_INSPECTION_EXPORT, assetReport, idleAssets } from './reports';
import {
  assetAgreementHtml,
  assetAgreementPdf,
  decideHandover,
  handoverReceiverOptions,
  listHandovers,
  startHandover,
  type DepositInput,
  type HandoverInput,
} from './lifecycle';
import {
  confirmLost,
  inspectAsset,
  reportException,
  restoreAsset,
  type ExceptionInput,
  type InspectionInput,
} from './inspections';
import {
  assetById,
  assetByTag,
  idleStock,
  inboundAssets,
  listApplications,
  listAssets,
  listModels,
  saveModel,
  type InboundInput,
  type ModelInput,
} from './service';

const remark = nullable({ type: 'string', maxLength: 256 });
const id = text(32);
const amount = { type: 'number', minimum: 0, maximum: 10000000 } as const;
const photoIds = { type: 'array', maxItems: 9, items: text(64) } as const;
const ASSET_NO = '^[A-Za-z0-9-]{4,32}$';

const modelProperties = {
  modelCode: { type: 'string', minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$' },
  name: text(64),
  assetType: { type: 'string', enum: codesOf(ASSET_TYPE) },
  formFactor: { type: 'string', enum: codesOf(FORM_FACTOR) },
  volumeL: nullable({ type: 'integer', minimum: 0, maximum: 10000 }),
  powerW: nullable({ type: 'integer', minimum: 0, maximum: 100000 }),
  tempRange: nullable({ type: 'string', maxLength: 32 }),
  manufacturer: nullable({ type: 'string', maxLength: 64 }),
  unitValue: amount,
  depositAmount: amount,
  warrantyMonths: { type: 'integer', minimum: 0, maximum: 240 },
  status: { type: 'string', enum: codesOf(ENABLED_STATUS) },
} as const;
const modelRequired = ['modelCode', 'name', 'assetType', 'formFactor', 'unitValue', 'depositAmount'];

const body = (required: string[], properties: Record<string, unknown>) =>
  ({ type: 'object', required, properties }) as const;

const inboundBody = body(['modelId', 'warehouseId', 'assetNos'], {
  modelId: id,
  warehouseId: id,
  assetNos: {
    type: 'array',
    minItems: 1,
    maxItems: 200,
    items: { type: 'string', pattern: ASSET_NO },
  },
  releaseDate: nullable({ type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
  remark,
});

export async function assetRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;

  // ---- Models ----
  app.get('/eAsset/model/list', { config: requires('asset:list') }, async (request) =>
    ok(await listModels(db, callerOf(request), request.query as RawQuery)),
  );
  app.get('/eAsset/model/exportXls', { config: requires('asset:list') }, (request, reply) =>
    sendExport(request, reply, MODEL_EXPORT),
  );
  app.post<{ Body: ModelInput }>(
    '/eAsset/model/add',
    { config: requires('asset:model'), schema: { body: body(modelRequired, modelProperties) } },
    async (request, reply) => ok(await saveModel(db, actorOf(request, reply), request.body), '添加成功！'),
  );
  app.put<{ Body: ModelInput & { id: string } }>(
    '/eAsset/model/edit',
    {
      config: requires('asset:model'),
      schema: { body: body(['id', ...modelRequired], { id, ...modelProperties }) },
    },
    async (request, reply) =>
      ok(await saveModel(db, actorOf(request, reply), request.body, request.body.id), '编辑成功！'),
  );

  // ---- The ledger ----
  app.get('/eAsset/list', { config: requires('asset:list') }, async (request) =>
    ok(await listAssets(db, callerOf(request), request.query as RawQuery)),
  );
  app.get('/eAsset/exportXls', { config: requires('asset:list') }, (request, reply) =>
    sendExport(request, reply, ASSET_EXPORT),
  );
  app.get<{ Querystring: IdQuery }>(
    '/eAsset/queryById',
    { config: requires('asset:list'), schema: { querystring: idQuerySchema } },
    async (request) => ok(await assetById(db, callerOf(request), request.query.id)),
  );
  app.get<{ Querystring: { assetNo: string } }>(
    '/eAsset/queryByNo',
    {
      config: requires('asset:list'),
      schema: { querystring: body(['assetNo'], { assetNo: text(64) }) },
    },
    async (request) => ok(await assetByTag(db, callerOf(request), request.query.assetNo)),
  );
  app.get('/eAsset/idleStock', { config: requires('asset:list') }, async (request) =>
    ok(await idleStock(db, callerOf(request))),
  );
  app.post<{ Body: InboundInput }>(
    '/eAsset/inbound',
    { config: requires('asset:add'), schema: { body: inboundBody } },
    async (request, reply) =>
      ok(await inboundAssets(db, actorOf(request, reply), request.body), '入库成功！'),
  );

  // ---- Applications ----
  app.get('/eAsset/application/list', { config: requires('asset:list') }, async (request) =>
    ok(await listApplications(db, callerOf(request), request.query as RawQuery)),
  );
  app.get('/eAsset/application/exportXls', { config: requires('asset:list') }, (request, reply) =>
    sendExport(request, reply, APPLICATION_EXPORT),
  );
  const submitted = async (result: Awaited<ReturnType<typeof applyPlacement>>) => {
    await publishTaskNotices(app, result.notices);
    return ok({ id: result.id, applyNo: result.applyNo }, '已提交审批！');
  };
  app.post<{ Body: PlaceInput }>(
    '/eAsset/application/place',
    {
      config: requires('asset:apply'),
      schema: {
        body: body(['assetId', 'customerId'], {
          assetId: id,
          customerId: id,
          freeDeposit: { type: 'boolean' },
          remark,
          templateId: nullable(id),
          termMonths: { type: 'integer', minimum: 1, maximum: 120 },
        }),
      },
    },
    async (request, reply) => submitted(await applyPlacement(db, actorOf(request, reply), request.body)),
  );
  app.post<{ Body: RecallInput }>(
    '/eAsset/application/recall',
    {
      config: requires('asset:apply'),
      schema: {
        body: body(['assetId', 'reason', 'refundDeposit'], {
          assetId: id,
          reason: { type: 'string', enum: codesOf(RECALL_REASON) },
          refundDeposit: { type: 'boolean' },
          remark,
        }),
      },
    },
    async (request, reply) => submitted(await applyRecall(db, actorOf(request, reply), request.body)),
  );
  app.post<{ Body: TransferInput }>(
    '/eAsset/application/transfer',
    {
      config: requires('asset:apply'),
      schema: { body: body(['assetId', 'toCustomerId'], { assetId: id, toCustomerId: id, remark }) },
    },
    async (request, reply) => submitted(await applyTransfer(db, actorOf(request, reply), request.body)),
  );
  app.post<{ Body: ScrapInput }>(
    '/eAsset/application/scrap',
    {
      config: requires('asset:apply'),
      schema: { body: body(['assetId', 'remark'], { assetId: id, remark: text(256) }) },
    },
    async (request, reply) => submitted(await applyScrap(db, actorOf(request, reply), request.body)),
  );
  const method = nullable({ type: 'string', enum: codesOf(DEPOSIT_METHOD) });
  app.post<{ Body: DepositInput }>(
    '/eAsset/application/deposit',
    {
      config: requires('asset:deposit'),
      schema: {
        body: body(['id'], {
          id,
          method,
          referenceNo: nullable({ type: 'string', maxLength: 64 }),
          receiptNo: nullable({ type: 'string', maxLength: 64 }),
          amount: nullable(amount),
          receiptPhotoIds: photoIds,
          waive: { type: 'boolean' },
          waiveReason: nullable({ type: 'string', maxLength: 256 }),
        }),
      },
    },
    async (request, reply) =>
      ok(await receiveDeposit(db, actorOf(request, reply), request.body), '押金已确认！'),
  );
  app.post<{ Body: IdQuery }>(
    '/eAsset/application/deliver',
    { config: requires('asset:deliver'), schema: { body: idQuerySchema } },
    async (request, reply) =>
      ok(await deliverPlacement(db, actorOf(request, reply), request.body.id), '已出库配送！'),
  );
  app.post<{ Body: SignInput }>(
    '/eAsset/application/sign',
    {
      config: requires('asset:deliver'),
      schema: {
        body: body(['id', 'photoIds', 'signatureId'], {
          id,
          photoIds: { ...photoIds, minItems: 1 },
          signatureId: text(64),
        }),
      },
    },
    async (request, reply) =>
      ok(await signPlacement(db, actorOf(request, reply), request.body), '投放成功！'),
  );
  app.post<{ Body: ReceiveInput }>(
    '/eAsset/application/receive',
    {
      config: requires('asset:deliver'),
      schema: {
        body: body(['id', 'warehouseId'], {
          id,
          warehouseId: id,
          refundMethod: method,
          refundReference: nullable({ type: 'string', maxLength: 64 }),
        }),
      },
    },
    async (request, reply) =>
      ok(await receiveRecall(db, actorOf(request, reply), request.body), '已收柜入库！'),
  );
  app.post<{ Body: { id: string; reason: string } }>(
    '/eAsset/application/cancel',
    {
      config: requires('asset:apply'),
      schema: { body: body(['id', 'reason'], { id, reason: text(256) }) },
    },
    async (request, reply) =>
      ok(await cancelApplication(db, actorOf(request, reply), request.body), '已作废！'),
  );

  // ---- Inspections and exceptions ----
  app.post<{ Body: InspectionInput }>(
    '/eAsset/inspect',
    {
      config: requires('asset:inspect'),
      schema: {
        body: body(['assetId', 'poweredOn', 'cleanliness', 'reportedCondition', 'photoIds'], {
          assetId: id,
          poweredOn: { type: 'boolean' },
          temperature: nullable({ type: 'number', minimum: -40, maximum: 60 }),
          cleanliness: { type: 'string', enum: codesOf(CLEANLINESS) },
          reportedCondition: { type: 'string', enum: ['NORMAL', 'ABNORMAL'] },
          photoIds,
          remark,
          // An abnormal finding that is a fault opens a repair order (server/modules/repairs).
          repairFault: nullable({ type: 'string', enum: Object.keys(FAULT_CATEGORY) }),
        }),
      },
    },
    async (request, reply) =>
      ok(await inspectAsset(db, actorOf(request, reply), request.body), '巡检已提交！'),
  );
  app.post<{ Body: ExceptionInput }>(
    '/eAsset/exception',
    {
      config: requires('asset:inspect'),
      schema: {
        body: body(['assetId', 'reportType', 'photoIds'], {
          assetId: id,
          reportType: { type: 'string', enum: codesOf(EXCEPTION_TYPE) },
          photoIds,
          remark,
        }),
      },
    },
    async (request, reply) =>
      ok(await reportException(db, actorOf(request, reply), request.body), '已报备！'),
  );
  app.post<{ Body: { id: string; remark?: string | null } }>(
    '/eAsset/confirmLost',
    { config: requires('asset:exception'), schema: { body: body(['id'], { id, remark }) } },
    async (request, reply) =>
      ok(await confirmLost(db, actorOf(request, reply), request.body), '已确认遗失！'),
  );
  app.post<{ Body: { id: string; remark?: string | null } }>(
    '/eAsset/restore',
    { config: requires('asset:exception'), schema: { body: body(['id'], { id, remark }) } },
    async (request, reply) =>
      ok(await restoreAsset(db, actorOf(request, reply), request.body), '已恢复正常！'),
  );

  // ---- Asset agreements (投放协议) ----
  // The 冰柜投放协议 templates a placement may be made with (a picker, not the template admin's list).
  app.get('/eAsset/agreement/templates', { config: requires('asset:apply') }, async (request) =>
    ok(await publishedTemplatesOf(db, callerOf(request).tenantId, 'FREEZER')),
  );
  app.get<{ Querystring: IdQuery }>(
    '/eAsset/agreement/html',
    { config: requires('asset:list'), schema: { querystring: idQuerySchema } },
    async (request) => ok(await assetAgreementHtml(db, callerOf(request), request.query.id)),
  );
  app.get<{ Querystring: IdQuery }>(
    '/eAsset/agreement/pdf',
    { config: requires('asset:list'), schema: { querystring: idQuerySchema } },
    async (request, reply) =>
      sendAgreementPdf(reply, await assetAgreementPdf(db, callerOf(request), request.query.id)),
  );

  // ---- Handovers between reps (资产交接) ----
  app.get('/eAsset/handover/list', { config: requires('asset:list') }, async (request) =>
    ok(await listHandovers(db, callerOf(request), request.query as RawQuery)),
  );
  app.get('/eAsset/handover/exportXls', { config: requires('asset:list') }, (request, reply) =>
    sendExport(request, reply, HANDOVER_EXPORT),
  );
  // 接收人 of 发起交接: for those who hand over, who need not hold user:list.
  app.get<{ Querystring: { keyword?: string } }>(
    '/eAsset/handover/userOptions',
    {
      config: requires('asset:apply'),
      schema: { querystring: { type: 'object', properties: { keyword: { type: 'string', maxLength: 32 } } } },
    },
    async (request) =>
      ok(await handoverReceiverOptions(db, callerOf(request), request.query.keyword?.trim() || undefined)),
  );
  app.post<{ Body: HandoverInput }>(
    '/eAsset/handover',
    {
      config: requires('asset:apply'),
      schema: {
        body: body(['assetIds', 'toUserId'], {
          assetIds: { type: 'array', minItems: 1, maxItems: 100, items: id },
          toUserId: id,
          remark,
        }),
      },
    },
    async (request, reply) =>
      ok(await startHandover(db, actorOf(request, reply), request.body), '已发起交接！'),
  );
  app.post<{ Body: { id: string; remark?: string | null } }>(
    '/eAsset/handover/accept',
    { config: requires('asset:list'), schema: { body: body(['id'], { id, remark }) } },
    async (request, reply) =>
      ok(
        await decideHandover(db, actorOf(request, reply), { ...request.body, accept: true }),
        '已确认交接！',
      ),
  );
  app.post<{ Body: { id: string; remark?: string | null } }>(
    '/eAsset/handover/reject',
    { config: requires('asset:list'), schema: { body: body(['id'], { id, remark }) } },
    async (request, reply) =>
      ok(
        await decideHandover(db, actorOf(request, reply), { ...request.body, accept: false }),
        '已驳回交接！',
      ),
  );

  // ---- 资产报表 ----
  app.get('/eAsset/report/summary', { config: requires('asset:list') }, async (request) =>
    ok(await assetReport(db, callerOf(request), request.query as RawQuery)),
  );
  app.get('/eAsset/report/idle', { config: requires('asset:list') }, async (request) =>
    ok(await idleAssets(db, callerOf(request), request.query as RawQuery)),
  );
  app.get('/eAsset/report/idle/exportXls', { config: requires('asset:list') }, (request, reply) =>
    sendExport(request, reply, IDLE_EXPORT),
  );
  app.get('/eAsset/report/overdue/exportXls', { config: requires('asset:list') }, (request, reply) =>
    sendExport(request, reply, OVERDUE_INSPECTION_EXPORT),
  );
}
