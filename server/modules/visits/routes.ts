// 拜访管理 under /eVisit (docs/visits-api.md): routes, check-in rules, plans, and visit records with the
// rep's check-in, steps and check-out. Thin: the services own the SQL.
import type { FastifyInstance } from 'fastify';
import { CHANNEL, ENABLED_STATUS, codesOf } from '../../../common/businessEnums';
import { PAYMENT_METHOD } from '../../../common/orders';
import { STEP_TYPE, TEMPLATE_STEP_TYPES } from '../../../common/visits';
import type { EnabledStatus } from '../../db/schema';
import { sessionOf } from '../../http/access';
import { ok } from '../../http/envelope';
import type { RawQuery } from '../../http/listQuery';
import type { TaskNotice } from '../approvals/engine';
import { publishTaskNotices } from '../approvals/notify';
import { sendExport } from '../jobs/exports';
import { actorOf, callerOf, requires } from '../shared/actor';
import { idQuerySchema, nullable, statusChangeSchema, text, type IdQuery } from '../shared/schemas';
import {
  PLAN_EXPORT,
  ROUTE_EXPORT,
  RULE_EXPORT,
  VISIT_DAILY_REPORT_EXPORT,
  VISIT_EXPORT,
  VISIT_MONTHLY_REPORT_EXPORT,
} from './export';
import { visitReport } from './reports';
import {
  addTempPlan,
  copyLastWeek,
  decidePlan,
  generateFromRoutes,
  listPlans,
  planById,
  type GenerateInput,
  type TempPlanInput,
} from './plans';
import {
  addStep,
  checkIn,
  checkOut,
  listVisits,
  placeVisitOrder,
  visitDetail,
  visitEmployeeOptions,
  type CheckInInput,
  type CheckOutInput,
  type StepInput,
  type VisitOrderInput,
} from './records';
import {
  changeRouteStatus,
  listRoutes,
  reorderRoute,
  routeById,
  saveRoute,
  type RouteInput,
} from './routePlans';
import { orderLinesSchema } from '../orders/placement';
import { listRules, saveRule, type RuleInput } from './rules';
import { listStepTemplates, saveStepTemplate, type StepTemplateInput } from './stepTemplates';
import { workbenchMine, workbenchToday } from './workbench';

const id = text(32);
const ids = (max: number) => ({ type: 'array', maxItems: max, items: id }) as const;
const isoDay = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;
const clientId = { type: 'string', minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' } as const;
const position = {
  lng: { type: 'number', minimum: -180, maximum: 180 },
  lat: { type: 'number', minimum: -90, maximum: 90 },
  accuracyM: { type: 'number', minimum: 0, maximum: 100000 },
} as const;
const deviceTime = nullable({
  type: 'string',
  maxLength: 40,
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}',
});

