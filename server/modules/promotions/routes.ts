// Promotions under /ePromotion (docs/promotions-api.md): the 促销列表 and its commands, 促销组管理, the
// 试算预览, and the order form's price preview under /eOrder/eOrder. Thin: the services own the SQL.
import type { FastifyInstance } from 'fastify';
import { codesOf } from '../../../common/businessEnums';
import {
  APPLY_LEVEL,
  AUDIENCE,
  BENEFIT_TYPE,
  BUDGET_TYPE,
  COST_BEARER,
  GROUP_EXCLUSIVITY,
  GROUP_SELECTION,
  PROMO_TYPE,
  THRESHOLD_TYPE,
  type PromoCommand,
  type PromotionGroupInput,
  type PromotionInput,
  type PromotionPreviewInput,
} from '../../../common/promotions';
import { ok } from '../../http/envelope';
import type { RawQuery } from '../../http/listQuery';
import { publishTaskNotices } from '../approvals/notify';
import { previewOrder } from '../orders/placement';
import { actorOf, callerOf, requires } from '../shared/actor';
import { idQuerySchema, nullable, text, type IdQuery } from '../shared/schemas';
import { sendExport } from '../jobs/exports';
import { submitPromotion } from './approval';
import { promotionEffect } from './effect';
import { GROUP_EXPORT, PROMOTION_EXPORT } from './export';
import {
  addPromotion,
  changePromotion,
  copyPromotion,
  editPromotion,
  listGroups,
  listPromotions,
  promotionById,
  saveGroup,
} from './service';

export const PROMOTION_PERMISSIONS = {
  list: 'promotion:list',
  add: 'promotion:add',
  edit: 'promotion:edit',
  status: 'promotion:status',
  group: 'promotion:group',
  preview: 'promotion:preview',
} as const;

const ids = { type: 'array', maxItems: 500, items: text(64) } as const;
const count = nullable({ type: 'integer', minimum: 1, maximum: 100000 });

const promotionBody = {
  type: 'object',
  required: ['name', 'promoType', 'applyLevel', 'audience', 'startAt', 'endAt', 'budgetType', 'tiers'],
  additionalProperties: false,
  properties: {
    id: text(32),
    name: text(64),
    promoType: { type: 'string', enum: codesOf(PROMO_TYPE) },
    applyLevel: { type: 'string', enum: codesOf(APPLY_LEVEL) },
    audience: { type: 'string', enum: codesOf(AUDIENCE) },
    customerScope: {
      type: 'object',
      additionalProperties: false,
      default: {},
      properties: {
        orgCodes: ids,
        areaCodes: ids,
        channels: ids,
        outletTypes: ids,
        levels: ids,
        labelIds: ids,
        includeIds: ids,
        excludeIds: ids,
      },
    },
    productScope: {
      type: 'object',
      additionalProperties: false,
      default: {},
      properties: { skuIds: ids, categoryIds: ids, brandIds: ids, excludeSkuIds: ids },
    },
    bundleItems: {
      type: 'array',
      maxItems: 20,
      default: [],
      items: {
        type: 'object',
        required: ['skuId', 'qty'],
        additionalProperties: false,
        properties: {
          skuId: text(32),
          qty: { type: 'integer', minimum: 1, maximum: 100000 },
          unit: { type: 'string', enum: ['CASE', 'BASE'], default: 'CASE' },
        },
      },
    },
    startAt: text(32),
    endAt: text(32),
    timeWindow: nullable({
      type: 'object',
      additionalProperties: false,
      properties: {
        weekdays: { type: 'array', maxItems: 7, items: { type: 'integer', minimum: 1, maximum: 7 } },
        fromHour: { type: 'integer', minimum: 0, maximum: 23 },
        toHour: { type: 'integer', minimum: 1, maximum: 24 },
      },
    }),
    budgetType: { type: 'string', enum: codesOf(BUDGET_TYPE) },
    budgetTotal: nullable({ type: 'number', minimum: 0, maximum: 1e10 }),
    perCustomerLimit: count,
    perOrderLimit: count,
    firstOrderOnly: { type: 'boolean', default: false },
    groupId: nullable({ type: 'string', maxLength: 32 }),
    priority: { type: 'integer', minimum: 0, maximum: 9999, default: 100 },
    allowWithRebate: { type: 'boolean', default: true },
    allowWithCoins: { type: 'boolean', default: true },
    costBearer: { type: 'string', enum: codesOf(COST_BEARER), default: 'BRAND' },
    costRatio: nullable({ type: 'number', minimum: 0, maximum: 1 }),
    remark: nullable({ type: 'string', maxLength: 500 }),
    tiers: {
      type: 'array',
      minItems: 1,
      maxItems: 10,
      items: {
        type: 'object',
        required: ['tierNo', 'thresholdType', 'thresholdValue', 'benefitType'],
        additionalProperties: false,
        properties: {
          tierNo: { type: 'integer', minimum: 1, maximum: 10 },
          thresholdType: { type: 'string', enum: codesOf(THRESHOLD_TYPE) },
          thresholdValue: { type: 'number', minimum: 0, maximum: 1e9 },
          benefitType: { type: 'string', enum: codesOf(BENEFIT_TYPE) },
          benefitValue: { type: 'number', minimum: 0, maximum: 1e9, default: 0 },
          giftSkuId: nullable({ type: 'string', maxLength: 32 }),
          giftQty: nullable({ type: 'integer', minimum: 1, maximum: 100000 }),
          giftUnit: nullable({ type: 'string', enum: ['CASE', 'BASE'] }),
          maxBenefit: nullable({ type: 'number', minimum: 0, maximum: 1e9 }),
          repeatable: { type: 'boolean', default: false },
        },
      },
    },
  },
} as const;

