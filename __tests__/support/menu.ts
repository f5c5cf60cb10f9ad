// Menu trees as the server sends them (API.md §3.4), shaped like the seeded menu.
import type { MenuNode } from '../../src/api/permissions';

export function menuNode(path: string, title: string, overrides: Partial<MenuNode> = {}): MenuNode {
  return {
    id: path,
    route: '1',
    path,
    name: path.replace(/^\//, '').replace(/\//g, '-'),
    component: null,
    meta: { keepAlive: false, internalOrExternal: false, title },
    ...overrides,
  };
}

/**
 * 首页, 系统管理 › 用户管理 / 角色管理, and the hidden 我的消息. The two system pages name components no page
 * registers (fixture/…), so the frame's and the gate's tests show the placeholder, not the real pages.
 */
export function seededMenu(): MenuNode[] {
  return [
    menuNode('/dashboard/analysis', '首页', {
      component: 'dashboard/Analysis',
      redirect: null,
      meta: { keepAlive: false, internalOrExternal: false, title: '首页', icon: 'home' },
    }),
    menuNode('/isystem', '系统管理', {
      component: 'layouts/RouteView',
      redirect: null,
      meta: { keepAlive: false, internalOrExternal: false, title: '系统管理', icon: 'setting' },
      children: [
        menuNode('/isystem/user', '用户管理', { component: 'fixture/UserList' }),
        menuNode('/isystem/role', '角色管理', { component: 'fixture/RoleList' }),
      ],
    }),
    menuNode('/isps/userAnnouncement', '我的消息', {
      component: 'system/UserAnnouncementList',
      hidden: true,
      redirect: null,
    }),
  ];
}
