// The signed-in user's menu and button permissions (API.md §3.4).
import type { ButtonAuth } from '../features/permissions/slice';
import { getAction } from './http';

export interface MenuMeta {
  title: string;
  icon?: string;
  /** An external address (the node's path is then the MD5 of it); may hold {{ token }} / {{ tenantId }}. */
  url?: string;
  keepAlive?: boolean;
  internalOrExternal?: boolean;
  componentName?: string;
  permissionList?: ButtonAuth[];
  /** Permission codes of which the user needs one to get the route; none means the route is open (spec §6). */
  permission?: string[];
  hiddenHeaderContent?: boolean;
}

/** One node of the server's menu tree. */
export interface MenuNode {
  id: string;
  /** '0': the node gets no route. */
  route: '1' | '0';
  path: string;
  name: string;
  /** A page view name ('system/UserList') or a layout ('layouts/RouteView'). */
  component: string | null;
  redirect?: string | null;
  hidden?: boolean;
  alwaysShow?: boolean;
  meta: MenuMeta;
  children?: MenuNode[];
}

export interface PermissionPayload {
  menu: MenuNode[] | null;
  auth: ButtonAuth[];
  allAuth: ButtonAuth[];
}

/**
 * The menu and button permissions of the signed-in user. The v2.2 client also put the token in the query;
 * this one does not: a URL ends up in logs and proxies, the X-Access-Token header says who asks.
 */
export function getUserPermissionByToken() {
  return getAction<PermissionPayload | null>('/sys/permission/getUserPermissionByToken');
}
