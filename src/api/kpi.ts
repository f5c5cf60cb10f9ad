// 销售报表 (docs/kpi-api.md): targets, achievement, the home board, sales analysis and the dealer reports.
import type {
  DealerInventoryRow,
  DealerMonthlyRow,
  KpiAchievementReport,
  KpiBoard,
  KpiBoardPeriod,
  KpiIndicatorCode,
  KpiIndicatorDefinition,
  KpiSubjectType,
  KpiTargetCell,
  KpiTargetGrid,
  SalesAnalysis,
  SalesAnalysisQuery,
} from '../../common/kpi';
import { downloadFile, getAction, postAction, uploadAction } from './http';

export interface GridQuery {
  year: number;
  indicatorCode: KpiIndicatorCode;
  subjectType: KpiSubjectType;
}

export const kpiIndicators = () => getAction<KpiIndicatorDefinition[]>('/eStoneKpi/indicators');

export const targetGrid = (query: GridQuery) =>
  getAction<KpiTargetGrid>('/eStoneKpi/target/grid', { ...query });
export const saveTargets = (query: GridQuery, cells: KpiTargetCell[]) =>
  postAction<{ changed: number }>('/eStoneKpi/target/save', { ...query, cells });
export const publishTargets = (query: GridQuery) =>
  postAction<{ published: number }>('/eStoneKpi/target/publish', query);
export const splitTarget = (body: {
  orgCode: string;
  period: string;
  indicatorCode: KpiIndicatorCode;
  childType: KpiSubjectType;
  method: 'EVEN' | 'LAST_YEAR';
}) =>
  postAction<{ children: Array<{ subjectId: string; name: string; value: number }> }>(
    '/eStoneKpi/target/split',
    body,
  );
export const requestTargetChange = (body: {
  subjectType: KpiSubjectType;
  subjectId: string;
  period: string;
  indicatorCode: KpiIndicatorCode;
  newValue: number;
  reason: string;
}) => postAction<{ changeNo: string }>('/eStoneKpi/target/change', body);
export const exportTargets = (query: GridQuery) =>
  downloadFile('/eStoneKpi/target/export', '目标.xlsx', { ...query });
export const targetTemplate = (query: GridQuery) =>
  downloadFile('/eStoneKpi/target/template', '目标导入模板.xlsx', { ...query });
export const importTargets = (query: GridQuery, file: File) => {
  const form = new FormData();
  form.append('file', file);
  const params = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  return uploadAction(`/eStoneKpi/target/import?${params.toString()}`, form);
};

export const achievementReport = (query: {
  period: string;
  indicatorCode: KpiIndicatorCode;
  orgCode?: string;
}) => getAction<KpiAchievementReport>('/eStoneKpi/achievement/report', { ...query });
/** 达成报表 as shown (the same period, indicator and department), through 下载中心 when large. */
export const exportAchievement = (query: {
  period: string;
  indicatorCode: KpiIndicatorCode;
  orgCode?: string;
}) => downloadFile('/eStoneKpi/achievement/export', '达成报表.xlsx', { ...query });
export const rebuildAchievement = (period: string) =>
  postAction<{ jobId: string }>('/eStoneKpi/achievement/rebuild', { period });

export const kpiBoard = (query: { period: KpiBoardPeriod; indicatorCode: KpiIndicatorCode }) =>
  getAction<KpiBoard>('/eStoneKpi/board', { ...query });
export const exportRedBlack = (query: { period: KpiBoardPeriod; indicatorCode: KpiIndicatorCode }) =>
  downloadFile('/eStoneKpi/board/redBlack', '红黑榜.xlsx', { ...query });

export const salesAnalysis = (query: SalesAnalysisQuery) =>
  getAction<SalesAnalysis>('/eStoneKpi/sales/analysis', { ...query });
export const exportSalesAnalysis = (query: SalesAnalysisQuery) =>
  downloadFile('/eStoneKpi/sales/export', '销售分析.xlsx', { ...query });

export const dealerDaily = (params: { date: string; orgCode?: string; pageNo?: number; pageSize?: number }) =>
  getAction<{ records: DealerInventoryRow[]; total: number; totals: Partial<DealerInventoryRow> }>(
    '/eStoneKpi/dealer/daily',
    params,
  );
export const exportDealerDaily = (params: { date: string; orgCode?: string }) =>
  downloadFile('/eStoneKpi/dealer/daily/export', '经销商进销存日报.xlsx', params);
export const exportDealerMonthly = (params: { month: string; level: number }) =>
  downloadFile('/eStoneKpi/dealer/monthly/export', '经销商月报.xlsx', params);
export interface DealerMonthlyGroup {
  orgCode: string;
  name: string;
  subtotal: Omit<DealerMonthlyRow, 'month' | 'dealerId' | 'dealerName' | 'orgCode'>;
  rows: DealerMonthlyRow[];
}
export const dealerMonthly = (params: { month: string; level?: number; orgCode?: string }) =>
  getAction<{ groups: DealerMonthlyGroup[] }>('/eStoneKpi/dealer/monthly', params);
export const rebuildDealerReport = (body: { date?: string; month?: string }) =>
  postAction<{ jobId: string }>('/eStoneKpi/dealer/rebuild', body);
