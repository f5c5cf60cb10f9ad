// Menus and buttons (API.md §6.3).
import { deleteAction, getAction, postAction, putAction } from './http';
import type { TreeModel } from './systemTypes';

/** 0 top-level menu, 1 sub-menu, 2 button (dict menu_type). */
export const MENU_TYPE = { topMenu: 0, subMenu: 1, button: 2 } as const;
export type MenuType = (typeof MENU_TYPE)[keyof typeof MENU_TYPE];

export interface SysPermission {
  id: string;
  parentId?: string | null;
  name: string;
  url?: string | null;
  component?: string | null;
  componentName?: string | null;
  redirect?: string | null;
  icon?: string | null;
  perms?: string | null;
  /** '1' show/hide, '2' enable/disable. */
  permsType?: string | null;
  menuType: MenuType;
  sortNo?: number | null;
  leaf?: boolean;
  route?: boolean;
  keepAlive?: boolean;
  hidden?: boolean;
  alwaysShow?: boolean;
  internalOrExternal?: boolean;
  /** Buttons only: '1' active, '0' inactive. */
  status?: string | null;
  description?: string | null;
}

/** A node of the permission tree (`SysPermissionTree`): the entity plus tree keys. */
export interface PermissionTreeNode extends SysPermission {
  key: string;
  title: string;
  isLeaf?: boolean;
  children?: PermissionTreeNode[];
}

export type PermissionPayload = Omit<SysPermission, 'id' | 'leaf'> & { id?: string };

/** A node of the lazily loaded tree: `TreeModel` with the menu type and the permission code. */
export interface PermissionTreeModel extends TreeModel {
  menuType: MenuType;
  perms?: string | null;
}

/** The children of `pid`; the top level without it. */
export const queryListAsync = (pid?: string) =>
  getAction<PermissionTreeModel[]>('/sys/permission/queryListAsync', { pid });
/** The whole tree with every field (the parent picker, the node being edited). */
export const listPermissionTree = () => getAction<PermissionTreeNode[]>('/sys/permission/list');
export const addPermission = (body: PermissionPayload) => postAction<null>('/sys/permission/add', body);
export const editPermission = (body: PermissionPayload) => putAction<null>('/sys/permission/edit', body);
/** Deletes the node and all its children. */
export const deletePermission = (id: string) => deleteAction<null>('/sys/permission/delete', { id });
