// Warehouse stock under /eprod (the stock detail page /{product}/eprod/prodStockWhlist reads
// /eprod/prodStockWhlist) and dealer stock under /eCustStock (spec §7). Thin: the service owns the SQL.
import type { FastifyInstance } from 'fastify';
import {
  ENABLED_STATUS,
  STORAGE_CONDITION,
  WAREHOUSE_OWNER_TYPE,
  codesOf,
} from '../../../common/businessEnums';
import type { LotStatus } from '../../db/schema';
import { sessionOf } from '../../http/access';
import { ok } from '../../http/envelope';
import type { RawQuery } from '../../http/listQuery';
import { actorOf, callerOf, requires } from '../shared/actor';
import { sendExport } from '../jobs/exports';
import {
  DEALER_STOCK_EXPORT,
  NEAR_EXPIRY_EXPORT,
  STOCK_LOT_EXPORT,
  STOCK_MOVEMENT_EXPORT,
  WAREHOUSE_EXPORT,
} from './export';
import { listNearExpiry } from './nearExpiry';
import { nullable, statusChangeSchema, text } from '../shared/schemas';
import {
  adjustStock,
  ageBucketsOf,
  changeLotStatus,
  dealerStock,
  NEAR_EXPIRY_SOURCE,
  listMovements,
  listWarehouses,
  saveAgeBuckets,
  saveWarehouse,
  stockAgeSummary,
  stockDetail,
  stockIn,
  stockOut,
  transferStock,
  type AdjustInput,
  type StockInInput,
  type StockOutInput,
  type TransferInput,
  type WarehouseInput,
} from './service';
import type { AgeBucket } from './stockAge';

const warehouseProperties = {
  code: text(32),
  name: text(64),
  ownerType: { type: 'string', enum: codesOf(WAREHOUSE_OWNER_TYPE) },
  ownerId: nullable(text(32)),
  storageType: { type: 'string', enum: codesOf(STORAGE_CONDITION) },
  address: nullable({ type: 'string', maxLength: 256 }),
  orgCode: { type: 'string', maxLength: 64 },
  erpWarehouseCode: nullable({ type: 'string', maxLength: 64 }),
  status: { type: 'string', enum: codesOf(ENABLED_STATUS) },
} as const;
const warehouseBody = {
  type: 'object',
  required: ['code', 'name', 'ownerType'],
  properties: warehouseProperties,
} as const;

const count = { type: 'integer', minimum: 0, maximum: 10000000 } as const;
const isoDay = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;
const optionalNote = nullable({ type: 'string', maxLength: 256 });
/** A command started from 临期预警 says so: its movements carry the reference the list shows (NEAR_EXPIRY_SOURCE). */
const nearExpirySource = nullable({ type: 'string', enum: [NEAR_EXPIRY_SOURCE] });

