// The steps of a visit on the workbench, in the order the rep does them (DOMAIN §1.4).
import type { StepType } from '../../common/visits';

export const WORKBENCH_STEPS: ReadonlyArray<{ type: StepType; title: string }> = [
  { type: 'DOOR_PHOTO', title: '门头照' },
  { type: 'STOCK_CHECK', title: '库存盘点' },
  { type: 'DISPLAY_CHECK', title: '陈列检查' },
  { type: 'COMPETITOR', title: '竞品采集' },
];

/** The display check's items until execution templates exist: each met or not, its share of 100. */
export const DISPLAY_ITEMS = [
  { code: 'FACINGS', name: '主推品排面 ≥ 3 个', points: 40 },
  { code: 'PRICE_TAG', name: '价签齐全、价格正确', points: 30 },
  { code: 'POSM', name: '物料张贴规范', points: 30 },
] as const;
