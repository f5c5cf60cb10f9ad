// /payment lists: every payment — of a sales order (online ones from the WeChat Pay notify, recorded ones from
// 登记收款) and of an employee order (its paid WeChat Pay transaction, or its 工资代扣) —, and every refund and online transaction (unpaid and closed ones too) of every kind of document
// paid online (单据类型: sales orders, employee orders) — each inside what the caller may see of its document,
// filtered on whitelisted fields, exported through 下载中心 with the screen's columns.
import { sql, type InferResult, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { codesOf } from '../../../common/businessEnums';
import { PAYMENT_CHANNEL, type OrderType, type PaymentChannel } from '../../../common/orders';
import {
  PAY_BIZ_TYPE,
  PAY_TRANSACTION_STATUS,
  PAYMENT_SOURCE,
  REFUND_CAUSE,
  REFUND_ROUTE,
  REFUND_STATUS,
  TRADE_TYPE,
  type PayBizType,
  type PaymentSource,
} from '../../../common/payments';
import { shanghaiDateTime } from '../../db/dates';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { pagedList, parseListQuery, type ListSpec, type RawQuery } from '../../http/listQuery';
import { permissionCodesOf } from '../auth/permissions';
import type { Caller } from '../shared/actor';
import { dataScopeOf, isDealerScope, type DataScope } from '../shared/dataScope';
import { defineListExport, type ExportColumn, type ListRecord } from '../shared/excel';
import { orderScope } from '../orders/state';

const keywordOf = (keyword: string | undefined, columns: string[]) =>
  keyword
    ? sql<boolean>`(${sql.join(
        columns.map(
          (column) => sql`${sql.ref(column)} ilike ${'%' + keyword.replace(/[\\%_]/g, '\\$&') + '%'}`,
        ),
        sql` or `,
      )})`
    : sql<boolean>`true`;

/** What a caller sees of the documents paid online. */
interface DocumentViewer {
  /** Sales orders: the data scope of orders. */
  scope: DataScope;
  /** Employee orders: all of the tenant's to a reader of 内购订单, none to others. */
  employeeOrders: boolean;
}

/** The code that opens 内购订单 (/eEmployee/order/list, mall/adminRoutes.ts). */
const EMPLOYEE_ORDER_READ = 'employee:list';

async function documentViewerOf(db: Kysely<DB>, caller: Caller): Promise<DocumentViewer> {
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  // The employee-price programme is the brand's: never a dealer's user's.
  const employeeOrders =
    !isDealerScope(scope) &&
    (await permissionCodesOf(db, caller.userId, caller.tenantId)).has(EMPLOYEE_ORDER_READ);
  return { scope, employeeOrders };
}

/** Per kind of document, whether the viewer sees a row of it (its sales order joined as `sales_orders`). */
const DOCUMENT_VISIBLE: Record<PayBizType, (viewer: DocumentViewer) => RawBuilder<SqlBool>> = {
  ORDER: (viewer) => orderScope(viewer.scope),
  EMPLOYEE_ORDER: (viewer) => sql<SqlBool>`${sql.lit(viewer.employeeOrders)}`,
};

/** The rows of `table` (refunds or transactions: biz_type, biz_id) whose document the viewer sees. */
function documentInScope(viewer: DocumentViewer, table: 'r' | 't'): RawBuilder<SqlBool> {
  const kinds = codesOf(PAY_BIZ_TYPE).map(
    (kind) => sql`(${sql.ref(`${table}.biz_type`)} = ${kind} and ${DOCUMENT_VISIBLE[kind](viewer)})`,
  );
  return sql<SqlBool>`(${sql.join(kinds, sql` or `)})`;
}

const paymentSpec: ListSpec = {
  filters: {
    bizType: { column: 'p.biz_type', kind: 'enum', values: codesOf(PAY_BIZ_TYPE) },
    source: { column: 'p.source', kind: 'enum', values: codesOf(PAYMENT_SOURCE) },
    channel: { column: 'p.channel', kind: 'enum', values: codesOf(PAYMENT_CHANNEL) },
    paidAt: { column: 'p.paid_at', kind: 'datetime' },
    orderId: { column: 'p.order_id', kind: 'text' },
    paymentNo: { column: 'p.payment_no', kind: 'text' },
  },
  sorts: { paidAt: 'p.paid_at', amount: 'p.amount' },
  defaultSort: [
    ['p.paid_at', 'desc'],
    ['p.id', 'desc'],
  ],
  extras: ['keyword'],
};

/**
 * 收款记录's rows, of every kind of document the viewer sees: a sales order's `payments` (online ones from the
 * notify, recorded ones from 登记收款), an employee order's paid WeChat Pay transactions (its paid transaction
 * is its 收款, numbered by its pay number) and its 工资代扣 `payments` row. `order_id`/`order_no` are the
 * document's.
 */
function paymentRows(db: Kysely<DB>, tenantId: string, viewer: DocumentViewer) {
  const ofOrders = db
    .selectFrom('payments as op')
    .innerJoin('sales_orders', 'sales_orders.id', 'op.order_id')
    .innerJoin('customers as c', 'c.id', 'sales_orders.buyer_id')
    .leftJoin('pay_transactions as ot', 'ot.id', 'op.pay_transaction_id')
    .select([
      'op.id',
      sql<PayBizType>`'ORDER'`.as('biz_type'),
      'op.payment_no',
      'op.order_id',
      'sales_orders.order_no',
      sql<OrderType | null>`sales_orders.order_type`.as('order_type'),
      'c.name as customer_name',
      'op.amount',
      'op.refunded_amount',
      'op.channel',
      'op.source',
      'op.paid_at',
      'op.reference_no',
      'ot.pay_no',
      'ot.transaction_id',
      'op.remark',
      'op.created_by',
    ])
    .where('op.tenant_id', '=', tenantId)
    .where(orderScope(viewer.scope));
  if (!viewer.employeeOrders) return ofOrders;
  type Row = InferResult<typeof ofOrders>[number];
  const ofEmployeeOrders = db
    .selectFrom('pay_transactions as et')
    .innerJoin('employee_orders as eo', 'eo.id', 'et.biz_id')
    .innerJoin('employee_buyers as e', 'e.id', 'eo.employee_buyer_id')
    .select([
      'et.id',
      sql<PayBizType>`'EMPLOYEE_ORDER'`.as('biz_type'),
      'et.pay_no as payment_no',
      'et.biz_id as order_id',
      'et.biz_no as order_no',
      sql<OrderType | null>`null`.as('order_type'),
      'e.name as customer_name',
      'et.amount',
      'et.refunded_amount',
      sql<PaymentChannel>`'WECHAT'`.as('channel'),
      sql<PaymentSource>`'ONLINE'`.as('source'),
      sql<Date>`coalesce(et.success_time, et.updated_at)`.as('paid_at'),
      'et.transaction_id as reference_no',
      'et.pay_no',
      'et.transaction_id',
      sql<string | null>`null`.as('remark'),
      sql<string | null>`null`.as('created_by'),
    ])
    .where('et.tenant_id', '=', tenantId)
    .where('et.biz_type', '=', 'EMPLOYEE_ORDER')
    .where('et.status', '=', 'SUCCESS')
    .$castTo<Row>();
  const ofPayroll = db
    .selectFrom('payments as ep')
    .innerJoin('employee_orders as eo', 'eo.id', 'ep.employee_order_id')
    .innerJoin('employee_buyers as e', 'e.id', 'eo.employee_buyer_id')
    .select([
      'ep.id',
      sql<PayBizType>`'EMPLOYEE_ORDER'`.as('biz_type'),
      'ep.payment_no',
      'ep.employee_order_id as order_id',
      'eo.order_no',
      sql<OrderType | null>`null`.as('order_type'),
      'e.name as customer_name',
      'ep.amount',
      'ep.refunded_amount',
      'ep.channel',
      'ep.source',
      'ep.paid_at',
      'ep.reference_no',
      sql<string | null>`null`.as('pay_no'),
      sql<string | null>`null`.as('transaction_id'),
      'ep.remark',
      'ep.created_by',
    ])
    .where('ep.tenant_id', '=', tenantId)
    .$castTo<Row>();
  return ofOrders.unionAll(ofEmployeeOrders).unionAll(ofPayroll);
}

export async function listPayments(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const list = parseListQuery(query, paymentSpec);
  const viewer = await documentViewerOf(db, caller);
  const base = db
    .selectFrom(paymentRows(db, caller.tenantId, viewer).as('p'))
    .leftJoin('users as u', 'u.id', 'p.created_by')
    .where(
      keywordOf(list.extras.keyword, ['p.payment_no', 'p.order_no', 'p.customer_name', 'p.reference_no']),
    )
    .where(list.where);
  return pagedList(base, list, async (page) =>
    (
      await page
        .select([
          'p.id',
          'p.biz_type as bizType',
          'p.payment_no as paymentNo',
          'p.order_id as orderId',
          'p.order_no as orderNo',
          'p.order_type as orderType',
          'p.customer_name as customerName',
          'p.amount',
          'p.refunded_amount as refundedAmount',
          'p.channel',
          'p.source',
          shanghaiDateTime<string>('p.paid_at').as('paidAt'),
          'p.reference_no as referenceNo',
          'p.pay_no as payNo',
          'p.transaction_id as transactionId',
          'p.remark',
          'u.realname as createdByName',
        ])
        .execute()
    ).map((row) => ({
      ...row,
      bizType_dictText: PAY_BIZ_TYPE[row.bizType],
      channel_dictText: PAYMENT_CHANNEL[row.channel],
      source_dictText: PAYMENT_SOURCE[row.source],
    })),
  );
}
export type PaymentListRecord = Awaited<ReturnType<typeof listPayments>>['records'][number];

const refundSpec: ListSpec = {
  filters: {
    status: { column: 'r.status', kind: 'enum', values: codesOf(REFUND_STATUS) },
    method: { column: 'r.method', kind: 'enum', values: codesOf(REFUND_ROUTE) },
    cause: { column: 'r.cause', kind: 'enum', values: codesOf(REFUND_CAUSE) },
    bizType: { column: 'r.biz_type', kind: 'enum', values: codesOf(PAY_BIZ_TYPE) },
    createdAt: { column: 'r.created_at', kind: 'datetime' },
    orderId: { column: 'r.order_id', kind: 'text' },
  },
  sorts: { createdAt: 'r.created_at', amount: 'r.amount' },
  defaultSort: [
    ['r.created_at', 'desc'],
    ['r.id', 'desc'],
  ],
  extras: ['keyword'],
};

/** Refunds of every kind of document; the buyer is the sales order's customer or the employee. */
export async function listRefunds(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const list = parseListQuery(query, refundSpec);
  const viewer = await documentViewerOf(db, caller);
  const base = db
    .selectFrom('refunds as r')
    .leftJoin('sales_orders', 'sales_orders.id', 'r.order_id')
    .leftJoin('customers as c', 'c.id', 'sales_orders.buyer_id')
    .leftJoin('employee_orders as eo', (join) =>
      join.onRef('eo.id', '=', 'r.biz_id').on('r.biz_type', '=', 'EMPLOYEE_ORDER'),
    )
    .leftJoin('employee_buyers as e', 'e.id', 'eo.employee_buyer_id')
    .leftJoin('payments as p', 'p.id', 'r.payment_id')
    .leftJoin('return_orders as ro', 'ro.id', 'r.return_order_id')
    .leftJoin('users as u', 'u.id', 'r.created_by')
    .where('r.tenant_id', '=', caller.tenantId)
    .where(documentInScope(viewer, 'r'))
    .where(keywordOf(list.extras.keyword, ['r.refund_no', 'r.biz_no', 'c.name', 'e.name', 'r.wx_refund_id']))
    .where(list.where);
  return pagedList(base, list, async (page) =>
    (
      await page
        .select((eb) => [
          'r.id',
          'r.refund_no as refundNo',
          'r.biz_type as bizType',
          'r.biz_id as bizId',
          'r.biz_no as bizNo',
          eb.fn.coalesce('c.name', 'e.name').as('buyerName'),
          'p.payment_no as paymentNo',
          'ro.return_no as returnNo',
          'r.amount',
          'r.method',
          'r.cause',
          'r.channel',
          'r.reason',
          'r.status',
          'r.wx_refund_id as wxRefundId',
          'r.last_error as lastError',
          shanghaiDateTime<string>('r.created_at').as('createdAt'),
          shanghaiDateTime<string | null>('r.success_time').as('successTime'),
          'u.realname as createdByName',
        ])
        .execute()
    ).map((row) => ({
      ...row,
      bizType_dictText: PAY_BIZ_TYPE[row.bizType],
      method_dictText: REFUND_ROUTE[row.method],
      cause_dictText: REFUND_CAUSE[row.cause],
      status_dictText: REFUND_STATUS[row.status],
      channel_dictText: row.channel
        ? ((PAYMENT_CHANNEL as Record<string, string>)[row.channel] ?? row.channel)
        : null,
    })),
  );
}
export type RefundListRecord = Awaited<ReturnType<typeof listRefunds>>['records'][number];

const transactionSpec: ListSpec = {
  filters: {
    status: { column: 't.status', kind: 'enum', values: codesOf(PAY_TRANSACTION_STATUS) },
    bizType: { column: 't.biz_type', kind: 'enum', values: codesOf(PAY_BIZ_TYPE) },
    createdAt: { column: 't.created_at', kind: 'datetime' },
    orderId: { column: 't.order_id', kind: 'text' },
  },
  sorts: { createdAt: 't.created_at', amount: 't.amount' },
  defaultSort: [
    ['t.created_at', 'desc'],
    ['t.id', 'desc'],
  ],
  extras: ['keyword'],
};

const transactionsInScope = (db: Kysely<DB>, caller: Caller, viewer: DocumentViewer) =>
  db
    .selectFrom('pay_transactions as t')
    .leftJoin('sales_orders', 'sales_orders.id', 't.order_id')
    .where('t.tenant_id', '=', caller.tenantId)
    .where(documentInScope(viewer, 't'));

/** 在线支付流水: the online transactions of every kind of document. */
export async function listTransactions(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const list = parseListQuery(query, transactionSpec);
  const base = transactionsInScope(db, caller, await documentViewerOf(db, caller))
    .where(keywordOf(list.extras.keyword, ['t.pay_no', 't.biz_no', 't.transaction_id']))
    .where(list.where);
  return pagedList(base, list, async (page) =>
    (
      await page
        .select([
          't.id',
          't.pay_no as payNo',
          't.biz_type as bizType',
          't.biz_no as bizNo',
          't.order_id as orderId',
          't.amount',
          't.refunded_amount as refundedAmount',
          't.trade_type as tradeType',
          't.status',
          't.transaction_id as transactionId',
          't.mch_id as mchId',
          't.simulated',
          shanghaiDateTime<string>('t.created_at').as('createdAt'),
          shanghaiDateTime<string | null>('t.success_time').as('successTime'),
        ])
        .execute()
    ).map((row) => ({
      ...row,
      bizType_dictText: PAY_BIZ_TYPE[row.bizType],
      tradeType_dictText: TRADE_TYPE[row.tradeType],
      status_dictText: PAY_TRANSACTION_STATUS[row.status],
    })),
  );
}

/** 查询 of a transaction: refused (404) unless its document is one the caller sees. */
export async function assertTransactionInScope(db: Kysely<DB>, caller: Caller, payNo: string) {
  const row = await transactionsInScope(db, caller, await documentViewerOf(db, caller))
    .select('t.id')
    .where('t.pay_no', '=', payNo)
    .executeTakeFirst();
  if (!row) throw new BusinessError(404, '支付单不存在');
}

/** A command on a refund: refused (404) unless its document is one the caller sees. */
export async function assertRefundInScope(db: Kysely<DB>, caller: Caller, refundId: string) {
  const viewer = await documentViewerOf(db, caller);
  const row = await db
    .selectFrom('refunds as r')
    .leftJoin('sales_orders', 'sales_orders.id', 'r.order_id')
    .select('r.id')
    .where('r.tenant_id', '=', caller.tenantId)
    .where('r.id', '=', refundId)
    .where(documentInScope(viewer, 'r'))
    .executeTakeFirst();
  if (!row) throw new BusinessError(404, '退款单不存在');
}

export const PAYMENT_EXPORT_COLUMNS: ExportColumn<PaymentListRecord>[] = [
  { header: '收款单号', width: 22, value: (row) => row.paymentNo },
  { header: '单据类型', value: (row) => row.bizType_dictText },
  { header: '单据号', width: 20, value: (row) => row.orderNo },
  { header: '客户/员工', width: 24, value: (row) => row.customerName },
  { header: '金额', value: (row) => Number(row.amount) },
  { header: '已退金额', value: (row) => Number(row.refundedAmount) },
  { header: '收款方式', value: (row) => row.channel_dictText },
  { header: '来源', value: (row) => row.source_dictText },
  { header: '收款时间', width: 20, value: (row) => row.paidAt },
  { header: '交易流水号', width: 32, value: (row) => row.transactionId ?? row.referenceNo },
  { header: '备注', width: 24, value: (row) => row.remark },
];

export const PAYMENT_LIST_EXPORT = defineListExport(
  'payments',
  '收款明细',
  PAYMENT_EXPORT_COLUMNS,
  listPayments,
);

export const REFUND_EXPORT_COLUMNS: ExportColumn<RefundListRecord>[] = [
  { header: '退款单号', width: 20, value: (row) => row.refundNo },
  { header: '单据类型', value: (row) => row.bizType_dictText },
  { header: '单据号', width: 20, value: (row) => row.bizNo },
  { header: '买方', width: 24, value: (row) => row.buyerName },
  { header: '退款金额', value: (row) => Number(row.amount) },
  { header: '退款方式', value: (row) => row.method_dictText },
  { header: '退款原因', value: (row) => row.cause_dictText },
  { header: '说明', width: 24, value: (row) => row.reason },
  { header: '状态', value: (row) => row.status_dictText },
  { header: '微信退款单号', width: 32, value: (row) => row.wxRefundId },
  { header: '申请时间', width: 20, value: (row) => row.createdAt },
  { header: '退款时间', width: 20, value: (row) => row.successTime },
];

export const REFUND_LIST_EXPORT = defineListExport('refunds', '退款明细', REFUND_EXPORT_COLUMNS, listRefunds);

export const TRANSACTION_LIST_EXPORT = defineListExport<ListRecord<typeof listTransactions>>(
  'payTransactions',
  '在线支付流水',
  [
    { header: '支付单号', width: 22, value: (row) => row.payNo },
    { header: '单据类型', value: (row) => row.bizType_dictText },
    { header: '单据号', width: 20, value: (row) => row.bizNo },
    { header: '金额', value: (row) => Number(row.amount) },
    { header: '已退', value: (row) => Number(row.refundedAmount) },
    { header: '支付方式', value: (row) => `${row.tradeType_dictText}${row.simulated ? '（模拟器）' : ''}` },
    { header: '状态', value: (row) => row.status_dictText },
    { header: '微信支付单号', width: 32, value: (row) => row.transactionId },
    { header: '创建时间', width: 20, value: (row) => row.createdAt },
    { header: '支付时间', width: 20, value: (row) => row.successTime },
  ],
  listTransactions,
);
