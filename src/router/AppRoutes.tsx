import { Suspense, useMemo, type ComponentType } from 'react';
import { Spin } from 'antd';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { useAppSelector } from '../store/hooks';
import { ChunkErrorBoundary } from './ChunkErrorBoundary';
import { selectRouteTable } from './routeTable';
import type { AppRoute } from './routes';

function PageLoading() {
  return <Spin size="large" style={{ display: 'block', margin: '120px auto' }} />;
}

function guardedPage(path: string, Page: ComponentType) {
  return (
    // Keyed by path: a page that failed to load does not leave its error on the next route.
    <ChunkErrorBoundary key={path}>
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    </ChunkErrorBoundary>
  );
}

/** Turns the route table into react-router routes: redirects, and pages behind loading and chunk-error guards. */
export function toRouteObjects(routes: AppRoute[]): RouteObject[] {
  return routes.map(({ path, redirect, component, children }) => {
    const redirectElement = redirect ? <Navigate to={redirect} replace /> : undefined;
    const pageElement = component ? guardedPage(path, component) : undefined;
    if (!children) return { path, element: pageElement ?? redirectElement };
    // With children, the redirect applies to the exact path only (an index route), not to its children.
    const indexRoutes: RouteObject[] = redirectElement ? [{ index: true, element: redirectElement }] : [];
    return { path, element: pageElement, children: [...indexRoutes, ...toRouteObjects(children)] };
  });
}

/** The fixed routes, with the server-menu routes under '/' once the permissions are loaded. */
export function AppRoutes() {
  const routeTable = useAppSelector(selectRouteTable);
  const routeObjects = useMemo(() => toRouteObjects(routeTable), [routeTable]);
  return useRoutes(routeObjects);
}
