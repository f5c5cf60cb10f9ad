// The order's life after it is placed (DOMAIN §1.5 state table): audit (and the finance review an order
// with a failed credit check goes through), delivery in one or more shipments, sign-off, invalidation, the
// buyer's cancellation before the audit, and completion once signed and paid. Each command is one
// transaction: the conditional status update first (the loser of a race stops there), then the stock, the
// ERP task and the logs.
import { queueRefund } from '../payments/service';
import { sql, type Kysely, type Transaction } from 'kysely';
import { formatQuantity } from '../../../common/quantity';
import {
  CREDIT_CHECK_RESULT,
  ORDER_STATUS,
  type CreditCheckResult,
  type OrderApprovalData,
  type OrderCancelInput,
  type OrderAuditInput,
  type OrderBatchResult,
  type OrderDeliverInput,
  type OrderDeliverLineInput,
  type OrderDeliverPlan,
  type OrderInvalidInput,
  type OrderSignInput,
  type OrderStatus,
  type SignType,
  type SkuSnapshot,
} from '../../../common/orders';
import { newId } from '../../db/ids';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import {
  closeRunningInstance,
  registerApprovalHandler,
  type ApprovalOutcome,
  type TaskNotice,
} from '../approvals/engine';
import { systemRequestInfo } from '../auth/sysLog';
import { trackChange, type TrackedChange } from '../shared/changeHistory';
import { logOperation, type Actor, type Caller } from '../shared/actor';
import { dataScopeOf, type DataScope } from '../shared/dataScope';
import { nextDocumentNo } from '../shared/documentNumbers';
import {
  lockLotsOfSkus,
  lockStock,
  postOutbound,
  releaseStock,
  shippableLots,
  type LotQty,
} from '../stock/service';
import { confirmUsages, releaseUsages } from '../promotions/pricing';
import { releaseForOrder, spendForOrder } from '../funds/ledger';
import { decideCreditApproval, submitCreditApproval } from './creditApproval';
import { notifySalesOrder } from '../wxplatform/messages';
import { queueOrderSync, queueShipmentSync } from './erpSync';
import { centsText, ORDER_DUE, owedCents, toCents, yuan } from './money';
import {
  moveOrder,
  orderInScope,
  sellerWarehouses,
  transitionFor,
  warehouseFor,
  writeOrderLog,
  writeRefundLogs,
  type OrderRow,
} from './state';

const qtyText = (baseQty: number, sku: SkuSnapshot) =>
  formatQuantity(baseQty, { unitsPerCase: sku.unitsPerCase, caseUnit: sku.saleUnit, baseUnit: sku.baseUnit });

function linesOf(db: Kysely<DB>, orderId: string) {
  return db
    .selectFrom('sales_order_lines')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('line_no')
    .execute();
}

type LineRow = Awaited<ReturnType<typeof linesOf>>[number];

// ---- Credit (信用检查) ----

/**
 * Only credit (账期) orders are checked: the buyer's unpaid open orders plus this one against the credit
 * limit (OVER_LIMIT), and signed orders unpaid past the credit days (OVERDUE).
 */
async function creditOf(db: Kysely<DB>, order: OrderRow) {
  const buyer = await db
    .selectFrom('customers')
    .select(['credit_limit', 'credit_days'])
    .where('id', '=', order.buyer_id)
    .executeTakeFirstOrThrow();
  const open = await db
    .selectFrom('sales_orders')
    .select([
      sql<string>`coalesce(sum(greatest(${ORDER_DUE} - paid_amount, 0)), 0)::text`.as('outstanding'),
      sql<number>`count(*) filter (where signed_at < now() - make_interval(days => ${buyer.credit_days ?? 0}) and paid_amount < ${ORDER_DUE})::integer`.as(
        'overdue',
      ),
    ])
    .where('tenant_id', '=', order.tenant_id)
    .where('buyer_id', '=', order.buyer_id)
    .where('id', '!=', order.id)
    .where('payment_method', '=', 'CREDIT')
    .where('status', 'not in', ['REJECTED', 'CANCELLED', 'INVALID'])
    .executeTakeFirstOrThrow();
  const outstanding = toCents(open.outstanding);
  const thisOrder = Math.max(owedCents(order), 0);
  const limit = buyer.credit_limit === null ? null : toCents(buyer.credit_limit);
  const checked = order.payment_method === 'CREDIT';
  const overdue = checked && buyer.credit_days !== null ? open.overdue : 0;
  const result: CreditCheckResult = !checked
    ? 'PASS'
    : limit !== null && outstanding + thisOrder > limit
      ? 'OVER_LIMIT'
      : overdue > 0
        ? 'OVERDUE'
        : 'PASS';
  return {
    paymentMethod: order.payment_method,
    creditLimit: limit === null ? null : centsText(limit),
    creditDays: buyer.credit_days,
    outstanding: centsText(outstanding),
    thisOrder: centsText(thisOrder),
    available: limit === null ? null : centsText(limit - outstanding),
    overdueOrders: overdue,
    result,
    result_dictText: CREDIT_CHECK_RESULT[result],
  };
}