const groupBody = {
  type: 'object',
  required: ['code', 'name', 'exclusivity', 'selection'],
  additionalProperties: false,
  properties: {
    id: text(32),
    code: text(32),
    name: text(64),
    exclusivity: { type: 'string', enum: codesOf(GROUP_EXCLUSIVITY) },
    selection: { type: 'string', enum: codesOf(GROUP_SELECTION) },
    stackWithOtherGroups: { type: 'boolean', default: true },
    priority: { type: 'integer', minimum: 0, maximum: 9999, default: 100 },
    status: { type: 'string', enum: ['ENABLED', 'DISABLED'], default: 'ENABLED' },
  },
} as const;

const previewBody = {
  type: 'object',
  required: ['buyerId', 'lines'],
  additionalProperties: false,
  properties: {
    buyerId: text(32),
    orderType: { type: 'string', enum: ['REP_PROXY', 'DEALER_PURCHASE'] },
    sellerId: nullable({ type: 'string', maxLength: 32 }),
    rebateDeductAmount: { type: 'number', minimum: 0, maximum: 1e9 },
    coinDeductCoins: { type: 'integer', minimum: 0, maximum: 1e9 },
    lines: {
      type: 'array',
      maxItems: 200,
      items: {
        type: 'object',
        required: ['skuId'],
        additionalProperties: false,
        properties: {
          skuId: text(32),
          cases: { type: 'integer', minimum: 0, maximum: 100000 },
          units: { type: 'integer', minimum: 0, maximum: 1000000 },
        },
      },
    },
  },
} as const;

const idBody = { type: 'object', required: ['id'], properties: { id: text(32) } } as const;