const reportFilters = {
  groupBy: { type: 'string', enum: ['employee', 'org'] },
  orgCode: { type: 'string', maxLength: 65 },
  pageNo: { type: 'integer', minimum: 1 },
  pageSize: { type: 'integer', minimum: 1, maximum: 1000 },
} as const;
const dailyReportQuery = {
  type: 'object',
  required: ['date'],
  properties: { ...reportFilters, date: isoDay },
} as const;
const monthlyReportQuery = {
  type: 'object',
  required: ['month'],
  properties: { ...reportFilters, month: { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$' } },
} as const;

const routeProperties = {
  code: text(32),
  name: text(64),
  employeeId: id,
  weekdays: { type: 'array', minItems: 1, maxItems: 7, items: { type: 'integer', minimum: 1, maximum: 7 } },
  outletIds: ids(200),
  status: { type: 'string', enum: codesOf(ENABLED_STATUS) },
  remark: nullable({ type: 'string', maxLength: 256 }),
} as const;
const routeBody = {
  type: 'object',
  required: ['code', 'name', 'employeeId', 'weekdays', 'outletIds'],
  properties: routeProperties,
} as const;

const minutes = { type: 'integer', minimum: 0, maximum: 1440 } as const;
const ruleProperties = {
  name: text(64),
  orgCode: text(64),
  channel: nullable({ type: 'string', enum: codesOf(CHANNEL) }),
  outletType: nullable({ type: 'string', maxLength: 32 }),
  checkInRadiusM: { type: 'integer', minimum: 10, maximum: 5000 },
  gpsAccuracyMaxM: { type: 'integer', minimum: 5, maximum: 5000 },
  allowOutOfRange: { type: 'boolean' },
  requireCheckOut: { type: 'boolean' },
  minStayMinutes: minutes,
  maxStayMinutes: minutes,
  status: { type: 'string', enum: codesOf(ENABLED_STATUS) },
} as const;
const ruleBody = {
  type: 'object',
  required: [
    'name',
    'orgCode',
    'checkInRadiusM',
    'gpsAccuracyMaxM',
    'allowOutOfRange',
    'requireCheckOut',
    'minStayMinutes',
    'maxStayMinutes',
  ],
  properties: ruleProperties,
} as const;

const stepTemplateProperties = {
  name: text(64),
  orgCode: text(64),
  channel: nullable({ type: 'string', enum: codesOf(CHANNEL) }),
  outletType: nullable({ type: 'string', maxLength: 32 }),
  steps: {
    type: 'array',
    minItems: 1,
    maxItems: TEMPLATE_STEP_TYPES.length,
    items: {
      type: 'object',
      required: ['stepType', 'required'],
      properties: { stepType: { type: 'string', enum: codesOf(STEP_TYPE) }, required: { type: 'boolean' } },
    },
  },
  status: { type: 'string', enum: codesOf(ENABLED_STATUS) },
} as const;
const stepTemplateBody = {
  type: 'object',
  required: ['name', 'orgCode', 'steps'],
  properties: stepTemplateProperties,
} as const;

const checkInBody = {
  type: 'object',
  required: ['clientId', 'customerId', 'lng', 'lat', 'accuracyM'],
  properties: {
    clientId,
    customerId: id,
    ...position,
    photoId: nullable(id),
    reason: nullable({ type: 'string', maxLength: 256 }),
    deviceTime,
    deviceId: nullable({ type: 'string', maxLength: 64 }),
    appVersion: nullable({ type: 'string', maxLength: 32 }),
  },
} as const;

const checkOutBody = {
  type: 'object',
  required: ['visitId', 'lng', 'lat', 'accuracyM'],
  properties: {
    visitId: id,
    ...position,
    photoId: nullable(id),
    remark: nullable({ type: 'string', maxLength: 512 }),
    deviceTime,
  },
} as const;

const stepBody = {
  type: 'object',
  required: ['visitId', 'clientId', 'stepType'],
  properties: {
    visitId: id,
    clientId,
    stepType: { type: 'string', enum: codesOf(STEP_TYPE).filter((each) => !each.startsWith('CHECK_')) },
    data: { type: 'object', maxProperties: 50 },
    photoIds: ids(20),
  },
} as const;

/** 下单 during a visit: SKUs and quantities only — the server prices them from the outlet's price lists. */
const visitOrderBody = {
  type: 'object',
  required: ['visitId', 'clientId', 'paymentMethod', 'lines'],
  properties: {
    visitId: id,
    clientId,
    paymentMethod: { type: 'string', enum: codesOf(PAYMENT_METHOD) },
    buyerRemark: nullable({ type: 'string', maxLength: 256 }),
    lines: orderLinesSchema({}),
  },
} as const;

export async function visitRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;

  // ---- 拜访线路 ----
  app.get('/eVisit/route/list', { config: requires('visitRoute:list') }, async (request) =>
    ok(await listRoutes(db, callerOf(request), request.query as RawQuery)),
  );
  app.get('/eVisit/route/exportXls', { config: requires('visitRoute:list') }, (request, reply) =>
    sendExport(request, reply, ROUTE_EXPORT),
  );
  app.get<{ Querystring: IdQuery }>(
    '/eVisit/route/queryById',
    { config: requires('visitRoute:list'), schema: { querystring: idQuerySchema } },
    async (request) => ok(await routeById(db, callerOf(request), request.query.id)),
  );
  app.post<{ Body: RouteInput }>(
    '/eVisit/route/add',
    { config: requires('visitRoute:add'), schema: { body: routeBody } },
    async (request, reply) => ok(await saveRoute(db, actorOf(request, reply), request.body), '添加成功！'),
  );
  app.put<{ Body: RouteInput & { id: string } }>(
    '/eVisit/route/edit',
    {
      config: requires('visitRoute:edit'),
      schema: {
        body: {
          ...routeBody,
          required: ['id', ...routeBody.required],
          properties: { id, ...routeProperties },
        },
      },
    },
    async (request, reply) =>
      ok(await saveRoute(db, actorOf(request, reply), request.body, request.body.id), '编辑成功！'),
  );
  app.put<{ Body: { id: string; outletIds: string[] } }>(
    '/eVisit/route/reorder',
    {
      config: requires('visitRoute:edit'),
      schema: {
        body: { type: 'object', required: ['id', 'outletIds'], properties: { id, outletIds: ids(200) } },
      },
    },
    async (request, reply) =>
      ok(
        await reorderRoute(db, actorOf(request, reply), request.body.id, request.body.outletIds),
        '已调整顺序',
      ),
  );
  app.put<{ Body: { id: string; status: EnabledStatus } }>(
    '/eVisit/route/changeStatus',
    { config: requires('visitRoute:edit'), schema: { body: statusChangeSchema(codesOf(ENABLED_STATUS)) } },
    async (request, reply) =>
      ok(await changeRouteStatus(db, actorOf(request, reply), request.body.id, request.body.status)),
  );

  // ---- 打卡规则 ----
  app.get('/eVisit/rule/list', { config: requires('visitRule:list') }, async (request) =>
    ok(await listRules(db, callerOf(request), request.query as RawQuery)),
  );
  app.get('/eVisit/rule/exportXls', { config: requires('visitRule:list') }, (request, reply) =>
    sendExport(request, reply, RULE_EXPORT),
  );
  app.post<{ Body: RuleInput }>(
    '/eVisit/rule/add',
    { config: requires('visitRule:edit'), schema: { body: ruleBody } },
    async (request, reply) => ok(await saveRule(db, actorOf(request, reply), request.body), '添加成功！'),
  );
  app.put<{ Body: RuleInput & { id: string } }>(
    '/eVisit/rule/edit',
    {
      config: requires('visitRule:edit'),
      schema: {
        body: { ...ruleBody, required: ['id', ...ruleBody.required], properties: { id, ...ruleProperties } },
      },
    },
    async (request, reply) =>
      ok(await saveRule(db, actorOf(request, reply), request.body, request.body.id), '编辑成功！'),
  );

  // ---- 拜访步骤配置 (with 打卡规则's permissions: both say how a visit is held) ----
  app.get('/eVisit/stepTemplate/list', { config: requires('visitRule:list') }, async (request) =>
    ok(await listStepTemplates(db, callerOf(request), request.query as RawQuery)),
  );
  app.post<{ Body: StepTemplateInput }>(
    '/eVisit/stepTemplate/add',
    { config: requires('visitRule:edit'), schema: { body: stepTemplateBody } },
    async (request, reply) =>
      ok(await saveStepTemplate(db, actorOf(request, reply), request.body), '添加成功！'),
  );
  app.put<{ Body: StepTemplateInput & { id: string } }>(
    '/eVisit/stepTemplate/edit',
    {
      config: requires('visitRule:edit'),
      schema: {
        body: {
          ...stepTemplateBody,
          required: ['id', ...stepTemplateBody.required],
          properties: { id, ...stepTemplateProperties },
        },
      },
    },
    async (request, reply) =>
      ok(await saveStepTemplate(db, actorOf(request, reply), request.body, request.body.id), '编辑成功！'),
  );

  // ---- 拜访记录 ----
  app.get('/eVisit/record/list', { config: requires('visit:list') }, async (request) =>
    ok(await listVisits(db, callerOf(request), request.query as RawQuery)),
  );
  app.get('/eVisit/record/exportXls', { config: requires('visit:list') }, (request, reply) =>
    sendExport(request, reply, VISIT_EXPORT),
  );
  app.get<{ Querystring: IdQuery }>(
    '/eVisit/record/queryById',
    { config: requires('visit:list'), schema: { querystring: idQuerySchema } },
    async (request) => ok(await visitDetail(db, callerOf(request), request.query.id)),
  );
  // 人员 of the list's filter, for those who see visits but need not hold user:list.
  app.get<{ Querystring: { keyword?: string; id?: string } }>(
    '/eVisit/record/employeeOptions',
    {
      config: requires('visit:list'),
      schema: {
        querystring: {
          type: 'object',
          properties: { keyword: { type: 'string', maxLength: 32 }, id: text(32), _t: {} },
        },
      },
    },
    async (request) =>
      ok(
        await visitEmployeeOptions(db, callerOf(request), {
          keyword: request.query.keyword?.trim() || undefined,
          id: request.query.id,
        }),
      ),
  );
  // ---- 拜访日报 / 月报 (DMS) ----
  app.get(
    '/esaleanalysis/dmsdailyreport',
    { config: requires('visit:list'), schema: { querystring: dailyReportQuery } },
    async (request) => ok(await visitReport(db, callerOf(request), request.query as RawQuery, 'daily')),
  );
  app.get(
    '/esaleanalysis/dmsmonthreport',
    { config: requires('visit:list'), schema: { querystring: monthlyReportQuery } },
    async (request) => ok(await visitReport(db, callerOf(request), request.query as RawQuery, 'monthly')),
  );
  app.get(
    '/esaleanalysis/dmsdailyreport/exportXls',
    { config: requires('visit:list'), schema: { querystring: dailyReportQuery } },
    (request, reply) => sendExport(request, reply, VISIT_DAILY_REPORT_EXPORT),
  );
  app.get(
    '/esaleanalysis/dmsmonthreport/exportXls',
    { config: requires('visit:list'), schema: { querystring: monthlyReportQuery } },
    (request, reply) => sendExport(request, reply, VISIT_MONTHLY_REPORT_EXPORT),
  );
  app.post<{ Body: CheckInInput }>(
    '/eVisit/checkIn',
    { config: requires('visit:checkIn'), schema: { body: checkInBody } },
    async (request, reply) => ok(await checkIn(db, actorOf(request, reply), request.body), '签到成功'),
  );
  app.post<{ Body: CheckOutInput }>(
    '/eVisit/checkOut',
    { config: requires('visit:checkIn'), schema: { body: checkOutBody } },
    async (request, reply) => {
      const notices: TaskNotice[] = [];
      const visit = await checkOut(db, actorOf(request, reply), request.body, notices);
      await publishTaskNotices(app, notices);
      return ok(visit, '签退成功');
    },
  );
  app.post<{ Body: StepInput }>(
    '/eVisit/step',
    { config: requires('visit:checkIn'), schema: { body: stepBody } },
    async (request, reply) => ok(await addStep(db, actorOf(request, reply), request.body), '已记录'),
  );
  // Placing an order is what order:add allows; the visit must be the caller's own open one.
  app.post<{ Body: VisitOrderInput }>(
    '/eVisit/order',
    { config: requires('order:add'), schema: { body: visitOrderBody } },
    async (request, reply) =>
      ok(await placeVisitOrder(db, actorOf(request, reply), request.body), '下单成功！'),
  );

  // 拜访详情's map: the tile server configured (MAP_TILE_URL), or none (pins on a plain background).
  app.get('/eVisit/mapConfig', { config: requires('visit:list') }, async () =>
    ok({ tileUrl: app.mapTileUrl }),
  );
  // ---- The rep's mobile workbench (issue #17) ----
  app.get('/eVisit/workbench/today', { config: requires('visit:checkIn') }, async (request) =>
    ok({
      ...(await workbenchToday(db, callerOf(request))),
      mayOrder: sessionOf(request).permissions.has('order:add'),
    }),
  );
  app.get<{ Querystring: { month?: string } }>(
    '/eVisit/workbench/mine',
    {
      config: requires('visit:checkIn'),
      schema: { querystring: { type: 'object', properties: { month: { type: 'string', maxLength: 7 } } } },
    },
    async (request) => ok(await workbenchMine(db, callerOf(request), request.query.month)),
  );

  // ---- 拜访计划 ----
  app.get('/eVisit/plan/list', { config: requires('visitPlan:list') }, async (request) =>
    ok(await listPlans(db, callerOf(request), request.query as RawQuery)),
  );
  app.get('/eVisit/plan/exportXls', { config: requires('visitPlan:list') }, (request, reply) =>
    sendExport(request, reply, PLAN_EXPORT),
  );
  app.get<{ Querystring: IdQuery }>(
    '/eVisit/plan/queryById',
    { config: requires('visitPlan:list'), schema: { querystring: idQuerySchema } },
    async (request) => ok(await planById(db, callerOf(request), request.query.id)),
  );
  app.post<{ Body: GenerateInput }>(
    '/eVisit/plan/generate',
    {
      config: requires('visitPlan:add'),
      schema: {
        body: {
          type: 'object',
          required: ['from', 'to'],
          properties: { from: isoDay, to: isoDay, routeIds: ids(200) },
        },
      },
    },
    async (request, reply) => ok(await generateFromRoutes(db, actorOf(request, reply), request.body)),
  );
  app.post<{ Body: TempPlanInput }>(
    '/eVisit/plan/addTemp',
    {
      config: requires('visitPlan:add'),
      schema: {
        body: {
          type: 'object',
          required: ['employeeId', 'planDate', 'outletIds'],
          properties: {
            employeeId: id,
            planDate: isoDay,
            outletIds: ids(100),
            purpose: nullable({ type: 'string', maxLength: 16 }),
            plannedTimes: {
              type: 'object',
              maxProperties: 100,
              additionalProperties: { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' },
            },
            remark: nullable({ type: 'string', maxLength: 256 }),
          },
        },
      },
    },
    async (request, reply) => ok(await addTempPlan(db, actorOf(request, reply), request.body), '已提交'),
  );
  app.post<{ Body: { weekStart: string } }>(
    '/eVisit/plan/copyLastWeek',
    {
      config: requires('visitPlan:add'),
      schema: { body: { type: 'object', required: ['weekStart'], properties: { weekStart: isoDay } } },
    },
    async (request, reply) => ok(await copyLastWeek(db, actorOf(request, reply), request.body.weekStart)),
  );
  app.put<{ Body: { id: string; approve: boolean } }>(
    '/eVisit/plan/decide',
    {
      config: requires('visitPlan:approve'),
      schema: {
        body: {
          type: 'object',
          required: ['id', 'approve'],
          properties: { id, approve: { type: 'boolean' } },
        },
      },
    },
    async (request, reply) =>
      ok(await decidePlan(db, actorOf(request, reply), request.body.id, request.body.approve)),
  );
}
