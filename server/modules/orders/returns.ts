// Returns (退单, /backOrder) and exchanges (换货单, /swapOrder) of shipped orders (DOMAIN §1.5): submitted
// against the order's lines (never more than was shipped and not yet returned or being returned),
// approved or rejected, then received into a warehouse (RETURN_IN; damaged goods written off at once; a
// 原路退回 return of an order paid online refunded through WeChat Pay) or, for an exchange, carried out
// (RETURN_IN of the old goods, EXCHANGE_OUT of the new ones).
import { sql, type Kysely, type Selectable, type SelectQueryBuilder, type Transaction } from 'kysely';
import {
  EXCHANGE_STATUS,
  EXCHANGE_TRANSITIONS,
  RETURN_STATUS,
  RETURN_TRANSITIONS,
  type ExchangeStatus,
  type ReturnAddInput,
  type ReturnAuditInput,
  type ReturnDetail,
  type ReturnReceiveInput,
  type ReturnStatus,
  type SkuSnapshot,
  type SwapAddInput,
  type SwapDetail,
  type SwapExecuteInput,
} from '../../../common/orders';
import { coinsOfAmount } from '../../../common/execution';
import { formatQuantity } from '../../../common/quantity';
import { codesOf } from '../../../common/businessEnums';
import { isoDate } from '../../db/dates';
import { newId } from '../../db/ids';
import type { DB, SkusTable } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { pagedList, parseListQuery, type ListSpec, type RawQuery } from '../../http/listQuery';
import { resolvePrice } from '../products/priceLists';
import { logOperation, type Actor, type Caller } from '../shared/actor';
import { changedMeanwhile, notFound, transitionTo, type Transition } from '../shared/commands';
import { dataScopeOf, inScope, type DataScope } from '../shared/dataScope';
import { nextDocumentNo } from '../shared/documentNumbers';
import { lockLotsOfSkus, postInbound, postOutbound } from '../stock/service';
import {
  COIN_CENTS,
  giveBackForReturn,
  orderCredit,
  takeBackOrderCredit,
  type FundOrder,
} from '../funds/ledger';
import type { TaskNotice } from '../approvals/engine';
import { allocateCents, centsText, ORDER_DUE, shareCents, toCents } from './money';
import { completeIfSettled } from './lifecycle';
import { decideReturnApproval, submitReturnApproval, withdrawReturnApproval } from './returnApproval';
import { priceTypeOf, skuSnapshotOf } from './placement';
import {
  exchangeDocuments,
  exchangeRecord,
  exchangeRecords,
  openClaims,
  returnableQty,
  returnDocuments,
  returnRecord,
  returnRecords,
  withExchangeColumns,
  withReturnColumns,
} from './queries';
import { queueRefund } from '../payments/service';
import { orderInScope, requireAction, writeOrderLog, writeRefundLogs, type OrderRow } from './state';

const qtyText = (baseQty: number, sku: SkuSnapshot) =>
  formatQuantity(baseQty, { unitsPerCase: sku.unitsPerCase, caseUnit: sku.saleUnit, baseUnit: sku.baseUnit });

// ---- Both kinds of document ----

type DocumentTable = 'return_orders' | 'exchange_orders';

/** What returns and exchanges share: their table, their name in refusals, their list's whitelist, their state machine. */
interface DocumentKind<T extends DocumentTable, S extends string = string> {
  table: T;
  label: string;
  spec: ListSpec;
  machine: { transitions: readonly Transition<S>[]; labels: Record<S, string> };
  /** The document's number, as logs and messages name it. */
  numberOf(row: Selectable<DB[T]>): string;
}

/** Returns and exchanges follow their order's data scope. */
const documentScope = (scope: DataScope, table: DocumentTable) => inScope(scope, `${table}.org_code`);

/** One page of a kind's documents (its tenant's `documents`) inside the caller's data scope. */
async function listDocuments<D, TB extends keyof D, O, R>(
  db: Kysely<DB>,
  actor: Caller,
  raw: RawQuery,
  kind: DocumentKind<DocumentTable>,
  documents: SelectQueryBuilder<D, TB, O>,
  selectPage: (page: SelectQueryBuilder<D, TB, O>) => Promise<R[]>,
) {
  const list = parseListQuery(raw, kind.spec);
  const scope = await dataScopeOf(db, actor.tenantId, actor.userId);
  return pagedList(documents.where(documentScope(scope, kind.table)).where(list.where), list, selectPage);
}

/** A document of the caller's tenant and data scope, or 404. */
async function documentInScope<T extends DocumentTable>(
  db: Kysely<DB>,
  kind: DocumentKind<T>,
  tenantId: string,
  scope: DataScope,
  id: string,
): Promise<Selectable<DB[T]>> {
  const row = await db
    .selectFrom(kind.table as DocumentTable)
    .selectAll()
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .where(documentScope(scope, kind.table))
    .executeTakeFirst();
  if (!row) throw notFound(kind.label);
  return row as Selectable<DB[T]>;
}