export async function promotionRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const base = '/ePromotion/promotion';

  app.get<{ Querystring: RawQuery }>(
    `${base}/list`,
    { config: requires(PROMOTION_PERMISSIONS.list) },
    async (request) => ok(await listPromotions(db, callerOf(request), request.query)),
  );
  app.get(`${base}/exportXls`, { config: requires(PROMOTION_PERMISSIONS.list) }, (request, reply) =>
    sendExport(request, reply, PROMOTION_EXPORT),
  );
  app.get<{ Querystring: IdQuery }>(
    `${base}/queryById`,
    { config: requires(PROMOTION_PERMISSIONS.list), schema: { querystring: idQuerySchema } },
    async (request) => ok(await promotionById(db, callerOf(request), request.query.id)),
  );
  // 效果分析: a reading of the promotion, for whoever may see it in the list.
  app.get<{ Querystring: IdQuery }>(
    `${base}/effect`,
    { config: requires(PROMOTION_PERMISSIONS.list), schema: { querystring: idQuerySchema } },
    async (request) => ok(await promotionEffect(db, callerOf(request), request.query.id)),
  );
  app.post<{ Body: PromotionInput }>(
    `${base}/add`,
    { config: requires(PROMOTION_PERMISSIONS.add), schema: { body: promotionBody } },
    async (request, reply) => ok(await addPromotion(db, actorOf(request, reply), request.body), '添加成功！'),
  );
  app.post<{ Body: PromotionInput & { id: string } }>(
    `${base}/edit`,
    {
      config: requires(PROMOTION_PERMISSIONS.edit),
      schema: { body: { ...promotionBody, required: [...promotionBody.required, 'id'] } },
    },
    async (request, reply) => {
      const { id, ...input } = request.body;
      return ok(await editPromotion(db, actorOf(request, reply), id, input), '编辑成功!');
    },
  );
  app.post<{ Body: { id: string } }>(
    `${base}/copy`,
    { config: requires(PROMOTION_PERMISSIONS.add), schema: { body: idBody } },
    async (request, reply) => ok(await copyPromotion(db, actorOf(request, reply), request.body.id), '已复制'),
  );
  app.post<{ Body: { id: string } }>(
    `${base}/submit`,
    { config: requires(PROMOTION_PERMISSIONS.edit), schema: { body: idBody } },
    async (request, reply) => {
      const { status, notices } = await submitPromotion(db, actorOf(request, reply), request.body.id);
      await publishTaskNotices(app, notices);
      return ok({ status }, '已提交审批');
    },
  );
  for (const [path, command] of [
    ['pause', 'PAUSE'],
    ['resume', 'RESUME'],
    ['end', 'END'],
    ['cancel', 'CANCEL'],
  ] as const satisfies ReadonlyArray<readonly [string, Exclude<PromoCommand, 'SUBMIT'>]>) {
    app.post<{ Body: { id: string } }>(
      `${base}/${path}`,
      { config: requires(PROMOTION_PERMISSIONS.status), schema: { body: idBody } },
      async (request, reply) =>
        ok(await changePromotion(db, actorOf(request, reply), request.body.id, command), '操作成功'),
    );
  }
  app.post<{ Body: PromotionPreviewInput }>(
    `${base}/preview`,
    { config: requires(PROMOTION_PERMISSIONS.preview), schema: { body: previewBody } },
    async (request, reply) => ok(await previewOrder(db, actorOf(request, reply), request.body)),
  );
  // The order form's live preview: the same pricing, for whoever may place the order.
  app.post<{ Body: PromotionPreviewInput }>(
    '/eOrder/eOrder/pricePreview',
    { config: requires('order:add'), schema: { body: previewBody } },
    async (request, reply) => ok(await previewOrder(db, actorOf(request, reply), request.body)),
  );

  app.get<{ Querystring: RawQuery }>(
    '/ePromotion/group/list',
    { config: requires(PROMOTION_PERMISSIONS.list) },
    async (request) => ok(await listGroups(db, callerOf(request), request.query)),
  );
  app.get('/ePromotion/group/exportXls', { config: requires(PROMOTION_PERMISSIONS.list) }, (request, reply) =>
    sendExport(request, reply, GROUP_EXPORT),
  );
  app.post<{ Body: PromotionGroupInput }>(
    '/ePromotion/group/add',
    { config: requires(PROMOTION_PERMISSIONS.group), schema: { body: groupBody } },
    async (request, reply) =>
      ok(await saveGroup(db, actorOf(request, reply), undefined, request.body), '添加成功！'),
  );
  app.post<{ Body: PromotionGroupInput & { id: string } }>(
    '/ePromotion/group/edit',
    {
      config: requires(PROMOTION_PERMISSIONS.group),
      schema: { body: { ...groupBody, required: [...groupBody.required, 'id'] } },
    },
    async (request, reply) => {
      const { id, ...input } = request.body;
      return ok(await saveGroup(db, actorOf(request, reply), id, input), '编辑成功!');
    },
  );
}
