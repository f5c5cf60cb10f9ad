// Orders and the ERP (DOMAIN §1.5 ERP sync): an audited order is saved to the ERP, each shipment becomes an
// outbound, and invalidating an order the ERP has (or is about to get) deletes it there. The tasks are
// queued in the order command's transaction; when one settles, the order's erp_sync_status follows and
// its log says so.
import type { Kysely, Transaction } from 'kysely';
import type { DB, ErpDocumentLine, ErpSyncDocument, ErpSyncStatus } from '../../db/schema';
import type { OrderErpSyncStatus } from '../../../common/orders';
import { enqueueSyncTask, onSyncTaskSettled, type SyncTaskSummary } from '../erpSync/tasks';
import { allocateCents, toCents } from './money';
import { writeOrderLog, type OrderRow } from './state';

type Db = Kysely<DB> | Transaction<DB>;

async function orderDocument(db: Db, order: OrderRow, lines: ErpDocumentLine[]): Promise<ErpSyncDocument> {
  const [buyer, rep, warehouse] = await Promise.all([
    db
      .selectFrom('customers')
      .select(['id', 'customer_code as code', 'name'])
      .where('id', '=', order.buyer_id)
      .executeTakeFirstOrThrow(),
    order.sales_rep_id
      ? db
          .selectFrom('users')
          .select(['id', 'username as code', 'realname as name'])
          .where('id', '=', order.sales_rep_id)
          .executeTakeFirst()
      : undefined,
    order.warehouse_id
      ? db
          .selectFrom('warehouses')
          .select(['id', 'code', 'name'])
          .where('id', '=', order.warehouse_id)
          .executeTakeFirst()
      : undefined,
  ]);
  return {
    date: new Date(order.ordered_at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10),
    customer: buyer,
    ...(rep ? { salesman: rep } : {}),
    ...(warehouse ? { warehouse } : {}),
    memo: order.buyer_remark ?? undefined,
    lines,
  };
}

/**
 * The order's lines as the ERP gets them: base units, tax-inclusive price per base unit after the
 * promotions, with the list price and the promotions' discount beside it and the order's 返利抵扣 allocated
 * over the paid lines by their amounts (docs/business-api.md 折扣与返利). Gift lines are price 0, flagged.
 */
async function orderLines(db: Db, order: OrderRow): Promise<ErpDocumentLine[]> {
  const rows = await db
    .selectFrom('sales_order_lines')
    .select([
      'line_no',
      'sku_id',
      'sku_snapshot',
      'base_qty',
      'list_amount',
      'discount_amount',
      'amount',
      'tax_rate',
      'is_gift',
    ])
    .where('order_id', '=', order.id)
    .orderBy('line_no')
    .execute();
  const weights = rows.map((row) => (row.is_gift ? 0 : toCents(row.amount)));
  const rebates = allocateCents(toCents(order.rebate_deduct_amount), weights);
  const coins = allocateCents(toCents(order.coin_deduct_amount), weights);
  return rows.map((row, index) => {
    const discount = toCents(row.discount_amount);
    return {
      lineNo: row.line_no,
      material: { id: row.sku_id, code: row.sku_snapshot.skuCode, name: row.sku_snapshot.name },
      unit: row.sku_snapshot.baseUnit,
      qty: row.base_qty,
      price: Math.round(toCents(row.amount) / row.base_qty) / 100,
      taxRate: Number(row.tax_rate),
      amount: toCents(row.amount) / 100,
      isGift: row.is_gift,
      ...(row.is_gift
        ? {}
        : {
            listPrice: Math.round(toCents(row.list_amount) / row.base_qty) / 100,
            ...(discount > 0 ? { discountAmount: discount / 100 } : {}),
            ...(rebates[index] > 0 ? { rebateAmount: rebates[index] / 100 } : {}),
            ...(coins[index] > 0 ? { coinAmount: coins[index] / 100 } : {}),
          }),
    };
  });
}

/** Queues the order's SAVE (audit passed) or DELETE (invalidated); answers whether a task was queued. */
export async function queueOrderSync(
  trx: Transaction<DB>,
  order: OrderRow,
  operation: 'SAVE' | 'DELETE',
): Promise<boolean> {
  const task = await enqueueSyncTask(trx, {
    tenantId: order.tenant_id,
    // A dealer's outlet order goes to the dealer's own ERP when it has one.
    dealerId: order.seller_type === 'DEALER' ? order.seller_id : null,
    bizType: 'SALES_ORDER',
    bizId: order.id,
    bizNo: order.order_no,
    operation,
    document: await orderDocument(trx, order, await orderLines(trx, order)),
  });
  if (task) await refreshOrderSyncStatus(trx, order.tenant_id, order.id);
  return task !== null;
}

