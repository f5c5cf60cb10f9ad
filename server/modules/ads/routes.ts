// Ad applications under the spec's /eAdAppr prefix (docs/ads-api.md): the price book per ㎡, the applications
// with their quote, approval through the 审批中心, production, acceptance and settlement. Thin: the service
// owns the SQL.
import type { FastifyInstance } from 'fastify';
import { ACCEPTANCE_RESULT, AD_TYPE } from '../../../common/ads';
import { ENABLED_STATUS, codesOf } from '../../../common/businessEnums';
import { ok } from '../../http/envelope';
import type { RawQuery } from '../../http/listQuery';
import { publishTaskNotices } from '../approvals/notify';
import { sendExport } from '../jobs/exports';
import { actorOf, callerOf, requires } from '../shared/actor';
import { defineListExport, type ExportColumn, type ListRecord } from '../shared/excel';
import { idQuerySchema, nullable, text, type IdQuery } from '../shared/schemas';
import {
  acceptAd,
  adById,
  cancelAd,
  createAd,
  editAd,
  installAd,
  listAds,
  listPrices,
  produceAd,
  quote,
  savePrice,
  settleAd,
  submitAd,
  type AdInput,
  type AdRecord,
  type PriceInput,
} from './service';

const id = text(32);
const remark = nullable({ type: 'string', maxLength: 256 });
const photoIds = { type: 'array', maxItems: 9, items: text(64) } as const;
const metres = { type: 'number', exclusiveMinimum: 0, maximum: 100 } as const;
const body = (required: string[], properties: Record<string, unknown>) =>
  ({ type: 'object', required, properties }) as const;
const percent = { type: 'number', minimum: 0, maximum: 100 } as const;

const priceProperties = {
  adType: { type: 'string', enum: codesOf(AD_TYPE) },
  material: text(32),
  unitPrice: { type: 'number', minimum: 0, maximum: 100000 },
  status: { type: 'string', enum: codesOf(ENABLED_STATUS) },
  remark,
} as const;

const adProperties = {
  customerId: id,
  adType: { type: 'string', enum: codesOf(AD_TYPE) },
  widthM: metres,
  heightM: metres,
  quantity: { type: 'integer', minimum: 1, maximum: 1000 },
  material: text(32),
  signText: nullable({ type: 'string', maxLength: 64 }),
  beforePhotoIds: photoIds,
  designFileId: nullable(text(64)),
  costSharing: body(['brand', 'dealer', 'outlet'], { brand: percent, dealer: percent, outlet: percent }),
  keepMonths: { type: 'integer', minimum: 0, maximum: 120 },
  remark,
} as const;
const adRequired = [
  'customerId',
  'adType',
  'widthM',
  'heightM',
  'quantity',
  'material',
  'costSharing',
  'keepMonths',
];

const AD_COLUMNS: ExportColumn<AdRecord>[] = [
  { header: '申请单号', width: 18, value: (row) => row.applyNo },
  { header: '门店', width: 24, value: (row) => row.customerName },
  { header: '类型', value: (row) => row.adType_dictText },
  { header: '尺寸', width: 20, value: (row) => row.size },
  { header: '数量', value: (row) => row.quantity },
  { header: '材质', value: (row) => row.material },
  { header: '报价', value: (row) => Number(row.quotedAmount) },
  { header: '核准金额', value: (row) => (row.approvedAmount === null ? null : Number(row.approvedAmount)) },
  { header: '制作商', width: 20, value: (row) => row.vendorName },
  { header: '状态', value: (row) => row.status_dictText },
  { header: '保留至', value: (row) => row.keepUntil },
  { header: '申请人', value: (row) => row.applicantName },
  { header: '申请时间', width: 20, value: (row) => row.createTime },
];

export const AD_EXPORT = defineListExport('adApplications', '广告申请', AD_COLUMNS, listAds);

export const AD_PRICE_EXPORT = defineListExport<ListRecord<typeof listPrices>>(
  'adPrices',
  '广告价格表',
  [
    { header: '广告类型', value: (row) => row.adType_dictText },
    { header: '材质', width: 20, value: (row) => row.material },
    { header: '单价(元/㎡)', width: 14, value: (row) => Number(row.unitPrice) },
    { header: '备注', width: 30, value: (row) => row.remark },
    { header: '更新时间', width: 20, value: (row) => row.updateTime },
  ],
  listPrices,
);

