// The home dashboard's figures (docs/business-api.md "Home dashboard").
import type { HomePeriodQuery, HomeRankings, HomeSummary, HomeTrend } from '../../common/home';
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
