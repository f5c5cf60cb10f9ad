import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import BlankLayout from '../../src/layouts/BlankLayout';
import RouteView from '../../src/layouts/RouteView';
import {
  externalUrlOf,
  fillUrlPlaceholders,
  hideParentsWithoutVisibleChildren,
  visibleMenu,
} from '../../src/features/permissions/menu';
import { basicLayout, resolveMenuComponent } from '../../src/router/componentRegistry';
import { menuRouteTree, menuToRoutes, routerRoutesOf } from '../../src/router/menuToRoutes';
import { routeTrail } from '../../src/router/routeTrail';
import { firstPageUnder, withMenuRoutes } from '../../src/router/routeTable';
import { fixedRoutes, frameRoutes, type AppRoute } from '../../src/router/routes';
import { menuNode, seededMenu } from '../support/menu';

const noCodes: ReadonlySet<string> = new Set();

function paths(routes: AppRoute[]): unknown[] {
  return routes.map((route) => (route.children ? [route.path, paths(route.children)] : route.path));
}

function renderComponent(route: AppRoute | undefined) {
  const Component = route?.component;
  if (!Component) throw new Error('the route has no component');
  render(
    <MemoryRouter>
      <Component />
    </MemoryRouter>,
  );
}

describe('menuToRoutes', () => {
  it('turns the seeded menu into nested routes with their names, meta and flags', () => {
    const routes = menuToRoutes(seededMenu(), noCodes);
    expect(paths(routes)).toEqual([
      '/dashboard/analysis',
      ['/isystem', ['/isystem/user', '/isystem/role']],
      '/isps/userAnnouncement',
    ]);
    expect(routes[0]).toMatchObject({
      name: 'dashboard-analysis',
      meta: { title: '首页', icon: 'home', keepAlive: false },
    });
    expect(routes[2].hidden).toBe(true);
    expect(routes[1]).not.toHaveProperty('hidden');
  });

  it('keeps meta title, icon, keepAlive, permissionList, hiddenHeaderContent and the redirect and alwaysShow flags', () => {
    const permissionList = [{ action: 'user:add', type: '1' }];
    const [route] = menuToRoutes(
      [
        menuNode('/report', '报表', {
          component: 'layouts/PageView',
          redirect: '/report/daily',
          alwaysShow: true,
          meta: {
            title: '报表',
            icon: 'bar-chart',
            keepAlive: true,
            internalOrExternal: false,
            permissionList,
            hiddenHeaderContent: true,
          },
        }),
      ],
      noCodes,
    );
    expect(route).toMatchObject({
      path: '/report',
      redirect: '/report/daily',
      alwaysShow: true,
      meta: { title: '报表', icon: 'bar-chart', keepAlive: true, permissionList, hiddenHeaderContent: true },
    });
  });

  it("skips an entry with route flag '0', its children too", () => {
    const menu = seededMenu();
    menu[1] = { ...menu[1], route: '0' };
    menu.push(menuNode('/plain', '普通', { component: 'dashboard/Analysis' }));
    menu[3].children = [menuNode('/plain/skip', '跳过', { route: '0' })];
    expect(paths(menuToRoutes(menu, noCodes))).toEqual([
      '/dashboard/analysis',
      '/isps/userAnnouncement',
      '/plain',
    ]);
  });

  it("resolves names with 'layouts' among the layouts and the others among the pages", () => {
    const routes = menuToRoutes(seededMenu(), noCodes);
    expect(routes[1].component).toBe(RouteView);
    expect(routes[0].component).toBe(resolveMenuComponent('dashboard/Analysis'));
    expect(resolveMenuComponent('layouts/BlankLayout')).toBe(BlankLayout);
    expect(resolveMenuComponent('layouts/BasicLayout')).toBe(basicLayout);
    expect(resolveMenuComponent('layouts/TabLayout')).toBe(basicLayout);
  });

  it.each(['fixture/UserList', 'fixture/RoleList'])(
    'a menu page not built (%s) shows 页面暂不可用 with its name',
    (componentName) => {
      const routes = menuToRoutes(seededMenu(), noCodes);
      const components = [...routes, ...(routes[1].children ?? [])].map((route) => route.component);
      expect(components).toContain(resolveMenuComponent(componentName));
      renderComponent({ path: '/x', component: resolveMenuComponent(componentName) });
      expect(screen.getByText('页面暂不可用')).toBeInTheDocument();
      expect(screen.getByText(`组件 ${componentName} 尚未提供`)).toBeInTheDocument();
    },
  );

  it.each([['layouts/IframePageView'], ['no/SuchPage'], ['toString'], ['constructor']])(
    'an unknown name (%s) resolves to the unavailable view, the same one each time',
    (componentName) => {
      const component = resolveMenuComponent(componentName);
      expect(resolveMenuComponent(componentName)).toBe(component);
      renderComponent({ path: '/x', component });
      expect(screen.getByText('页面暂不可用')).toBeInTheDocument();
    },
  );

  it('an entry without a component shows the unavailable view instead of failing', () => {
    const [route] = menuToRoutes([menuNode('/empty', '空', { component: null })], noCodes);
    renderComponent(route);
    expect(screen.getByText('组件 (未配置) 尚未提供')).toBeInTheDocument();
  });

  it.each([
    ['https://bi.example.com/board?token={{ token }}', 'https://bi.example.com/board?token={{ token }}'],
    ['http://erp.example.com/', 'http://erp.example.com/'],
    ['{{ window._CONFIG.domian }}/x', undefined],
    ['javascript:alert(1)', undefined],
    ['/isystem/user', undefined],
  ])('meta.url %s is kept only when it is a valid URL', (url, kept) => {
    const [route] = menuToRoutes(
      [menuNode('0cc175b9c0f1b6a831c399e269772661', '外链', { meta: { title: '外链', url } })],
      noCodes,
    );
    expect(route.meta?.url).toBe(kept);
  });

  it("an external entry's path (the MD5 of its address) is placed under its parent", () => {
    const menu = [
      menuNode('/links', '链接', {
        component: 'layouts/RouteView',
        children: [menuNode('0cc175b9', '看板', { meta: { title: '看板', url: 'https://bi.example.com' } })],
      }),
    ];
    expect(paths(menuToRoutes(menu, noCodes))).toEqual([['/links', ['/links/0cc175b9']]]);
  });

  it('a child filed under a parent whose path it does not extend becomes a top-level route', () => {
    const menu = [
      menuNode('/isystem', '系统管理', {
        component: 'layouts/RouteView',
        children: [menuNode('/isystem/user', '用户管理'), menuNode('/isps/userAnnouncement', '我的消息')],
      }),
    ];
    expect(paths(menuToRoutes(menu, noCodes))).toEqual([
      ['/isystem', ['/isystem/user']],
      '/isps/userAnnouncement',
    ]);
  });

  it('keeps a route with meta.permission only for a user holding one of its codes; a route without is open', () => {
    const menu = [
      menuNode('/open', '公开'),
      menuNode('/stock', '库存', { meta: { title: '库存', permission: ['dashboard', 'stock:view'] } }),
    ];
    expect(paths(menuToRoutes(menu, noCodes))).toEqual(['/open']);
    expect(paths(menuToRoutes(menu, new Set(['user:add'])))).toEqual(['/open']);
    expect(paths(menuToRoutes(menu, new Set(['stock:view'])))).toEqual(['/open', '/stock']);
  });

  it('drops the children list of a parent whose children were all filtered out', () => {
    const [route] = menuToRoutes(
      [menuNode('/p', '父', { children: [menuNode('/p/c', '子', { route: '0' })] })],
      noCodes,
    );
    expect(route).not.toHaveProperty('children');
  });
});

