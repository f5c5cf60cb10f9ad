// Reading orders: the list (paged, filtered, sorted on whitelisted fields, inside the caller's data scope),
// the counts of the status tabs, the detail drawer, and the printable delivery note / execution sheet
// (printing counts: print_count and exe_print_count, and a PRINT row in the order's log).
import { sql, type Kysely, type SqlBool } from 'kysely';
import { CUSTOMER_TYPE, codesOf } from '../../../common/businessEnums';
import { formatQuantity } from '../../../common/quantity';
import {
  ORDER_COUNT_CAP,
  ORDER_ERP_SYNC_STATUS,
  ORDER_LOG_ACTION,
  ORDER_STATUS,
  ORDER_TYPE,
  PAYMENT_CHANNEL,
  PAYMENT_METHOD,
  PAYMENT_STATUS,
  REFUND_METHOD,
  RETURN_REASON,
  RETURN_STATUS,
  EXCHANGE_REASON,
  EXCHANGE_STATUS,
  SHIPMENT_STATUS,
  SIGN_DIFF_REASON,
  SIGN_TYPE,
  SOURCE_CHANNEL,
  orderActionAllowed,
  type OrderAction,
  type OrderDetail,
  type OrderListRecord,
  type OrderPrintData,
  type OrderStatus,
  type OrderStatusCounts,
  type SkuSnapshot,
} from '../../../common/orders';
import { shanghaiDateTime, isoDate } from '../../db/dates';
import { cachedAnswer, cachedRows, type TableName } from '../../db/readCache';
import type { CustomerType, DB } from '../../db/schema';
import { InvalidRequestError } from '../../http/envelope';
import { NOT_SALES, orderDealer } from '../kpi/indicators';
import {
  answerKeyOf,
  containsPattern,
  pageOf,
  parseListQuery,
  type ListQuery,
  type ListSpec,
  type RawQuery,
} from '../../http/listQuery';
import type { Actor, Caller } from '../shared/actor';
import { notFound } from '../shared/commands';
import { dataScopeOf, type DataScope } from '../shared/dataScope';
import { orderCredit } from '../funds/ledger';
import { usageCreditCents } from '../promotions/pricing';
import { centsText, toCents } from './money';
import { orderScope, requireAction, writeOrderLog } from './state';

const qtyText = (baseQty: number, sku: SkuSnapshot) =>
  formatQuantity(baseQty, { unitsPerCase: sku.unitsPerCase, caseUnit: sku.saleUnit, baseUnit: sku.baseUnit });

export const orderListSpec: ListSpec = {
  filters: {
    orderNo: { column: 'sales_orders.order_no', kind: 'text' },
    customerId: { column: 'sales_orders.buyer_id', kind: 'text' },
    customerName: { column: 'buyer.name', kind: 'text' },
    dealerId: { column: 'sales_orders.seller_id', kind: 'text' },
    salesRepId: { column: 'sales_orders.sales_rep_id', kind: 'text' },
    orderedAt: { column: 'sales_orders.ordered_at', kind: 'datetime' },
    status: { column: 'sales_orders.status', kind: 'enum', values: codesOf(ORDER_STATUS) },
    orderType: { column: 'sales_orders.order_type', kind: 'enum', values: codesOf(ORDER_TYPE) },
    paymentStatus: { column: 'sales_orders.payment_status', kind: 'enum', values: codesOf(PAYMENT_STATUS) },
    paymentMethod: { column: 'sales_orders.payment_method', kind: 'enum', values: codesOf(PAYMENT_METHOD) },
    erpSyncStatus: {
      column: 'sales_orders.erp_sync_status',
      kind: 'enum',
      values: codesOf(ORDER_ERP_SYNC_STATUS),
    },
    sourceChannel: { column: 'sales_orders.source_channel', kind: 'enum', values: codesOf(SOURCE_CHANNEL) },
    orgCode: { column: 'sales_orders.org_code', kind: 'text' },
  },
  sorts: {
    orderedAt: 'sales_orders.ordered_at',
    orderNo: 'sales_orders.order_no',
    payableAmount: 'sales_orders.payable_amount',
    totalBaseQty: 'sales_orders.total_base_qty',
    status: 'sales_orders.status',
    printCount: 'sales_orders.print_count',
  },
  defaultSort: [
    ['sales_orders.ordered_at', 'desc'],
    ['sales_orders.id', 'desc'],
  ],
  // keyword: order number, customer name or code; skuId, brandId, categoryId: orders with a line of the SKU, or
  // of one of the brand's or category's; the drill-through of 销售分析: salesOnly=1 the placed orders it counts,
  // salesDealerId the orders of a dealer as it counts them (sold by it, or bought by it from the brand),
  // customerType the buyer's type.
  extras: ['keyword', 'skuId', 'brandId', 'categoryId', 'salesOnly', 'salesDealerId', 'customerType'],
};

