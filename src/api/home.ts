// The home dashboard's figures (docs/business-api.md "Home dashboard").
import type { HomePeriodQuery, HomeRankings, HomeSummary, HomeTrend, HomeVisits } from '../../common/home';
import { getAction } from './http';

export function getHomeSummary(query: HomePeriodQuery) {
  return getAction<HomeSummary>('/home/summary', { ...query });
}

export function getHomeTrend(query: HomePeriodQuery) {
  return getAction<HomeTrend>('/home/trend', { ...query });
}

export function getHomeRankings(query: HomePeriodQuery) {
  return getAction<HomeRankings>('/home/rankings', { ...query });
}

/** 今日拜访 / 异常拜访 (permission visit:list). */
export function getHomeVisits() {
  return getAction<HomeVisits>('/home/visits');
}
