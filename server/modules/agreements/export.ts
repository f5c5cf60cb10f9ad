// 导出 of the 合作协议 list: what its filters select (30天内到期 included), with the list's columns.
import type { CoopAgreementRecord } from '../../../common/agreements';
import { defineListExport, type ExportColumn } from '../shared/excel';
import { listCoopAgreements } from './coop';

export const COOP_EXPORT_COLUMNS: ExportColumn<CoopAgreementRecord>[] = [
  { header: '协议编号', width: 18, value: (row) => row.agreementNo },
  { header: '乙方编码', width: 14, value: (row) => row.partyBCode },
  { header: '乙方', width: 28, value: (row) => row.partyBName },
  { header: '合作类型', value: (row) => row.cooperationType_dictText },
  { header: '开始日期', width: 12, value: (row) => row.startDate },
  { header: '结束日期', width: 12, value: (row) => row.endDate },
  { header: '年度目标金额', width: 14, value: (row) => row.annualTargetAmount },
  { header: '已完成金额', width: 14, value: (row) => row.achievedAmount },
  {
    header: '完成率',
    value: (row) => (row.completionRate === null ? null : `${(row.completionRate * 100).toFixed(1)}%`),
  },
  { header: '保证金', value: (row) => row.depositAmount },
  { header: '模板', width: 24, value: (row) => `${row.templateName} v${row.templateVersion}` },
  { header: '状态', value: (row) => row.status_dictText },
  { header: '负责人', value: (row) => row.ownerName },
];

export const COOP_EXPORT = defineListExport(
  'coopAgreements',
  '合作协议',
  COOP_EXPORT_COLUMNS,
  listCoopAgreements,
);