describe('hideParentsWithoutVisibleChildren', () => {
  it('hides a top-level menu whose children are all hidden, and leaves the input alone', () => {
    const menu = [
      menuNode('/a', '甲', {
        children: [menuNode('/a/1', '一', { hidden: true }), menuNode('/a/2', '二', { hidden: true })],
      }),
      menuNode('/b', '乙', { children: [menuNode('/b/1', '一', { hidden: true }), menuNode('/b/2', '二')] }),
      menuNode('/c', '丙'),
    ];
    const result = hideParentsWithoutVisibleChildren(menu);
    expect(result.map((node) => Boolean(node.hidden))).toEqual([true, false, false]);
    expect(menu[0].hidden).toBeUndefined();
  });
});

describe('visibleMenu', () => {
  it('leaves hidden entries out at every level', () => {
    const menu = [
      menuNode('/a', '甲', { children: [menuNode('/a/1', '一', { hidden: true }), menuNode('/a/2', '二')] }),
      menuNode('/b', '乙', { hidden: true }),
    ];
    expect(visibleMenu(menu)).toEqual([{ ...menu[0], children: [menu[0].children![1]] }]);
  });
});

describe('external URLs', () => {
  it('externalUrlOf keeps http and https addresses only', () => {
    expect(externalUrlOf({ url: 'https://a.example.com' })).toBe('https://a.example.com');
    expect(externalUrlOf({ url: 'ftp://a.example.com' })).toBeUndefined();
    expect(externalUrlOf({})).toBeUndefined();
  });

  it('fillUrlPlaceholders fills {{ token }} and {{ tenantId }}, with or without spaces, every occurrence', () => {
    expect(
      fillUrlPlaceholders('https://bi.example.com/?t={{ token }}&c={{tenantId}}&again={{  token }}', {
        token: 'a+b/c',
        tenantId: 'A01',
      }),
    ).toBe('https://bi.example.com/?t=a%2Bb%2Fc&c=A01&again=a%2Bb%2Fc');
  });

  it('leaves an address without placeholders as it is', () => {
    expect(fillUrlPlaceholders('https://x.example.com/a?b=1', { token: 't', tenantId: 'admin' })).toBe(
      'https://x.example.com/a?b=1',
    );
  });
});

