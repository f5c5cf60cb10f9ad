// What every order command shares: the order as the caller may see it, the state machine of
// common/orders.ts enforced with a conditional update (status and version as read, so of two operators
// acting at once exactly one wins), the order's own log, and the warehouses an order may ship from.
import { sql, type Kysely, type Transaction, type Updateable } from 'kysely';
import {
  ORDER_STATUS,
  ORDER_TRANSITIONS,
  orderActionAllowed,
  type OrderAction,
  type OrderCommand,
  type OrderLogAction,
  type OrderStatus,
  type OrderTransition,
} from '../../../common/orders';
import { newId } from '../../db/ids';
import type { DB, SalesOrdersTable } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import type { Actor } from '../shared/actor';
import type { QueuedRefund } from '../payments/service';
import { notFound } from '../shared/commands';
import { inScope, type DataScope } from '../shared/dataScope';
import { addOrderSales, countsAsSales, removeOrderSales } from '../kpi/salesSummary';
import { notifySalesOrder, SALES_ORDER_EVENTS } from '../wxplatform/messages';

/** What the loser of two operators acting on one order at once reads. */
export const ORDER_CHANGED = '订单状态已变更，请刷新后重试';

/**
 * The orders a caller sees: those of customers in their department subtree (the order keeps its buyer's
 * org code, as customers are scoped), plus those credited to them as sales rep.
 */
export const orderScope = (scope: DataScope, table = 'sales_orders') =>
  inScope(scope, `${table}.org_code`, `${table}.sales_rep_id`, `${table}.seller_id`);

export async function orderInScope(db: Kysely<DB>, tenantId: string, scope: DataScope, id: string) {
  const order = await db
    .selectFrom('sales_orders')
    .selectAll()
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .where(orderScope(scope))
    .executeTakeFirst();
  if (!order) throw notFound('订单');
  return order;
}

export type OrderRow = Awaited<ReturnType<typeof orderInScope>>;

const refusal = (status: OrderStatus, what: string) =>
  new BusinessError(409, `订单当前状态为「${ORDER_STATUS[status]}」，不能${what}`);

/** The transition of a command from the order's status (and to `to` when given); a 409 naming the status. */
export function transitionFor(command: OrderCommand, from: OrderStatus, to?: OrderStatus): OrderTransition {
  const transition = ORDER_TRANSITIONS.find(
    (each) => each.command === command && each.from === from && (to === undefined || each.to === to),
  );
  if (transition) return transition;
  const label = ORDER_TRANSITIONS.find((each) => each.command === command)?.label ?? command;
  throw refusal(from, label);
}

/** Refuses a document action (print, return, payment) the order's status does not allow. */
export function requireAction(action: OrderAction, status: OrderStatus, what: string): void {
  if (!orderActionAllowed(action, status)) throw refusal(status, what);
}

/**
 * Applies a transition if the order is still as read; else someone else acted first. Actor null: the system.
 * A transition into or out of the statuses that count as sales posts the order to the sales summary in the same
 * transaction (修改重提 replaces the lines first, so the order comes back with its new lines). A mall order's
 * buyer gets the subscription message of the move, queued in the transaction (wxplatform/messages.ts).
 */
export async function moveOrder(
  trx: Transaction<DB>,
  actor: Pick<Actor, 'userId'> | null,
  order: Pick<OrderRow, 'id' | 'status' | 'version'>,
  transition: OrderTransition,
  set: Updateable<SalesOrdersTable> = {},
): Promise<void> {
  const changed = await trx
    .updateTable('sales_orders')
    .set({
      ...set,
      status: transition.to,
      version: sql`version + 1`,
      updated_at: new Date(),
      updated_by: actor?.userId ?? null,
    })
    .where('id', '=', order.id)
    .where('status', '=', order.status)
    .where('version', '=', order.version)
    .returning(['tenant_id', 'order_type'])
    .executeTakeFirst();
  if (!changed) throw new BusinessError(409, ORDER_CHANGED);
  const counted = countsAsSales(order.status);
  if (counted && !countsAsSales(transition.to)) await removeOrderSales(trx, [order.id]);
  if (!counted && countsAsSales(transition.to)) await addOrderSales(trx, [order.id]);
  await notifySalesOrder(
    trx,
    { tenantId: changed.tenant_id, orderId: order.id, orderType: changed.order_type },
    SALES_ORDER_EVENTS[transition.to],
  );
}

export interface OrderLogEntry {
  orderId: string;
  action: OrderLogAction;
  fromStatus?: OrderStatus | null;
  toStatus?: OrderStatus | null;
  comment?: string | null;
}

/** A row of the order's log: who (null: the system), when, from which status to which, and why. */
export async function writeOrderLog(
  db: Kysely<DB>,
  tenantId: string,
  operator: Pick<Actor, 'userId' | 'username'> | null,
  entry: OrderLogEntry,
): Promise<void> {
  await db
    .insertInto('order_operation_logs')
    .values({
      id: newId(),
      tenant_id: tenantId,
      order_id: entry.orderId,
      action: entry.action,
      from_status: entry.fromStatus ?? null,
      to_status: entry.toStatus ?? null,
      operator_id: operator?.userId ?? null,
      operator_name: operator?.username ?? null,
      comment: entry.comment ?? null,
      // The statement's own time: several rows of one transaction keep their order.
      at: sql<Date>`clock_timestamp()`,
    })
    .execute();
}

/** A PAYMENT line of the order's log per refund just queued: "退款 TK…：¥…（原路退回）", after `prefix`. */
export async function writeRefundLogs(
  db: Kysely<DB>,
  actor: Pick<Actor, 'tenantId' | 'userId' | 'username'>,
  orderId: string,
  refunds: QueuedRefund[],
  prefix = '',
): Promise<void> {
  for (const refund of refunds) {
    await writeOrderLog(db, actor.tenantId, actor, {
      orderId,
      action: 'PAYMENT',
      comment: `${prefix}退款 ${refund.refundNo}：¥${refund.amount}（${refund.method === 'ONLINE' ? '原路退回' : '线下退款'}）`,
    });
  }
}

/** The warehouses an order may ship from: the selling dealer's own, or the brand's for brand sales. */
export function sellerWarehouses(
  db: Kysely<DB>,
  tenantId: string,
  order: Pick<OrderRow, 'seller_type' | 'seller_id'>,
) {
  return db
    .selectFrom('warehouses')
    .select(['id', 'code', 'name', 'erp_warehouse_code'])
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'ACTIVE')
    .$if(order.seller_type === 'DEALER', (query) =>
      query.where('owner_type', '=', 'DEALER').where('owner_id', '=', order.seller_id),
    )
    .$if(order.seller_type === 'BRAND', (query) => query.where('owner_type', '=', 'BRAND'))
    .orderBy('code')
    .execute();
}

/** The warehouse asked for, else the order's, else the seller's first; refuses one the seller cannot use. */
export async function warehouseFor(
  db: Kysely<DB>,
  tenantId: string,
  order: Pick<OrderRow, 'seller_type' | 'seller_id' | 'warehouse_id'>,
  requested?: string | null,
) {
  const warehouses = await sellerWarehouses(db, tenantId, order);
  if (requested) {
    const chosen = warehouses.find((each) => each.id === requested);
    if (!chosen) throw new BusinessError(400, '所选仓库不属于该订单的卖方或已停用');
    return chosen;
  }
  const chosen = warehouses.find((each) => each.id === order.warehouse_id) ?? warehouses[0];
  if (!chosen) throw new BusinessError(409, '卖方没有可用的仓库，请先维护仓库');
  return chosen;
}