function ordersInScope(db: Kysely<DB>, tenantId: string, scope: DataScope) {
  return db
    .selectFrom('sales_orders')
    .where('sales_orders.tenant_id', '=', tenantId)
    .where(orderScope(scope));
}

/** The orders a caller may see, with the names of buyer, seller and rep that the rows show. */
function orderBase(db: Kysely<DB>, tenantId: string, scope: DataScope) {
  return ordersInScope(db, tenantId, scope)
    .leftJoin('customers as buyer', 'buyer.id', 'sales_orders.buyer_id')
    .leftJoin('customers as seller', 'seller.id', 'sales_orders.seller_id')
    .leftJoin('users as rep', 'rep.id', 'sales_orders.sales_rep_id');
}

type OrderBase = ReturnType<typeof orderBase>;

/**
 * What the order list reads, its counts and its pages: the orders, their buyers and sellers (names, keyword
 * filters), their lines (SKU filter) and reps (names).
 */
export const ORDER_LIST_TABLES: TableName[] = [
  'sales_orders',
  'customers',
  'sales_order_lines',
  'users',
  'skus',
];

/**
 * What the totals count from: the orders alone unless the request filters on the buyer (keyword, customer
 * name). A join, even one the planner then drops, keeps PostgreSQL from counting from the list index alone
 * (an index-only scan), and makes it visit each of up to ORDER_COUNT_CAP rows.
 */
function countBase(db: Kysely<DB>, tenantId: string, scope: DataScope, raw: RawQuery): OrderBase {
  const named = (value: unknown) => typeof value === 'string' && value.trim() !== '';
  if (named(raw.keyword) || named(raw.customerName)) return orderBase(db, tenantId, scope);
  // Typed as the joined base for filtered(): without those two filters it adds no condition on a joined table.
  return ordersInScope(db, tenantId, scope) as unknown as OrderBase;
}

function filtered(base: OrderBase, list: ListQuery) {
  let query = base.where(list.where);
  const keyword = list.extras.keyword?.trim();
  if (keyword) {
    const pattern = containsPattern(keyword);
    query = query.where((eb) =>
      eb.or([
        eb('sales_orders.order_no', 'ilike', pattern),
        eb('buyer.name', 'ilike', pattern),
        eb('buyer.customer_code', '=', keyword),
      ]),
    );
  }
  const { skuId, brandId, categoryId, salesOnly, salesDealerId, customerType } = list.extras;
  const lineOf = (column: 'sales_order_lines.sku_id' | 'skus.brand_id' | 'skus.category_id', id: string) =>
    query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('sales_order_lines')
          .innerJoin('skus', 'skus.id', 'sales_order_lines.sku_id')
          .select('sales_order_lines.id')
          .whereRef('sales_order_lines.order_id', '=', 'sales_orders.id')
          .where(column, '=', id),
      ),
    );
  if (skuId) query = lineOf('sales_order_lines.sku_id', skuId);
  if (brandId) query = lineOf('skus.brand_id', brandId);
  if (categoryId) query = lineOf('skus.category_id', categoryId);
  if (salesOnly !== undefined) {
    if (salesOnly !== '1') throw new InvalidRequestError('参数 salesOnly 只能为 1');
    query = query.where('sales_orders.status', 'not in', NOT_SALES as OrderStatus[]);
  }
  if (salesDealerId) query = query.where(sql<SqlBool>`${orderDealer('sales_orders')} = ${salesDealerId}`);
  if (customerType) {
    if (!Object.hasOwn(CUSTOMER_TYPE, customerType)) {
      throw new InvalidRequestError(`参数 customerType 应为 ${codesOf(CUSTOMER_TYPE).join('、')} 之一`);
    }
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('customers as buyer_type')
          .select('buyer_type.id')
          .whereRef('buyer_type.id', '=', 'sales_orders.buyer_id')
          .where('buyer_type.customer_type', '=', customerType as CustomerType),
      ),
    );
  }
  return query;
}