// ---- Stock locks ----

async function lockOrderStock(trx: Transaction<DB>, actor: Actor, order: OrderRow, warehouseId: string) {
  const lines = await linesOf(trx, order.id);
  await lockLotsOfSkus(
    trx,
    actor.tenantId,
    [warehouseId],
    lines.map((line) => line.sku_id),
  );
  for (const line of lines) {
    const remaining = line.base_qty - line.shipped_base_qty;
    if (remaining === 0) continue;
    const locks = await lockStock(trx, actor, { warehouseId, skuId: line.sku_id, baseQty: remaining });
    await insertLocks(trx, actor, order.id, line.id, locks);
  }
}

async function insertLocks(
  trx: Transaction<DB>,
  actor: Actor,
  orderId: string,
  lineId: string,
  locks: LotQty[],
) {
  if (locks.length === 0) return;
  await trx
    .insertInto('sales_order_stock_locks')
    .values(
      locks.map((lock) => ({
        id: newId(),
        tenant_id: actor.tenantId,
        order_id: orderId,
        order_line_id: lineId,
        lot_id: lock.lotId,
        base_qty: lock.baseQty,
      })),
    )
    .execute();
}

/** Gives back all the stock the order holds. */
async function unlockOrderStock(trx: Transaction<DB>, actor: Actor, orderId: string) {
  const locks = await trx
    .deleteFrom('sales_order_stock_locks')
    .where('order_id', '=', orderId)
    .returning(['lot_id as lotId', 'base_qty as baseQty'])
    .execute();
  await releaseStock(trx, actor, locks);
}

// ---- Audit ----

const MAX_BATCH = 200;

/**
 * 审核通过 with the credit passed (AUDIT_PASS) or 财务审核通过 (FINANCE_PASS): the order released to its warehouse,
 * its stock locked, sent to the ERP.
 */
async function releaseToShipment(
  trx: Transaction<DB>,
  actor: Actor,
  order: OrderRow,
  change: TrackedChange,
  input: {
    command: 'AUDIT_PASS' | 'FINANCE_PASS';
    warehouseId?: string | null;
    reason?: string | null;
    credit?: CreditCheckResult;
  },
): Promise<OrderStatus> {
  const transition = transitionFor(input.command, order.status, 'PENDING_SHIPMENT');
  const warehouse = await warehouseFor(trx, actor.tenantId, order, input.warehouseId);
  await moveOrder(trx, actor, order, transition, {
    audited_at: new Date(),
    audited_by: actor.userId,
    reject_reason: null,
    warehouse_id: warehouse.id,
    ...(input.credit ? { credit_check_result: input.credit } : {}),
  });
  await confirmUsages(trx, order, actor.userId);
  await spendForOrder(trx, order, actor.userId);
  await lockOrderStock(trx, actor, order, warehouse.id);
  await queueOrderSync(trx, { ...order, warehouse_id: warehouse.id }, 'SAVE');
  const comment = `发货仓 ${warehouse.name}，已锁定库存${input.reason?.trim() ? `；${input.reason.trim()}` : ''}`;
  await writeOrderLog(trx, actor.tenantId, actor, {
    orderId: order.id,
    action: input.command,
    fromStatus: order.status,
    toStatus: 'PENDING_SHIPMENT',
    comment,
  });
  await change.log('update', `订单${transition.label} ${order.order_no}：${comment}`);
  return 'PENDING_SHIPMENT';
}

/** 驳回 at the audit or at finance: the order REJECTED with the reason, for the buyer to 修改重提. */
async function rejectOrder(
  trx: Transaction<DB>,
  actor: Actor,
  order: OrderRow,
  change: TrackedChange,
  reason: string,
): Promise<OrderStatus> {
  const finance = order.status === 'PENDING_FINANCE';
  const transition = transitionFor(finance ? 'FINANCE_REJECT' : 'AUDIT_REJECT', order.status);
  await moveOrder(trx, actor, order, transition, {
    reject_reason: reason,
    audited_at: new Date(),
    audited_by: actor.userId,
  });
  await releaseUsages(trx, order.id);
  await releaseForOrder(trx, order, actor.userId, '驳回');
  await writeOrderLog(trx, actor.tenantId, actor, {
    orderId: order.id,
    action: finance ? 'FINANCE_REJECT' : 'AUDIT_REJECT',
    fromStatus: order.status,
    toStatus: transition.to,
    comment: reason,
  });
  await change.log('update', `订单${transition.label} ${order.order_no}：${reason}`);
  return transition.to;
}

