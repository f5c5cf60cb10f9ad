// 导出 of the role, dictionary and dictionary item lists: what their filters select, with the lists' column names.
import { dictItemStatusText } from '../../../common/dictItems';
import { defineListExport, type ListRecord } from '../shared/excel';
import { listDictItems, listDicts } from './dicts/service';
import { listRoles } from './roles/service';

export const ROLE_EXPORT = defineListExport<ListRecord<typeof listRoles>>(
  'roles',
  '角色列表',
  [
    { header: '角色名称', width: 20, value: (role) => role.roleName },
    { header: '角色编码', width: 20, value: (role) => role.roleCode },
    { header: '描述', width: 40, value: (role) => role.description },
    { header: '创建时间', width: 20, value: (role) => role.createTime },
  ],
  (db, caller, query) => listRoles(db, caller.tenantId, query),
);

export const DICT_EXPORT = defineListExport<ListRecord<typeof listDicts>>(
  'dicts',
  '数据字典',
  [
    { header: '字典名称', width: 20, value: (dict) => dict.dictName },
    { header: '字典编码', width: 24, value: (dict) => dict.dictCode },
    { header: '描述', width: 40, value: (dict) => dict.description },
    { header: '创建时间', width: 20, value: (dict) => dict.createTime },
  ],
  (db, caller, query) => listDicts(db, caller.tenantId, query),
);

/** One dictionary's items (the query names it by dictId, as the 字典配置 list does). */
export const DICT_ITEM_EXPORT = defineListExport<ListRecord<typeof listDictItems>>(
  'dictItems',
  '字典项',
  [
    { header: '名称', width: 24, value: (item) => item.itemText },
    { header: '数据值', width: 24, value: (item) => item.itemValue },
    { header: '排序', width: 8, value: (item) => item.sortOrder },
    { header: '状态', width: 10, value: (item) => dictItemStatusText(item.status) },
  ],
  (db, caller, query) => listDictItems(db, caller.tenantId, query),
);
