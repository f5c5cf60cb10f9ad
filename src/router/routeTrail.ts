import { useMemo } from 'react';
import { matchPath, useLocation } from 'react-router';
import { useAppSelector } from '../store/hooks';
import type { AppRoute } from './routes';
import { selectMenuRouteTree } from './routeTable';

/** The chain of routes, outermost first, that leads to the route matching `pathname`; [] when none does. */
export function routeTrail(routes: AppRoute[], pathname: string): AppRoute[] {
  for (const route of routes) {
    if (matchPath({ path: route.path, end: true }, pathname)) return [route];
    const trail = route.children ? routeTrail(route.children, pathname) : [];
    if (trail.length) return [route, ...trail];
  }
  return [];
}

/**
 * The menu routes leading to the current location (breadcrumbs, page titles, the open menu): the entry's
 * ancestors in the menu tree, whether or not its path lies under theirs.
 */
export function useRouteTrail(): AppRoute[] {
  const { pathname } = useLocation();
  const menuTree = useAppSelector(selectMenuRouteTree);
  return useMemo(() => (menuTree ? routeTrail(menuTree, pathname) : []), [menuTree, pathname]);
}
