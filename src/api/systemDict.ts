// Dictionaries and their items (API.md §6.5).
import type { Page } from '../../common/contract';
import { deleteAction, downloadFile, getAction, postAction, putAction } from './http';
import { idsParam, type ListParams } from './systemTypes';

export interface SysDict {
  id: string;
  dictName: string;
  dictCode: string;
  description?: string | null;
  createTime?: string;
}

export interface SysDictItem {
  id: string;
  dictId: string;
  itemText: string;
  itemValue: string;
  description?: string | null;
  sortOrder?: number | null;
  /** 1 enabled, 0 disabled. */
  status?: number | string | null;
}

/** One option of a dictionary as clients get it. */
export interface DictModel {
  value: string;
  text: string;
  title?: string;
}

export type DictPayload = Omit<SysDict, 'id' | 'createTime'> & { id?: string };
export type DictItemPayload = Omit<SysDictItem, 'id'> & { id?: string };

export const listDicts = (params: ListParams) => getAction<Page<SysDict>>('/sys/dict/list', params);
export const exportDicts = (params: ListParams) =>
  downloadFile('/sys/dict/exportXls', '数据字典.xlsx', params);
export const addDict = (body: DictPayload) => postAction<null>('/sys/dict/add', body);
export const editDict = (body: DictPayload) => putAction<null>('/sys/dict/edit', body);
export const deleteDict = (id: string) => deleteAction<null>('/sys/dict/delete', { id });
export const deleteDicts = (ids: readonly string[]) =>
  deleteAction<null>('/sys/dict/deleteBatch', { ids: idsParam(ids) });
/** The options of a dictionary (sent without `_t`, spec §7). */
export const getDictItems = (dictCode: string) =>
  getAction<DictModel[]>(`/sys/dict/getDictItems/${encodeURIComponent(dictCode)}`);

export const listDictItems = (params: ListParams) =>
  getAction<Page<SysDictItem>>('/sys/dictItem/list', params);
/** 导出 of one dictionary's items (params.dictId), as the 字典配置 filters select. */
export const exportDictItems = (params: ListParams) =>
  downloadFile('/sys/dictItem/exportXls', '字典项.xlsx', params);
export const addDictItem = (body: DictItemPayload) => postAction<null>('/sys/dictItem/add', body);
export const editDictItem = (body: DictItemPayload) => putAction<null>('/sys/dictItem/edit', body);
export const deleteDictItem = (id: string) => deleteAction<null>('/sys/dictItem/delete', { id });
/** Whether an item value is free within its dictionary; `id` excludes the item being edited. */
export const dictItemCheck = (params: { dictId: string; itemValue: string; id?: string }) =>
  getAction<null>('/sys/dictItem/dictItemCheck', params);
