// 导出 of the promotion list: what its filters select, with the list's columns.
import { budgetText, type PromotionListRecord } from '../../../common/promotions';
import { defineListExport, type ExportColumn, type ListRecord } from '../shared/excel';
import { listGroups, listPromotions } from './service';

export const PROMOTION_EXPORT_COLUMNS: ExportColumn<PromotionListRecord>[] = [
  { header: '编号', width: 18, value: (row) => row.promoNo },
  { header: '名称', width: 28, value: (row) => row.name },
  { header: '类型', value: (row) => row.promoType_dictText },
  { header: '层级', value: (row) => row.applyLevel_dictText },
  { header: '促销组', width: 20, value: (row) => row.groupName },
  { header: '适用对象', value: (row) => row.audience_dictText },
  { header: '开始时间', width: 20, value: (row) => row.startAt },
  { header: '结束时间', width: 20, value: (row) => row.endAt },
  { header: '预算 / 已用', width: 20, value: budgetText },
  { header: '参与客户', value: (row) => row.customerCount },
  { header: '订单数', value: (row) => row.orderCount },
  { header: '优先级', value: (row) => row.priority },
  { header: '状态', value: (row) => row.status_dictText },
  { header: '更新时间', width: 20, value: (row) => row.updateTime },
];

export const PROMOTION_EXPORT = defineListExport(
  'promotions',
  '促销列表',
  PROMOTION_EXPORT_COLUMNS,
  listPromotions,
);

export const GROUP_EXPORT = defineListExport<ListRecord<typeof listGroups>>(
  'promotionGroups',
  '促销组',
  [
    { header: '编码', width: 16, value: (row) => row.code },
    { header: '名称', width: 24, value: (row) => row.name },
    { header: '组内规则', value: (row) => row.exclusivity_dictText },
    { header: '选择方式', value: (row) => row.selection_dictText },
    { header: '与其他组叠加', value: (row) => (row.stackWithOtherGroups ? '可叠加' : '不叠加') },
    { header: '优先级', value: (row) => row.priority },
    { header: '促销数', value: (row) => row.promotionCount },
    { header: '状态', value: (row) => (row.status === 'ENABLED' ? '启用' : '停用') },
  ],
  listGroups,
);
