import { testSaga } from 'redux-saga-test-plan';
import { call } from 'redux-saga/effects';
import type { Envelope } from '../../../common/contract';
import type { HomeRankings, HomeSummary, HomeTrend } from '../../../common/home';
import { getHomeRankings, getHomeSummary, getHomeTrend } from '../../../src/api/home';
import { dashboardSaga, DASHBOARD_LOAD_FAILED, loadDashboard } from '../../../src/features/dashboard/sagas';
import { selectDashboardQuery } from '../../../src/features/dashboard/selectors';
import {
  dashboardOpened,
  dashboardReducer,
  figuresLoaded,
  figuresLoadFailed,
  periodChanged,
} from '../../../src/features/dashboard/slice';
import { loggedOut } from '../../../src/features/session/slice';

function envelope<T>(result: T, success = true, message = ''): Envelope<T> {
  return { success, message, code: success ? 200 : 400, result, timestamp: 0 };
}

const summary: HomeSummary = {
  today: { amount: '120.00', count: 1 },
  month: { amount: '980.50', count: 7 },
  period: { amount: '980.50', count: 7 },
  newCustomers: 3,
  failedSyncs: 2,
};
const trend: HomeTrend = { unit: 'day', points: [{ label: '2026-11-01', amount: '980.50', count: 7 }] };
const rankings: HomeRankings = {
  skus: [{ rank: 1, id: 's1', name: '冰红茶500ml', amount: '600.00', count: 240 }],
  dealers: [],
  salesReps: [],
};
const query = { period: 'custom' as const, startDate: '2026-11-01', endDate: '2026-11-20' };

describe('loadDashboard', () => {
  it('asks for the three parts of the chosen period at once and stores them together', () => {
    testSaga(loadDashboard)
      .next()
      .select(selectDashboardQuery)
      .next(query)
      .all([call(getHomeSummary, query), call(getHomeTrend, query), call(getHomeRankings, query)])
      .next([envelope(summary), envelope(trend), envelope(rankings)])
      .put(figuresLoaded({ summary, trend, rankings }))
      .next()
      .isDone();
  });

  it('a refused part keeps the previous figures and shows the server message', () => {
    testSaga(loadDashboard)
      .next()
      .select(selectDashboardQuery)
      .next(query)
      .next([envelope(summary), envelope(null, false, '统计期间不能超过366天'), envelope(rankings)])
      .put(figuresLoadFailed('统计期间不能超过366天'))
      .next()
      .isDone();
  });

  it('a refusal without a message gets the generic one', () => {
    testSaga(loadDashboard)
      .next()
      .select(selectDashboardQuery)
      .next(query)
      .next([envelope(summary), envelope(trend), envelope(null, false)])
      .put(figuresLoadFailed(DASHBOARD_LOAD_FAILED))
      .next()
      .isDone();
  });

  it('a failed call ends the loading state', () => {
    testSaga(loadDashboard)
      .next()
      .select(selectDashboardQuery)
      .next(query)
      .throw(new Error('Network Error'))
      .put(figuresLoadFailed(DASHBOARD_LOAD_FAILED))
      .next()
      .isDone();
  });

  it('reloads when the page opens or the period changes, the latest request winning', () => {
    testSaga(dashboardSaga)
      .next()
      .takeLatest([dashboardOpened.type, periodChanged.type], loadDashboard)
      .next()
      .isDone();
  });
});

describe('dashboardReducer', () => {
  it('starts on 本月, remembers the chosen period and forgets everything at logout', () => {
    const initial = dashboardReducer(undefined, { type: 'init' });
    expect(initial).toEqual({ query: { period: 'month' }, figures: null, loading: false, error: null });
    const changed = dashboardReducer(initial, periodChanged(query));
    expect(changed).toMatchObject({ query, loading: true });
    const loaded = dashboardReducer(changed, figuresLoaded({ summary, trend, rankings }));
    expect(loaded).toMatchObject({ loading: false, error: null, figures: { summary } });
    const failed = dashboardReducer(dashboardReducer(loaded, dashboardOpened()), figuresLoadFailed('失败'));
    expect(failed).toMatchObject({ loading: false, error: '失败', figures: { summary } });
    expect(dashboardReducer(failed, loggedOut())).toEqual(initial);
  });
});
