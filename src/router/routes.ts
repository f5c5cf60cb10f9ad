// The fixed routes of spec §2 as data. Server-menu routes (menuToRoutes) take the same shape.
import type { ComponentType } from 'react';
import { HOME_TAB_PATH, LOGIN_PATH, WORKPLACE_PATH } from '../../common/constants';
import type { ButtonAuth } from '../features/permissions/slice';
import { pages } from './pages';
import { WORKBENCH_PATH } from '../workbench/path';
import WorkbenchReload from '../workbench/WorkbenchReload';

const NOT_FOUND_PATH = '/404';

/** Route name of '/', whose children are the server-menu routes (spec §2). */
export const DASHBOARD_ROUTE_NAME = 'dashboard';

export interface RouteMeta {
  title: string;
  icon?: string;
  keepAlive?: boolean;
  permissionList?: ButtonAuth[];
  /** Permission codes of which the user needs one; none means the route is open (spec §6). */
  permission?: string[];
  hiddenHeaderContent?: boolean;
  /** A valid external address; its {{ token }} / {{ tenantId }} are filled when the link opens. */
  url?: string;
}

export interface AppRoute {
  path: string;
  name?: string;
  /** Where a visit to exactly this path goes instead (replacing the history entry). */
  redirect?: string;
  /** The page, or a layout that renders its children through <Outlet />. */
  component?: ComponentType;
  children?: AppRoute[];
  meta?: RouteMeta;
  /** Left out of the side menu (the route still works). */
  hidden?: boolean;
  alwaysShow?: boolean;
}

export const fixedRoutes: AppRoute[] = [
  { path: '/', name: DASHBOARD_ROUTE_NAME, meta: { title: '首页' }, redirect: WORKPLACE_PATH },
  { path: WORKPLACE_PATH, redirect: HOME_TAB_PATH },
  {
    path: '/user',
    redirect: LOGIN_PATH,
    component: pages.userLayout,
    children: [
      { path: 'login', component: pages.login },
      { path: 'register', component: pages.register },
      { path: 'register-result', component: pages.registerResult },
      { path: 'alteration', component: pages.alteration },
    ],
  },
  { path: '/codelogin', component: pages.codeLogin },
  { path: '/test', redirect: '/test/home', children: [{ path: 'home', component: pages.testHome }] },
  // The rep's workbench has its own entry: reached inside the app (after signing in), it loads in full.
  { path: WORKBENCH_PATH, component: WorkbenchReload },
  { path: NOT_FOUND_PATH, component: pages.notFound },
  { path: '*', redirect: NOT_FOUND_PATH },
];

/**
 * Fixed routes of spec §2 that live inside the main frame (/{product}/…): they join the server-menu routes
 * under '/' once the permissions are loaded. 'dashboard' is the spec's marker, not a button code: the
 * server guards the data of each page by its own permission.
 */
export const frameRoutes: AppRoute[] = [
  {
    path: '/:product/dealers/potentiallist',
    component: pages.potentialPartners,
    meta: { title: '潜在合作伙伴', permission: ['dashboard'] },
    hidden: true,
  },
  {
    path: '/:product/esaleanalysis/dmsdailyreport',
    component: pages.visitReport,
    meta: { title: '拜访日报', permission: ['dashboard'] },
    hidden: true,
  },
  {
    path: '/:product/esaleanalysis/dmsmonthreport',
    component: pages.visitReport,
    meta: { title: '拜访月报', permission: ['dashboard'] },
    hidden: true,
  },
];