/** The ORDER_CREDIT approval's outcome on its order (creditApproval.ts registers it with the engine). */
export const creditOutcome = {
  approved: (trx: Transaction<DB>, actor: Actor, order: OrderRow, comment: string | null) =>
    trackChange(trx, actor, 'sales_orders', order.id).then((change) =>
      // The warehouse finance chose on the audit dialog, else the seller's default.
      releaseToShipment(trx, actor, order, change, {
        command: 'FINANCE_PASS',
        warehouseId: order.warehouse_id,
        reason: comment,
      }),
    ),
  rejected: (trx: Transaction<DB>, actor: Actor, order: OrderRow, reason: string) =>
    trackChange(trx, actor, 'sales_orders', order.id).then((change) =>
      rejectOrder(trx, actor, order, change, reason),
    ),
};

/** The operation log's request columns when an approval decides without a request (a timeout). */
const APPROVAL_JOB = systemRequestInfo('approval');

/** The order of an ORDER_CREDIT outcome, and who acts on it: the deciding user, else who sent it to finance. */
async function creditOrderOf(trx: Transaction<DB>, outcome: ApprovalOutcome) {
  const order = await trx
    .selectFrom('sales_orders')
    .selectAll()
    .where('id', '=', outcome.bizId)
    .where('tenant_id', '=', outcome.tenantId)
    .executeTakeFirstOrThrow();
  const actor: Actor =
    'request' in outcome.actor
      ? outcome.actor
      : {
          tenantId: outcome.tenantId,
          userId: outcome.actorId ?? order.audited_by ?? order.created_by ?? '',
          username: '系统',
          request: APPROVAL_JOB,
        };
  return { order, actor };
}

registerApprovalHandler({
  bizType: 'ORDER_CREDIT',
  approved: async (trx, outcome) => {
    const { order, actor } = await creditOrderOf(trx, outcome);
    await creditOutcome.approved(trx, actor, order, outcome.comment);
  },
  rejected: async (trx, outcome) => {
    const { order, actor } = await creditOrderOf(trx, outcome);
    await creditOutcome.rejected(trx, actor, order, outcome.comment ?? '信用审批驳回');
  },
  withdrawn: async (trx, outcome) => {
    const { order, actor } = await creditOrderOf(trx, outcome);
    await creditOutcome.rejected(trx, actor, order, outcome.comment ?? '发起人已撤回信用审批');
  },
});

async function auditOne(
  trx: Transaction<DB>,
  actor: Actor,
  scope: DataScope,
  id: string,
  input: OrderAuditInput,
): Promise<{ order: OrderRow; status: OrderStatus; notices: TaskNotice[] }> {
  const order = await orderInScope(trx, actor.tenantId, scope, id);
  const finance = order.status === 'PENDING_FINANCE';
  if (finance) {
    // The finance review is the order's ORDER_CREDIT approval: the caller decides their own task.
    const decided = await decideCreditApproval(trx, actor, order, input);
    if (decided) return { order, ...decided };
  }
  const change = await trackChange(trx, actor, 'sales_orders', order.id);
  if (!input.pass) {
    return { order, status: await rejectOrder(trx, actor, order, change, input.reason!.trim()), notices: [] };
  }
  // An order from before the engine, in finance review without an approval, is released directly.
  if (finance) {
    const status = await releaseToShipment(trx, actor, order, change, { ...input, command: 'FINANCE_PASS' });
    return { order, status, notices: [] };
  }
  // The credit check decides whether finance reviews first.
  transitionFor('AUDIT_PASS', order.status);
  const credit = await creditOf(trx, order);
  if (credit.result !== 'PASS') {
    const transition = transitionFor('AUDIT_PASS', order.status, 'PENDING_FINANCE');
    await moveOrder(trx, actor, order, transition, {
      audited_at: new Date(),
      audited_by: actor.userId,
      reject_reason: null,
      credit_check_result: credit.result,
      // Kept for finance: the warehouse the order will ship from once released.
      ...(input.warehouseId
        ? { warehouse_id: (await warehouseFor(trx, actor.tenantId, order, input.warehouseId)).id }
        : {}),
    });
    await confirmUsages(trx, order, actor.userId);
    await spendForOrder(trx, order, actor.userId);
    const comment = `信用检查：${credit.result_dictText}，转财务审核`;
    await writeOrderLog(trx, actor.tenantId, actor, {
      orderId: order.id,
      action: 'AUDIT_PASS',
      fromStatus: order.status,
      toStatus: 'PENDING_FINANCE',
      comment,
    });
    await change.log('update', `订单${transition.label} ${order.order_no}：${comment}`);
    const notices = await submitCreditApproval(trx, actor.userId, order, credit.result_dictText);
    return { order, status: 'PENDING_FINANCE', notices };
  }
  const status = await releaseToShipment(trx, actor, order, change, {
    ...input,
    command: 'AUDIT_PASS',
    credit: credit.result,
  });
  return { order, status, notices: [] };
}

