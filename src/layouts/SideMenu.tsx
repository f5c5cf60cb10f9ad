// The side menu of the main frame (spec §2 Main layout), built from the user's permission menu.
import { useMemo, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import type { MenuNode } from '../api/permissions';
import { externalUrlOf, fillUrlPlaceholders, visibleMenu } from '../features/permissions/menu';
import { selectMenu } from '../features/permissions/selectors';
import { selectToken, selectUserInfo } from '../features/session/selectors';
import { useRouteTrail } from '../router/routeTrail';
import type { AppRoute } from '../router/routes';
import { useAppSelector } from '../store/hooks';
import { menuIcon } from './menuIcons';

/** The tenant of a user without a company code (spec §3). */
const DEFAULT_TENANT_ID = 'admin';

type MenuItem = Required<MenuProps>['items'][number];

function menuItemsOf(nodes: MenuNode[]): MenuItem[] {
  return nodes.map((node) => ({
    key: node.path,
    icon: menuIcon(node.meta.icon),
    label: node.meta.title,
    ...(node.children?.length && { children: menuItemsOf(node.children) }),
  }));
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

export function SideMenu() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const token = useAppSelector(selectToken);
  const tenantId = useAppSelector(selectUserInfo)?.cpycod ?? DEFAULT_TENANT_ID;
  const menu = useAppSelector(selectMenu);
  const items = useMemo(() => menuItemsOf(visibleMenu(menu ?? [])), [menu]);
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
    const url = entry && externalUrlOf(entry.meta);
    if (url) window.open(fillUrlPlaceholders(url, { token: token ?? '', tenantId }), '_blank', 'noopener');
    else navigate(key);
  };

  return (
    <nav aria-label="侧边菜单">
      <Menu
        theme="dark"
        mode="inline"
        items={items}
        selectedKeys={selectedKey ? [selectedKey] : []}
        openKeys={openKeys}
        onOpenChange={setOpenKeys}
        onClick={onClick}
      />
    </nav>
  );
}
