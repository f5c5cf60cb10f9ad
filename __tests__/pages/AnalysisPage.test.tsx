import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { testSaga } from 'redux-saga-test-plan';
import { call } from 'redux-saga/effects';
import { MemoryRouter } from 'react-router';
import { greetingFor } from '../../common/dates';
import type { Envelope } from '../../common/contract';
import { AppProviders } from '../../src/AppProviders';
import { getCurrentUserDeparts } from '../../src/api/auth';
import { getCurrentUser } from '../../src/api/user';
import { loggedIn, loggedOut } from '../../src/features/session/slice';
import { loadWorkplaceProfile, workplaceSaga } from '../../src/features/workplace/sagas';
import {
  profileLoaded,
  profileLoadFailed,
  workplaceOpened,
  workplaceReducer,
} from '../../src/features/workplace/slice';
import AnalysisPage from '../../src/pages/dashboard/AnalysisPage';
import { configureAppStore } from '../../src/store';
import { fakeApi, type ApiHandler, type ApiRequest } from '../support/fakeApi';

import { rehydrated } from '../support/store';

const userInfo = { id: 'u1', username: 'zhangwei', realname: '张伟', cpycod: 'A01', tenantName: '华东饮品' };
const departs = [
  { id: 'd1', orgCode: 'A01A01', departName: '销售部', parentId: '' },
  { id: 'd2', orgCode: 'A01A02', departName: '市场部', parentId: '' },
];
const roles = [
  { id: 'r1', roleCode: 'sales', roleName: '销售经理', roleLevel: 9 },
  { id: 'r2', roleCode: 'audit', roleName: '稽查', roleLevel: 5 },
];

function envelope<T>(result: T, success = true): Envelope<T> {
  return { success, message: '', code: success ? 200 : 500, result, timestamp: 0 };
}

describe('AnalysisPage', () => {
  let api: ReturnType<typeof fakeApi>;

  beforeEach(() => localStorage.clear());
  afterEach(async () => api.stop());

  async function renderPage(handlers: Record<string, ApiHandler>) {
    api = fakeApi(handlers);
    const { store, persistor } = configureAppStore({ baseURL: await api.start() });
    await rehydrated(persistor);
    store.dispatch(loggedIn({ token: 'tok-1', username: 'zhangwei', userInfo }));
    render(
      <AppProviders store={store} persistor={persistor}>
        <MemoryRouter>
          <AnalysisPage />
        </MemoryRouter>
      </AppProviders>,
    );
    return store;
  }

  it('greets the user and shows the company, the current department and the roles', async () => {
    await renderPage({
      'GET /sys/user/getCurrentUserDeparts': () => ({ list: departs, orgCode: 'A01A02' }),
      'GET /user/info': () => ({ userInfo, roles, departs }),
    });
    expect(screen.getByText(`${greetingFor()}，张伟，欢迎回来`)).toBeInTheDocument();
    expect(screen.getByText('华东饮品')).toBeInTheDocument();
    expect(await screen.findByText('市场部')).toBeInTheDocument();
    expect(screen.getByText('销售经理')).toBeInTheDocument();
    expect(screen.getByText('稽查')).toBeInTheDocument();
  });

  it('says 暂无 for a user without department or roles', async () => {
    const store = await renderPage({
      'GET /sys/user/getCurrentUserDeparts': () => ({ list: [], orgCode: null }),
      'GET /user/info': () => ({ userInfo, roles: [], departs: [] }),
    });
    await waitFor(() =>
      expect(store.getState().workplace.profile).toEqual({ departName: null, roleNames: [] }),
    );
    expect(screen.getAllByText('暂无')).toHaveLength(2);
    expect(screen.getByText('华东饮品')).toBeInTheDocument();
  });
});

