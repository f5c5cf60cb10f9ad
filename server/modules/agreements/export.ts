// 导出 of the 合作协议 list (30天内到期 included) and of 协议模板: what their filters select, with the lists' columns.
import type { CoopAgreementRecord } from '../../../common/agreements';
import { defineListExport, type ExportColumn, type ListRecord } from '../shared/excel';
import { listCoopAgreements } from './coop';
import { listTemplates } from './templates';

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

export const TEMPLATE_EXPORT = defineListExport<ListRecord<typeof listTemplates>>(
  'agreementTemplates',
  '协议模板',
  [
    { header: '编码', width: 16, value: (row) => row.code },
    { header: '名称', width: 28, value: (row) => row.name },
    { header: '协议类型', value: (row) => row.agreementType_dictText },
    { header: '签署方式', value: (row) => row.signMode_dictText },
    { header: '当前版本', value: (row) => `v${row.currentVersion}` },
    { header: '发布时间', width: 20, value: (row) => row.publishedAt },
    { header: '状态', value: (row) => row.status_dictText },
    { header: '更新时间', width: 20, value: (row) => row.updateTime },
  ],
  listTemplates,
);
