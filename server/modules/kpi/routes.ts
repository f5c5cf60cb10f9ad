// 销售报表 under /eStoneKpi (docs/kpi-api.md): targets (grid, import/export, split, publish, change requests),
// achievement (report, rebuild), the home board's KPI part and 红黑榜, sales analysis, and the dealer reports.
// Thin: the services own the SQL.
import type { FastifyInstance } from 'fastify';
import {
  KPI_BOARD_PERIOD,
  KPI_INDICATOR,
  KPI_INDICATORS,
  KPI_PERIOD_PATTERN,
  KPI_SUBJECT_TYPE,
  SALES_DIMENSIONS,
  SALES_GRAIN,
  type KpiBoardPeriod,
  type KpiIndicatorCode,
  type SalesAnalysisQuery,
} from '../../../common/kpi';
import { ok } from '../../http/envelope';
import type { RawQuery } from '../../http/listQuery';
import { publishTaskNotices } from '../approvals/notify';
import { sendExport } from '../jobs/exports';
import { actorOf, callerOf, requires } from '../shared/actor';
import { sendWorkbook } from '../shared/excel';
import { text } from '../shared/schemas';
import { ACHIEVEMENT_EXPORT, achievementReport, type ReportQuery } from './achievements';
import { kpiBoard, redBlackRows } from './board';
import { DEALER_DAILY_EXPORT, DEALER_MONTHLY_EXPORT, dealerMonthly, listDealerDaily } from './dealerReports';
import { SALES_ANALYSIS_EXPORT, salesAnalysis } from './salesAnalysis';
import { importTargets, sendTargetTemplate, targetWorkbook } from './targetExcel';
import {
  publishTargets,
  requestTargetChange,
  saveTargetCells,
  splitTarget,
  targetGrid,
  type ChangeInput,
  type GridQuery,
  type SaveCellsInput,
  type SplitInput,
} from './targets';