/** Audits one order or a batch; each in its own transaction, answered one by one. */
export async function auditOrders(
  db: Kysely<DB>,
  actor: Actor,
  input: OrderAuditInput,
): Promise<OrderBatchResult & { notices: TaskNotice[] }> {
  if (!input.pass && !input.reason?.trim()) throw new BusinessError(400, '驳回须填写原因');
  const ids = [...new Set(input.ids)];
  if (ids.length === 0) throw new BusinessError(400, '请选择要审核的订单');
  if (ids.length > MAX_BATCH) throw new BusinessError(400, `一次最多审核 ${MAX_BATCH} 张订单`);
  const results: OrderBatchResult['results'] = [];
  const failures: BusinessError[] = [];
  const notices: TaskNotice[] = [];
  for (const id of ids) {
    try {
      const {
        order,
        status,
        notices: opened,
      } = await db.transaction().execute(async (trx) => {
        const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
        return auditOne(trx, actor, scope, id, input);
      });
      notices.push(...opened);
      results.push({
        id,
        orderNo: order.order_no,
        success: true,
        message: `已${ORDER_STATUS[status]}`,
        status,
      });
    } catch (error) {
      if (!(error instanceof BusinessError)) throw error;
      failures.push(error);
      const known = await db
        .selectFrom('sales_orders')
        .select('order_no')
        .where('id', '=', id)
        .where('tenant_id', '=', actor.tenantId)
        .executeTakeFirst();
      results.push({
        id,
        orderNo: error.code === 404 ? null : (known?.order_no ?? null),
        success: false,
        message: error.message,
      });
    }
  }
  const succeeded = results.filter((result) => result.success).length;
  // Nothing audited is a refusal, with the (first) reason.
  if (succeeded === 0) {
    const [first] = failures;
    throw ids.length === 1 ? first : new BusinessError(409, `${ids.length} 张订单均未审核：${first.message}`);
  }
  return { results, succeeded, failed: results.length - succeeded, notices };
}

/** What the audit dialog shows: credit, stock per line in the chosen (or default) warehouse, warnings. */
export async function approvalData(
  db: Kysely<DB>,
  actor: Caller,
  id: string,
  warehouseId?: string,
): Promise<OrderApprovalData> {
  const scope = await dataScopeOf(db, actor.tenantId, actor.userId);
  const order = await orderInScope(db, actor.tenantId, scope, id);
  const [credit, lines, warehouses] = await Promise.all([
    creditOf(db, order),
    linesOf(db, order.id),
    sellerWarehouses(db, actor.tenantId, order),
  ]);
  const warehouse = warehouseId
    ? await warehouseFor(db, actor.tenantId, order, warehouseId)
    : (warehouses.find((each) => each.id === order.warehouse_id) ?? warehouses[0]);
  const lots = warehouse
    ? await shippableLots(
        db,
        actor.tenantId,
        warehouse.id,
        lines.map((line) => line.sku_id),
      )
    : [];
  const warnings: string[] = [];
  if (!warehouse) warnings.push('卖方没有可用的仓库，无法锁定库存');
  const stock = lines.map((line) => {
    const available = lots
      .filter((lot) => lot.skuId === line.sku_id)
      .reduce((total, lot) => total + lot.availableBaseQty, 0);
    const needed = line.base_qty - line.shipped_base_qty;
    const enough = available >= needed;
    if (!enough)
      warnings.push(
        `第 ${line.line_no} 行 ${line.sku_snapshot.name} 库存不足：可用 ${qtyText(available, line.sku_snapshot)}，需要 ${qtyText(needed, line.sku_snapshot)}`,
      );
    if (line.floor_price !== null && !line.is_gift && toCents(line.deal_price) < toCents(line.floor_price)) {
      warnings.push(
        `第 ${line.line_no} 行 ${line.sku_snapshot.name} 成交价 ${line.deal_price} 低于底价 ${line.floor_price}`,
      );
    }
    return {
      lineId: line.id,
      skuId: line.sku_id,
      skuName: line.sku_snapshot.name,
      baseQty: needed,
      qtyText: qtyText(needed, line.sku_snapshot),
      availableBaseQty: available,
      availableText: qtyText(available, line.sku_snapshot),
      enough,
    };
  });
  if (credit.result === 'OVER_LIMIT')
    warnings.push(
      `超出信用额度：额度 ${yuan(toCents(credit.creditLimit!))}，未结 ${yuan(toCents(credit.outstanding))}，本单 ${yuan(toCents(credit.thisOrder))}`,
    );
  if (credit.result === 'OVERDUE') warnings.push(`客户有 ${credit.overdueOrders} 张逾期未付的订单`);
  return {
    orderId: order.id,
    orderNo: order.order_no,
    status: order.status,
    credit,
    warehouse: warehouse ? { id: warehouse.id, name: warehouse.name } : null,
    warehouses: warehouses.map((each) => ({ id: each.id, name: each.name })),
    lines: stock,
    warnings,
    nextStatus:
      order.status === 'PENDING_AUDIT' && credit.result !== 'PASS' ? 'PENDING_FINANCE' : 'PENDING_SHIPMENT',
  };
}

