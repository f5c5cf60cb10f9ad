// Products and prices under the reference contract's /eMaterial prefix (spec §7): brands, categories,
// SKUs, price lists and price resolution. Thin: the services own the SQL and the rules.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ENABLED_STATUS,
  LIFECYCLE_TAG,
  PACKAGE_TYPE,
  PRICE_SCOPE_TYPE,
  PRICE_TYPE,
  SKU_STATUS,
  STORAGE_CONDITION,
  codesOf,
} from '../../../common/businessEnums';
import { ok } from '../../http/envelope';
import type { RawQuery } from '../../http/listQuery';
import type { PriceListStatus, PriceType, SkuStatus } from '../../db/schema';
import { publishTaskNotices } from '../approvals/notify';
import { actorOf, callerOf, requires } from '../shared/actor';
import { sendExport } from '../jobs/exports';
import { BRAND_EXPORT, CATEGORY_EXPORT, PRICE_LIST_EXPORT } from './export';
import { defineImport, queueImport } from '../jobs/imports';
import { sendTemplate } from '../shared/excel';
import { importSkus, SKU_EXPORT, SKU_IMPORT_COLUMNS, SKU_TEMPLATE_EXAMPLE } from './skuImport';
import { checkImageUrls } from '../files/imageUrls';
import { idQuerySchema, nullable, statusChangeSchema, text, type IdQuery } from '../shared/schemas';
import {
  addPriceList,
  changePriceListStatus,
  copyPriceList,
  editPriceList,
  listPriceLists,
  priceListById,
  resolvePrice,
  shanghaiInstant,
  type PriceListInput,
} from './priceLists';
import { submitPriceList } from './priceListApproval';
import {
  addSku,
  changeSkuStatus,
  editSku,
  listBrands,
  listCategories,
  saveBrand,
  saveCategory,
  skuById,
  listSkus,
  type BrandInput,
  type CategoryInput,
  type SkuInput,
} from './service';

const brandProperties = {
  code: text(32),
  name: text(64),
  logoUrl: nullable(text(512)),
  sort: { type: 'integer', minimum: 0, maximum: 9999 },
  status: { type: 'string', enum: codesOf(ENABLED_STATUS) },
} as const;
const brandBody = { type: 'object', required: ['code', 'name'], properties: brandProperties } as const;
const categoryBody = {
  type: 'object',
  required: ['code', 'name'],
  properties: { ...brandProperties, parentId: nullable(text(32)) },
} as const;
const withId = <T extends { required: readonly string[]; properties: object }>(schema: T) => ({
  ...schema,
  required: ['id', ...schema.required],
  properties: { id: text(32), ...schema.properties },
});

const positiveInteger = { type: 'integer', minimum: 1, maximum: 100000 } as const;
const dateText = { type: ['string', 'null'], pattern: '^(\\d{4}-\\d{2}-\\d{2})?$' } as const;
const money = { type: 'number', minimum: 0, maximum: 999999999999 } as const;

