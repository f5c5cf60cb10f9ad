// Menus and buttons (API.md §6.3).
import { deleteAction, getAction, postAction, putAction } from './http';

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

/** Top-level menus only; their children load on expansion. */
export const getSystemMenuList = () => getAction<PermissionTreeNode[]>('/sys/permission/getSystemMenuList');
export const getSystemSubmenu = (parentId: string) =>
  getAction<PermissionTreeNode[]>('/sys/permission/getSystemSubmenu', { parentId });
/** The whole tree (for the parent picker). */
export const listPermissionTree = () => getAction<PermissionTreeNode[]>('/sys/permission/list');
export const addPermission = (body: PermissionPayload) => postAction<null>('/sys/permission/add', body);
export const editPermission = (body: PermissionPayload) => putAction<null>('/sys/permission/edit', body);
/** Deletes the node and all its children. */
export const deletePermission = (id: string) => deleteAction<null>('/sys/permission/delete', { id });
