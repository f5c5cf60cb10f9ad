// 导出 of 评分模板, 门店执行审核 and 金币账户: what the lists' filters select, with the lists' columns.
import { defineListExport, type ListRecord } from '../shared/excel';
import { listCoinAccounts } from './coins';
import { listResults } from './results';
import { listTemplates } from './templates';

export const TEMPLATE_EXPORT = defineListExport<ListRecord<typeof listTemplates>>(
  'executionTemplates',
  '评分模板',
  [
    { header: '编码', width: 16, value: (row) => row.code },
    { header: '名称', width: 24, value: (row) => row.name },
    { header: '版本', value: (row) => `V${row.version}` },
    { header: '检查项', value: (row) => row.itemCount },
    { header: '总分', value: (row) => Number(row.totalScore) },
    { header: '及格', value: (row) => Number(row.passScore) },
    { header: '状态', value: (row) => row.status_dictText },
    { header: '更新时间', width: 20, value: (row) => row.updateTime },
  ],
  listTemplates,
);

export const RESULT_EXPORT = defineListExport<ListRecord<typeof listResults>>(
  'executionResults',
  '门店执行审核',
  [
    { header: '执行单号', width: 18, value: (row) => row.resultNo },
    { header: '执行时间', width: 20, value: (row) => row.executedAt },
    { header: '门店', width: 24, value: (row) => row.customerName },
    { header: '门店编码', width: 16, value: (row) => row.customerCode },
    { header: '业务员', value: (row) => row.employeeName },
    { header: '模板', width: 24, value: (row) => `${row.templateName} V${row.templateVersion}` },
    { header: '自动得分', value: (row) => row.autoScore },
    { header: '得分', value: (row) => row.finalScore },
    { header: '达标', value: (row) => (row.passed === null ? null : row.passed ? '是' : '否') },
    { header: '照片', value: (row) => row.photoIds.length },
    { header: '状态', value: (row) => row.reviewStatus_dictText },
    { header: '金币', value: (row) => row.coinsAwarded },
    { header: '审核人', value: (row) => row.reviewerName },
  ],
  listResults,
);

export const COIN_ACCOUNT_EXPORT = defineListExport<ListRecord<typeof listCoinAccounts>>(
  'coinAccounts',
  '金币账户',
  [
    { header: '门店', width: 24, value: (row) => row.customerName },
    { header: '门店编码', width: 16, value: (row) => row.customerCode },
    { header: '余额', value: (row) => row.balance },
    { header: '冻结', value: (row) => row.frozen },
    { header: '本月获得', value: (row) => row.monthEarned },
    { header: '本月使用', value: (row) => row.monthUsed },
    { header: '即将过期', value: (row) => row.expiringSoon },
    { header: '更新时间', width: 20, value: (row) => row.updateTime },
  ],
  listCoinAccounts,
);