// ---- Delivery ----

/** The proposal of the delivery dialog: what is left to ship per line and the lots to take it from, FEFO. */
export async function deliverPlan(
  db: Kysely<DB>,
  actor: Caller,
  id: string,
  warehouseId?: string,
): Promise<OrderDeliverPlan> {
  const scope = await dataScopeOf(db, actor.tenantId, actor.userId);
  const order = await orderInScope(db, actor.tenantId, scope, id);
  const [lines, warehouses, held] = await Promise.all([
    linesOf(db, order.id),
    sellerWarehouses(db, actor.tenantId, order),
    db
      .selectFrom('sales_order_stock_locks')
      .select(['lot_id', 'base_qty'])
      .where('order_id', '=', order.id)
      .execute(),
  ]);
  const warehouse = warehouseId
    ? await warehouseFor(db, actor.tenantId, order, warehouseId)
    : (warehouses.find((each) => each.id === order.warehouse_id) ?? warehouses[0]);
  const lots = warehouse
    ? await shippableLots(
        db,
        actor.tenantId,
        warehouse.id,
        lines.map((line) => line.sku_id),
      )
    : [];
  // What this order holds is free for its own delivery.
  const ownHold = (lotId: string) =>
    held.filter((lock) => lock.lot_id === lotId).reduce((total, lock) => total + lock.base_qty, 0);
  return {
    orderId: order.id,
    warehouse: warehouse ? { id: warehouse.id, name: warehouse.name } : null,
    warehouses: warehouses.map((each) => ({ id: each.id, name: each.name })),
    lines: lines
      .filter((line) => line.base_qty > line.shipped_base_qty)
      .map((line) => {
        let left = line.base_qty - line.shipped_base_qty;
        const remaining = left;
        return {
          orderLineId: line.id,
          skuId: line.sku_id,
          skuName: line.sku_snapshot.name,
          unitsPerCase: line.sku_snapshot.unitsPerCase,
          remainingBaseQty: remaining,
          remainingText: qtyText(remaining, line.sku_snapshot),
          lots: lots
            .filter((lot) => lot.skuId === line.sku_id)
            .map((lot) => {
              const available = lot.availableBaseQty + ownHold(lot.id);
              const proposed = Math.max(0, Math.min(left, available));
              left -= proposed;
              return {
                lotId: lot.id,
                batchNo: lot.batchNo,
                productionDate: lot.productionDate,
                expiryDate: lot.expiryDate,
                availableBaseQty: available,
                proposedBaseQty: proposed,
              };
            }),
        };
      }),
  };
}

