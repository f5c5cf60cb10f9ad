// The fixed routes of spec §2 as data. Server-menu routes (a later issue) take the same shape.
import { HOME_TAB_PATH, WORKPLACE_PATH } from '../../common/constants';
import type { LazyPage } from './lazyPage';
import { pages } from './pages';

const NOT_FOUND_PATH = '/404';

export interface AppRoute {
  path: string;
  /** Where a visit to exactly this path goes instead (replacing the history entry). */
  redirect?: string;
  /** The page, or a layout that renders its children through <Outlet />. */
  component?: LazyPage;
  children?: AppRoute[];
}

export const fixedRoutes: AppRoute[] = [
  { path: '/', redirect: WORKPLACE_PATH },
  { path: WORKPLACE_PATH, redirect: HOME_TAB_PATH },
  { path: '/codelogin', component: pages.codeLogin },
  { path: NOT_FOUND_PATH, component: pages.notFound },
  { path: '*', redirect: NOT_FOUND_PATH },
];