function selectOrders(query: OrderBase) {
  return query.select([
    'sales_orders.id',
    'sales_orders.order_no as orderNo',
    shanghaiDateTime('sales_orders.ordered_at').as('orderedAt'),
    'sales_orders.order_type as orderType',
    'sales_orders.source_channel as sourceChannel',
    'sales_orders.buyer_id as buyerId',
    sql<string>`coalesce(buyer.name, '')`.as('buyerName'),
    sql<string>`coalesce(buyer.customer_code, '')`.as('buyerCode'),
    sql<string>`coalesce(buyer.customer_type, 'OUTLET')`.as('buyerType'),
    'sales_orders.seller_type as sellerType',
    'sales_orders.seller_id as sellerId',
    'seller.name as sellerName',
    'sales_orders.sales_rep_id as salesRepId',
    'rep.realname as salesRepName',
    'sales_orders.total_base_qty as totalBaseQty',
    'sales_orders.total_cases as totalCases',
    'sales_orders.goods_amount as goodsAmount',
    sql<string>`(sales_orders.promo_discount_amount + sales_orders.rebate_deduct_amount + sales_orders.coin_deduct_amount + sales_orders.coupon_amount)::text`.as(
      'discountTotal',
    ),
    'sales_orders.payable_amount as payableAmount',
    'sales_orders.paid_amount as paidAmount',
    'sales_orders.payment_method as paymentMethod',
    'sales_orders.payment_status as paymentStatus',
    'sales_orders.status',
    'sales_orders.erp_sync_status as erpSyncStatus',
    'sales_orders.print_count as printCount',
    'sales_orders.credit_check_result as creditCheckResult',
  ]);
}

type OrderRowOut = Awaited<ReturnType<ReturnType<typeof selectOrders>['execute']>>[number];

/**
 * The row as the API shows it, written out field by field: V8 gives each copy of a row this wide made by a
 * spread (or widened in place) a hidden class of its own, which cost ~25 KB per cached page and made the
 * garbage collector a sixth of the list's time (bench/README.md); a literal shares one.
 */
const orderRecord = (row: OrderRowOut): OrderListRecord => ({
  id: row.id,
  orderNo: row.orderNo,
  orderedAt: row.orderedAt,
  orderType: row.orderType,
  orderType_dictText: ORDER_TYPE[row.orderType],
  sourceChannel: row.sourceChannel,
  sourceChannel_dictText: SOURCE_CHANNEL[row.sourceChannel],
  buyerId: row.buyerId,
  buyerName: row.buyerName,
  buyerCode: row.buyerCode,
  buyerType: row.buyerType,
  buyerType_dictText: CUSTOMER_TYPE[row.buyerType as keyof typeof CUSTOMER_TYPE] ?? row.buyerType,
  sellerType: row.sellerType,
  sellerId: row.sellerId,
  sellerName: row.sellerName,
  salesRepId: row.salesRepId,
  salesRepName: row.salesRepName,
  totalBaseQty: row.totalBaseQty,
  totalCases: row.totalCases,
  goodsAmount: row.goodsAmount,
  discountTotal: centsText(toCents(row.discountTotal)),
  payableAmount: row.payableAmount,
  paidAmount: row.paidAmount,
  paymentMethod: row.paymentMethod,
  paymentMethod_dictText: PAYMENT_METHOD[row.paymentMethod],
  paymentStatus: row.paymentStatus,
  paymentStatus_dictText: PAYMENT_STATUS[row.paymentStatus],
  status: row.status,
  status_dictText: ORDER_STATUS[row.status],
  erpSyncStatus: row.erpSyncStatus,
  erpSyncStatus_dictText: ORDER_ERP_SYNC_STATUS[row.erpSyncStatus],
  printCount: row.printCount,
  creditCheckResult: row.creditCheckResult,
});

export async function listOrders(db: Kysely<DB>, actor: Caller, raw: RawQuery) {
  const scope = await dataScopeOf(db, actor.tenantId, actor.userId);
  // The page is kept in the read cache under the request itself: paging back and forth, or several operators
  // on the same tab, ask for it again; building its statement costs more than answering it from memory, and a
  // write to the orders (an audit, say) makes it stale at once.
  const key = `orders.list\u0000${actor.tenantId}\u0000${JSON.stringify(scope)}\u0000${answerKeyOf(raw)}`;
  return cachedAnswer(db, key, ORDER_LIST_TABLES, async () => {
    const list = parseListQuery(raw, orderListSpec);
    const query = filtered(orderBase(db, actor.tenantId, scope), list);
    const counting = filtered(countBase(db, actor.tenantId, scope, raw), list);
    // The total rides on each row of the page (an init plan, run once): one round trip instead of two, which
    // is most of what a page costs the server (bench/README.md). Only a page past the end needs it apart.
    const rows = await selectOrders(query.orderBy(list.orderBy).limit(list.pageSize).offset(list.offset))
      .select(cappedCountOf(db, counting).as('total'))
      .execute();
    const total =
      rows.length > 0 ? Number(rows[0].total) : list.offset === 0 ? 0 : await cappedCount(db, counting);
    return Object.freeze(
      pageOf(
        rows.map((row) => Object.freeze(orderRecord(row))),
        total,
        list,
      ),
    );
  });
}