/** Queues the outbound of a shipment. */
export async function queueShipmentSync(
  trx: Transaction<DB>,
  order: OrderRow,
  shipment: { id: string; shipmentNo: string; warehouseId: string },
): Promise<void> {
  const lines = await trx
    .selectFrom('shipment_lines')
    .innerJoin('sales_order_lines', 'sales_order_lines.id', 'shipment_lines.order_line_id')
    .select([
      'sales_order_lines.line_no',
      'sales_order_lines.sku_id',
      'sales_order_lines.sku_snapshot',
      'sales_order_lines.base_qty as line_qty',
      'sales_order_lines.amount',
      'sales_order_lines.tax_rate',
      'sales_order_lines.is_gift',
      'shipment_lines.base_qty',
      'shipment_lines.batch_no',
    ])
    .where('shipment_lines.shipment_id', '=', shipment.id)
    .orderBy('sales_order_lines.line_no')
    .execute();
  const document = await orderDocument(
    trx,
    { ...order, warehouse_id: shipment.warehouseId },
    lines.map((row, index) => {
      const price = toCents(row.amount) / row.line_qty;
      return {
        lineNo: index + 1,
        material: { id: row.sku_id, code: row.sku_snapshot.skuCode, name: row.sku_snapshot.name },
        unit: row.sku_snapshot.baseUnit,
        qty: row.base_qty,
        price: Math.round(price) / 100,
        taxRate: Number(row.tax_rate),
        amount: Math.round(price * row.base_qty) / 100,
        isGift: row.is_gift,
        batchNo: row.batch_no,
      };
    }),
  );
  const task = await enqueueSyncTask(trx, {
    tenantId: order.tenant_id,
    // A dealer's outlet order goes to the dealer's own ERP when it has one.
    dealerId: order.seller_type === 'DEALER' ? order.seller_id : null,
    bizType: 'OUTSTOCK',
    bizId: shipment.id,
    bizNo: shipment.shipmentNo,
    operation: 'SAVE',
    document: { ...document, sourceBizNo: order.order_no },
  });
  if (task) await refreshOrderSyncStatus(trx, order.tenant_id, order.id);
}

const SUMMARY: Record<ErpSyncStatus, OrderErpSyncStatus> = {
  PENDING: 'PENDING',
  RUNNING: 'PENDING',
  FAILED: 'FAILED',
  SUCCESS: 'SUCCESS',
  MANUAL_DONE: 'SUCCESS',
  IGNORED: 'SUCCESS',
};

/** The order's sync status from all its tasks (its own and its shipments'): any failure, else any pending. */
async function refreshOrderSyncStatus(db: Db, tenantId: string, orderId: string): Promise<void> {
  const shipments = db.selectFrom('shipments').select('id').where('order_id', '=', orderId);
  const tasks = await db
    .selectFrom('erp_sync_tasks')
    .select('status')
    .where('tenant_id', '=', tenantId)
    .where((eb) =>
      eb.or([
        eb.and([eb('biz_type', '=', 'SALES_ORDER'), eb('biz_id', '=', orderId)]),
        eb.and([eb('biz_type', '=', 'OUTSTOCK'), eb('biz_id', 'in', shipments)]),
      ]),
    )
    .execute();
  const states = new Set(tasks.map((task) => SUMMARY[task.status]));
  const status: OrderErpSyncStatus =
    tasks.length === 0
      ? 'NOT_REQUIRED'
      : states.has('FAILED')
        ? 'FAILED'
        : states.has('PENDING')
          ? 'PENDING'
          : 'SUCCESS';
  await db
    .updateTable('sales_orders')
    .set({ erp_sync_status: status })
    .where('id', '=', orderId)
    .where('tenant_id', '=', tenantId)
    .execute();
}

async function onOrderTaskSettled(trx: Transaction<DB>, task: SyncTaskSummary): Promise<void> {
  const order = await trx
    .selectFrom('sales_orders')
    .select(['id', 'status'])
    .where('tenant_id', '=', task.tenantId)
    .where(
      'id',
      '=',
      task.bizType === 'SALES_ORDER'
        ? task.bizId
        : trx.selectFrom('shipments').select('order_id').where('id', '=', task.bizId),
    )
    .executeTakeFirst();
  if (!order) return;
  await refreshOrderSyncStatus(trx, task.tenantId, order.id);
  const what = `${task.bizType === 'SALES_ORDER' ? '订单' : '出库单'} ${task.bizNo}`;
  if (task.status === 'SUCCESS' || task.status === 'MANUAL_DONE') {
    await writeOrderLog(trx, task.tenantId, null, {
      orderId: order.id,
      action: 'SYNC_OK',
      comment:
        task.operation === 'DELETE'
          ? `${what} 已在ERP中删除`
          : `${what} 已同步到ERP${task.erpBillNo ? `（ERP单号 ${task.erpBillNo}）` : ''}`,
    });
  } else if (task.status === 'FAILED') {
    await writeOrderLog(trx, task.tenantId, null, {
      orderId: order.id,
      action: 'SYNC_FAIL',
      comment: `${what} 同步失败：${task.lastErrorMessage ?? '未知错误'}`,
    });
  }
}

onSyncTaskSettled(['SALES_ORDER', 'OUTSTOCK'], onOrderTaskSettled);
