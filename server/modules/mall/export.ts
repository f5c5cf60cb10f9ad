// 导出 of 内购员工名单, 员工价目表, 自提点, 内购订单 and 自提核销's records: what the lists' filters select, with the
// lists' columns.
import { defineListExport, type ListRecord } from '../shared/excel';
import { listEmployeeBuyers, listEmployeePrices, listPickupPoints } from './employeeAdmin';
import { listEmployeeOrders, listPickups } from './employeeOrders';

export const EMPLOYEE_BUYER_EXPORT = defineListExport<ListRecord<typeof listEmployeeBuyers>>(
  'employeeBuyers',
  '内购员工名单',
  [
    { header: '工号', width: 14, value: (row) => row.employeeNo },
    { header: '姓名', value: (row) => row.name },
    { header: '手机号', width: 14, value: (row) => row.mobile },
    { header: '所属公司', width: 24, value: (row) => row.companyName },
    { header: '每月额度', value: (row) => Number(row.monthlyQuotaAmount) },
    { header: '本月已用', value: (row) => Number(row.usedAmount) },
    { header: '每月箱数', value: (row) => row.monthlyQuotaCases ?? '不限' },
    { header: '本月已用箱数', value: (row) => row.usedCases },
    { header: '状态', value: (row) => row.status_dictText },
    { header: '验证时间', width: 20, value: (row) => row.verifiedAt ?? '未验证' },
  ],
  listEmployeeBuyers,
);

export const EMPLOYEE_ORDER_EXPORT = defineListExport<ListRecord<typeof listEmployeeOrders>>(
  'employeeOrders',
  '内购订单',
  [
    { header: '订单号', width: 20, value: (row) => row.orderNo },
    { header: '员工', value: (row) => row.employeeName },
    { header: '工号', width: 14, value: (row) => row.employeeNo },
    { header: '自提点', width: 24, value: (row) => row.pickupPointName },
    { header: '箱数', value: (row) => row.totalCases },
    { header: '金额', value: (row) => Number(row.payableAmount) },
    { header: '支付方式', value: (row) => row.paymentMethod_dictText },
    {
      header: '状态',
      width: 16,
      value: (row) =>
        row.refundFailure ? `${row.status_dictText}（${row.refundFailure}）` : row.status_dictText,
    },
    { header: '下单时间', width: 20, value: (row) => row.orderedAt },
    { header: '支付时间', width: 20, value: (row) => row.paidAt },
    { header: '自提时间', width: 20, value: (row) => row.pickedUpAt },
  ],
  listEmployeeOrders,
);

export const EMPLOYEE_PRICE_EXPORT = defineListExport<ListRecord<typeof listEmployeePrices>>(
  'employeePrices',
  '员工价目表',
  [
    { header: '商品编码', width: 16, value: (row) => row.skuCode },
    { header: '商品', width: 24, value: (row) => row.skuName },
    { header: '规格', value: (row) => row.spec },
    { header: '员工价', value: (row) => Number(row.price) },
    { header: '单位', value: (row) => (row.unit === 'CASE' ? row.saleUnit : '件') },
    { header: '价目表', width: 20, value: (row) => row.priceListName },
    { header: '每月限购（箱）', value: (row) => row.perMonthLimitQty ?? '不限' },
  ],
  listEmployeePrices,
);

export const PICKUP_POINT_EXPORT = defineListExport<ListRecord<typeof listPickupPoints>>(
  'pickupPoints',
  '自提点',
  [
    { header: '名称', width: 20, value: (row) => row.name },
    { header: '地址', width: 36, value: (row) => row.address },
    { header: '开放时间', width: 20, value: (row) => row.openHours },
    { header: '联系人', width: 24, value: (row) => row.contact },
    { header: '状态', value: (row) => row.status_dictText },
  ],
  listPickupPoints,
);

export const EMPLOYEE_PICKUP_EXPORT = defineListExport<ListRecord<typeof listPickups>>(
  'employeePickups',
  '自提核销记录',
  [
    { header: '订单号', width: 20, value: (row) => row.orderNo },
    { header: '员工', value: (row) => row.employeeName },
    { header: '工号', width: 14, value: (row) => row.employeeNo },
    { header: '手机号', width: 14, value: (row) => row.employeeMobile },
    { header: '自提点', width: 24, value: (row) => row.pickupPointName },
    { header: '箱数', value: (row) => row.totalCases },
    { header: '金额', value: (row) => Number(row.payableAmount) },
    { header: '状态', value: (row) => row.status_dictText },
    { header: '下单时间', width: 20, value: (row) => row.orderedAt },
    { header: '提货时间', width: 20, value: (row) => row.pickedUpAt },
    { header: '核销人', value: (row) => row.pickedUpByName },
  ],
  listPickups,
);
