// The navigation menu of the main frame (spec §2 Main layout), built from the user's permission menu:
// inline in the side bar or the drawer, horizontal in the top-menu mode.
import { useMemo, useState } from 'react';
import { Badge, Menu, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import type { MenuNode } from '../api/permissions';
import { APPROVAL_CENTER_PATH, selectPendingApprovals } from '../features/approvals/selectors';
import { FAILED_ORDER_LIST_PATHS, selectFailOrderTotal } from '../features/failedOrders/selectors';
import type { NavTheme } from '../features/layout/slice';
import { externalUrlOf, fillUrlPlaceholders, visibleMenu } from '../features/permissions/menu';
import { selectMenu } from '../features/permissions/selectors';
import { selectToken, selectUserInfo } from '../features/session/selectors';
import { useRouteTrail } from '../router/routeTrail';
import type { AppRoute } from '../router/routes';
import { useAppSelector } from '../store/hooks';
import { menuIcon } from './menuIcons';

/** The tenant of a user without a company code (spec §3). */
const DEFAULT_TENANT_ID = 'admin';
export const FAILED_ORDER_DOT_LABEL = '有同步失败的订单';

type MenuItem = Required<MenuProps>['items'][number];

/** Whether the entry or one below it is a failed-order list. */
function leadsToFailedOrders(node: MenuNode): boolean {
  return FAILED_ORDER_LIST_PATHS.includes(node.path) || Boolean(node.children?.some(leadsToFailedOrders));
}

/** Whether the entry or one below it is the 审批中心. */
function leadsToApprovals(node: MenuNode): boolean {
  return node.path === APPROVAL_CENTER_PATH || Boolean(node.children?.some(leadsToApprovals));
}

/** The entry's title with the pending-approval count beside it. */
function withPendingCount(title: string, pending: number) {
  return (
    <span>
      {title} <Badge count={pending} size="small" overflowCount={99} title={`待我审批 ${pending} 条`} />
    </span>
  );
}

function menuItemsOf(nodes: MenuNode[], markFailed: boolean, pending: number): MenuItem[] {
  return nodes.map((node) => {
    const dot = markFailed && leadsToFailedOrders(node);
    return {
      key: node.path,
      icon: menuIcon(node.meta.icon),
      label:
        pending > 0 && leadsToApprovals(node) ? (
          withPendingCount(node.meta.title, pending)
        ) : dot ? (
          // The badge's root sets antd's text colour; the label must keep the menu's (light on the dark theme).
          <Badge
            dot
            offset={[6, 2]}
            className="menu-failed-dot"
            title={FAILED_ORDER_DOT_LABEL}
            styles={{ root: { color: 'inherit' } }}
          >
            {node.meta.title}
          </Badge>
        ) : (
          node.meta.title
        ),
      ...(node.children?.length && { children: menuItemsOf(node.children, markFailed, pending) }),
    };
  });
}

function entriesByPath(nodes: MenuNode[], entries = new Map<string, MenuNode>()): Map<string, MenuNode> {
  nodes.forEach((node) => {
    entries.set(node.path, node);
    if (node.children) entriesByPath(node.children, entries);
  });
  return entries;
}

/** The menu levels above the current route are open, except for a route with a path parameter (spec §2). */
function openKeysOf(trail: AppRoute[], selectedKey: string | undefined): string[] | null {
  return selectedKey?.includes(':') ? null : trail.slice(0, -1).map((route) => route.path);
}

export interface SideMenuProps {
  theme: NavTheme;
  mode?: 'inline' | 'horizontal';
  /** The side bar is folded to its icons. */
  collapsed?: boolean;
  /** Called after an entry was chosen (the drawer closes). */
  onNavigate?: () => void;
}

export function SideMenu({ theme, mode = 'inline', collapsed = false, onNavigate }: SideMenuProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const token = useAppSelector(selectToken);
  const tenantId = useAppSelector(selectUserInfo)?.cpycod ?? DEFAULT_TENANT_ID;
  const menu = useAppSelector(selectMenu);
  const markFailed = useAppSelector(selectFailOrderTotal) > 0;
  const pending = useAppSelector(selectPendingApprovals);
  const items = useMemo(
    () => menuItemsOf(visibleMenu(menu ?? []), markFailed, pending),
    [menu, markFailed, pending],
  );
  const entries = useMemo(() => entriesByPath(menu ?? []), [menu]);
  const trail = useRouteTrail();
  // A hidden route (a detail page) highlights the menu entry it belongs to.
  const selectedKey = trail.filter((route) => !route.hidden).at(-1)?.path;

  const [openKeys, setOpenKeys] = useState(() => openKeysOf(trail, selectedKey) ?? []);
  const [followedPath, setFollowedPath] = useState(pathname);
  if (followedPath !== pathname) {
    setFollowedPath(pathname);
    const followed = openKeysOf(trail, selectedKey);
    if (followed) setOpenKeys(followed);
  }

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const entry = entries.get(key);
    // The placeholders are filled now, with the token of this moment.
    const url = entry && externalUrlOf(entry.meta);
    if (url) window.open(fillUrlPlaceholders(url, { token: token ?? '', tenantId }), '_blank', 'noopener');
    else navigate(key);
    onNavigate?.();
  };

  return (
    <nav aria-label={mode === 'inline' ? '侧边菜单' : '顶部菜单'} className={`nav-menu nav-menu-${mode}`}>
      <Menu
        theme={theme}
        mode={mode}
        items={items}
        selectedKeys={selectedKey ? [selectedKey] : []}
        {...(mode === 'inline' && { openKeys: collapsed ? [] : openKeys, onOpenChange: setOpenKeys })}
        onClick={onClick}
      />
    </nav>
  );
}