export async function deliverOrder(db: Kysely<DB>, actor: Actor, input: OrderDeliverInput) {
  return db.transaction().execute(async (trx) => {
    const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
    const order = await orderInScope(trx, actor.tenantId, scope, input.id);
    transitionFor('SHIP', order.status);
    const warehouse = await warehouseFor(trx, actor.tenantId, order, input.warehouseId);
    const lines = await linesOf(trx, order.id);
    const wanted: OrderDeliverLineInput[] =
      input.lines ??
      lines.filter((line) => line.base_qty > line.shipped_base_qty).map((line) => ({ orderLineId: line.id }));
    if (wanted.length === 0) throw new BusinessError(400, '请选择要发货的商品');
    const plan: Array<{ line: LineRow; qty: number; picks?: LotQty[] }> = [];
    for (const item of wanted) {
      const line = lines.find((each) => each.id === item.orderLineId);
      if (!line) throw new BusinessError(400, '发货明细不属于该订单');
      if (plan.some((each) => each.line.id === line.id))
        throw new BusinessError(400, `第 ${line.line_no} 行重复`);
      const remaining = line.base_qty - line.shipped_base_qty;
      const qty = item.lots
        ? item.lots.reduce((total, lot) => total + lot.baseQty, 0)
        : (item.baseQty ?? remaining);
      if (qty <= 0)
        throw new BusinessError(400, `第 ${line.line_no} 行 ${line.sku_snapshot.name} 发货数量必须大于 0`);
      if (qty > remaining) {
        throw new BusinessError(
          400,
          `第 ${line.line_no} 行 ${line.sku_snapshot.name} 发货数量超过未发数量 ${qtyText(remaining, line.sku_snapshot)}`,
        );
      }
      plan.push({ line, qty, picks: item.lots });
    }
    const complete = lines.every(
      (line) =>
        line.base_qty - line.shipped_base_qty === (plan.find((each) => each.line.id === line.id)?.qty ?? 0),
    );
    const transition = transitionFor('SHIP', order.status, complete ? 'SHIPPED' : 'PARTIALLY_SHIPPED');
    await moveOrder(trx, actor, order, transition, { warehouse_id: warehouse.id, shipped_at: new Date() });

    // Numbers, then every lot the shipment may touch, before any of them is changed (see lockLotsOfSkus).
    const shipmentId = newId();
    const shipmentNo = await nextDocumentNo(trx, actor.tenantId, 'SH');
    const movementNo = await nextDocumentNo(trx, actor.tenantId, 'SM');
    await lockLotsOfSkus(
      trx,
      actor.tenantId,
      [order.warehouse_id, warehouse.id],
      lines.map((line) => line.sku_id),
    );
    // The order's hold is given back first, so its own stock is free to ship; what stays unshipped is held again.
    await unlockOrderStock(trx, actor, order.id);
    await trx
      .insertInto('shipments')
      .values({
        id: shipmentId,
        tenant_id: actor.tenantId,
        shipment_no: shipmentNo,
        order_id: order.id,
        warehouse_id: warehouse.id,
        shipped_by: actor.userId,
        driver_name: input.driverName ?? null,
        driver_mobile: input.driverMobile ?? null,
        vehicle_no: input.vehicleNo ?? null,
        remark: input.remark ?? null,
        created_by: actor.userId,
        updated_by: actor.userId,
      })
      .execute();
    for (const { line, qty, picks } of plan) {
      const taken = await postOutbound(
        trx,
        actor,
        {
          warehouseId: warehouse.id,
          skuId: line.sku_id,
          type: 'SALES_OUT',
          ...(picks ? { picks } : { baseQty: qty }),
        },
        { movementNo, sourceDocType: 'SHIPMENT', sourceDocNo: shipmentNo, remark: `订单 ${order.order_no}` },
      );
      await trx
        .insertInto('shipment_lines')
        .values(
          taken.map((lot) => ({
            id: newId(),
            tenant_id: actor.tenantId,
            shipment_id: shipmentId,
            order_line_id: line.id,
            sku_id: line.sku_id,
            lot_id: lot.lotId,
            batch_no: lot.batchNo,
            production_date: lot.productionDate,
            base_qty: lot.baseQty,
          })),
        )
        .execute();
      await trx
        .updateTable('sales_order_lines')
        .set({ shipped_base_qty: sql`shipped_base_qty + ${qty}` })
        .where('id', '=', line.id)
        .execute();
    }
    for (const line of lines) {
      const left =
        line.base_qty - line.shipped_base_qty - (plan.find((each) => each.line.id === line.id)?.qty ?? 0);
      if (left > 0) {
        const locks = await lockStock(trx, actor, {
          warehouseId: warehouse.id,
          skuId: line.sku_id,
          baseQty: left,
          upToAvailable: true,
        });
        await insertLocks(trx, actor, order.id, line.id, locks);
      }
    }
    await queueShipmentSync(trx, order, { id: shipmentId, shipmentNo, warehouseId: warehouse.id });
    const summary = plan
      .map(({ line, qty }) => `${line.sku_snapshot.name} ${qtyText(qty, line.sku_snapshot)}`)
      .join('、');
    const driver = [input.driverName, input.driverMobile, input.vehicleNo].filter(Boolean).join(' ');
    await writeOrderLog(trx, actor.tenantId, actor, {
      orderId: order.id,
      action: 'SHIP',
      fromStatus: order.status,
      toStatus: transition.to,
      comment: `发货单 ${shipmentNo}（${warehouse.name}${driver ? `，${driver}` : ''}）：${summary}`,
    });
    await logOperation(trx, actor, 'update', `订单发货 ${order.order_no}：发货单 ${shipmentNo}`);
    return { shipmentNo, status: transition.to };
  });
}

