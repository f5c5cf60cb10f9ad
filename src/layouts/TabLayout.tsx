// Multi-tab mode of the main frame (spec §2 Tab mode): a tab per opened page, with close, close left,
// close right and close others. A tab's page mounts when the tab first shows and then stays mounted
// and running, hidden while another tab shows, so its filters, form input, loaded rows and scroll position survive a switch; closing the
// tab unmounts it. Not React <Activity>: a hidden Activity tears its effects down and runs them again
// when shown, so every page would load its data anew on each return (and lose what it loaded lazily).
import { useEffect, useMemo, useRef, type MouseEvent, type ReactNode } from 'react';
import { Dropdown, Tabs, type MenuProps } from 'antd';
import {
  Outlet,
  UNSAFE_RouteContext as RouteContext,
  useLocation,
  useNavigate,
  useRoutes,
  type Location,
  type RouteObject,
} from 'react-router';
import { HOME_TAB_PATH } from '../../common/constants';
import { isHomeTab, type CloseScope, type Tab } from '../features/tabs/closing';
import { selectTabs } from '../features/tabs/selectors';
import { closeRequested, pageShown } from '../features/tabs/slice';
import { toRouteObjects } from '../router/AppRoutes';
import { routeTrail, useRouteTrail } from '../router/routeTrail';
import { selectMenuRoutes } from '../router/routeTable';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { keptAttributes } from '../utils/domAttributes';

const HOME_TAB: Tab = { key: HOME_TAB_PATH, url: HOME_TAB_PATH, title: '首页' };

const CONTEXT_MENU: MenuProps['items'] = [
  { key: 'left', label: '关闭左侧' },
  { key: 'right', label: '关闭右侧' },
  { key: 'others', label: '关闭其它' },
];

function locationOf(tab: Tab): Location {
  const url = new URL(tab.url, 'http://tab');
  return { pathname: url.pathname, search: url.search, hash: url.hash, state: null, key: tab.key };
}

/** No enclosing route: a tab's routes match its whole path, as the top-level routes do. */
const TOP_LEVEL = { outlet: null, matches: [], isDataRoute: false };

/** One tab's page, matched against the tab's own location. */
function TabPane({ routes, location }: { routes: RouteObject[]; location: Location }) {
  return useRoutes(routes, location);
}

/** Remembers the window's scroll position per tab and restores it when a tab shows again. */
function useScrollPerTab(activeKey: string): void {
  const positions = useRef(new Map<string, number>());
  const current = useRef(activeKey);
  useEffect(() => {
    const onScroll = () => positions.current.set(current.current, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  useEffect(() => {
    current.current = activeKey;
    // Runs after ScrollToTop has taken a new page to the top.
    const saved = positions.current.get(activeKey);
    if (saved) window.scrollTo(0, saved);
  }, [activeKey]);
}

/**
 * The tabs whose page is mounted: a page mounts when its tab first shows (the home tab that a reload
 * adds beside the current page waits for its visit instead of loading hidden) and stays mounted until
 * its tab closes.
 */
function useMountedTabs(shown: Tab[], activeKey: string): Tab[] {
  const visited = useRef(new Set<string>());
  visited.current.add(activeKey);
  for (const key of visited.current) if (!shown.some((tab) => tab.key === key)) visited.current.delete(key);
  return shown.filter((tab) => visited.current.has(tab.key));
}

/** `header` shows between the tab bar and the page (the breadcrumbs). */
/**
 * A tab's close button sits in the tab list beside the tab, where only tabs may be: it is hidden from assistive
 * technology and the tab order, and the keyboard closes the focused tab with Delete (antd's tabs do that).
 */
const closeButtonsHidden = keptAttributes([
  { selector: '.ant-tabs-tab-remove', attributes: { 'aria-hidden': 'true', tabindex: '-1' } },
]);

export function TabLayout({ header }: { header?: ReactNode }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const menuRoutes = useAppSelector(selectMenuRoutes);
  const routes = useMemo(() => toRouteObjects(menuRoutes ?? []), [menuRoutes]);
  const trail = useRouteTrail();
  const tabs = useAppSelector(selectTabs);
  const activeKey = location.pathname;
  const activeUrl = location.pathname + location.search;
  const title = trail.at(-1)?.meta?.title ?? location.pathname;
  const hasHome = useMemo(() => routeTrail(menuRoutes ?? [], HOME_TAB_PATH).length > 0, [menuRoutes]);

  // A path of no menu route (the index redirect of '/') is not a page: it gets no tab.
  const isPage = trail.length > 0;
  useEffect(() => {
    if (isPage)
      dispatch(
        pageShown({ tab: { key: activeKey, url: activeUrl, title }, home: hasHome ? HOME_TAB : null }),
      );
  }, [dispatch, isPage, activeKey, activeUrl, title, hasHome]);
  useScrollPerTab(activeKey);

  // The page being opened shows before its tab is recorded.
  const shown = useMemo(
    () =>
      tabs.some((tab) => tab.key === activeKey) ? tabs : [...tabs, { key: activeKey, url: activeUrl, title }],
    [tabs, activeKey, activeUrl, title],
  );
  const hiddenLocations = useMemo(() => new Map(shown.map((tab) => [tab.key, locationOf(tab)])), [shown]);
  const mounted = useMountedTabs(shown, activeKey);

  if (!isPage) return <Outlet />;

  const close = (key: string, scope: CloseScope) => dispatch(closeRequested({ key, scope }));
  const items = shown.map((tab) => ({
    key: tab.key,
    closable: true,
    label: (
      <Dropdown
        trigger={['contextMenu']}
        menu={{
          items: CONTEXT_MENU,
          onClick: ({ key, domEvent }) => {
            domEvent.stopPropagation();
            close(tab.key, key as CloseScope);
          },
        }}
      >
        <span
          className="tab-title"
          data-home={isHomeTab(tab.key) || undefined}
          onContextMenu={(event: MouseEvent) => event.preventDefault()}
        >
          {tab.title}
        </span>
      </Dropdown>
    ),
  }));

  return (
    <div className="tab-layout">
      <div ref={closeButtonsHidden}>
        <Tabs
          className="tab-layout-bar"
          type="editable-card"
          hideAdd
          size="small"
          activeKey={activeKey}
          items={items}
          onChange={(key) => navigate(shown.find((tab) => tab.key === key)?.url ?? key)}
          onEdit={(key, action) => {
            if (action === 'remove' && typeof key === 'string') close(key, 'self');
          }}
        />
      </div>
      {header}
      {mounted.map((tab) => (
        <div key={tab.key} className="tab-pane basic-page" data-tab={tab.key} hidden={tab.key !== activeKey}>
          <RouteContext.Provider value={TOP_LEVEL}>
            <TabPane
              routes={routes}
              location={tab.key === activeKey ? location : (hiddenLocations.get(tab.key) as Location)}
            />
          </RouteContext.Provider>
        </div>
      ))}
    </div>
  );
}
