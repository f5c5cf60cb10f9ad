import type { SagaIterator } from 'redux-saga';
import { all, call, put, select, takeLatest } from 'redux-saga/effects';
import type { Envelope } from '../../../common/contract';
import type { HomePeriodQuery, HomeRankings, HomeSummary, HomeTrend } from '../../../common/home';
import { getHomeRankings, getHomeSummary, getHomeTrend } from '../../api/home';
import { selectDashboardQuery } from './selectors';
import { dashboardOpened, figuresLoaded, figuresLoadFailed, periodChanged } from './slice';

export const DASHBOARD_LOAD_FAILED = '首页数据加载失败';

/** The three parts of the dashboard in parallel; all or nothing, so cards and chart never mix periods. */
export function* loadDashboard(): SagaIterator {
  const query: HomePeriodQuery = yield select(selectDashboardQuery);
  try {
    const [summary, trend, rankings]: [Envelope<HomeSummary>, Envelope<HomeTrend>, Envelope<HomeRankings>] =
      yield all([call(getHomeSummary, query), call(getHomeTrend, query), call(getHomeRankings, query)]);
    const refused = [summary, trend, rankings].find((answer) => !answer.success);
    if (refused) {
      yield put(figuresLoadFailed(refused.message || DASHBOARD_LOAD_FAILED));
      return;
    }
    yield put(figuresLoaded({ summary: summary.result, trend: trend.result, rankings: rankings.result }));
  } catch {
    // The HTTP layer has already shown the network or server error.
    yield put(figuresLoadFailed(DASHBOARD_LOAD_FAILED));
  }
}

export function* dashboardSaga(): SagaIterator {
  yield takeLatest([dashboardOpened.type, periodChanged.type], loadDashboard);
}
