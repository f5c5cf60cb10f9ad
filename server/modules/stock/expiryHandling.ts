// 临期预警's 处理单据: the document that handled a row, read from what the documents already record (no column of
// its own). A warehouse lot: the latest OUT movement of the lot carrying 临期预警's source reference
// (NEAR_EXPIRY_SOURCE: its 调拨 and 报损 leave it). An outlet's stock check: the latest return or exchange of that
// outlet, made on or after the check's day and not cancelled or rejected, taking back that SKU from an order line
// that shipped the batch the rep saw (its production date) — the goods 退货 / 换货 of the row take back.
import { sql, type Kysely } from 'kysely';
import { MOVEMENT_TYPE } from '../../../common/businessEnums';
import { EXCHANGE_STATUS, RETURN_STATUS } from '../../../common/orders';
import { isoDate, shanghaiDateTime } from '../../db/dates';
import type { DB } from '../../db/schema';
import { inScope, type DataScope } from '../shared/dataScope';
import { NEAR_EXPIRY_SOURCE } from './service';

/** How long a lot emptied by 临期预警's own document stays on the list, so the operator sees what handled it. */
export const HANDLED_SHOWN_DAYS = 30;

/** The document that handled a row, as the list and its export show it. */
export interface HandlingDocument {
  /** A movement type (TRANSFER_OUT 调拨出库, EXPIRED_DESTROY 过期销毁 …), RETURN (退单) or EXCHANGE (换货单). */
  handledDocType: string;
  handledDocType_dictText: string;
  handledDocNo: string;
  /** A return's or exchange's status; null for a movement. */
  handledDocStatus_dictText: string | null;
  /** The order a return or exchange belongs to, where it is shown. */
  handledOrderNo: string | null;
  handledAt: string;
}

export const NOT_HANDLED: { [K in keyof HandlingDocument]: null } = {
  handledDocType: null,
  handledDocType_dictText: null,
  handledDocNo: null,
  handledDocStatus_dictText: null,
  handledOrderNo: null,
  handledAt: null,
};

/** 处理单据 as one text, e.g. "调拨出库 SM202611280001" or "退单 RT202611280001（已提交）". */
export const handlingText = (row: Partial<HandlingDocument> | { [K in keyof HandlingDocument]: null }) =>
  row.handledDocNo
    ? `${row.handledDocType_dictText} ${row.handledDocNo}${row.handledDocStatus_dictText ? `（${row.handledDocStatus_dictText}）` : ''}`
    : null;

/** The lots whose latest 临期预警 document emptied them lately stay listed: the ids of those documents' lots. */
export const recentlyHandledLots = (db: Kysely<DB>, tenantId: string) =>
  db
    .selectFrom('stock_movements')
    .select('stock_movements.lot_id')
    .where('stock_movements.tenant_id', '=', tenantId)
    .where('stock_movements.source_doc_type', '=', NEAR_EXPIRY_SOURCE)
    .where('stock_movements.direction', '=', 'OUT')
    .where(
      'stock_movements.occurred_at',
      '>=',
      sql<Date>`now() - make_interval(days => ${HANDLED_SHOWN_DAYS})`,
    );

interface ListedRow {
  id: string;
  source: 'LOT' | 'OUTLET';
  skuId: string;
  customerId: string | null;
  productionDate: string;
  checkedOn: string | null;
}

async function lotDocuments(db: Kysely<DB>, tenantId: string, lotIds: string[]) {
  if (lotIds.length === 0) return new Map<string, HandlingDocument>();
  const rows = await db
    .selectFrom('stock_movements')
    .distinctOn('stock_movements.lot_id')
    .select([
      'stock_movements.lot_id as lotId',
      'stock_movements.movement_type as type',
      'stock_movements.movement_no as no',
      shanghaiDateTime('stock_movements.occurred_at').as('at'),
    ])
    .where('stock_movements.tenant_id', '=', tenantId)
    .where('stock_movements.lot_id', 'in', lotIds)
    .where('stock_movements.source_doc_type', '=', NEAR_EXPIRY_SOURCE)
    .where('stock_movements.direction', '=', 'OUT')
    .orderBy('stock_movements.lot_id')
    .orderBy('stock_movements.occurred_at', 'desc')
    .orderBy('stock_movements.id', 'desc')
    .execute();
  return new Map(
    rows.map((row) => [
      row.lotId,
      {
        handledDocType: row.type,
        handledDocType_dictText: MOVEMENT_TYPE[row.type],
        handledDocNo: row.no,
        handledDocStatus_dictText: null,
        handledOrderNo: null,
        handledAt: row.at,
      },
    ]),
  );
}

/**
 * The returns and exchanges of these outlets' orders that take back these SKUs, each with the production date
 * of a batch its order line shipped (from the outlet's orders down their indexes: order → document → line, order →
 * shipment → shipment line).
 */