// ---- Sign-off and completion ----

/** SIGNED → COMPLETED once the order is paid in full (DOMAIN: "when paid"); by the system, logged as such. */
export async function completeIfSettled(trx: Transaction<DB>, tenantId: string, orderId: string) {
  const completed = await trx
    .updateTable('sales_orders')
    .set({ status: 'COMPLETED', completed_at: new Date(), version: sql`version + 1`, updated_at: new Date() })
    .where('id', '=', orderId)
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'SIGNED')
    .where('payment_status', '=', 'PAID')
    .returning('order_type')
    .executeTakeFirst();
  if (!completed) return false;
  transitionFor('COMPLETE', 'SIGNED', 'COMPLETED');
  await writeOrderLog(trx, tenantId, null, {
    orderId,
    action: 'COMPLETE',
    fromStatus: 'SIGNED',
    toStatus: 'COMPLETED',
    comment: '已签收且已付清',
  });
  await notifySalesOrder(trx, { tenantId, orderId, orderType: completed.order_type }, 'COMPLETED');
  return true;
}

/** A sign-off: by a person (OrderSignInput) or by the system (AUTO). */
export type Signing = Omit<OrderSignInput, 'id' | 'signType'> & { signType: SignType };

/**
 * Signs a SHIPPED order as read by the caller: the signed quantity per line (omitted lines in full), the
 * shipments' status, the sign record, the logs, and completion when already paid. Signer null: the system, which
 * writes the order's log only (the operation log records people's requests). The order's own tenant throughout.
 */
export async function signShipped(
  trx: Transaction<DB>,
  signer: Actor | null,
  order: OrderRow,
  input: Signing,
): Promise<{ status: OrderStatus }> {
  const transition = transitionFor('SIGN', order.status);
  const lines = (await linesOf(trx, order.id)).filter((line) => line.shipped_base_qty > 0);
  const signed = lines.map((line) => {
    const given = input.lines?.find((each) => each.orderLineId === line.id);
    const qty = given ? given.signedBaseQty : line.shipped_base_qty;
    if (qty < 0 || qty > line.shipped_base_qty) {
      throw new BusinessError(
        400,
        `第 ${line.line_no} 行 ${line.sku_snapshot.name} 签收数量应在 0 到 ${qtyText(line.shipped_base_qty, line.sku_snapshot)} 之间`,
      );
    }
    return { line, qty };
  });
  if (input.lines?.some((each) => !lines.some((line) => line.id === each.orderLineId))) {
    throw new BusinessError(400, '签收明细不属于该订单');
  }
  const short = signed.some(({ line, qty }) => qty < line.shipped_base_qty);
  if (short && !input.diffReason) throw new BusinessError(400, '签收数量与发货数量不一致，请选择差异原因');
  await moveOrder(trx, signer, order, transition, { signed_at: new Date() });
  for (const { line, qty } of signed) {
    await trx
      .updateTable('sales_order_lines')
      .set({ signed_base_qty: qty })
      .where('id', '=', line.id)
      .execute();
  }
  const nothing = signed.every(({ qty }) => qty === 0);
  await trx
    .updateTable('shipments')
    .set({
      status: nothing ? 'REFUSED' : short ? 'PARTIALLY_SIGNED' : 'SIGNED',
      updated_at: new Date(),
      updated_by: signer?.userId ?? null,
    })
    .where('order_id', '=', order.id)
    .execute();
  await trx
    .insertInto('sign_records')
    .values({
      id: newId(),
      tenant_id: order.tenant_id,
      order_id: order.id,
      sign_type: input.signType,
      signed_by: signer?.userId ?? null,
      lines: JSON.stringify(
        signed.map(({ line, qty }) => ({
          orderLineId: line.id,
          shippedBaseQty: line.shipped_base_qty,
          signedBaseQty: qty,
        })),
      ),
      diff_reason: short ? input.diffReason! : null,
      remark: input.remark ?? null,
    })
    .execute();
  const diff = signed
    .filter(({ line, qty }) => qty < line.shipped_base_qty)
    .map(
      ({ line, qty }) =>
        `${line.sku_snapshot.name} 少签 ${qtyText(line.shipped_base_qty - qty, line.sku_snapshot)}`,
    )
    .join('、');
  await writeOrderLog(trx, order.tenant_id, signer, {
    orderId: order.id,
    action: 'SIGN',
    fromStatus: order.status,
    toStatus: transition.to,
    comment: [diff, input.remark].filter(Boolean).join('；') || '全部签收',
  });
  if (signer)
    await logOperation(trx, signer, 'update', `订单签收 ${order.order_no}${diff ? `：${diff}` : ''}`);
  const completed = await completeIfSettled(trx, order.tenant_id, order.id);
  return { status: completed ? 'COMPLETED' : transition.to };
}

