// 导出 of the 陈列协议, 陈列检核 and 陈列方案 lists: what their filters select, with the lists' columns (下载中心
// when large).
import { defineListExport, type ExportColumn, type ListRecord } from '../shared/excel';
import { listInspections } from './inspections';
import { listPolicies, type PolicyRecord } from './policies';
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

export const INSPECTION_EXPORT = defineListExport<ListRecord<typeof listInspections>>(
  'displayInspections',
  '陈列检核',
  [
    { header: '检核编号', width: 18, value: (row) => row.inspectionNo },
    { header: '检核时间', width: 20, value: (row) => row.inspectedAt },
    { header: '门店', width: 24, value: (row) => row.customerName },
    { header: '协议编号', width: 18, value: (row) => row.agreementNo },
    { header: '陈列形式', value: (row) => row.displayType_dictText },
    { header: '所属期', value: (row) => row.period },
    { header: '检核人', value: (row) => row.inspectorName },
    { header: '排面/标准', value: (row) => `${row.facingsCounted ?? '—'} / ${row.minFacings}` },
    { header: '距门店(米)', value: (row) => row.distanceM },
    { header: '结果', value: (row) => row.result_dictText },
    { header: '原结果', value: (row) => row.originalResult_dictText },
    { header: '扣减', value: (row) => `${Math.round(row.deductionRatio * 100)}%` },
    { header: '复核', value: (row) => row.reviewStatus_dictText },
  ],
  listInspections,
);

export const POLICY_EXPORT = defineListExport<PolicyRecord>(
  'displayPolicies',
  '陈列方案',
  [
    { header: '方案编号', width: 18, value: (row) => row.policyNo },
    { header: '方案名称', width: 24, value: (row) => row.name },
    { header: '费用类别', value: (row) => row.costType_dictText },
    { header: '开始日期', width: 12, value: (row) => row.startDate },
    { header: '结束日期', width: 12, value: (row) => row.endDate },
    { header: '陈列形式', width: 24, value: (row) => row.displayTypes_dictText },
    { header: '总预算', value: (row) => Number(row.totalBudget) },
    { header: '已签金额', value: (row) => Number(row.signedAmount) },
    { header: '预算消耗(%)', value: (row) => row.budgetUsedPercent },
    { header: '已签门店', value: (row) => row.signedOutlets },
    { header: '门店上限', value: (row) => row.maxOutlets },
    { header: '单店上限', value: (row) => Number(row.perOutletCap) },
    { header: '兑付方式', width: 20, value: (row) => row.paymentModes_dictText },
    { header: '状态', value: (row) => row.status_dictText },
  ],
  listPolicies,
);
