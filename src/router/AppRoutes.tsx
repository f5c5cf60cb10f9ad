import { Suspense } from 'react';
import { Spin } from 'antd';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { ChunkErrorBoundary } from './ChunkErrorBoundary';
import type { LazyPage } from './lazyPage';
import { fixedRoutes, type AppRoute } from './routes';

function PageLoading() {
  return <Spin size="large" style={{ display: 'block', margin: '120px auto' }} />;
}

function guardedPage(path: string, Page: LazyPage) {
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

const fixedRouteObjects = toRouteObjects(fixedRoutes);

export function AppRoutes() {
  return useRoutes(fixedRouteObjects);
}
