// 导出 of the user list: the users its filters select, with the list's column names.
import { defineListExport, type ExportColumn } from '../../shared/excel';
import { listUsers, type UserRecord } from './service';

export const USER_EXPORT_COLUMNS: ExportColumn<UserRecord>[] = [
  { header: '用户账号', width: 20, value: (user) => user.username },
  { header: '用户姓名', value: (user) => user.realname },
  { header: '手机号码', value: (user) => user.phone },
  { header: '部门', width: 30, value: (user) => user.orgCodeTxt },
  { header: '状态', value: (user) => user.status_dictText ?? (user.status === 2 ? '冻结' : '正常') },
  { header: '创建时间', width: 20, value: (user) => user.createTime },
];

export const USER_EXPORT = defineListExport('users', '用户列表', USER_EXPORT_COLUMNS, (db, caller, query) =>
  listUsers(db, caller, query),
);
