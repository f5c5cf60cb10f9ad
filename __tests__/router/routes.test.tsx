import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Outlet, useLocation, useRoutes } from 'react-router';
import { AppRoutes, toRouteObjects } from '../../src/router/AppRoutes';
import { lazyPage } from '../../src/router/lazyPage';
import { ScrollToTop } from '../../src/router/ScrollToTop';
import type { AppRoute } from '../../src/router/routes';
import { pages } from '../../src/router/pages';
import { configureAppStore } from '../../src/store';

/** Records every path the router shows. The route table comes from a store without a session (no menu routes). */
function renderAt(path: string, routes = <AppRoutes />) {
  const visited: string[] = [];
  function LocationSpy() {
    const { pathname } = useLocation();
    if (visited[visited.length - 1] !== pathname) visited.push(pathname);
    return <div data-testid="location">{pathname}</div>;
  }
  render(
    <Provider store={configureAppStore().store}>
      <MemoryRouter initialEntries={[path]}>
        <LocationSpy />
        {routes}
      </MemoryRouter>
    </Provider>,
  );
  return visited;
}

function TestRoutes({ table }: { table: AppRoute[] }) {
  return useRoutes(toRouteObjects(table));
}

describe('fixed routes', () => {
  it('/404 shows the not-found page with a way home', async () => {
    renderAt('/404');
    expect(await screen.findByText('抱歉，你访问的页面不存在')).toBeInTheDocument();
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '返回首页' })).toBeInTheDocument();
  });

  it('an unknown path redirects to /404', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByText('抱歉，你访问的页面不存在')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/404$/);
  });

  it('/ redirects to /dashboard/workplace, then /dashboard/analysis (no page until sign-in lands: /404)', async () => {
    const visited = renderAt('/');
    await screen.findByText('抱歉，你访问的页面不存在');
    expect(visited).toEqual(['/', '/dashboard/workplace', '/dashboard/analysis', '/404']);
  });

  it('返回首页 goes to /', async () => {
    const visited = renderAt('/404');
    await userEvent.click(await screen.findByRole('button', { name: '返回首页' }));
    expect(visited.slice(0, 3)).toEqual(['/404', '/', '/dashboard/workplace']);
  });

  it('/codelogin only says that the login is under way', async () => {
    renderAt('/codelogin');
    expect(await screen.findByText('登录中...')).toBeInTheDocument();
  });
});

describe('toRouteObjects', () => {
  function TestLayout() {
    return (
      <div>
        布局
        <Outlet />
      </div>
    );
  }
  const table: AppRoute[] = [
    {
      path: '/user',
      redirect: '/user/alteration',
      component: lazyPage(async () => ({ default: TestLayout })),
      children: [
        { path: 'alteration', component: pages.codeLogin },
        { path: 'register', component: pages.notFound },
      ],
    },
  ];

  it('renders a layout around its children, and its redirect applies to the exact path only', async () => {
    const visited = renderAt('/user', <TestRoutes table={table} />);
    expect(await screen.findByText('登录中...')).toBeInTheDocument();
    expect(screen.getByText('布局')).toBeInTheDocument();
    expect(visited).toEqual(['/user', '/user/alteration']);
  });

  it('does not redirect a child path', async () => {
    const visited = renderAt('/user/register', <TestRoutes table={table} />);
    expect(await screen.findByText('抱歉，你访问的页面不存在')).toBeInTheDocument();
    expect(screen.getByText('布局')).toBeInTheDocument();
    expect(visited).toEqual(['/user/register']);
  });
});

describe('ScrollToTop', () => {
  it('scrolls to the top on every navigation', async () => {
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderAt(
      '/',
      <>
        <ScrollToTop />
        <AppRoutes />
      </>,
    );
    await screen.findByText('抱歉，你访问的页面不存在');
    await act(async () => undefined);
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    const calls = scrollTo.mock.calls.length;

    await userEvent.click(screen.getByRole('button', { name: '返回首页' }));
    await screen.findByText('抱歉，你访问的页面不存在');
    expect(scrollTo.mock.calls.length).toBeGreaterThan(calls);
    scrollTo.mockRestore();
  });
});