/**
 * How many orders a query finds, up to ORDER_COUNT_CAP + 1. Counted in the list indexes' order, so the planner
 * reads the index alone instead of scanning the table for the first rows that match.
 */
function cappedCountOf(db: Kysely<DB>, query: OrderBase) {
  return db
    .selectFrom(
      query
        .select(sql`1`.as('one'))
        .orderBy(sql`sales_orders.ordered_at desc nulls last, sales_orders.id desc nulls last`)
        .limit(ORDER_COUNT_CAP + 1)
        .as('found'),
    )
    .select(sql<number>`count(*)::integer`.as('total'));
}

/** The capped count alone, kept in the read cache: switching back to a tab asks the same count again. */
async function cappedCount(db: Kysely<DB>, query: OrderBase): Promise<number> {
  const [{ total }] = await cachedRows(db, ORDER_LIST_TABLES, cappedCountOf(db, query));
  return total;
}

/** The counts of the status tabs under the list's other filters. */
export async function orderStatusCounts(
  db: Kysely<DB>,
  actor: Caller,
  raw: RawQuery,
): Promise<OrderStatusCounts> {
  const scope = await dataScopeOf(db, actor.tenantId, actor.userId);
  const {
    status: _status,
    pageNo: _pageNo,
    pageSize: _pageSize,
    column: _column,
    order: _order,
    ...rest
  } = raw;
  const query = filtered(countBase(db, actor.tenantId, scope, rest), parseListQuery(rest, orderListSpec));
  const tabs = [...codesOf(ORDER_STATUS), 'ALL'] as Array<OrderStatus | 'ALL'>;
  // One capped count per tab, each read from the status index.
  const counts = await Promise.all(
    tabs.map((tab) => cappedCount(db, tab === 'ALL' ? query : query.where('sales_orders.status', '=', tab))),
  );
  return Object.fromEntries(tabs.map((tab, index) => [tab, counts[index]])) as OrderStatusCounts;
}

const ACTIONS: OrderAction[] = [
  'audit',
  'deliver',
  'sign',
  'invalid',
  'cancel',
  'resubmit',
  'print',
  'return',
  'pay',
];