function shelfDocuments(
  db: Kysely<DB>,
  tenantId: string,
  scope: DataScope,
  customerIds: string[],
  skuIds: string[],
) {
  const shipped = db
    .selectFrom('sales_orders')
    .innerJoin('shipments', 'shipments.order_id', 'sales_orders.id')
    .innerJoin('shipment_lines', 'shipment_lines.shipment_id', 'shipments.id')
    .where('sales_orders.tenant_id', '=', tenantId)
    .where('sales_orders.buyer_id', 'in', customerIds)
    .where('shipment_lines.sku_id', 'in', skuIds);
  const returns = shipped
    .innerJoin('return_orders', 'return_orders.original_order_id', 'sales_orders.id')
    .innerJoin('return_order_lines', (join) =>
      join
        .onRef('return_order_lines.return_id', '=', 'return_orders.id')
        .onRef('return_order_lines.order_line_id', '=', 'shipment_lines.order_line_id'),
    )
    // The return list's rule: a document follows its order's data scope.
    .where(inScope(scope, 'return_orders.org_code'))
    .where('return_orders.status', 'not in', ['CANCELLED', 'REJECTED'])
    .select([
      sql<'RETURN' | 'EXCHANGE'>`'RETURN'`.as('type'),
      'return_orders.return_no as no',
      sql<string>`return_orders.status`.as('status'),
      'sales_orders.order_no as orderNo',
      'sales_orders.buyer_id as customerId',
      'shipment_lines.sku_id as skuId',
      isoDate('shipment_lines.production_date').as('productionDate'),
      shanghaiDateTime('return_orders.created_at').as('at'),
    ]);
  const exchanges = shipped
    .innerJoin('exchange_orders', 'exchange_orders.original_order_id', 'sales_orders.id')
    .innerJoin('exchange_order_lines', (join) =>
      join
        .onRef('exchange_order_lines.exchange_id', '=', 'exchange_orders.id')
        .onRef('exchange_order_lines.order_line_id', '=', 'shipment_lines.order_line_id'),
    )
    .where(inScope(scope, 'exchange_orders.org_code'))
    .where('exchange_orders.status', 'not in', ['CANCELLED', 'REJECTED'])
    .where('exchange_order_lines.kind', '=', 'RETURN')
    .select([
      sql<'RETURN' | 'EXCHANGE'>`'EXCHANGE'`.as('type'),
      'exchange_orders.exchange_no as no',
      sql<string>`exchange_orders.status`.as('status'),
      'sales_orders.order_no as orderNo',
      'sales_orders.buyer_id as customerId',
      'shipment_lines.sku_id as skuId',
      isoDate('shipment_lines.production_date').as('productionDate'),
      shanghaiDateTime('exchange_orders.created_at').as('at'),
    ]);
  return returns.unionAll(exchanges).execute();
}

async function outletDocuments(db: Kysely<DB>, tenantId: string, scope: DataScope, checks: ListedRow[]) {
  const found = new Map<string, HandlingDocument>();
  if (checks.length === 0) return found;
  const documents = await shelfDocuments(
    db,
    tenantId,
    scope,
    [...new Set(checks.map((check) => check.customerId!))],
    [...new Set(checks.map((check) => check.skuId))],
  );
  for (const check of checks) {
    const [latest] = documents
      .filter(
        (document) =>
          document.customerId === check.customerId &&
          document.skuId === check.skuId &&
          document.productionDate === check.productionDate &&
          document.at.slice(0, 10) >= (check.checkedOn ?? ''),
      )
      .sort((a, b) => b.at.localeCompare(a.at) || b.no.localeCompare(a.no));
    if (latest) {
      found.set(check.id, {
        handledDocType: latest.type,
        handledDocType_dictText: latest.type === 'RETURN' ? '退单' : '换货单',
        handledDocNo: latest.no,
        handledDocStatus_dictText:
          latest.type === 'RETURN'
            ? RETURN_STATUS[latest.status as keyof typeof RETURN_STATUS]
            : EXCHANGE_STATUS[latest.status as keyof typeof EXCHANGE_STATUS],
        handledOrderNo: latest.orderNo,
        handledAt: latest.at,
      });
    }
  }
  return found;
}

/** The document that handled each row of a page, by row id (none: not handled yet). */
export async function handlingDocuments(
  db: Kysely<DB>,
  tenantId: string,
  scope: DataScope,
  rows: ListedRow[],
): Promise<Map<string, HandlingDocument>> {
  const [lots, checks] = await Promise.all([
    lotDocuments(
      db,
      tenantId,
      rows.filter((row) => row.source === 'LOT').map((row) => row.id),
    ),
    outletDocuments(
      db,
      tenantId,
      scope,
      rows.filter((row) => row.source === 'OUTLET' && row.customerId !== null),
    ),
  ]);
  return new Map([...lots, ...checks]);
}
