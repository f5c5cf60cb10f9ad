// The whole route table: the fixed routes, with the server-menu routes inside the main frame at '/'.
import { createSelector } from '@reduxjs/toolkit';
import { WORKPLACE_PATH } from '../../common/constants';
import { selectMenu, selectPermissionCodes } from '../features/permissions/selectors';
import { selectMesSystem } from '../features/session/selectors';
import { basicLayout } from './componentRegistry';
import { menuRouteTree, routerRoutesOf } from './menuToRoutes';
import { DASHBOARD_ROUTE_NAME, fixedRoutes, frameRoutes, type AppRoute } from './routes';

/** The production system's menu (维修服务): its first page is where its users land. */
export const PRODUCTION_MENU_PATH = '/mes';

/**
 * The routes of the user's menu nested as the menu nests them (breadcrumbs, open menu levels); null until
 * the permissions are loaded.
 */
export const selectMenuRouteTree = createSelector(
  [selectMenu, selectPermissionCodes],
  (menu, permissionCodes) => (menu ? menuRouteTree(menu, permissionCodes) : null),
);

/** The routes of the user's menu as the router takes them; null until the permissions are loaded. */
export const selectMenuRoutes = createSelector([selectMenuRouteTree], (tree) => tree && routerRoutesOf(tree));

/** The first page of the menu tree under `prefix`, in menu order (a shown page, not a group or a link). */
export function firstPageUnder(tree: AppRoute[], prefix: string): string | undefined {
  for (const route of tree) {
    const page = route.children
      ? firstPageUnder(route.children, prefix)
      : !route.hidden && !route.meta?.url && route.path.startsWith(`${prefix}/`) && route.path;
    if (page) return page;
  }
  return undefined;
}

/**
 * Puts the menu routes (and the fixed routes of the main frame) under the route named dashboard ('/'). `home`,
 * when given, is where the workplace (the dashboard's redirect) leads instead of the home tab.
 */
export function withMenuRoutes(fixed: AppRoute[], menuRoutes: AppRoute[] | null, home?: string): AppRoute[] {
  if (!menuRoutes) return fixed;
  return fixed.map((route) => {
    if (route.name === DASHBOARD_ROUTE_NAME)
      return { ...route, component: basicLayout, children: [...menuRoutes, ...frameRoutes] };
    return home && route.path === WORKPLACE_PATH ? { ...route, redirect: home } : route;
  });
}

/**
 * The production-system user (mesSystem 1) signs in to repair mode: the first 维修服务 page of their menu is
 * their home, as the sales figures of 首页 are not theirs (they can still open 首页).
 */
export const selectRouteTable = createSelector(
  [selectMenuRouteTree, selectMenuRoutes, selectMesSystem],
  (tree, menuRoutes, mesSystem) =>
    withMenuRoutes(
      fixedRoutes,
      menuRoutes,
      mesSystem === 1 && tree ? firstPageUnder(tree, PRODUCTION_MENU_PATH) : undefined,
    ),
);