export async function orderById(db: Kysely<DB>, actor: Caller, id: string): Promise<OrderDetail> {
  const scope = await dataScopeOf(db, actor.tenantId, actor.userId);
  const base = orderBase(db, actor.tenantId, scope)
    .leftJoin('warehouses', 'warehouses.id', 'sales_orders.warehouse_id')
    .where('sales_orders.id', '=', id);
  const [row, extra] = await Promise.all([
    selectOrders(base).executeTakeFirst(),
    base
      .select([
        'sales_orders.visit_id as visitId',
        isoDate<string | null>('sales_orders.requested_delivery_date').as('requestedDeliveryDate'),
        'sales_orders.warehouse_id as warehouseId',
        'warehouses.name as warehouseName',
        'sales_orders.receiver_snapshot as receiver',
        'sales_orders.goods_amount',
        'sales_orders.promo_discount_amount',
        'sales_orders.rebate_deduct_amount',
        'sales_orders.coin_deduct_amount',
        'sales_orders.coupon_amount',
        'sales_orders.freight_amount',
        'sales_orders.returned_amount',
        'sales_orders.reject_reason as rejectReason',
        'sales_orders.invalid_reason as invalidReason',
        'sales_orders.buyer_remark as buyerRemark',
        'sales_orders.internal_remark as internalRemark',
        'sales_orders.exe_print_count as exePrintCount',
        shanghaiDateTime<string | null>('sales_orders.audited_at').as('auditedAt'),
        shanghaiDateTime<string | null>('sales_orders.shipped_at').as('shippedAt'),
        shanghaiDateTime<string | null>('sales_orders.signed_at').as('signedAt'),
        shanghaiDateTime<string | null>('sales_orders.completed_at').as('completedAt'),
      ])
      .executeTakeFirst(),
  ]);
  if (!row || !extra) throw notFound('订单');
  const [lines, shipments, shipmentLines, signs, returns, exchanges, payments, logs, claims, promotions] =
    await Promise.all([
      db.selectFrom('sales_order_lines').selectAll().where('order_id', '=', id).orderBy('line_no').execute(),
      db
        .selectFrom('shipments')
        .innerJoin('warehouses', 'warehouses.id', 'shipments.warehouse_id')
        .leftJoin('users', 'users.id', 'shipments.shipped_by')
        .select([
          'shipments.id',
          'shipments.shipment_no as shipmentNo',
          'shipments.warehouse_id as warehouseId',
          'warehouses.name as warehouseName',
          shanghaiDateTime('shipments.shipped_at').as('shippedAt'),
          'users.realname as shippedByName',
          'shipments.driver_name as driverName',
          'shipments.driver_mobile as driverMobile',
          'shipments.vehicle_no as vehicleNo',
          'shipments.status',
        ])
        .where('shipments.order_id', '=', id)
        .orderBy('shipments.shipped_at')
        .execute(),
      db
        .selectFrom('shipment_lines')
        .innerJoin('shipments', 'shipments.id', 'shipment_lines.shipment_id')
        .select([
          'shipment_lines.shipment_id',
          'shipment_lines.order_line_id as orderLineId',
          'shipment_lines.sku_id as skuId',
          'shipment_lines.lot_id as lotId',
          'shipment_lines.batch_no as batchNo',
          isoDate('shipment_lines.production_date').as('productionDate'),
          'shipment_lines.base_qty as baseQty',
        ])
        .where('shipments.order_id', '=', id)
        .execute(),
      db
        .selectFrom('sign_records')
        .leftJoin('users', 'users.id', 'sign_records.signed_by')
        .select([
          'sign_records.id',
          'sign_records.sign_type as signType',
          shanghaiDateTime('sign_records.signed_at').as('signedAt'),
          'users.realname as signedByName',
          'sign_records.diff_reason as diffReason',
          'sign_records.remark',
          'sign_records.lines',
        ])
        .where('sign_records.order_id', '=', id)
        .orderBy('sign_records.signed_at')
        .execute(),
      returnRecords(db, actor.tenantId).where('return_orders.original_order_id', '=', id).execute(),
      exchangeRecords(db, actor.tenantId).where('exchange_orders.original_order_id', '=', id).execute(),
      paymentRecords(db, actor.tenantId, id),
      db
        .selectFrom('order_operation_logs')
        .leftJoin('users', 'users.id', 'order_operation_logs.operator_id')
        .select([
          'order_operation_logs.id',
          'order_operation_logs.action',
          'order_operation_logs.from_status as fromStatus',
          'order_operation_logs.to_status as toStatus',
          sql<string | null>`coalesce(users.realname, order_operation_logs.operator_name, '系统')`.as(
            'operatorName',
          ),
          'order_operation_logs.comment',
          shanghaiDateTime('order_operation_logs.at').as('at'),
        ])
        .where('order_operation_logs.order_id', '=', id)
        .orderBy('order_operation_logs.at')
        .orderBy('order_operation_logs.id')
        .execute(),
      openClaims(db, id),
      db
        .selectFrom('promotion_usages')
        .innerJoin('promotions', 'promotions.id', 'promotion_usages.promotion_id')
        .select([
          'promotions.id as promotionId',
          'promotions.promo_no as promoNo',
          'promotions.name',
          'promotion_usages.discount_amount as discountAmount',
          'promotion_usages.gift_qty as giftQty',
          'promotion_usages.status',
          'promotion_usages.tier_no',
          'promotion_usages.times',
          'promotion_usages.budget_consumed',
          'promotions.promo_type',
          'promotions.budget_type',
          'promotions.tiers',
        ])
        .where('promotion_usages.order_id', '=', id)
        .orderBy('promotions.promo_no')
        .orderBy('promotion_usages.tier_no')
        .execute(),
    ]);
  const skuOfLine = new Map(lines.map((line) => [line.id, line.sku_snapshot]));
  const status = row.status as OrderStatus;
  return {
    ...orderRecord(row),
    visitId: extra.visitId,
    requestedDeliveryDate: extra.requestedDeliveryDate,
    warehouseId: extra.warehouseId,
    warehouseName: extra.warehouseName,
    receiver: extra.receiver,
    amounts: {
      goodsAmount: extra.goods_amount,
      promoDiscountAmount: extra.promo_discount_amount,
      rebateDeductAmount: extra.rebate_deduct_amount,
      coinDeductAmount: extra.coin_deduct_amount,
      couponAmount: extra.coupon_amount,
      freightAmount: extra.freight_amount,
      payableAmount: row.payableAmount,
      returnedAmount: extra.returned_amount,
      paidAmount: row.paidAmount,
    },
    rejectReason: extra.rejectReason,
    invalidReason: extra.invalidReason,
    buyerRemark: extra.buyerRemark,
    internalRemark: extra.internalRemark,
    exePrintCount: extra.exePrintCount,
    auditedAt: extra.auditedAt,
    shippedAt: extra.shippedAt,
    signedAt: extra.signedAt,
    completedAt: extra.completedAt,
    promotions: promotions.map((use) => ({
      promotionId: use.promotionId,
      promoNo: use.promoNo,
      name: use.name,
      tierNo: use.tier_no,
      discountAmount: use.discountAmount,
      creditAmount: centsText(usageCreditCents(use, use)),
      giftQty: use.giftQty,
      status: use.status,
    })),
    lines: lines.map((line) => ({
      id: line.id,
      lineNo: line.line_no,
      skuId: line.sku_id,
      sku: line.sku_snapshot,
      unit: line.unit,
      baseQty: line.base_qty,
      qtyText: qtyText(line.base_qty, line.sku_snapshot),
      priceListId: line.price_list_id,
      priceListName: line.price_list_name,
      priceUnit: line.price_unit,
      listPrice: line.list_price,
      dealPrice: line.deal_price,
      floorPrice: line.floor_price,
      listAmount: line.list_amount,
      discountAmount: line.discount_amount,
      amount: line.amount,
      isGift: line.is_gift,
      taxRate: line.tax_rate,
      shippedBaseQty: line.shipped_base_qty,
      signedBaseQty: line.signed_base_qty,
      returnedBaseQty: line.returned_base_qty,
      returnableBaseQty: Math.max(0, returnableQty(line, claims)),
    })),
    shipments: shipments.map((shipment) => ({
      ...shipment,
      status_dictText: SHIPMENT_STATUS[shipment.status],
      lines: shipmentLines
        .filter((line) => line.shipment_id === shipment.id)
        .map(({ shipment_id: _shipment, ...line }) => {
          const sku = skuOfLine.get(line.orderLineId)!;
          return { ...line, skuName: sku.name, qtyText: qtyText(line.baseQty, sku) };
        }),
    })),
    signs: signs.map((sign) => ({
      ...sign,
      signType_dictText: SIGN_TYPE[sign.signType],
      diffReason_dictText: sign.diffReason ? SIGN_DIFF_REASON[sign.diffReason] : null,
    })),
    returns: returns.map(returnRecord),
    exchanges: exchanges.map(exchangeRecord),
    payments,
    logs: logs.map((log) => ({ ...log, action_dictText: ORDER_LOG_ACTION[log.action] ?? log.action })),
    actions: ACTIONS.filter((action) => orderActionAllowed(action, status)),
  };
}

