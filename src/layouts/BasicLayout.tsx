// The main frame of a signed-in user (spec §2 Main layout): the side menu (a drawer on phones and
// small tablets, or a top menu), the header with the user area, breadcrumbs, the page (or the tabs of
// multi-tab mode), the footer and the theme settings drawer, all following the layout settings.
import { Breadcrumb, Layout } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { HOME_TAB_PATH, PRODUCT_NAME } from '../../common/constants';
import {
  selectDevice,
  selectDrawerMenu,
  selectLayoutSettings,
  selectSidebarOpened,
  selectTabsActive,
  selectTopMenu,
} from '../features/layout/selectors';
import { sidebarToggled } from '../features/layout/slice';
import { selectMesSystem } from '../features/session/selectors';
import { useRouteTrail } from '../router/routeTrail';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import './BasicLayout.css';
import { GlobalHeader } from './GlobalHeader';
import { Logo } from './Logo';
import { SettingDrawer } from './SettingDrawer';
import { SideMenu } from './SideMenu';
import { TabLayout } from './TabLayout';
import { useDeviceWatcher } from './useDevice';

export const SIDER_WIDTH = 200;
export const SIDER_COLLAPSED_WIDTH = 80;
export const DRAWER_WIDTH = 200;

// Phones and small tablets only: the desktop shell does without antd's Drawer.
const DrawerMenu = lazy(() => import(/* webpackChunkName: "drawer-menu" */ './DrawerMenu'));

function Breadcrumbs() {
  const trail = useRouteTrail();
  const items = [
    { key: HOME_TAB_PATH, title: <Link to={HOME_TAB_PATH}>首页</Link> },
    // The home page is the first crumb already.
    ...trail
      .filter((route) => route.path !== HOME_TAB_PATH)
      .map((route) => ({ key: route.path, title: route.meta?.title })),
  ];
  return <Breadcrumb items={items} className="basic-breadcrumb" />;
}

/** No footer on map pages, which fill the screen, nor in the production system (spec §2). */
function useFooterShown(): boolean {
  const { pathname } = useLocation();
  const productionSystem = useAppSelector(selectMesSystem) === 1;
  return !pathname.includes('/map') && !productionSystem;
}

export default function BasicLayout() {
  useDeviceWatcher();
  const dispatch = useAppDispatch();
  const settings = useAppSelector(selectLayoutSettings);
  const device = useAppSelector(selectDevice);
  const sidebarOpened = useAppSelector(selectSidebarOpened);
  const tabsActive = useAppSelector(selectTabsActive);
  const topMenu = useAppSelector(selectTopMenu);
  const footerShown = useFooterShown();
  const mobile = device === 'mobile';
  const drawerMenu = useAppSelector(selectDrawerMenu);
  // The drawer starts closed on every visit: on a tablet or phone an open menu would cover the page.
  const [drawerOpen, setDrawerOpen] = useState(false);
  const fixedWidth = topMenu && settings.contentWidth === 'Fixed';

  const toggle = () => (drawerMenu ? setDrawerOpen((open) => !open) : dispatch(sidebarToggled()));
  const collapsed = drawerMenu ? !drawerOpen : !sidebarOpened;

  return (
    <Layout className={`basic-layout basic-layout-${device}`}>
      {drawerMenu ? (
        <Suspense fallback={null}>
          <DrawerMenu open={drawerOpen} theme={settings.theme} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      ) : (
        !topMenu && (
          <Layout.Sider
            width={SIDER_WIDTH}
            collapsedWidth={SIDER_COLLAPSED_WIDTH}
            collapsible
            collapsed={!sidebarOpened}
            trigger={null}
            theme={settings.theme}
            className={`basic-sider${settings.fixSiderbar ? ' basic-sider-fixed' : ''}`}
          >
            <div className={`basic-sider-brand basic-sider-brand-${settings.theme}`}>
              <Logo showTitle={sidebarOpened} />
            </div>
            <SideMenu theme={settings.theme} collapsed={!sidebarOpened} />
          </Layout.Sider>
        )
      )}
      <Layout className="basic-main">
        <GlobalHeader
          settings={settings}
          topMenu={topMenu}
          mobile={mobile}
          drawerMenu={drawerMenu}
          collapsed={collapsed}
          onToggle={toggle}
        />
        <Layout.Content className={`basic-content${fixedWidth ? ' basic-width-fixed' : ''}`}>
          {tabsActive ? (
            <TabLayout header={<Breadcrumbs />} />
          ) : (
            <>
              <Breadcrumbs />
              <div className="basic-page">
                <Outlet />
              </div>
            </>
          )}
        </Layout.Content>
        {footerShown && (
          <Layout.Footer className="basic-footer">
            Copyright © {new Date().getFullYear()} {PRODUCT_NAME}
          </Layout.Footer>
        )}
      </Layout>
      <SettingDrawer />
    </Layout>
  );
}