const stockInBody = {
  type: 'object',
  required: ['warehouseId', 'skuId', 'batchNo', 'productionDate'],
  properties: {
    warehouseId: text(32),
    skuId: text(32),
    batchNo: { type: 'string', minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$' },
    productionDate: isoDay,
    cases: count,
    units: count,
    unitCost: { type: 'number', minimum: 0, maximum: 100000 },
    movementType: { type: 'string', enum: ['PURCHASE_IN', 'RETURN_IN'] },
    sourceDocNo: nullable({ type: 'string', maxLength: 32 }),
    remark: optionalNote,
  },
} as const;

const stockOutBody = {
  type: 'object',
  required: ['warehouseId', 'skuId', 'movementType'],
  properties: {
    warehouseId: text(32),
    skuId: text(32),
    lotId: text(32),
    cases: count,
    units: count,
    movementType: {
      type: 'string',
      enum: ['SALES_OUT', 'EXCHANGE_OUT', 'DAMAGE', 'GIFT_OUT', 'EXPIRED_DESTROY'],
    },
    sourceDocNo: nullable({ type: 'string', maxLength: 32 }),
    sourceDocType: nearExpirySource,
    remark: optionalNote,
  },
} as const;

const transferBody = {
  type: 'object',
  required: ['lotId', 'toWarehouseId'],
  properties: {
    lotId: text(32),
    toWarehouseId: text(32),
    cases: count,
    units: count,
    sourceDocType: nearExpirySource,
    remark: optionalNote,
  },
} as const;

const adjustBody = {
  type: 'object',
  required: ['lotId', 'countedCases', 'countedUnits', 'reason'],
  properties: { lotId: text(32), countedCases: count, countedUnits: count, reason: text(256) },
} as const;

const bucketsBody = {
  type: 'object',
  required: ['buckets'],
  properties: {
    buckets: {
      type: 'array',
      minItems: 1,
      maxItems: 20,
      items: {
        type: 'object',
        required: ['code', 'label', 'minDays', 'maxDays', 'color'],
        properties: {
          code: { type: 'string', minLength: 1, maxLength: 16, pattern: '^[A-Za-z0-9_]+$' },
          label: text(16),
          minDays: { type: 'integer', minimum: 0, maximum: 100000 },
          maxDays: nullable({ type: 'integer', minimum: 0, maximum: 100000 }),
          color: text(16),
        },
      },
    },
  },
} as const;

/** Who reads the warehouses: the stock pages (临期预警's filter too), and whoever handles an order's return and swap documents. */
const WAREHOUSE_READERS = ['stock:list', 'nearExpiry:list', 'order:return', 'order:deliver'] as const;

export async function stockRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;

  // Also the warehouse picker of an order's return and swap documents.
  app.get('/eprod/warehouse/list', { config: requires(WAREHOUSE_READERS) }, async (request) =>
    ok(await listWarehouses(db, callerOf(request), request.query as RawQuery)),
  );
  app.get('/eprod/warehouse/exportXls', { config: requires(WAREHOUSE_READERS) }, (request, reply) =>
    sendExport(request, reply, WAREHOUSE_EXPORT),
  );
  app.post<{ Body: WarehouseInput }>(
    '/eprod/warehouse/add',
    { config: requires('warehouse:add'), schema: { body: warehouseBody } },
    async (request, reply) =>
      ok(await saveWarehouse(db, actorOf(request, reply), request.body), '添加成功！'),
  );
  app.put<{ Body: WarehouseInput & { id: string } }>(
    '/eprod/warehouse/edit',
    {
      config: requires('warehouse:edit'),
      schema: {
        body: {
          ...warehouseBody,
          required: ['id', ...warehouseBody.required],
          properties: { id: text(32), ...warehouseProperties },
        },
      },
    },
    async (request, reply) =>
      ok(await saveWarehouse(db, actorOf(request, reply), request.body, request.body.id), '编辑成功！'),
  );

  app.get('/eprod/prodStockWhlist', { config: requires('stock:list') }, async (request) =>
    ok(await stockDetail(db, callerOf(request), request.query as RawQuery)),
  );
  app.get('/eprod/prodStockWhlist/exportXls', { config: requires('stock:list') }, (request, reply) =>
    sendExport(request, reply, STOCK_LOT_EXPORT),
  );
  app.get('/eprod/stockAge/summary', { config: requires('stock:list') }, async (request) =>
    ok(await stockAgeSummary(db, callerOf(request), request.query as RawQuery)),
  );
  app.get('/eprod/stockAge/buckets', { config: requires('stock:list') }, async (request) =>
    ok(await ageBucketsOf(db, sessionOf(request).tenantId)),
  );
  app.put<{ Body: { buckets: AgeBucket[] } }>(
    '/eprod/stockAge/buckets',
    { config: requires('stock:config'), schema: { body: bucketsBody } },
    async (request, reply) =>
      ok(await saveAgeBuckets(db, actorOf(request, reply), request.body.buckets), '保存成功！'),
  );
  // 临期预警: warehouse lots and outlet stock checks in the near-expiry window, with a suggested action.
  app.get('/eprod/nearExpiry/list', { config: requires('nearExpiry:list') }, async (request) =>
    ok(await listNearExpiry(db, callerOf(request), request.query as RawQuery)),
  );
  app.get('/eprod/nearExpiry/exportXls', { config: requires('nearExpiry:list') }, (request, reply) =>
    sendExport(request, reply, NEAR_EXPIRY_EXPORT),
  );
  app.get('/eprod/stockMovement/list', { config: requires('stock:list') }, async (request) =>
    ok(await listMovements(db, callerOf(request), request.query as RawQuery)),
  );
  app.get('/eprod/stockMovement/exportXls', { config: requires('stock:list') }, (request, reply) =>
    sendExport(request, reply, STOCK_MOVEMENT_EXPORT),
  );

  app.post<{ Body: StockInInput }>(
    '/eprod/stock/in',
    { config: requires('stock:in'), schema: { body: stockInBody } },
    async (request, reply) => ok(await stockIn(db, actorOf(request, reply), request.body), '入库成功！'),
  );
  app.post<{ Body: StockOutInput }>(
    '/eprod/stock/out',
    { config: requires('stock:out'), schema: { body: stockOutBody } },
    async (request, reply) => ok(await stockOut(db, actorOf(request, reply), request.body), '出库成功！'),
  );
  app.post<{ Body: TransferInput }>(
    '/eprod/stock/transfer',
    { config: requires('stock:transfer'), schema: { body: transferBody } },
    async (request, reply) =>
      ok(await transferStock(db, actorOf(request, reply), request.body), '调拨成功！'),
  );
  app.post<{ Body: AdjustInput }>(
    '/eprod/stock/adjust',
    { config: requires('stock:adjust'), schema: { body: adjustBody } },
    async (request, reply) => ok(await adjustStock(db, actorOf(request, reply), request.body), '调整成功！'),
  );
  app.put<{ Body: { id: string; status: LotStatus } }>(
    '/eprod/stockLot/changeStatus',
    { config: requires('stock:adjust'), schema: { body: statusChangeSchema(['NORMAL', 'FROZEN']) } },
    async (request, reply) =>
      ok(await changeLotStatus(db, actorOf(request, reply), request.body.id, request.body.status)),
  );

  app.get('/eCustStock/list', { config: requires('custStock:list') }, async (request) =>
    ok(await dealerStock(db, callerOf(request), request.query as RawQuery)),
  );
  app.get('/eCustStock/exportXls', { config: requires('custStock:list') }, (request, reply) =>
    sendExport(request, reply, DEALER_STOCK_EXPORT),
  );
}
