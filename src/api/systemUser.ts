// Users of the tenant (API.md §6.2).
import type { Page } from '../../common/contract';
import { deleteAction, downloadFile, getAction, postAction, putAction } from './http';
import { idsParam, type DepartIdModel, type ListParams } from './systemTypes';

/** '1' normal, '2' frozen (dict user_status). */
export const USER_STATUS = { normal: '1', frozen: '2' } as const;

export interface SysUser {
  id: string;
  username: string;
  realname: string;
  avatar?: string | null;
  birthday?: string | null;
  sex?: string | number | null;
  sex_dictText?: string;
  email?: string | null;
  phone?: string | null;
  telephone?: string | null;
  workNo?: string | null;
  orgCode?: string | null;
  /** The user's department names. */
  orgCodeTxt?: string | null;
  status: string | number;
  status_dictText?: string;
  createTime?: string;
  /**
   * Rows of the list: whether the caller may edit, freeze, delete the user or set their password (false: the
   * user holds permissions the caller does not, and the server would refuse).
   */
  manageable?: boolean;
}

/** The add/edit body: the user's fields plus the chosen roles and departments, comma-joined. */
export interface UserPayload {
  id?: string;
  username: string;
  realname: string;
  password?: string;
  phone?: string;
  email?: string;
  sex?: string;
  birthday?: string;
  workNo?: string;
  telephone?: string;
  /** Left out: the roles stay as they are (choosing them needs user:assignRole). */
  selectedroles?: string;
  /** Left out: the departments stay as they are. */
  selecteddeparts?: string;
}

export const listUsers = (params: ListParams) => getAction<Page<SysUser>>('/sys/user/list', params);
export const exportUsers = (params: ListParams) =>
  downloadFile('/sys/user/exportXls', '用户列表.xlsx', params);
export const addUser = (body: UserPayload) => postAction<null>('/sys/user/add', body);
export const editUser = (body: UserPayload) => putAction<null>('/sys/user/edit', body);
export const deleteUser = (id: string) => deleteAction<null>('/sys/user/delete', { id });
export const deleteUsers = (ids: readonly string[]) =>
  deleteAction<null>('/sys/user/deleteBatch', { ids: idsParam(ids) });
/** Freezes (status '2') or unfreezes (status '1') the users. */
export const frozenUsers = (ids: readonly string[], status: string) =>
  putAction<null>('/sys/user/frozenBatch', { ids: ids.join(','), status });
/** The ids of the user's roles. */
export const queryUserRole = (userid: string) => getAction<string[]>('/sys/user/queryUserRole', { userid });
export const userDepartList = (userId: string) =>
  getAction<DepartIdModel[]>('/sys/user/userDepartList', { userId });
/** Whether a username or a mobile number is still free in the tenant. */
export const checkOnlyUser = (params: { username?: string; phone?: string }) =>
  getAction<boolean>('/sys/user/checkOnlyUser', params);
/** An administrator sets a user's password (API.md §6.2 changePassword). */
export const changeUserPassword = (body: { username: string; password: string; confirmpassword: string }) =>
  putAction<null>('/sys/user/changePassword', body);
