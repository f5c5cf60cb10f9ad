// The payload of GET /sys/permission/getUserPermissionByToken (API.md §3.4), built from permission rows
// without any I/O: the menu tree the SPA turns into routes, the user's buttons and every button rule.
import { createHash } from 'node:crypto';
import type { ActiveFlag, MenuType, PermsType } from '../../db/schema';

/** A permission row as the builder needs it. */
export interface PermissionRecord {
  id: string;
  parentId: string | null;
  name: string;
  url: string | null;
  component: string | null;
  componentName: string | null;
  redirect: string | null;
  menuType: MenuType;
  perms: string | null;
  permsType: PermsType;
  sortNo: number;
  alwaysShow: boolean;
  icon: string | null;
  isRoute: boolean;
  keepAlive: boolean;
  hidden: boolean;
  internalOrExternal: boolean;
  status: ActiveFlag;
}

export interface MenuMeta {
  keepAlive: boolean;
  internalOrExternal: boolean;
  title: string;
  componentName?: string;
  icon?: string;
  url?: string;
}

export interface MenuNode {
  id: string;
  route: '1' | '0';
  path: string;
  name: string;
  component: string | null;
  /** Top-level nodes only; may be null. */
  redirect?: string | null;
  hidden?: true;
  alwaysShow?: true;
  meta: MenuMeta;
  children?: MenuNode[];
}

export interface UserAuth {
  action: string | null;
  type: PermsType;
  describe: string;
}

export interface SystemAuth extends UserAuth {
  status: ActiveFlag;
}

export interface PermissionPayload {
  menu: MenuNode[];
  auth: UserAuth[];
  allAuth: SystemAuth[];
}

export const HOME_MENU_NAME = '首页';

/** http(s) pages and {{ placeholder }} urls open outside the SPA's router. */
function isExternalUrl(url: string): boolean {
  return url.startsWith('http://') || url.startsWith('https://') || url.startsWith('{{');
}

/** `/isystem/user` → `isystem-user`, `/a/:id` → `a-@id`. */
function routeNameOf(url: string): string {
  return url.replace(/^\//, '').replace(/\//g, '-').replace(/:/g, '@');
}

function menuNodeOf(permission: PermissionRecord): MenuNode {
  const url = permission.url ?? '';
  const external = isExternalUrl(url);
  const componentName =
    permission.componentName || (permission.component ? permission.component.split('/').pop() : undefined);
  const meta: MenuMeta = {
    keepAlive: permission.keepAlive,
    internalOrExternal: permission.internalOrExternal,
    title: permission.name,
    ...(componentName && { componentName }),
    ...(permission.icon && { icon: permission.icon }),
    ...(external && { url }),
  };
  return {
    id: permission.id,
    route: permission.isRoute ? '1' : '0',
    path: external ? createHash('md5').update(url).digest('hex') : url,
    name: permission.componentName || routeNameOf(url),
    component: permission.component,
    ...(permission.parentId ? {} : { redirect: permission.redirect }),
    ...(permission.hidden && { hidden: true as const }),
    ...(permission.alwaysShow && { alwaysShow: true as const }),
    meta,
  };
}

const bySortNo = (a: PermissionRecord, b: PermissionRecord) => a.sortNo - b.sortNo;

/**
 * The menu tree of the user's menus (types 0 and 1), by sort_no. The home menu is put first when the user
 * lacks it. A menu whose parent the user does not have is left out, as is every button.
 */
export function buildMenuTree(permissions: PermissionRecord[], homeMenu?: PermissionRecord): MenuNode[] {
  const menus = permissions.filter((permission) => permission.menuType !== 2).sort(bySortNo);
  if (homeMenu && !menus.some((menu) => menu.name === HOME_MENU_NAME)) menus.unshift(homeMenu);

  const childrenOf = new Map<string, PermissionRecord[]>();
  for (const menu of menus) {
    if (!menu.parentId) continue;
    const siblings = childrenOf.get(menu.parentId) ?? [];
    siblings.push(menu);
    childrenOf.set(menu.parentId, siblings);
  }
  const build = (menu: PermissionRecord): MenuNode => {
    const node = menuNodeOf(menu);
    const children = childrenOf.get(menu.id);
    return children ? { ...node, children: children.map(build) } : node;
  };
  return menus.filter((menu) => !menu.parentId).map(build);
}

/**
 * menu: the tree of the user's menus; auth: the user's active buttons; allAuth: every button of the
 * tenant, active or not (the SPA's v-has treats an inactive rule as "show to everyone").
 */
export function buildPermissionPayload(input: {
  userPermissions: PermissionRecord[];
  homeMenu: PermissionRecord | undefined;
  tenantButtons: PermissionRecord[];
}): PermissionPayload {
  const buttons = (rows: PermissionRecord[]) => rows.filter((row) => row.menuType === 2);
  return {
    menu: buildMenuTree(input.userPermissions, input.homeMenu),
    auth: buttons(input.userPermissions)
      .filter((button) => button.status === '1')
      .map((button) => ({ action: button.perms, type: button.permsType, describe: button.name })),
    allAuth: buttons(input.tenantButtons).map((button) => ({
      action: button.perms,
      status: button.status,
      type: button.permsType,
      describe: button.name,
    })),
  };
}
