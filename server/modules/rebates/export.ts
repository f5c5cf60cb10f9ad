// 导出 of 返利政策 and 返利核算: what the lists' filters select (in the caller's data scope), with their columns.
import {
  calcBasisText,
  tiersText,
  type RebateCalcRecord,
  type RebatePolicyRecord,
} from '../../../common/rebates';
import { defineListExport } from '../shared/excel';
import { listCalculations } from './calculation';
import { listPolicies } from './policies';

export const POLICY_EXPORT = defineListExport<RebatePolicyRecord>(
  'rebatePolicies',
  '返利政策',
  [
    { header: '政策编号', width: 18, value: (row) => row.policyNo },
    { header: '政策名称', width: 24, value: (row) => row.name },
    { header: '返利对象', value: (row) => row.targetType_dictText },
    { header: '返利基数', value: (row) => row.basis_dictText },
    { header: '周期', value: (row) => row.periodType_dictText },
    { header: '宽限(天)', value: (row) => row.graceDays },
    { header: '开始日期', width: 12, value: (row) => row.startDate },
    { header: '结束日期', width: 12, value: (row) => row.endDate },
    { header: '档位', width: 36, value: (row) => tiersText(row.tiers) },
    { header: '封顶', value: (row) => (row.capAmount === null ? '不封顶' : row.capAmount) },
    { header: '单笔抵扣', value: (row) => `${Math.round(row.maxDeductRatio * 100)}%` },
    { header: '状态', value: (row) => row.status_dictText },
  ],
  listPolicies,
);

export const CALC_EXPORT = defineListExport<RebateCalcRecord>(
  'rebateCalculations',
  '返利核算',
  [
    { header: '核算单号', width: 18, value: (row) => row.calcNo },
    { header: '客户', width: 24, value: (row) => row.customerName },
    { header: '政策', width: 24, value: (row) => row.policyName },
    { header: '核算期', value: (row) => row.period },
    { header: '净基数', width: 20, value: (row) => calcBasisText(row) },
    { header: '退货', value: (row) => Number(row.returnsAmount) },
    { header: '档位', value: (row) => row.tierLabel ?? '未达档' },
    { header: '返利额', value: (row) => Number(row.rebateAmount) },
    { header: '调整', value: (row) => Number(row.adjustmentAmount) },
    { header: '调整原因', width: 24, value: (row) => row.adjustmentReason },
    { header: '最终金额', value: (row) => Number(row.finalAmount) },
    { header: '状态', value: (row) => row.status_dictText },
  ],
  listCalculations,
);