// ---- Records shared with returns, exchanges and payments ----

/** Per order line, the quantities open (submitted or approved) returns and exchanges claim back. */
export function openClaims(db: Kysely<DB>, orderId: string) {
  return db
    .selectFrom('return_order_lines')
    .innerJoin('return_orders', 'return_orders.id', 'return_order_lines.return_id')
    .select(['return_order_lines.order_line_id as lineId', 'return_order_lines.base_qty as qty'])
    .where('return_orders.original_order_id', '=', orderId)
    .where('return_orders.status', 'in', ['SUBMITTED', 'APPROVED'])
    .unionAll(
      db
        .selectFrom('exchange_order_lines')
        .innerJoin('exchange_orders', 'exchange_orders.id', 'exchange_order_lines.exchange_id')
        .select(['exchange_order_lines.order_line_id as lineId', 'exchange_order_lines.base_qty as qty'])
        .where('exchange_orders.original_order_id', '=', orderId)
        .where('exchange_orders.status', 'in', ['SUBMITTED', 'APPROVED'])
        .where('exchange_order_lines.kind', '=', 'RETURN'),
    )
    .execute();
}

/** What of a line may still go back: shipped − returned − what open documents claim. */
export function returnableQty(
  line: { id: string; shipped_base_qty: number; returned_base_qty: number },
  claims: Array<{ lineId: string | null; qty: number }>,
) {
  const claimed = claims.filter((each) => each.lineId === line.id).reduce((sum, each) => sum + each.qty, 0);
  return line.shipped_base_qty - line.returned_base_qty - claimed;
}