export async function signOrder(db: Kysely<DB>, actor: Actor, input: OrderSignInput) {
  return db.transaction().execute(async (trx) => {
    const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
    const order = await orderInScope(trx, actor.tenantId, scope, input.id);
    return signShipped(trx, actor, order, { ...input, signType: input.signType ?? 'DRIVER_PROXY' });
  });
}

// ---- Invalidation and cancellation ----

/**
 * 作废 and the buyer's 取消: the order closed with its reason (kept as invalid_reason), and whatever it holds
 * given back — its stock locks, and at the ERP the order itself when the ERP has it (or is about to).
 */
async function closeOrder(
  db: Kysely<DB>,
  actor: Actor,
  id: string,
  reason: string,
  command: 'INVALID' | 'CANCEL',
) {
  return db.transaction().execute(async (trx) => {
    const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
    const order = await orderInScope(trx, actor.tenantId, scope, id);
    const transition = transitionFor(command, order.status);
    const change = await trackChange(trx, actor, 'sales_orders', order.id);
    await moveOrder(trx, actor, order, transition, { invalid_reason: reason });
    // Closed in finance review: its credit approval has nothing left to decide.
    await closeRunningInstance(trx, actor, 'ORDER_CREDIT', order.id, `订单已${transition.label}：${reason}`);
    await unlockOrderStock(trx, actor, order.id);
    await releaseUsages(trx, order.id);
    await releaseForOrder(trx, order, actor.userId, `已${transition.label}`);
    if (order.erp_sync_status === 'SUCCESS' || order.erp_sync_status === 'PENDING')
      await queueOrderSync(trx, order, 'DELETE');
    // Paid already: refunded, online by the original route, recorded payments as a recorded refund.
    const refunds = await queueRefund(trx, {
      tenantId: actor.tenantId,
      bizType: 'ORDER',
      bizId: order.id,
      cause: 'ORDER_CLOSED',
      reason: `订单已${transition.label}：${reason}`,
      userId: actor.userId,
    });
    await writeOrderLog(trx, actor.tenantId, actor, {
      orderId: order.id,
      action: command,
      fromStatus: order.status,
      toStatus: transition.to,
      comment: reason,
    });
    await writeRefundLogs(trx, actor, order.id, refunds);
    await change.log('update', `订单${transition.label} ${order.order_no}：${reason}`);
    return { status: transition.to };
  });
}

export async function invalidateOrder(db: Kysely<DB>, actor: Actor, input: OrderInvalidInput) {
  const reason = input.reason.trim();
  if (!reason) throw new BusinessError(400, '作废须填写原因');
  return closeOrder(db, actor, input.id, reason, 'INVALID');
}

/**
 * 买家取消 by the buyer himself through the mall (issue #22): his own order, before the audit (the state table),
 * so it holds no stock and is at no ERP; its promotion usages and frozen rebate are given back.
 */
export async function closeOrderAs(
  db: Kysely<DB>,
  buyer: { tenantId: string; userId: null; username: string },
  id: string,
  reason: string,
  command: 'CANCEL',
) {
  return db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('sales_orders')
      .selectAll()
      .where('id', '=', id)
      .where('tenant_id', '=', buyer.tenantId)
      .executeTakeFirstOrThrow();
    const transition = transitionFor(command, order.status);
    await moveOrder(trx, null, order, transition, { invalid_reason: reason });
    await releaseUsages(trx, order.id);
    await releaseForOrder(trx, order, null, `已${transition.label}`);
    await writeOrderLog(trx, buyer.tenantId, null, {
      orderId: order.id,
      action: command,
      fromStatus: order.status,
      toStatus: transition.to,
      comment: `${buyer.username}（买家）：${reason}`,
    });
    return { status: transition.to };
  });
}

/** 取消 for the buyer, before the audit (the state table): nothing is locked or at the ERP yet, as a rule. */
export async function cancelOrder(db: Kysely<DB>, actor: Actor, input: OrderCancelInput) {
  const reason = input.reason?.trim();
  if (!reason) throw new BusinessError(400, '请填写取消原因');
  return closeOrder(db, actor, input.id, reason, 'CANCEL');
}