// ---- What may still go back ----

/**
 * Per order line: shipped − returned − what open returns and exchanges already claim. Locks the order's
 * lines, so two returns submitted at once cannot claim the same bottles.
 */
async function returnableLines(trx: Transaction<DB>, orderId: string) {
  const lines = await trx
    .selectFrom('sales_order_lines')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('line_no')
    .forUpdate()
    .execute();
  const claimed = await openClaims(trx, orderId);
  return lines.map((line) => ({
    line,
    returnable: returnableQty(line, claimed),
  }));
}

/** The picked lines checked against what may go back, priced at what the buyer paid for them. */
async function takeBack(
  trx: Transaction<DB>,
  order: OrderRow,
  picks: Array<{ orderLineId: string; baseQty: number }>,
) {
  if (picks.length === 0) throw new BusinessError(400, '请选择要退回的商品');
  const lines = await returnableLines(trx, order.id);
  return picks.map((pick) => {
    const found = lines.find((each) => each.line.id === pick.orderLineId);
    if (!found) throw new BusinessError(400, '退货明细不属于该订单');
    const { line, returnable } = found;
    if (pick.baseQty <= 0)
      throw new BusinessError(400, `第 ${line.line_no} 行 ${line.sku_snapshot.name} 数量必须大于 0`);
    if (pick.baseQty > returnable) {
      throw new BusinessError(
        409,
        `第 ${line.line_no} 行 ${line.sku_snapshot.name} 最多可退 ${qtyText(Math.max(returnable, 0), line.sku_snapshot)}`,
      );
    }
    const amount = shareCents(toCents(line.amount), pick.baseQty, line.base_qty);
    return { line, baseQty: pick.baseQty, amount };
  });
}

/** The returns of an order that give something back: all but the cancelled and rejected ones. */
const givingReturns = (trx: Transaction<DB>, orderId: string) =>
  trx
    .selectFrom('return_orders')
    .where('return_orders.original_order_id', '=', orderId)
    .where('return_orders.status', 'not in', ['CANCELLED', 'REJECTED']);

/** What an order's returns and exchanges already claim of its deductions: all but the cancelled and rejected. */
const claimedBy = (trx: Transaction<DB>, table: DocumentTable, orderId: string) =>
  (trx as Kysely<DB>)
    .selectFrom(table as 'return_orders')
    .where('original_order_id', '=', orderId)
    .where('status', 'not in', ['CANCELLED', 'REJECTED'])
    .select([
      sql<string>`coalesce(sum(rebate_back_amount), 0)::text`.as('rebate'),
      sql<string>`coalesce(sum(coin_back_coins), 0)::text`.as('coins'),
    ])
    .executeTakeFirstOrThrow();

/**
 * What the returned goods had consumed of the order's 返利抵扣 (in cents) and 金币抵扣 (in coins). Each deduction
 * is split over the order's paid lines by their amounts as the ERP got it (orders/erpSync.ts), and a line's part
 * over its quantity cumulatively: the goods of the order's other returns take their share first, so returns that
 * together take back a whole line give back exactly its part. `portion` of that goes back (an exchange for cheaper
 * goods: the value not replaced over the value taken; a return: all). Never more than the order's other returns
 * and exchanges have not claimed.
 */
async function deductionsBack(
  trx: Transaction<DB>,
  order: OrderRow,
  taken: Array<{ line: { id: string; base_qty: number }; baseQty: number }>,
  portion = { part: 1, whole: 1 },
) {
  const [lines, returnedBefore, byReturns, byExchanges] = await Promise.all([
    trx
      .selectFrom('sales_order_lines')
      .select(['id', 'amount', 'is_gift'])
      .where('order_id', '=', order.id)
      .orderBy('line_no')
      .execute(),
    givingReturns(trx, order.id)
      .innerJoin('return_order_lines', 'return_order_lines.return_id', 'return_orders.id')
      .select([
        'return_order_lines.order_line_id',
        sql<string>`sum(return_order_lines.base_qty)::text`.as('qty'),
      ])
      .groupBy('return_order_lines.order_line_id')
      .execute(),
    claimedBy(trx, 'return_orders', order.id),
    claimedBy(trx, 'exchange_orders', order.id),
  ]);
  const claimed = {
    rebate: toCents(byReturns.rebate) + toCents(byExchanges.rebate),
    coins: Number(byReturns.coins) + Number(byExchanges.coins),
  };
  const weights = lines.map((line) => (line.is_gift ? 0 : toCents(line.amount)));
  const back = (total: number, alreadyClaimed: number) => {
    const parts = allocateCents(total, weights);
    const wanted = taken.reduce((sum, { line, baseQty }) => {
      const part = parts[lines.findIndex((each) => each.id === line.id)];
      const before = Number(returnedBefore.find((each) => each.order_line_id === line.id)?.qty ?? 0);
      return (
        sum + shareCents(part, before + baseQty, line.base_qty) - shareCents(part, before, line.base_qty)
      );
    }, 0);
    return Math.max(0, Math.min(shareCents(wanted, portion.part, portion.whole), total - alreadyClaimed));
  };
  const orderCoins = coinsOfAmount(order.coin_deduct_amount);
  const coins = back(orderCoins, claimed.coins);
  return {
    rebateCents: back(toCents(order.rebate_deduct_amount), claimed.rebate),
    coins,
    /** What those coins paid of the order, in cents. */
    coinCents: coins > 0 ? shareCents(toCents(order.coin_deduct_amount), coins, orderCoins) : 0,
  };
}