/** Returns of the tenant with their customer and order, no columns yet (lists count these first). */
export function returnDocuments(db: Kysely<DB>, tenantId: string) {
  return db
    .selectFrom('return_orders')
    .innerJoin('customers', 'customers.id', 'return_orders.customer_id')
    .leftJoin('sales_orders', 'sales_orders.id', 'return_orders.original_order_id')
    .where('return_orders.tenant_id', '=', tenantId);
}

export function withReturnColumns(query: ReturnType<typeof returnDocuments>) {
  return query.select([
    'return_orders.id',
    'return_orders.return_no as returnNo',
    'return_orders.original_order_id as originalOrderId',
    'sales_orders.order_no as originalOrderNo',
    'return_orders.customer_id as customerId',
    'customers.name as customerName',
    'return_orders.reason',
    'return_orders.refund_method as refundMethod',
    'return_orders.amount',
    'return_orders.rebate_back_amount as rebateBackAmount',
    'return_orders.coin_back_coins as coinBackCoins',
    'return_orders.status',
    shanghaiDateTime('return_orders.created_at').as('createdAt'),
  ]);
}

/** Returns with their list columns, newest first. */
export function returnRecords(db: Kysely<DB>, tenantId: string) {
  return withReturnColumns(returnDocuments(db, tenantId))
    .orderBy('return_orders.created_at', 'desc')
    .orderBy('return_orders.id', 'desc');
}

export const returnRecord = <
  T extends {
    reason: keyof typeof RETURN_REASON;
    refundMethod: keyof typeof REFUND_METHOD;
    status: keyof typeof RETURN_STATUS;
  },
>(
  row: T,
) => ({
  ...row,
  reason_dictText: RETURN_REASON[row.reason],
  refundMethod_dictText: REFUND_METHOD[row.refundMethod],
  status_dictText: RETURN_STATUS[row.status],
});

/** Exchanges of the tenant with their customer and order, no columns yet. */
export function exchangeDocuments(db: Kysely<DB>, tenantId: string) {
  return db
    .selectFrom('exchange_orders')
    .innerJoin('customers', 'customers.id', 'exchange_orders.customer_id')
    .innerJoin('sales_orders', 'sales_orders.id', 'exchange_orders.original_order_id')
    .where('exchange_orders.tenant_id', '=', tenantId);
}

export function withExchangeColumns(query: ReturnType<typeof exchangeDocuments>) {
  return query.select([
    'exchange_orders.id',
    'exchange_orders.exchange_no as exchangeNo',
    'exchange_orders.original_order_id as originalOrderId',
    'sales_orders.order_no as originalOrderNo',
    'exchange_orders.customer_id as customerId',
    'customers.name as customerName',
    'exchange_orders.reason',
    'exchange_orders.price_diff_amount as priceDiffAmount',
    'exchange_orders.rebate_back_amount as rebateBackAmount',
    'exchange_orders.coin_back_coins as coinBackCoins',
    'exchange_orders.status',
    shanghaiDateTime('exchange_orders.created_at').as('createdAt'),
  ]);
}

/** Exchanges with their list columns, newest first. */
export function exchangeRecords(db: Kysely<DB>, tenantId: string) {
  return withExchangeColumns(exchangeDocuments(db, tenantId))
    .orderBy('exchange_orders.created_at', 'desc')
    .orderBy('exchange_orders.id', 'desc');
}

export const exchangeRecord = <
  T extends { reason: keyof typeof EXCHANGE_REASON; status: keyof typeof EXCHANGE_STATUS },
>(
  row: T,
) => ({ ...row, reason_dictText: EXCHANGE_REASON[row.reason], status_dictText: EXCHANGE_STATUS[row.status] });

export async function paymentRecords(db: Kysely<DB>, tenantId: string, orderId: string) {
  const rows = await db
    .selectFrom('payments')
    .leftJoin('users', 'users.id', 'payments.created_by')
    .select([
      'payments.id',
      'payments.payment_no as paymentNo',
      'payments.amount',
      'payments.channel',
      shanghaiDateTime('payments.paid_at').as('paidAt'),
      'payments.reference_no as referenceNo',
      'payments.remark',
      'users.realname as createdByName',
    ])
    .where('payments.tenant_id', '=', tenantId)
    .where('payments.order_id', '=', orderId)
    .orderBy('payments.paid_at')
    .orderBy('payments.id')
    .execute();
  return rows.map((row) => ({ ...row, orderId, channel_dictText: PAYMENT_CHANNEL[row.channel] }));
}

