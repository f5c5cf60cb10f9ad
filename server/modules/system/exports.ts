// 导出 of the role and dictionary lists: what their filters select, with the lists' column names.
import { defineListExport, type ListRecord } from '../shared/excel';
import { listDicts } from './dicts/service';
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
