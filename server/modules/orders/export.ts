// 导出 of the order list: the orders its filters select, with the list's own column names (a two-line
// column of the screen is two columns here, named by its two halves: 应付 / 优惠 → 应付, 优惠).
import type { OrderListRecord } from '../../../common/orders';
import { defineListExport, type ExportColumn } from '../shared/excel';
import { listOrders } from './queries';

export const ORDER_EXPORT_COLUMNS: ExportColumn<OrderListRecord>[] = [
  { header: '订单号', width: 20, value: (row) => row.orderNo },
  { header: '订单类型', value: (row) => row.orderType_dictText },
  { header: '订单状态', value: (row) => row.status_dictText },
  { header: '下单时间', width: 20, value: (row) => row.orderedAt },
  { header: '客户', width: 28, value: (row) => row.buyerName },
  { header: '客户类型', value: (row) => row.buyerType_dictText },
  { header: '经销商', width: 28, value: (row) => row.sellerName ?? '品牌直供' },
  { header: '业务员', value: (row) => row.salesRepName },
  { header: '箱数', value: (row) => Number(row.totalCases) },
  { header: '应付', value: (row) => Number(row.payableAmount) },
  { header: '优惠', value: (row) => Number(row.discountTotal) },
  { header: '支付方式', value: (row) => row.paymentMethod_dictText },
  { header: '支付状态', value: (row) => row.paymentStatus_dictText },
  { header: 'ERP同步', value: (row) => row.erpSyncStatus_dictText },
  { header: '打印次数', value: (row) => row.printCount },
];

export const ORDER_EXPORT = defineListExport('orders', '订单列表', ORDER_EXPORT_COLUMNS, listOrders);
