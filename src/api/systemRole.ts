// Roles and their permissions (API.md §6.1, §6.3).
import type { Page } from '../../common/contract';
import { deleteAction, downloadFile, getAction, postAction, putAction } from './http';
import { idsParam, type ListParams, type TreeModel } from './systemTypes';

export interface SysRole {
  id: string;
  roleName: string;
  roleCode: string;
  description?: string | null;
  createTime?: string;
}

export type RolePayload = Pick<SysRole, 'roleName' | 'roleCode'> & { id?: string; description?: string };

export const listRoles = (params: ListParams) => getAction<Page<SysRole>>('/sys/role/list', params);
export const exportRoles = (params: ListParams) =>
  downloadFile('/sys/role/exportXls', '角色列表.xlsx', params);
export const queryAllRoles = () => getAction<SysRole[]>('/sys/role/queryall');
export const addRole = (body: RolePayload) => postAction<null>('/sys/role/add', body);
export const editRole = (body: RolePayload) => putAction<null>('/sys/role/edit', body);
export const deleteRole = (id: string) => deleteAction<null>('/sys/role/delete', { id });
export const deleteRoles = (ids: readonly string[]) =>
  deleteAction<null>('/sys/role/deleteBatch', { ids: idsParam(ids) });
/** Whether the role code is free; `id` only when editing. */
export const checkRoleCode = (roleCode: string, id?: string) =>
  getAction<boolean>('/sys/role/checkRoleCode', { roleCode, id });
/** Every permission of the tenant as a tree, with every id. */
export const queryPermissionTree = () =>
  getAction<{ treeList: TreeModel[]; ids: string[] }>('/sys/role/queryTreeList');
export const queryRolePermission = (roleId: string) =>
  getAction<string[]>('/sys/permission/queryRolePermission', { roleId });
/** The server grants `permissionIds − lastpermissionIds` and revokes `lastpermissionIds − permissionIds`. */
export const saveRolePermission = (body: {
  roleId: string;
  permissionIds: string;
  lastpermissionIds: string;
}) => postAction<null>('/sys/permission/saveRolePermission', body);
