// The server's menu tree turned into routes (spec §2 "Server menu items", §6): one pure function.
import type { MenuMeta, MenuNode } from '../api/permissions';
import { externalUrlOf } from '../features/permissions/menu';
import { resolveMenuComponent } from './componentRegistry';
import type { AppRoute, RouteMeta } from './routes';

function routeMetaOf(meta: MenuMeta): RouteMeta {
  return {
    title: meta.title,
    icon: meta.icon,
    keepAlive: meta.keepAlive,
    permissionList: meta.permissionList,
    permission: meta.permission,
    hiddenHeaderContent: meta.hiddenHeaderContent,
    url: externalUrlOf(meta),
  };
}

/** A route with permission codes needs one of them; a route without is open to every user. */
function isPermitted(meta: RouteMeta, permissionCodes: ReadonlySet<string>): boolean {
  return !meta.permission?.length || meta.permission.some((code) => permissionCodes.has(code));
}

/** An external entry's path is the MD5 of its address, without a slash: it lies under its parent. */
function absolutePath(path: string, parentPath: string): string {
  return path.startsWith('/') ? path : `${parentPath.replace(/\/$/, '')}/${path}`;
}

function liesUnder(path: string, parentPath: string): boolean {
  return parentPath === '/' || path === parentPath || path.startsWith(`${parentPath}/`);
}

function toRoutes(nodes: MenuNode[], parentPath: string, permissionCodes: ReadonlySet<string>): AppRoute[] {
  const routes: AppRoute[] = [];
  for (const node of nodes) {
    // Route flag '0': the entry gets no route, nor do its children.
    if (node.route === '0') continue;
    const meta = routeMetaOf(node.meta);
    if (!isPermitted(meta, permissionCodes)) continue;
    const path = absolutePath(node.path, parentPath);
    const route: AppRoute = {
      path,
      name: node.name,
      component: resolveMenuComponent(node.component),
      meta,
      ...(node.redirect && { redirect: node.redirect }),
      ...(node.hidden && { hidden: true }),
      ...(node.alwaysShow && { alwaysShow: true }),
    };
    const children = node.children?.length ? toRoutes(node.children, path, permissionCodes) : [];
    if (children.length) route.children = children;
    routes.push(route);
  }
  return routes;
}

/**
 * The routes of the menu entries the user may open, nested as the menu nests them: every entry under its
 * own group, whatever its path. Breadcrumbs, page titles and the open menu levels come from this tree.
 * Paths become absolute; components resolve through the registry; meta.url is kept only when it is a
 * valid URL.
 */
export function menuRouteTree(menu: MenuNode[], permissionCodes: ReadonlySet<string>): AppRoute[] {
  return toRoutes(menu, '/', permissionCodes);
}

function hoistStrays(routes: AppRoute[], parentPath: string, hoisted: AppRoute[]): AppRoute[] {
  const kept: AppRoute[] = [];
  for (const { children: nested, ...route } of routes) {
    const children = nested ? hoistStrays(nested, route.path, hoisted) : [];
    const placed: AppRoute = children.length ? { ...route, children } : route;
    // The router nests by path: an entry filed under a parent whose path it does not extend would
    // make the whole route table invalid, so it becomes a top-level route instead.
    (liesUnder(route.path, parentPath) ? kept : hoisted).push(placed);
  }
  return kept;
}

/** The router's view of the menu route tree (children of '/'): entries outside their group's path are hoisted. */
export function routerRoutesOf(tree: AppRoute[]): AppRoute[] {
  const hoisted: AppRoute[] = [];
  const routes = hoistStrays(tree, '/', hoisted);
  return [...routes, ...hoisted];
}

/** The routes of the menu entries the user may open, as the router takes them (children of '/'). */
export function menuToRoutes(menu: MenuNode[], permissionCodes: ReadonlySet<string>): AppRoute[] {
  return routerRoutesOf(menuRouteTree(menu, permissionCodes));
}