const indicatorCode = { type: 'string', enum: Object.keys(KPI_INDICATOR) } as const;
const subjectType = { type: 'string', enum: Object.keys(KPI_SUBJECT_TYPE) } as const;
const period = { type: 'string', pattern: KPI_PERIOD_PATTERN } as const;
const year = { type: 'integer', minimum: 2000, maximum: 2100 } as const;
const isoDay = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;
const month = { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$' } as const;
const orgCode = { type: 'string', minLength: 1, maxLength: 65 } as const;
const targetValue = { type: 'number', minimum: 0, maximum: 1e12 } as const;

const gridQuery = {
  type: 'object',
  required: ['year', 'indicatorCode', 'subjectType'],
  properties: { year, indicatorCode, subjectType },
} as const;

const boardQuery = {
  type: 'object',
  properties: {
    period: { type: 'string', enum: Object.keys(KPI_BOARD_PERIOD), default: 'month' },
    indicatorCode: { ...indicatorCode, default: 'SALES_AMOUNT' },
  },
} as const;

const salesQuery = {
  type: 'object',
  required: ['startDate', 'endDate', 'dimension', 'grain'],
  properties: {
    startDate: isoDay,
    endDate: isoDay,
    dimension: { type: 'string', enum: SALES_DIMENSIONS },
    grain: { type: 'string', enum: Object.keys(SALES_GRAIN) },
    orgCode,
  },
} as const;

/** Kinds of the background jobs of this module (handled in app.ts). */
export const KPI_SNAPSHOT_JOB = 'KPI_SNAPSHOT';
export const DEALER_REPORT_JOB = 'DEALER_REPORT';

export async function kpiRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;

  app.get('/eStoneKpi/indicators', { config: requires(['kpi:list', 'kpi:report']), schema: {} }, async () =>
    ok(KPI_INDICATORS),
  );

  // ---- 目标设置 ----
  app.get<{ Querystring: GridQuery }>(
    '/eStoneKpi/target/grid',
    { config: requires('kpi:list'), schema: { querystring: gridQuery } },
    async (request) => ok(await targetGrid(db, callerOf(request), request.query)),
  );
  app.post<{ Body: SaveCellsInput }>(
    '/eStoneKpi/target/save',
    {
      config: requires('kpi:edit'),
      schema: {
        body: {
          type: 'object',
          required: ['year', 'indicatorCode', 'subjectType', 'cells'],
          properties: {
            year,
            indicatorCode,
            subjectType,
            cells: {
              type: 'array',
              minItems: 1,
              maxItems: 20000,
              items: {
                type: 'object',
                required: ['subjectId', 'period', 'value'],
                properties: {
                  subjectId: text(32),
                  period,
                  value: { ...targetValue, type: ['number', 'null'] },
                },
              },
            },
          },
        },
      },
    },
    async (request, reply) =>
      ok(await saveTargetCells(db, actorOf(request, reply), request.body), '保存成功'),
  );
  app.post<{ Body: GridQuery }>(
    '/eStoneKpi/target/publish',
    { config: requires('kpi:publish'), schema: { body: gridQuery } },
    async (request, reply) => {
      const result = await publishTargets(db, actorOf(request, reply), request.body);
      return ok(result, `已下达 ${result.published} 项目标`);
    },
  );
  app.post<{ Body: SplitInput }>(
    '/eStoneKpi/target/split',
    {
      config: requires('kpi:edit'),
      schema: {
        body: {
          type: 'object',
          required: ['orgCode', 'period', 'indicatorCode', 'childType', 'method'],
          properties: {
            orgCode,
            period,
            indicatorCode,
            childType: subjectType,
            method: { type: 'string', enum: ['EVEN', 'LAST_YEAR'] },
          },
        },
      },
    },
    async (request, reply) => ok(await splitTarget(db, actorOf(request, reply), request.body), '拆分成功'),
  );
  app.post<{ Body: ChangeInput }>(
    '/eStoneKpi/target/change',
    {
      config: requires('kpi:edit'),
      schema: {
        body: {
          type: 'object',
          required: ['subjectType', 'subjectId', 'period', 'indicatorCode', 'newValue', 'reason'],
          properties: {
            subjectType,
            subjectId: text(32),
            period,
            indicatorCode,
            newValue: targetValue,
            reason: text(256),
          },
        },
      },
    },
    async (request, reply) => {
      const { changeNo, notices } = await requestTargetChange(db, actorOf(request, reply), request.body);
      publishTaskNotices(app, notices);
      return ok({ changeNo }, `已提交变更申请 ${changeNo}，请等待审批`);
    },
  );
  app.get<{ Querystring: GridQuery }>(
    '/eStoneKpi/target/export',
    { config: requires('kpi:list'), schema: { querystring: gridQuery } },
    async (request, reply) => targetWorkbook(db, callerOf(request), request.query, reply),
  );
  app.get<{ Querystring: GridQuery }>(
    '/eStoneKpi/target/template',
    { config: requires('kpi:edit'), schema: { querystring: gridQuery } },
    async (request, reply) => sendTargetTemplate(reply, request.query),
  );
  app.post<{ Querystring: GridQuery }>(
    '/eStoneKpi/target/import',
    { config: requires('kpi:edit'), schema: { querystring: gridQuery } },
    async (request, reply) => importTargets(request, reply, request.query),
  );

  // ---- 达成报表 ----
  const reportQuery = {
    type: 'object',
    required: ['period', 'indicatorCode'],
    properties: { period, indicatorCode, orgCode },
  } as const;
  app.get<{ Querystring: ReportQuery }>(
    '/eStoneKpi/achievement/report',
    { config: requires('kpi:report'), schema: { querystring: reportQuery } },
    async (request) => ok(await achievementReport(db, callerOf(request), request.query)),
  );
  app.get(
    '/eStoneKpi/achievement/export',
    { config: requires('kpi:report'), schema: { querystring: reportQuery } },
    async (request, reply) => sendExport(request, reply, ACHIEVEMENT_EXPORT),
  );
  app.post<{ Body: { period: string } }>(
    '/eStoneKpi/achievement/rebuild',
    {
      config: requires('kpi:snapshot'),
      schema: { body: { type: 'object', required: ['period'], properties: { period } } },
    },
    async (request) => {
      const caller = callerOf(request);
      const jobId = await app.jobs.enqueue({
        kind: KPI_SNAPSHOT_JOB,
        title: `重新计算达成 ${request.body.period}`,
        tenantId: caller.tenantId,
        userId: caller.userId,
        payload: { period: request.body.period },
      });
      return ok({ jobId }, '已开始重新计算，可在下载中心查看进度');
    },
  );

  // ---- 首页看板 ----
  app.get<{ Querystring: { period: KpiBoardPeriod; indicatorCode: KpiIndicatorCode } }>(
    '/eStoneKpi/board',
    { config: { access: 'authenticated' }, schema: { querystring: boardQuery } },
    async (request) => ok(await kpiBoard(db, callerOf(request), request.query)),
  );
  app.get<{ Querystring: { period: KpiBoardPeriod; indicatorCode: KpiIndicatorCode } }>(
    '/eStoneKpi/board/redBlack',
    { config: { access: 'authenticated' }, schema: { querystring: boardQuery } },
    async (request, reply) => {
      const rows = await redBlackRows(
        db,
        callerOf(request),
        request.query.indicatorCode,
        request.query.period,
      );
      async function* one() {
        yield rows;
      }
      return sendWorkbook(
        reply,
        '红黑榜',
        [
          { header: '榜单', value: (row: (typeof rows)[number]) => row.board },
          { header: '类别', value: (row) => row.kind },
          { header: '指标', value: (row) => row.indicator },
          { header: '名次', value: (row) => row.rank },
          { header: '名称', width: 24, value: (row) => row.name },
          { header: '实际', value: (row) => row.value },
          {
            header: '达成率',
            value: (row) => (row.rate === null ? null : `${(row.rate * 100).toFixed(1)}%`),
          },
        ],
        one(),
      );
    },
  );

  // ---- 销售分析 ----
  app.get<{ Querystring: SalesAnalysisQuery }>(
    '/eStoneKpi/sales/analysis',
    { config: requires('report:sales'), schema: { querystring: salesQuery } },
    async (request) => ok(await salesAnalysis(db, callerOf(request), request.query)),
  );
  app.get<{ Querystring: SalesAnalysisQuery }>(
    '/eStoneKpi/sales/export',
    { config: requires('report:sales'), schema: { querystring: salesQuery } },
    async (request, reply) => sendExport(request, reply, SALES_ANALYSIS_EXPORT),
  );

  // ---- 经销商报表 ----
  const dailyQuery = {
    type: 'object',
    required: ['date'],
    properties: {
      date: isoDay,
      orgCode,
      dealerId: text(32),
      pageNo: { type: 'integer', minimum: 1 },
      pageSize: { type: 'integer', minimum: 1, maximum: 200 },
    },
  } as const;
  app.get(
    '/eStoneKpi/dealer/daily',
    { config: requires('report:dealer'), schema: { querystring: dailyQuery } },
    async (request) => ok(await listDealerDaily(db, callerOf(request), request.query as RawQuery)),
  );
  app.get(
    '/eStoneKpi/dealer/daily/export',
    { config: requires('report:dealer'), schema: { querystring: dailyQuery } },
    async (request, reply) => sendExport(request, reply, DEALER_DAILY_EXPORT),
  );
  const monthlyQuery = {
    type: 'object',
    required: ['month'],
    properties: { month, level: { type: 'integer', minimum: 1, maximum: 5 }, orgCode },
  } as const;
  app.get<{ Querystring: { month: string; level?: number; orgCode?: string } }>(
    '/eStoneKpi/dealer/monthly',
    { config: requires('report:dealer'), schema: { querystring: monthlyQuery } },
    async (request) => ok(await dealerMonthly(db, callerOf(request), request.query)),
  );
  app.get(
    '/eStoneKpi/dealer/monthly/export',
    { config: requires('report:dealer'), schema: { querystring: monthlyQuery } },
    async (request, reply) => sendExport(request, reply, DEALER_MONTHLY_EXPORT),
  );
  app.post<{ Body: { date?: string; month?: string } }>(
    '/eStoneKpi/dealer/rebuild',
    {
      config: requires('report:rebuild'),
      schema: {
        body: {
          type: 'object',
          properties: { date: isoDay, month },
          anyOf: [{ required: ['date'] }, { required: ['month'] }],
        },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const what = request.body.date ?? request.body.month;
      const jobId = await app.jobs.enqueue({
        kind: DEALER_REPORT_JOB,
        title: `重建经销商报表 ${what}`,
        tenantId: caller.tenantId,
        userId: caller.userId,
        payload: { date: request.body.date ?? null, month: request.body.month ?? null },
      });
      return ok({ jobId }, '已开始重建，可在下载中心查看进度');
    },
  );
}
