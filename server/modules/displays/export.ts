// 导出 of the 陈列协议 list: what its filters select, with the list's columns (下载中心 when large).
import { defineListExport, type ExportColumn } from '../shared/excel';
import { listAgreements, type AgreementRecord } from './queries';

export const AGREEMENT_EXPORT_COLUMNS: ExportColumn<AgreementRecord>[] = [
  { header: '协议编号', width: 20, value: (row) => row.agreementNo },
  { header: '门店', width: 24, value: (row) => row.customerName },
  { header: '陈列方案', width: 24, value: (row) => row.policyName },
  { header: '陈列形式', value: (row) => row.displayType_dictText },
  { header: '陈列位置', width: 24, value: (row) => row.locationDesc },
  { header: '开始日期', width: 12, value: (row) => row.startDate },
  { header: '结束日期', width: 12, value: (row) => row.endDate },
  { header: '月费用', value: (row) => Number(row.monthlyFee) },
  { header: '总费用', value: (row) => Number(row.totalFee) },
  { header: '兑付方式', value: (row) => row.feeType_dictText },
  { header: '最近检核', value: (row) => row.lastResult_dictText },
  { header: '已兑付', value: (row) => Number(row.paidAmount) },
  { header: '应兑付', value: (row) => Number(row.payableAmount) },
  { header: '签约业务员', value: (row) => row.employeeName },
  { header: '状态', value: (row) => row.status_dictText },
];

export const AGREEMENT_EXPORT = defineListExport(
  'displayAgreements',
  '陈列协议',
  AGREEMENT_EXPORT_COLUMNS,
  listAgreements,
);