const skuBody = {
  type: 'object',
  required: [
    'skuCode',
    'name',
    'brandId',
    'categoryId',
    'packageType',
    'baseUnit',
    'saleUnit',
    'unitsPerCase',
    'shelfLifeDays',
  ],
  properties: {
    skuCode: { type: 'string', minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$' },
    barcode: nullable({ type: 'string', pattern: '^(\\d{8}|\\d{13})?$' }),
    caseBarcode: nullable({ type: 'string', pattern: '^(\\d{13}|\\d{14})?$' }),
    name: text(128),
    shortName: nullable({ type: 'string', maxLength: 64 }),
    brandId: text(32),
    categoryId: text(32),
    series: nullable({ type: 'string', maxLength: 64 }),
    spec: nullable({ type: 'string', maxLength: 16 }),
    volumeMl: nullable(positiveInteger),
    packageType: { type: 'string', enum: codesOf(PACKAGE_TYPE) },
    flavor: nullable({ type: 'string', maxLength: 32 }),
    baseUnit: text(8),
    saleUnit: text(8),
    unitsPerCase: { type: 'integer', minimum: 1, maximum: 1000 },
    shelfLifeDays: { type: 'integer', minimum: 1, maximum: 3650 },
    storageCondition: { type: 'string', enum: codesOf(STORAGE_CONDITION) },
    taxRate: { type: 'number', minimum: 0, maximum: 1 },
    suggestedRetailPrice: nullable(money),
    minOrderQty: positiveInteger,
    orderMultiple: positiveInteger,
    lifecycleTag: { type: 'string', enum: codesOf(LIFECYCLE_TAG) },
    launchDate: dateText,
    discontinueDate: dateText,
    mallVisible: { type: 'boolean' },
    employeeMallVisible: { type: 'boolean' },
    imageUrls: { type: 'array', maxItems: 9, items: text(512) },
    erpMaterialCode: nullable({ type: 'string', maxLength: 64 }),
    version: { type: 'integer', minimum: 1 },
  },
} as const;

const dateTimeText = {
  type: 'string',
  pattern: '^\\d{4}-\\d{2}-\\d{2}([ T]\\d{2}:\\d{2}(:\\d{2})?)?$',
} as const;

const priceListBody = {
  type: 'object',
  required: ['code', 'name', 'priceType', 'validFrom', 'items', 'scopes'],
  properties: {
    code: text(32),
    name: text(64),
    priceType: { type: 'string', enum: codesOf(PRICE_TYPE) },
    ownerType: { type: 'string', enum: ['BRAND', 'DEALER'] },
    ownerId: nullable(text(32)),
    taxIncluded: { type: 'boolean' },
    validFrom: dateTimeText,
    validTo: nullable(dateTimeText),
    priority: { type: 'integer', minimum: 0, maximum: 9999 },
    remark: nullable({ type: 'string', maxLength: 256 }),
    version: { type: 'integer', minimum: 1 },
    items: {
      type: 'array',
      maxItems: 2000,
      items: {
        type: 'object',
        required: ['skuId', 'unit', 'price'],
        properties: {
          skuId: text(32),
          unit: { type: 'string', enum: ['CASE', 'BASE'] },
          price: money,
          minQty: { type: 'integer', minimum: 0 },
          maxQty: nullable({ type: 'integer', minimum: 1 }),
          floorPrice: nullable(money),
          ceilingPrice: nullable(money),
          remark: nullable({ type: 'string', maxLength: 128 }),
        },
      },
    },
    scopes: {
      type: 'array',
      maxItems: 500,
      items: {
        type: 'object',
        required: ['scopeType'],
        properties: {
          scopeType: { type: 'string', enum: codesOf(PRICE_SCOPE_TYPE) },
          scopeValue: { type: 'string', maxLength: 64 },
        },
      },
    },
  },
} as const;

const copyBody = {
  type: 'object',
  required: ['id', 'code', 'validFrom'],
  properties: {
    id: text(32),
    code: text(32),
    name: text(64),
    validFrom: dateTimeText,
    validTo: nullable(dateTimeText),
  },
} as const;

const resolveQuery = {
  type: 'object',
  required: ['customerId', 'skuId', 'priceType'],
  properties: {
    customerId: text(32),
    skuId: text(32),
    priceType: { type: 'string', enum: codesOf(PRICE_TYPE) },
    qty: { type: 'integer', minimum: 1, maximum: 10000000 },
    at: dateTimeText,
  },
} as const;

/** Who reads the brands: the products page, and the stock pages that filter by brand (临期预警 too). */
const BRAND_READERS = ['product:list', 'stock:list', 'custStock:list', 'nearExpiry:list'] as const;
/** Who reads the SKUs: the products page, and 入库's SKU picker (a dealer's keeper too: the catalogue he stocks). */
const SKU_READERS = ['product:list', 'stock:in'] as const;

const skuImport = defineImport({
  key: 'skus',
  title: () => '商品导入',
  run: (db, actor, _params, upload) => importSkus(db, actor, upload),
});

export async function productRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  await app.register(multipart);
  const tenantOf = (request: FastifyRequest) => callerOf(request).tenantId;

  // Also the brand filter's options on the stock pages.
  app.get('/eMaterial/brand/list', { config: requires(BRAND_READERS) }, async (request) =>
    ok(await listBrands(db, tenantOf(request), request.query as RawQuery)),
  );
  app.get('/eMaterial/brand/exportXls', { config: requires('product:list') }, (request, reply) =>
    sendExport(request, reply, BRAND_EXPORT),
  );
  app.post<{ Body: BrandInput }>(
    '/eMaterial/brand/add',
    { config: requires('product:add'), schema: { body: brandBody } },
    async (request, reply) => ok(await saveBrand(db, actorOf(request, reply), request.body), '添加成功！'),
  );
  app.put<{ Body: BrandInput & { id: string } }>(
    '/eMaterial/brand/edit',
    { config: requires('product:edit'), schema: { body: withId(brandBody) } },
    async (request, reply) =>
      ok(await saveBrand(db, actorOf(request, reply), request.body, request.body.id), '编辑成功！'),
  );

  app.get('/eMaterial/category/list', { config: requires('product:list') }, async (request) =>
    ok(await listCategories(db, tenantOf(request), request.query as RawQuery)),
  );
  app.get('/eMaterial/category/exportXls', { config: requires('product:list') }, (request, reply) =>
    sendExport(request, reply, CATEGORY_EXPORT),
  );
  app.post<{ Body: CategoryInput }>(
    '/eMaterial/category/add',
    { config: requires('product:add'), schema: { body: categoryBody } },
    async (request, reply) => ok(await saveCategory(db, actorOf(request, reply), request.body), '添加成功！'),
  );
  app.put<{ Body: CategoryInput & { id: string } }>(
    '/eMaterial/category/edit',
    { config: requires('product:edit'), schema: { body: withId(categoryBody) } },
    async (request, reply) =>
      ok(await saveCategory(db, actorOf(request, reply), request.body, request.body.id), '编辑成功！'),
  );

  // Also 入库's SKU picker.
  app.get('/eMaterial/sku/list', { config: requires(SKU_READERS) }, async (request) =>
    ok(await listSkus(db, tenantOf(request), request.query as RawQuery)),
  );
  app.get<{ Querystring: IdQuery }>(
    '/eMaterial/sku/queryById',
    { config: requires('product:list'), schema: { querystring: idQuerySchema } },
    async (request) => ok(await skuById(db, tenantOf(request), request.query.id)),
  );
  app.post<{ Body: SkuInput }>(
    '/eMaterial/sku/add',
    { config: requires('product:add'), schema: { body: skuBody } },
    async (request, reply) => {
      checkImageUrls(request.body.imageUrls ?? [], app.imageUrlHosts);
      return ok(await addSku(db, actorOf(request, reply), request.body), '添加成功！');
    },
  );
  app.put<{ Body: SkuInput & { id: string } }>(
    '/eMaterial/sku/edit',
    { config: requires('product:edit'), schema: { body: withId(skuBody) } },
    async (request, reply) => {
      checkImageUrls(request.body.imageUrls ?? [], app.imageUrlHosts);
      return ok(await editSku(db, actorOf(request, reply), request.body.id, request.body), '编辑成功！');
    },
  );
  app.put<{ Body: { id: string; status: SkuStatus } }>(
    '/eMaterial/sku/changeStatus',
    { config: requires('product:status'), schema: { body: statusChangeSchema(codesOf(SKU_STATUS)) } },
    async (request, reply) =>
      ok(await changeSkuStatus(db, actorOf(request, reply), request.body.id, request.body.status)),
  );

  app.post('/eMaterial/sku/importExcel', { config: requires('product:add') }, async (request, reply) =>
    queueImport(request, reply, skuImport, {}),
  );
  app.get('/eMaterial/sku/importTemplate', { config: requires('product:list') }, (_request, reply) =>
    sendTemplate(reply, '商品导入模板', SKU_IMPORT_COLUMNS, SKU_TEMPLATE_EXAMPLE),
  );
  app.get('/eMaterial/sku/exportXls', { config: requires('product:list') }, (request, reply) =>
    sendExport(request, reply, SKU_EXPORT),
  );

  app.get('/eMaterial/priceList/list', { config: requires('price:list') }, async (request) =>
    ok(await listPriceLists(db, tenantOf(request), request.query as RawQuery)),
  );
  app.get('/eMaterial/priceList/exportXls', { config: requires('price:list') }, (request, reply) =>
    sendExport(request, reply, PRICE_LIST_EXPORT),
  );
  app.get<{ Querystring: IdQuery }>(
    '/eMaterial/priceList/queryById',
    { config: requires('price:list'), schema: { querystring: idQuerySchema } },
    async (request) => ok(await priceListById(db, tenantOf(request), request.query.id)),
  );
  app.post<{ Body: PriceListInput }>(
    '/eMaterial/priceList/add',
    { config: requires('price:add'), schema: { body: priceListBody } },
    async (request, reply) => ok(await addPriceList(db, actorOf(request, reply), request.body), '添加成功！'),
  );
  app.put<{ Body: PriceListInput & { id: string } }>(
    '/eMaterial/priceList/edit',
    { config: requires('price:edit'), schema: { body: withId(priceListBody) } },
    async (request, reply) =>
      ok(await editPriceList(db, actorOf(request, reply), request.body.id, request.body), '编辑成功！'),
  );
  app.put<{ Body: { id: string; status: PriceListStatus } }>(
    '/eMaterial/priceList/changeStatus',
    { config: requires('price:status'), schema: { body: statusChangeSchema(['DISABLED']) } },
    async (request, reply) =>
      ok(await changePriceListStatus(db, actorOf(request, reply), request.body.id, request.body.status)),
  );
  app.post<{ Body: { id: string } }>(
    '/eMaterial/priceList/submit',
    { config: requires('price:status'), schema: { body: idQuerySchema } },
    async (request, reply) => {
      const { status, notices } = await submitPriceList(db, actorOf(request, reply), request.body.id);
      await publishTaskNotices(app, notices);
      return ok({ status }, '已提交审批');
    },
  );
  app.post<{ Body: { id: string; code: string; name?: string; validFrom: string; validTo?: string | null } }>(
    '/eMaterial/priceList/copy',
    { config: requires('price:add'), schema: { body: copyBody } },
    async (request, reply) =>
      ok(await copyPriceList(db, actorOf(request, reply), request.body.id, request.body), '复制成功！'),
  );
  app.get<{
    Querystring: { customerId: string; skuId: string; priceType: PriceType; qty?: number; at?: string };
  }>(
    '/eMaterial/price/resolve',
    { config: requires('price:list'), schema: { querystring: resolveQuery } },
    async (request) => {
      const { at, ...query } = request.query;
      return ok(
        await resolvePrice(db, tenantOf(request), { ...query, at: at ? shanghaiInstant(at) : undefined }),
      );
    },
  );
}