/**
 * At a return's 入库 or an exchange's 执行: the document's shares of the order's 返利抵扣 and 金币抵扣 back to the
 * buyer's accounts, the ledger entries remembered on it — only while it has none, so nothing is ever given back
 * twice (409). `event` names it in the ledger ("退单 RT… 入库").
 */
async function giveBackDeductions(
  trx: Transaction<DB>,
  actor: Actor,
  kind: Pick<DocumentKind<DocumentTable>, 'table' | 'label'>,
  row: { id: string; rebate_back_amount: string; coin_back_coins: number },
  event: string,
  order: FundOrder,
) {
  const returned = (cents: number) => ({ cents, event });
  const rebate = await giveBackForReturn(
    trx,
    order,
    'REBATE',
    returned(toCents(row.rebate_back_amount)),
    actor.userId,
  );
  const coins = await giveBackForReturn(
    trx,
    order,
    'COIN',
    returned(row.coin_back_coins * COIN_CENTS),
    actor.userId,
  );
  if (rebate.entryId || coins.entryId) {
    const marked = await (trx as Kysely<DB>)
      .updateTable(kind.table as 'return_orders')
      .set({ rebate_back_entry_id: rebate.entryId, coin_back_entry_id: coins.entryId })
      .where('id', '=', row.id)
      .where('rebate_back_entry_id', 'is', null)
      .where('coin_back_entry_id', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!marked) throw changedMeanwhile(kind.label);
  }
  return { rebateCents: rebate.cents, coins: coins.cents / COIN_CENTS };
}

/**
 * At a return's 入库 (its lines already counted in returned_base_qty): its goods' share of the 返费用 the order's
 * 累计返 credited, taken back from the buyer's rebate account — the credit split over the order's paid lines by
 * amount and a line's part over its quantity in the order the returns are received, so returns that together
 * take back a whole line take back exactly its part. Answers the cents taken back.
 */
async function creditBack(
  trx: Transaction<DB>,
  order: FundOrder,
  returned: Array<{ order_line_id: string | null; base_qty: number }>,
  event: string,
  operatorId: string | null,
) {
  const { accruedCents, leftCents } = await orderCredit(trx, order);
  if (leftCents <= 0) return 0;
  const lines = await trx
    .selectFrom('sales_order_lines')
    .select(['id', 'amount', 'is_gift', 'base_qty', 'returned_base_qty'])
    .where('order_id', '=', order.id)
    .orderBy('line_no')
    .execute();
  const parts = allocateCents(
    accruedCents,
    lines.map((line) => (line.is_gift ? 0 : toCents(line.amount))),
  );
  const wanted = lines.reduce((sum, line, index) => {
    const qty = returned
      .filter((each) => each.order_line_id === line.id)
      .reduce((total, each) => total + each.base_qty, 0);
    if (qty === 0) return sum;
    const after = line.returned_base_qty;
    return (
      sum +
      shareCents(parts[index], after, line.base_qty) -
      shareCents(parts[index], after - qty, line.base_qty)
    );
  }, 0);
  return takeBackOrderCredit(trx, order, wanted, event, operatorId);
}