describe('AnalysisPage dashboard', () => {
  let api: ReturnType<typeof fakeApi>;
  const periods: string[] = [];

  const summary = {
    today: { amount: '1200.00', count: 2 },
    month: { amount: '35680.50', count: 41 },
    period: { amount: '35680.50', count: 41 },
    newCustomers: 5,
    failedSyncs: 3,
  };
  const profile = {
    'GET /sys/user/getCurrentUserDeparts': () => ({ list: departs, orgCode: 'A01A02' }),
    'GET /user/info': () => ({ userInfo, roles, departs }),
  };

  beforeEach(() => {
    localStorage.clear();
    periods.length = 0;
    // jsdom lays nothing out: the trend chart gets a width to draw in.
    jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(600);
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    await api.stop();
  });

  async function renderPage(handlers: Record<string, ApiHandler>) {
    api = fakeApi({ ...profile, ...handlers });
    const { store, persistor } = configureAppStore({ baseURL: await api.start() });
    await rehydrated(persistor);
    store.dispatch(loggedIn({ token: 'tok-1', username: 'zhangwei', userInfo }));
    render(
      <AppProviders store={store} persistor={persistor}>
        <MemoryRouter>
          <AnalysisPage />
        </MemoryRouter>
      </AppProviders>,
    );
  }

  it('shows the cards, the trend and the rankings of 本月, and reloads them for 今日', async () => {
    await renderPage({
      'GET /home/summary': (request: ApiRequest) => {
        periods.push(request.query.get('period') ?? '');
        return summary;
      },
      'GET /home/trend': (request: ApiRequest) => ({
        unit: request.query.get('period') === 'today' ? 'hour' : 'day',
        points:
          request.query.get('period') === 'today'
            ? [{ label: '09:00', amount: '1200.00', count: 2 }]
            : [{ label: '2026-11-01', amount: '35680.50', count: 41 }],
      }),
      'GET /home/rankings': () => ({
        skus: [{ rank: 1, id: 's1', name: '冰红茶500ml', amount: '8800.00', count: 480 }],
        dealers: [{ rank: 1, id: 'c1', name: '杭州顺达商贸', amount: '20000.00', count: 12 }],
        salesReps: [],
      }),
    });
    expect(await screen.findByText('¥35,680.50')).toBeInTheDocument();
    expect(screen.getByText('¥1,200.00')).toBeInTheDocument();
    expect(screen.getByText('本月新增客户')).toBeInTheDocument();
    expect(screen.getByText('3')).toBeInTheDocument();
    const trend = await screen.findByRole('img', { name: '销售趋势图' });
    expect(await within(trend).findByText('2026-11-01')).toBeInTheDocument();
    expect(screen.getByText('冰红茶500ml')).toBeInTheDocument();
    expect(periods).toEqual(['month']);

    fireEvent.click(screen.getByText('今日'));
    expect(
      await within(screen.getByRole('img', { name: '销售趋势图' })).findByText('09:00'),
    ).toBeInTheDocument();
    expect(screen.getByText('今日新增客户')).toBeInTheDocument();
    expect(periods).toEqual(['month', 'today']);
  });

  it('says so when the period has no orders', async () => {
    await renderPage({
      'GET /home/summary': () => ({ ...summary, period: { amount: '0.00', count: 0 } }),
      'GET /home/trend': () => ({ unit: 'day', points: [{ label: '2026-11-01', amount: '0.00', count: 0 }] }),
      'GET /home/rankings': () => ({ skus: [], dealers: [], salesReps: [] }),
    });
    expect(await screen.findByText('所选期间暂无订单')).toBeInTheDocument();
    expect(screen.getByText('所选期间暂无数据')).toBeInTheDocument();
  });

  it('shows the server refusal of a period', async () => {
    await renderPage({
      'GET /home/summary': () => summary,
      'GET /home/trend': () => ({
        success: false,
        message: '统计期间不能超过366天',
        code: 400,
        result: null,
        timestamp: 0,
      }),
      'GET /home/rankings': () => ({ skus: [], dealers: [], salesReps: [] }),
    });
    expect(await screen.findByText('统计期间不能超过366天')).toBeInTheDocument();
  });
});

describe('loadWorkplaceProfile', () => {
  it('names the current department and the roles', () => {
    testSaga(loadWorkplaceProfile)
      .next()
      .all([call(getCurrentUserDeparts), call(getCurrentUser)])
      .next([envelope({ list: departs, orgCode: 'A01A01' }), envelope({ userInfo, roles, departs })])
      .put(profileLoaded({ departName: '销售部', roleNames: ['销售经理', '稽查'] }))
      .next()
      .isDone();
  });

  it('no department matching orgCode gives null', () => {
    testSaga(loadWorkplaceProfile)
      .next()
      .next([envelope({ list: departs, orgCode: 'Z99' }), envelope({ userInfo, roles: [], departs })])
      .put(profileLoaded({ departName: null, roleNames: [] }))
      .next()
      .isDone();
  });

  it('a failed answer or call ends the loading state', () => {
    testSaga(loadWorkplaceProfile)
      .next()
      .next([envelope(null, false), envelope({ userInfo, roles, departs })])
      .put(profileLoadFailed())
      .next()
      .isDone();
    testSaga(loadWorkplaceProfile)
      .next()
      .throw(new Error('Network Error'))
      .put(profileLoadFailed())
      .next()
      .isDone();
  });

  it('loads each time the page opens, the latest request winning', () => {
    testSaga(workplaceSaga).next().takeLatest(workplaceOpened.type, loadWorkplaceProfile).next().isDone();
  });

  it('the profile is forgotten at logout', () => {
    const loaded = workplaceReducer(undefined, profileLoaded({ departName: '销售部', roleNames: [] }));
    expect(workplaceReducer(loaded, loggedOut())).toEqual({ profile: null, loading: false });
  });
});