export async function adRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;

  // ---- Price book ----
  app.get('/eAdAppr/price/list', { config: requires(['ad:list', 'ad:price']) }, async (request) =>
    ok(await listPrices(db, callerOf(request), request.query as RawQuery)),
  );
  app.get('/eAdAppr/price/exportXls', { config: requires(['ad:list', 'ad:price']) }, (request, reply) =>
    sendExport(request, reply, AD_PRICE_EXPORT),
  );
  app.post<{ Body: PriceInput }>(
    '/eAdAppr/price/add',
    {
      config: requires('ad:price'),
      schema: { body: body(['adType', 'material', 'unitPrice'], priceProperties) },
    },
    async (request, reply) => ok(await savePrice(db, actorOf(request, reply), request.body), '添加成功！'),
  );
  app.put<{ Body: PriceInput & { id: string } }>(
    '/eAdAppr/price/edit',
    {
      config: requires('ad:price'),
      schema: { body: body(['id', 'adType', 'material', 'unitPrice'], { id, ...priceProperties }) },
    },
    async (request, reply) => {
      const { id: priceId, ...input } = request.body;
      return ok(await savePrice(db, actorOf(request, reply), input, priceId), '编辑成功！');
    },
  );

  // ---- Applications ----
  app.get('/eAdAppr/list', { config: requires('ad:list') }, async (request) =>
    ok(await listAds(db, callerOf(request), request.query as RawQuery)),
  );
  app.get('/eAdAppr/exportXls', { config: requires('ad:list') }, (request, reply) =>
    sendExport(request, reply, AD_EXPORT),
  );
  app.get<{ Querystring: IdQuery }>(
    '/eAdAppr/queryById',
    { config: requires(['ad:list', 'approval:center']), schema: { querystring: idQuerySchema } },
    async (request) => ok(await adById(db, callerOf(request), request.query.id)),
  );
  app.post<{ Body: Parameters<typeof quote>[2] }>(
    '/eAdAppr/quote',
    {
      config: requires('ad:apply'),
      schema: {
        body: body(['adType', 'material', 'widthM', 'heightM', 'quantity'], {
          adType: adProperties.adType,
          material: adProperties.material,
          widthM: metres,
          heightM: metres,
          quantity: adProperties.quantity,
        }),
      },
    },
    async (request) => ok(await quote(db, callerOf(request), request.body)),
  );
  app.post<{ Body: AdInput }>(
    '/eAdAppr/add',
    { config: requires('ad:apply'), schema: { body: body(adRequired, adProperties) } },
    async (request, reply) => ok(await createAd(db, actorOf(request, reply), request.body), '已保存草稿！'),
  );
  app.put<{ Body: AdInput & { id: string } }>(
    '/eAdAppr/edit',
    { config: requires('ad:apply'), schema: { body: body(['id', ...adRequired], { id, ...adProperties }) } },
    async (request, reply) => {
      const { id: adId, ...input } = request.body;
      return ok(await editAd(db, actorOf(request, reply), adId, input), '编辑成功！');
    },
  );
  app.post<{ Body: IdQuery }>(
    '/eAdAppr/submit',
    { config: requires('ad:apply'), schema: { body: idQuerySchema } },
    async (request, reply) => {
      const { notices } = await submitAd(db, actorOf(request, reply), request.body.id);
      await publishTaskNotices(app, notices);
      return ok({ id: request.body.id }, '已提交审批！');
    },
  );
  app.post<{ Body: { id: string; reason?: string | null } }>(
    '/eAdAppr/cancel',
    { config: requires('ad:apply'), schema: { body: body(['id'], { id, reason: remark }) } },
    async (request, reply) => ok(await cancelAd(db, actorOf(request, reply), request.body), '已撤销！'),
  );
  app.post<{ Body: { id: string; vendorName: string; installDeadline?: string | null } }>(
    '/eAdAppr/produce',
    {
      config: requires('ad:produce'),
      schema: {
        body: body(['id', 'vendorName'], {
          id,
          vendorName: text(64),
          installDeadline: nullable({ type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
        }),
      },
    },
    async (request, reply) => ok(await produceAd(db, actorOf(request, reply), request.body), '已安排制作！'),
  );
  app.post<{ Body: { id: string; photoIds: string[] } }>(
    '/eAdAppr/install',
    {
      config: requires('ad:produce'),
      schema: { body: body(['id', 'photoIds'], { id, photoIds: { ...photoIds, minItems: 1 } }) },
    },
    async (request, reply) =>
      ok(await installAd(db, actorOf(request, reply), request.body), '完工照已上传！'),
  );
  app.post<{ Body: { id: string; result: 'PASS' | 'FAIL'; remark?: string | null } }>(
    '/eAdAppr/accept',
    {
      config: requires('ad:accept'),
      schema: {
        body: body(['id', 'result'], {
          id,
          result: { type: 'string', enum: codesOf(ACCEPTANCE_RESULT) },
          remark,
        }),
      },
    },
    async (request, reply) => ok(await acceptAd(db, actorOf(request, reply), request.body), '验收已提交！'),
  );
  app.post<{ Body: { id: string; settledAmount: number; remark?: string | null } }>(
    '/eAdAppr/settle',
    {
      config: requires('ad:settle'),
      schema: {
        body: body(['id', 'settledAmount'], {
          id,
          settledAmount: { type: 'number', minimum: 0, maximum: 10000000 },
          remark,
        }),
      },
    },
    async (request, reply) => ok(await settleAd(db, actorOf(request, reply), request.body), '已结算！'),
  );
}