describe('withMenuRoutes', () => {
  it("puts the menu routes under '/' (named dashboard, 首页) framed by the main layout", () => {
    const menuRoutes = menuToRoutes(seededMenu(), noCodes);
    const table = withMenuRoutes(fixedRoutes, menuRoutes);
    const root = table.find((route) => route.path === '/');
    expect(root).toMatchObject({
      name: 'dashboard',
      meta: { title: '首页' },
      redirect: '/dashboard/workplace',
    });
    expect(root?.component).toBe(basicLayout);
    expect(root?.children).toEqual([...menuRoutes, ...frameRoutes]);
    expect(table.map((route) => route.path)).toEqual(fixedRoutes.map((route) => route.path));
  });

  it('sends the workplace to `home` when given (the production system’s landing), else to the home tab', () => {
    const menuRoutes = menuToRoutes(seededMenu(), noCodes);
    const workplace = (table: AppRoute[]) => table.find((route) => route.path === '/dashboard/workplace');
    expect(workplace(withMenuRoutes(fixedRoutes, menuRoutes))?.redirect).toBe('/dashboard/analysis');
    expect(workplace(withMenuRoutes(fixedRoutes, menuRoutes, '/mes/order'))?.redirect).toBe('/mes/order');
    expect(withMenuRoutes(fixedRoutes, null, '/mes/order')).toBe(fixedRoutes);
  });

  it('finds the first shown page under a path in menu order: no group, hidden entry or link', () => {
    const tree = menuRouteTree(
      [
        ...seededMenu(),
        menuNode('/mes', '维修服务', {
          component: 'layouts/RouteView',
          children: [
            menuNode('/mes/mine', '我的工单', { component: 'fixture/EngineerOrders', hidden: true }),
            menuNode('/mes/report', '维修报表', { component: 'fixture/RepairReport' }),
            menuNode('/mes/order', '维修工单', { component: 'fixture/RepairOrderList' }),
          ],
        }),
      ],
      noCodes,
    );
    expect(firstPageUnder(tree, '/mes')).toBe('/mes/report');
    expect(firstPageUnder(tree, '/eAsset')).toBeUndefined();
  });

  it('leaves the fixed table alone before the permissions are loaded', () => {
    expect(withMenuRoutes(fixedRoutes, null)).toBe(fixedRoutes);
  });
});

describe('routeTrail', () => {
  const routes = menuToRoutes(
    [
      ...seededMenu(),
      menuNode('/order', '订单', {
        component: 'layouts/RouteView',
        children: [menuNode('/order/:id', '订单详情', { hidden: true })],
      }),
    ],
    noCodes,
  );

  it('lists the routes from the outermost to the matched one', () => {
    expect(routeTrail(routes, '/isystem/user').map((route) => route.meta?.title)).toEqual([
      '系统管理',
      '用户管理',
    ]);
    expect(routeTrail(routes, '/order/42').map((route) => route.path)).toEqual(['/order', '/order/:id']);
    expect(routeTrail(routes, '/isystem').map((route) => route.path)).toEqual(['/isystem']);
  });

  it("follows the menu tree, not the paths: an entry outside its group's path has the group above it", () => {
    const tree = menuRouteTree(
      [
        menuNode('/eCustomer', '客户管理', {
          component: 'layouts/RouteView',
          children: [
            menuNode('/eCustomer/list', '客户列表'),
            menuNode('/eCustLabel/list', '客户标签', {
              children: [menuNode('/eCustLabel/list/:id', '标签详情', { hidden: true })],
            }),
          ],
        }),
      ],
      noCodes,
    );
    expect(routeTrail(tree, '/eCustLabel/list').map((route) => route.meta?.title)).toEqual([
      '客户管理',
      '客户标签',
    ]);
    expect(routeTrail(tree, '/eCustLabel/list/7').map((route) => route.path)).toEqual([
      '/eCustomer',
      '/eCustLabel/list',
      '/eCustLabel/list/:id',
    ]);
    // The router still takes the stray entry (and what lies under it) at the top level.
    expect(paths(routerRoutesOf(tree))).toEqual([
      ['/eCustomer', ['/eCustomer/list']],
      ['/eCustLabel/list', ['/eCustLabel/list/:id']],
    ]);
  });

  it('is empty for a path outside the menu', () => {
    expect(routeTrail(routes, '/nowhere')).toEqual([]);
  });
});