/** The order whose fund accounts a return or exchange gives back to. */
const fundOrderOf = (trx: Transaction<DB>, orderId: string): Promise<FundOrder> =>
  trx
    .selectFrom('sales_orders')
    .select(['tenant_id', 'id', 'order_no', 'buyer_id'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();

/**
 * What a document gave back, for its order's log: "，返利 ¥… 已退回返利账户，… 金币已退回金币账户" (and a return's
 * "，累计返费用 ¥… 已从返利账户收回").
 */
const givenBackText = (back: { rebateCents: number; coins: number; creditCents?: number }) =>
  `${back.rebateCents > 0 ? `，返利 ${centsText(back.rebateCents)} 已退回返利账户` : ''}${back.coins > 0 ? `，${back.coins} 金币已退回金币账户` : ''}${back.creditCents ? `，累计返费用 ${centsText(back.creditCents)} 已从返利账户收回` : ''}`;

/** The batch a line's goods go back into: the first one it was shipped from. */
async function shippedBatch(trx: Transaction<DB>, orderLineId: string) {
  return trx
    .selectFrom('shipment_lines')
    .select(['batch_no as batchNo', isoDate('production_date').as('productionDate')])
    .where('order_line_id', '=', orderLineId)
    .orderBy('production_date')
    .executeTakeFirstOrThrow();
}

async function activeWarehouse(trx: Transaction<DB>, tenantId: string, id: string) {
  const warehouse = await trx
    .selectFrom('warehouses')
    .select(['id', 'name', 'status'])
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!warehouse) throw notFound('仓库');
  if (warehouse.status !== 'ACTIVE') throw new BusinessError(409, `仓库 ${warehouse.name} 已停用`);
  return warehouse;
}

/** Moves a return or exchange along its machine if it is still as read. */
async function moveDocument<S extends string>(
  trx: Transaction<DB>,
  actor: Actor,
  kind: Pick<DocumentKind<DocumentTable, S>, 'table' | 'label' | 'machine'>,
  row: { id: string; status: S; version: number },
  to: S,
  set: Record<string, unknown> = {},
) {
  const transition = transitionTo(kind.machine.transitions, kind.machine.labels, row.status, to);
  const changed = await (trx as Kysely<DB>)
    .updateTable(kind.table)
    .set({
      ...set,
      status: to as never,
      version: sql`version + 1`,
      updated_at: new Date(),
      updated_by: actor.userId,
    })
    .where('id', '=', row.id)
    .where('status', '=', row.status as never)
    .where('version', '=', row.version)
    .returning('id')
    .executeTakeFirst();
  if (!changed) throw changedMeanwhile(kind.label);
  return transition;
}

// ---- Returns ----

const returnSpec: ListSpec = {
  filters: {
    orderId: { column: 'return_orders.original_order_id', kind: 'text' },
    returnNo: { column: 'return_orders.return_no', kind: 'text' },
    status: { column: 'return_orders.status', kind: 'enum', values: codesOf(RETURN_STATUS) },
    createTime: { column: 'return_orders.created_at', kind: 'datetime' },
  },
  sorts: { createTime: 'return_orders.created_at', amount: 'return_orders.amount' },
  defaultSort: [
    ['return_orders.created_at', 'desc'],
    ['return_orders.id', 'desc'],
  ],
};

/** 审核 of a return or an exchange: APPROVED (stamped with `approval`), or REJECTED with its reason. */
async function auditDocument<T extends DocumentTable, S extends string>(
  db: Kysely<DB>,
  actor: Actor,
  input: ReturnAuditInput,
  kind: DocumentKind<T, S>,
  approval: Record<string, unknown>,
  viaApproval?: (trx: Transaction<DB>, current: S) => Promise<{ status: S; notices: TaskNotice[] } | null>,
): Promise<{ status: S; notices: TaskNotice[] }> {
  if (!input.pass && !input.reason?.trim()) throw new BusinessError(400, '驳回须填写原因');
  return db.transaction().execute(async (trx) => {
    const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
    const row = await documentInScope(trx, kind, actor.tenantId, scope, input.id);
    const decided = await viaApproval?.(trx, (row as unknown as { status: S }).status);
    if (decided) return decided;
    const to = (input.pass ? 'APPROVED' : 'REJECTED') as S;
    const transition = await moveDocument(
      trx,
      actor,
      kind,
      row as unknown as { id: string; status: S; version: number },
      to,
      input.pass ? approval : { reject_reason: input.reason!.trim() },
    );
    await logOperation(
      trx,
      actor,
      'update',
      `${kind.label}${transition.action} ${kind.numberOf(row)}${input.reason ? `：${input.reason}` : ''}`,
    );
    return { status: to, notices: [] };
  });
}

/** 撤销 of a return or an exchange: its state machine says whether it may still be withdrawn. */
async function cancelDocument<T extends DocumentTable, S extends string>(
  db: Kysely<DB>,
  actor: Actor,
  id: string,
  kind: DocumentKind<T, S>,
  viaApproval?: (trx: Transaction<DB>) => Promise<boolean>,
) {
  return db.transaction().execute(async (trx) => {
    const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
    const row = await documentInScope(trx, kind, actor.tenantId, scope, id);
    // Withdrawn through its approval, the document follows in the approval's handler.
    if (!(await viaApproval?.(trx)))
      await moveDocument(
        trx,
        actor,
        kind,
        row as unknown as { id: string; status: S; version: number },
        'CANCELLED' as S,
      );
    await logOperation(trx, actor, 'update', `撤销${kind.label} ${kind.numberOf(row)}`);
    return { status: 'CANCELLED' as const };
  });
}

const RETURNS: DocumentKind<'return_orders', ReturnStatus> = {
  table: 'return_orders',
  label: '退单',
  spec: returnSpec,
  machine: { transitions: RETURN_TRANSITIONS, labels: RETURN_STATUS },
  numberOf: (row) => row.return_no,
};

export const listReturns = (db: Kysely<DB>, actor: Caller, raw: RawQuery) =>
  listDocuments(db, actor, raw, RETURNS, returnDocuments(db, actor.tenantId), async (page) =>
    (await withReturnColumns(page).execute()).map(returnRecord),
  );

export async function returnById(db: Kysely<DB>, actor: Caller, id: string): Promise<ReturnDetail> {
  const scope = await dataScopeOf(db, actor.tenantId, actor.userId);
  const row = await documentInScope(db, RETURNS, actor.tenantId, scope, id);
  const [record, lines] = await Promise.all([
    returnRecords(db, actor.tenantId).where('return_orders.id', '=', id).executeTakeFirstOrThrow(),
    db.selectFrom('return_order_lines').selectAll().where('return_id', '=', id).orderBy('id').execute(),
  ]);
  return {
    ...returnRecord(record),
    remark: row.remark,
    rejectReason: row.reject_reason,
    warehouseId: row.warehouse_id,
    lines: lines.map((line) => ({
      id: line.id,
      orderLineId: line.order_line_id,
      skuId: line.sku_id,
      skuName: line.sku_snapshot.name,
      baseQty: line.base_qty,
      qtyText: qtyText(line.base_qty, line.sku_snapshot),
      batchNo: line.batch_no,
      unitPrice: line.unit_price,
      amount: line.amount,
      condition: line.condition,
    })),
  };
}

export async function addReturn(db: Kysely<DB>, actor: Actor, input: ReturnAddInput) {
  return db.transaction().execute(async (trx) => {
    const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
    const order = await orderInScope(trx, actor.tenantId, scope, input.orderId);
    requireAction('return', order.status, '退货');
    const taken = await takeBack(trx, order, input.lines);
    const id = newId();
    const returnNo = await nextDocumentNo(trx, actor.tenantId, 'RT');
    const goodsTotal = taken.reduce((sum, each) => sum + each.amount, 0);
    // What the buyer paid from the rebate and coin accounts goes back there (at 入库), the rest is the refund.
    const back = await deductionsBack(trx, order, taken);
    const total = goodsTotal - back.rebateCents - back.coinCents;
    await trx
      .insertInto('return_orders')
      .values({
        id,
        tenant_id: actor.tenantId,
        return_no: returnNo,
        original_order_id: order.id,
        customer_id: order.buyer_id,
        org_code: order.org_code,
        reason: input.reason,
        refund_method: input.refundMethod,
        amount: centsText(total),
        rebate_back_amount: centsText(back.rebateCents),
        coin_back_coins: back.coins,
        remark: input.remark ?? null,
        created_by: actor.userId,
        updated_by: actor.userId,
      })
      .execute();
    const values = [];
    for (const { line, baseQty, amount } of taken) {
      const batch = await shippedBatch(trx, line.id);
      values.push({
        id: newId(),
        tenant_id: actor.tenantId,
        return_id: id,
        order_line_id: line.id,
        sku_id: line.sku_id,
        sku_snapshot: JSON.stringify(line.sku_snapshot),
        base_qty: baseQty,
        batch_no: batch.batchNo,
        production_date: batch.productionDate,
        unit_price: (amount / 100 / baseQty).toFixed(4),
        amount: centsText(amount),
      });
    }
    await trx.insertInto('return_order_lines').values(values).execute();
    await writeOrderLog(trx, actor.tenantId, actor, {
      orderId: order.id,
      action: 'RETURN',
      comment: `新建退单 ${returnNo}：${taken.map(({ line, baseQty }) => `${line.sku_snapshot.name} ${qtyText(baseQty, line.sku_snapshot)}`).join('、')}，退款 ${centsText(total)}${back.rebateCents > 0 ? `，退回返利 ${centsText(back.rebateCents)}` : ''}${back.coins > 0 ? `，退回 ${back.coins} 金币` : ''}`,
    });
    await logOperation(trx, actor, 'add', `新增退单 ${returnNo}（订单 ${order.order_no}）`);
    const notices = await submitReturnApproval(trx, actor.userId, {
      id,
      tenantId: actor.tenantId,
      returnNo,
      orderNo: order.order_no,
      orgCode: order.org_code,
      customerId: order.buyer_id,
      reason: input.reason,
      refundMethod: input.refundMethod,
      amountCents: total,
      rebateBackCents: back.rebateCents,
      coinBackCoins: back.coins,
      goods: taken
        .map(({ line, baseQty }) => `${line.sku_snapshot.name} ${qtyText(baseQty, line.sku_snapshot)}`)
        .join('、'),
    });
    return { id, returnNo, notices };
  });
}

/** 审核 of a return: through its RETURN approval when one runs (the caller's own task), else directly. */
export const auditReturn = (db: Kysely<DB>, actor: Actor, input: ReturnAuditInput) =>
  auditDocument(
    db,
    actor,
    input,
    RETURNS,
    { approved_by: actor.userId, approved_at: new Date() },
    (trx, current) => decideReturnApproval(trx, actor, input, current),
  );

/** 撤销 of a return: its approval withdrawn by the initiator when one runs, else directly. */
export const cancelReturn = (db: Kysely<DB>, actor: Actor, id: string) =>
  cancelDocument(db, actor, id, RETURNS, (trx) => withdrawReturnApproval(trx, actor, id));

/** 退货入库: the goods back into the warehouse (RETURN_IN); damaged ones written off (DAMAGE) right away. */
export async function receiveReturn(db: Kysely<DB>, actor: Actor, input: ReturnReceiveInput) {
  return db.transaction().execute(async (trx) => {
    const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
    const row = await documentInScope(trx, RETURNS, actor.tenantId, scope, input.id);
    const warehouse = await activeWarehouse(trx, actor.tenantId, input.warehouseId);
    await moveDocument(trx, actor, RETURNS, row, 'RECEIVED', {
      warehouse_id: warehouse.id,
      received_by: actor.userId,
      received_at: new Date(),
    });
    const lines = await trx
      .selectFrom('return_order_lines')
      .select([
        'id',
        'order_line_id',
        'sku_id',
        'base_qty',
        'batch_no',
        isoDate('production_date').as('production_date'),
      ])
      .where('return_id', '=', row.id)
      .execute();
    if (input.lines?.some((each) => !lines.some((line) => line.id === each.lineId))) {
      throw new BusinessError(400, '入库明细不属于该退单');
    }
    const movementNo = await nextDocumentNo(trx, actor.tenantId, 'SM');
    await lockLotsOfSkus(
      trx,
      actor.tenantId,
      [warehouse.id],
      lines.map((line) => line.sku_id),
    );
    const document = { movementNo, sourceDocType: 'RETURN', sourceDocNo: row.return_no };
    for (const line of lines) {
      const condition = input.lines?.find((each) => each.lineId === line.id)?.condition ?? 'GOOD';
      const lot = await postInbound(
        trx,
        actor,
        {
          warehouseId: warehouse.id,
          skuId: line.sku_id,
          batchNo: line.batch_no!,
          productionDate: line.production_date!,
          baseQty: line.base_qty,
        },
        document,
      );
      if (condition === 'DAMAGED') {
        await postOutbound(
          trx,
          actor,
          {
            warehouseId: warehouse.id,
            skuId: line.sku_id,
            type: 'DAMAGE',
            picks: [{ lotId: lot.lotId, baseQty: line.base_qty }],
          },
          { ...document, remark: '退货破损报损' },
        );
      }
      await trx.updateTable('return_order_lines').set({ condition }).where('id', '=', line.id).execute();
      if (line.order_line_id) {
        await trx
          .updateTable('sales_order_lines')
          .set({ returned_base_qty: sql`returned_base_qty + ${line.base_qty}` })
          .where('id', '=', line.order_line_id)
          .execute();
      }
    }
    if (row.original_order_id) {
      // The order no longer owes the returned goods: one paid in part may now be paid, whatever the refund.
      await trx
        .updateTable('sales_orders')
        .set({
          returned_amount: sql`returned_amount + ${row.amount}::numeric`,
          payment_status: sql`case when payment_status = 'PARTIAL' and paid_amount >= ${ORDER_DUE} - ${row.amount}::numeric
            then 'PAID' else payment_status end`,
          updated_at: new Date(),
        })
        .where('id', '=', row.original_order_id)
        .execute();
      // A signed order the return leaves paid in full is done (已签收且已付清).
      await completeIfSettled(trx, actor.tenantId, row.original_order_id);
      const order = await fundOrderOf(trx, row.original_order_id);
      const event = `退单 ${row.return_no} 入库`;
      const back = await giveBackDeductions(trx, actor, RETURNS, row, event, order);
      const creditCents = await creditBack(trx, order, lines, event, actor.userId);
      await writeOrderLog(trx, actor.tenantId, actor, {
        orderId: row.original_order_id,
        action: 'RETURN',
        comment: `退单 ${row.return_no} 已入库（${warehouse.name}）${givenBackText({ ...back, creditCents })}`,
      });
      // 原路退回 of what the order paid online: its refund goes back through WeChat Pay (sent after commit),
      // never more than is left of the online payments. What was paid otherwise (货到付款, 账期, 预付款) is
      // settled as before. Once per return: it reaches RECEIVED once.
      const refunds =
        row.refund_method === 'ORIGINAL' && toCents(row.amount) > 0
          ? await queueRefund(trx, {
              tenantId: actor.tenantId,
              bizType: 'ORDER',
              bizId: row.original_order_id,
              amount: row.amount,
              cause: 'RETURN',
              reason: `退单 ${row.return_no} 退货退款`,
              returnOrderId: row.id,
              onlineOnly: true,
              userId: actor.userId,
            })
          : [];
      await writeRefundLogs(trx, actor, row.original_order_id, refunds, `退单 ${row.return_no} `);
    }
    await logOperation(trx, actor, 'update', `退单入库 ${row.return_no}：${warehouse.name}`);
    return { status: 'RECEIVED' as const };
  });
}

// ---- Exchanges ----

const exchangeSpec: ListSpec = {
  filters: {
    orderId: { column: 'exchange_orders.original_order_id', kind: 'text' },
    exchangeNo: { column: 'exchange_orders.exchange_no', kind: 'text' },
    status: { column: 'exchange_orders.status', kind: 'enum', values: codesOf(EXCHANGE_STATUS) },
    createTime: { column: 'exchange_orders.created_at', kind: 'datetime' },
  },
  sorts: { createTime: 'exchange_orders.created_at' },
  defaultSort: [
    ['exchange_orders.created_at', 'desc'],
    ['exchange_orders.id', 'desc'],
  ],
};

const EXCHANGES: DocumentKind<'exchange_orders', ExchangeStatus> = {
  table: 'exchange_orders',
  label: '换货单',
  spec: exchangeSpec,
  machine: { transitions: EXCHANGE_TRANSITIONS, labels: EXCHANGE_STATUS },
  numberOf: (row) => row.exchange_no,
};

export const listExchanges = (db: Kysely<DB>, actor: Caller, raw: RawQuery) =>
  listDocuments(db, actor, raw, EXCHANGES, exchangeDocuments(db, actor.tenantId), async (page) =>
    (await withExchangeColumns(page).execute()).map(exchangeRecord),
  );

export async function exchangeById(db: Kysely<DB>, actor: Caller, id: string): Promise<SwapDetail> {
  const scope = await dataScopeOf(db, actor.tenantId, actor.userId);
  const row = await documentInScope(db, EXCHANGES, actor.tenantId, scope, id);
  const [record, lines] = await Promise.all([
    exchangeRecords(db, actor.tenantId).where('exchange_orders.id', '=', id).executeTakeFirstOrThrow(),
    db.selectFrom('exchange_order_lines').selectAll().where('exchange_id', '=', id).orderBy('id').execute(),
  ]);
  const shown = lines.map((line) => ({
    id: line.id,
    kind: line.kind,
    skuId: line.sku_id,
    skuName: line.sku_snapshot.name,
    baseQty: line.base_qty,
    qtyText: qtyText(line.base_qty, line.sku_snapshot),
    unitPrice: line.unit_price,
    amount: line.amount,
  }));
  return {
    ...exchangeRecord(record),
    remark: row.remark,
    rejectReason: row.reject_reason,
    warehouseId: row.warehouse_id,
    returnLines: shown.filter((line) => line.kind === 'RETURN'),
    issueLines: shown.filter((line) => line.kind === 'ISSUE'),
  };
}

export async function addExchange(db: Kysely<DB>, actor: Actor, input: SwapAddInput) {
  if (input.issueLines.length === 0) throw new BusinessError(400, '请选择换出的商品');
  return db.transaction().execute(async (trx) => {
    const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
    const order = await orderInScope(trx, actor.tenantId, scope, input.orderId);
    requireAction('return', order.status, '换货');
    const taken = await takeBack(trx, order, input.returnLines);
    const id = newId();
    const issued: Array<{ sku: Selectable<SkusTable>; baseQty: number; amount: number; unitPrice: string }> =
      [];
    for (const [index, line] of input.issueLines.entries()) {
      const sku = await trx
        .selectFrom('skus')
        .selectAll()
        .where('id', '=', line.skuId)
        .where('tenant_id', '=', actor.tenantId)
        .executeTakeFirst();
      if (!sku) throw new BusinessError(404, `换出第 ${index + 1} 行：商品不存在`);
      if (line.baseQty <= 0)
        throw new BusinessError(400, `换出第 ${index + 1} 行：${sku.name} 数量必须大于 0`);
      const price = await resolvePrice(trx, actor.tenantId, {
        customerId: order.buyer_id,
        skuId: sku.id,
        qty: line.baseQty,
        priceType: priceTypeOf(order.order_type),
      });
      if (!price) throw new BusinessError(409, `换出第 ${index + 1} 行：${sku.name} 没有适用于该客户的价格`);
      const amount = Math.round(Number(price.basePrice) * 100 * line.baseQty);
      issued.push({ sku, baseQty: line.baseQty, amount, unitPrice: price.basePrice });
    }
    const takenCents = taken.reduce((sum, each) => sum + each.amount, 0);
    const diff = issued.reduce((sum, each) => sum + each.amount, 0) - takenCents;
    // Like for like (or dearer, the buyer paying the difference) the deductions stay spent on the new goods; for
    // cheaper goods the value not replaced gives back its share of them, as a return of that value would.
    const back =
      diff < 0
        ? await deductionsBack(trx, order, taken, { part: -diff, whole: takenCents })
        : { rebateCents: 0, coins: 0, coinCents: 0 };
    const exchangeNo = await nextDocumentNo(trx, actor.tenantId, 'HH');
    await trx
      .insertInto('exchange_orders')
      .values({
        id,
        tenant_id: actor.tenantId,
        exchange_no: exchangeNo,
        original_order_id: order.id,
        customer_id: order.buyer_id,
        org_code: order.org_code,
        reason: input.reason,
        price_diff_amount: centsText(diff),
        rebate_back_amount: centsText(back.rebateCents),
        coin_back_coins: back.coins,
        remark: input.remark ?? null,
        created_by: actor.userId,
        updated_by: actor.userId,
      })
      .execute();
    await trx
      .insertInto('exchange_order_lines')
      .values([
        ...taken.map(({ line, baseQty, amount }) => ({
          id: newId(),
          tenant_id: actor.tenantId,
          exchange_id: id,
          kind: 'RETURN' as const,
          order_line_id: line.id,
          sku_id: line.sku_id,
          sku_snapshot: JSON.stringify(line.sku_snapshot),
          base_qty: baseQty,
          unit_price: (amount / 100 / baseQty).toFixed(4),
          amount: centsText(amount),
        })),
        ...issued.map((each) => ({
          id: newId(),
          tenant_id: actor.tenantId,
          exchange_id: id,
          kind: 'ISSUE' as const,
          order_line_id: null,
          sku_id: each.sku.id,
          sku_snapshot: JSON.stringify(skuSnapshotOf(each.sku)),
          base_qty: each.baseQty,
          unit_price: each.unitPrice,
          amount: centsText(each.amount),
        })),
      ])
      .execute();
    await writeOrderLog(trx, actor.tenantId, actor, {
      orderId: order.id,
      action: 'EXCHANGE',
      comment: `新建换货单 ${exchangeNo}，差价 ${centsText(diff)}${back.rebateCents > 0 ? `，退回返利 ${centsText(back.rebateCents)}` : ''}${back.coins > 0 ? `，退回 ${back.coins} 金币` : ''}`,
    });
    await logOperation(trx, actor, 'add', `新增换货单 ${exchangeNo}（订单 ${order.order_no}）`);
    return { id, exchangeNo };
  });
}

export const auditExchange = (db: Kysely<DB>, actor: Actor, input: ReturnAuditInput) =>
  auditDocument(db, actor, input, EXCHANGES, {});

/**
 * 执行换货: the old goods back in (RETURN_IN into their shipped batch), the new ones out FEFO (EXCHANGE_OUT), and
 * for cheaper goods the share of the deductions fixed at 新建 back to the buyer's accounts.
 */
export async function executeExchange(db: Kysely<DB>, actor: Actor, input: SwapExecuteInput) {
  return db.transaction().execute(async (trx) => {
    const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
    const row = await documentInScope(trx, EXCHANGES, actor.tenantId, scope, input.id);
    const warehouse = await activeWarehouse(trx, actor.tenantId, input.warehouseId);
    await moveDocument(trx, actor, EXCHANGES, row, 'COMPLETED', {
      warehouse_id: warehouse.id,
    });
    const lines = await trx
      .selectFrom('exchange_order_lines')
      .selectAll()
      .where('exchange_id', '=', row.id)
      .execute();
    const movementNo = await nextDocumentNo(trx, actor.tenantId, 'SM');
    await lockLotsOfSkus(
      trx,
      actor.tenantId,
      [warehouse.id],
      lines.map((line) => line.sku_id),
    );
    const document = { movementNo, sourceDocType: 'EXCHANGE', sourceDocNo: row.exchange_no };
    for (const line of lines.filter((each) => each.kind === 'RETURN')) {
      const batch = await shippedBatch(trx, line.order_line_id!);
      await postInbound(
        trx,
        actor,
        { warehouseId: warehouse.id, skuId: line.sku_id, ...batch, baseQty: line.base_qty },
        document,
      );
      await trx
        .updateTable('sales_order_lines')
        .set({ returned_base_qty: sql`returned_base_qty + ${line.base_qty}` })
        .where('id', '=', line.order_line_id!)
        .execute();
    }
    for (const line of lines.filter((each) => each.kind === 'ISSUE')) {
      await postOutbound(
        trx,
        actor,
        { warehouseId: warehouse.id, skuId: line.sku_id, type: 'EXCHANGE_OUT', baseQty: line.base_qty },
        document,
      );
    }
    const back = await giveBackDeductions(
      trx,
      actor,
      EXCHANGES,
      row,
      `换货单 ${row.exchange_no} 执行`,
      await fundOrderOf(trx, row.original_order_id),
    );
    await writeOrderLog(trx, actor.tenantId, actor, {
      orderId: row.original_order_id,
      action: 'EXCHANGE',
      comment: `换货单 ${row.exchange_no} 已执行（${warehouse.name}）${givenBackText(back)}`,
    });
    await logOperation(trx, actor, 'update', `执行换货 ${row.exchange_no}：${warehouse.name}`);
    return { status: 'COMPLETED' as const };
  });
}

export const cancelExchange = (db: Kysely<DB>, actor: Actor, id: string) =>
  cancelDocument(db, actor, id, EXCHANGES);
