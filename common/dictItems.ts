// A dictionary item's 状态 as the 字典配置 screen, its form and its 导出 name it (API.md §6.5: 1 enabled, 0 not).

/** Enabled first (an array: an object's numeric keys would list 0 before 1). */
export const DICT_ITEM_STATUS_OPTIONS = [
  { value: '1', label: '启用' },
  { value: '0', label: '不启用' },
] as const;

/** An item without a status is enabled (the column's default). */
export const isDictItemEnabled = (status: number | string | null | undefined): boolean =>
  String(status ?? '1') === '1';

export const dictItemStatusText = (status: number | string | null | undefined): string =>
  DICT_ITEM_STATUS_OPTIONS[isDictItemEnabled(status) ? 0 : 1].label;