// ---- Printing ----

/**
 * The data of a printed delivery note (送货单) or execution sheet (出库执行单, with the lots to pick: those
 * shipped, else those the order holds). Counts the print and logs it in the same transaction.
 */
export async function printOrder(
  db: Kysely<DB>,
  actor: Actor,
  id: string,
  kind: OrderPrintData['kind'],
): Promise<OrderPrintData> {
  return db.transaction().execute(async (trx) => {
    const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
    const detail = await orderById(trx, actor, id);
    requireAction('print', detail.status, '打印');
    const column = kind === 'EXECUTION' ? 'exe_print_count' : 'print_count';
    const counted = await trx
      .updateTable('sales_orders')
      .set({ [column]: sql`${sql.ref(column)} + 1` })
      .where('id', '=', id)
      .where('tenant_id', '=', actor.tenantId)
      .where(orderScope(scope))
      .returning([
        sql<number>`${sql.ref(column)}`.as('printCount'),
        sql<string>`to_char(now() at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`.as('printedAt'),
      ])
      .executeTakeFirstOrThrow();
    const { printCount } = counted;
    const title = kind === 'EXECUTION' ? '出库执行单' : '送货单';
    await writeOrderLog(trx, actor.tenantId, actor, {
      orderId: id,
      action: 'PRINT',
      comment: `打印${title}（第 ${printCount} 次）`,
    });
    const held =
      kind === 'EXECUTION' && detail.shipments.length === 0
        ? await trx
            .selectFrom('sales_order_stock_locks')
            .innerJoin('stock_lots', 'stock_lots.id', 'sales_order_stock_locks.lot_id')
            .select([
              'sales_order_stock_locks.order_line_id as orderLineId',
              'stock_lots.batch_no as batchNo',
              isoDate('stock_lots.production_date').as('productionDate'),
              'sales_order_stock_locks.base_qty as baseQty',
            ])
            .where('sales_order_stock_locks.order_id', '=', id)
            .orderBy('stock_lots.expiry_date')
            .execute()
        : detail.shipments.flatMap((shipment) => shipment.lines);
    const credit = await orderCredit(trx, {
      tenant_id: actor.tenantId,
      id,
      order_no: detail.orderNo,
      buyer_id: detail.buyerId,
    });
    return {
      kind,
      title,
      orderNo: detail.orderNo,
      printCount,
      printedAt: counted.printedAt,
      printedBy: actor.username,
      buyer: { name: detail.buyerName, code: detail.buyerCode },
      seller: detail.sellerName ?? '品牌商直供',
      receiver: detail.receiver,
      warehouse: detail.warehouseName,
      orderedAt: detail.orderedAt,
      paymentMethod_dictText: detail.paymentMethod_dictText,
      lines: detail.lines.map((line) => ({
        lineNo: line.lineNo,
        skuCode: line.sku.skuCode,
        skuName: line.sku.name,
        spec: line.sku.spec,
        qtyText: line.qtyText,
        baseQty: line.baseQty,
        price: line.dealPrice,
        priceUnit: line.priceUnit === 'CASE' ? line.sku.saleUnit : line.sku.baseUnit,
        amount: line.amount,
        isGift: line.isGift,
        batches:
          kind === 'EXECUTION'
            ? held
                .filter((batch) => batch.orderLineId === line.id)
                .map((batch) => ({
                  batchNo: batch.batchNo,
                  productionDate: batch.productionDate,
                  qtyText: qtyText(batch.baseQty, line.sku),
                }))
            : [],
      })),
      amounts: detail.amounts,
      promotions: detail.promotions
        .filter((use) => use.status !== 'RELEASED')
        .map(({ promoNo, name, tierNo, discountAmount, creditAmount, giftQty }) => ({
          promoNo,
          name,
          tierNo,
          discountAmount,
          creditAmount,
          giftQty,
        })),
      rebateCredit: {
        creditedAmount: centsText(credit.accruedCents),
        takenBackAmount: centsText(credit.accruedCents - credit.leftCents),
      },
      remark: detail.buyerRemark,
    };
  });
}
