// The whole route table: the fixed routes, with the server-menu routes inside the main frame at '/'.
import { createSelector } from '@reduxjs/toolkit';
import { selectMenu, selectPermissionCodes } from '../features/permissions/selectors';
import { basicLayout } from './componentRegistry';
import { menuRouteTree, routerRoutesOf } from './menuToRoutes';
import { DASHBOARD_ROUTE_NAME, fixedRoutes, frameRoutes, type AppRoute } from './routes';

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

/** Puts the menu routes (and the fixed routes of the main frame) under the route named dashboard ('/'). */
export function withMenuRoutes(fixed: AppRoute[], menuRoutes: AppRoute[] | null): AppRoute[] {
  if (!menuRoutes) return fixed;
  return fixed.map((route) =>
    route.name === DASHBOARD_ROUTE_NAME
      ? { ...route, component: basicLayout, children: [...menuRoutes, ...frameRoutes] }
      : route,
  );
}

export const selectRouteTable = createSelector([selectMenuRoutes], (menuRoutes) =>
  withMenuRoutes(fixedRoutes, menuRoutes),
);
