// 拜访计划 (DOMAIN §1.4 VisitPlan): a rep's outlets for one day. 按线路生成 makes, for every day of a range on
// which an active route is walked, a ROUTE plan of its outlets (confirmed at once: the route is the approved
// plan); 临时计划 is a hand-picked list submitted for confirmation; 复制上周 copies last week's plans one week
// on. Check-ins tick the items off (records.ts); the day close settles what is left (dayClose.ts).
import { sql, type Kysely } from 'kysely';
import { codesOf } from '../../../common/businessEnums';
import { PLAN_ITEM_STATUS, PLAN_STATUS, PLAN_TYPE, type PlanStatus } from '../../../common/visits';
import { isoDate, shanghaiDateTime } from '../../db/dates';
import { newId } from '../../db/ids';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { pagedList, parseListQuery, type ListSpec, type RawQuery } from '../../http/listQuery';
import { logOperation, type Actor, type Caller } from '../shared/actor';
import { changedMeanwhile, notFound } from '../shared/commands';
import { dataScopeOf, inScope, type DataScope } from '../shared/dataScope';
import { nextDocumentNo } from '../shared/documentNumbers';
import { addDays } from '../stock/stockAge';
import { employeeOrgCode, outletsInScope } from './routePlans';

/** 按线路生成 and 复制上周 reach at most this far. */
export const MAX_PLAN_DAYS = 31;

export interface GenerateInput {
  from: string;
  to: string;
  routeIds?: string[];
}

export interface TempPlanInput {
  employeeId: string;
  planDate: string;
  outletIds: string[];
  purpose?: string | null;
  /** 'HH:MM' (Beijing time) an outlet is planned for, by outlet id; outlets not named have none. */
  plannedTimes?: Record<string, string>;
  remark?: string | null;
}

export const planScope = (scope: DataScope) =>
  inScope(scope, 'visit_plans.org_code', 'visit_plans.employee_id');

const planSpec: ListSpec = {
  filters: {
    planNo: { column: 'visit_plans.plan_no', kind: 'text' },
    planDate: { column: 'visit_plans.plan_date', kind: 'date' },
    employeeId: { column: 'visit_plans.employee_id', kind: 'text' },
    routeId: { column: 'visit_plans.route_id', kind: 'text' },
    orgCode: { column: 'visit_plans.org_code', kind: 'text' },
    planType: { column: 'visit_plans.plan_type', kind: 'enum', values: codesOf(PLAN_TYPE) },
    status: { column: 'visit_plans.status', kind: 'enum', values: codesOf(PLAN_STATUS) },
  },
  sorts: { planDate: 'visit_plans.plan_date', planNo: 'visit_plans.plan_no' },
  defaultSort: [
    ['visit_plans.plan_date', 'desc'],
    ['visit_plans.plan_no', 'asc'],
  ],
  // withItems=true: each plan also carries its outlets (the week calendar's cards), one query for the page.
  extras: ['withItems'],
};

/** The outlets of the plans, in route order, with each one's visit (when it was visited) and its time. */
async function itemsOf(db: Kysely<DB>, planIds: string[]) {
  if (planIds.length === 0) return [];
  const rows = await db
    .selectFrom('visit_plan_items')
    .innerJoin('customers', 'customers.id', 'visit_plan_items.customer_id')
    .leftJoin('visit_records', 'visit_records.id', 'visit_plan_items.visit_record_id')
    .select([
      'visit_plan_items.id',
      'visit_plan_items.plan_id as planId',
      'visit_plan_items.seq',
      'visit_plan_items.customer_id as customerId',
      'customers.name as customerName',
      'customers.customer_code as customerCode',
      'visit_plan_items.purpose',
      'visit_plan_items.planned_time as plannedTime',
      'visit_plan_items.must_visit as mustVisit',
      'visit_plan_items.status',
      'visit_plan_items.visit_record_id as visitRecordId',
      shanghaiDateTime<string | null>('visit_records.check_in_at').as('checkInAt'),
      'visit_records.abnormal_flags as abnormalFlags',
    ])
    .where('visit_plan_items.plan_id', 'in', planIds)
    .orderBy('visit_plan_items.plan_id')
    .orderBy('visit_plan_items.seq')
    .execute();
  return rows.map((item) => ({ ...item, status_dictText: PLAN_ITEM_STATUS[item.status] }));
}

export async function listPlans(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const list = parseListQuery(query, planSpec);
  const { withItems } = list.extras;
  if (withItems !== undefined && !['true', 'false'].includes(withItems))
    throw new BusinessError(400, '参数 withItems 应为 true 或 false');
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  const base = db
    .selectFrom('visit_plans')
    .innerJoin('users', 'users.id', 'visit_plans.employee_id')
    .leftJoin('visit_routes', 'visit_routes.id', 'visit_plans.route_id')
    .where('visit_plans.tenant_id', '=', caller.tenantId)
    .where(planScope(scope))
    .where(list.where);
  return pagedList(base, list, async (page) => {
    const rows = await page
      .select([
        'visit_plans.id',
        'visit_plans.plan_no as planNo',
        isoDate('visit_plans.plan_date').as('planDate'),
        'visit_plans.employee_id as employeeId',
        'users.realname as employeeName',
        'visit_plans.plan_type as planType',
        'visit_plans.route_id as routeId',
        'visit_routes.name as routeName',
        'visit_plans.planned_count as plannedCount',
        'visit_plans.visited_count as visitedCount',
        'visit_plans.status',
        'visit_plans.remark',
      ])
      .execute();
    const items = new Map<string, Awaited<ReturnType<typeof itemsOf>>>();
    if (withItems === 'true') {
      for (const item of await itemsOf(
        db,
        rows.map((row) => row.id),
      )) {
        items.set(item.planId, [...(items.get(item.planId) ?? []), item]);
      }
    }
    return rows.map((row) => ({
      ...row,
      completionRate:
        row.plannedCount === 0 ? null : Math.round((row.visitedCount / row.plannedCount) * 1000) / 10,
      planType_dictText: PLAN_TYPE[row.planType],
      status_dictText: PLAN_STATUS[row.status],
      ...(withItems === 'true' && { items: items.get(row.id) ?? [] }),
    }));
  });
}

export async function planById(db: Kysely<DB>, caller: Caller, id: string) {
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  const plan = await db
    .selectFrom('visit_plans')
    .innerJoin('users', 'users.id', 'visit_plans.employee_id')
    .select([
      'visit_plans.id',
      'visit_plans.plan_no as planNo',
      isoDate('visit_plans.plan_date').as('planDate'),
      'users.realname as employeeName',
      'visit_plans.plan_type as planType',
      'visit_plans.status',
    ])
    .where('visit_plans.id', '=', id)
    .where('visit_plans.tenant_id', '=', caller.tenantId)
    .where(planScope(scope))
    .executeTakeFirst();
  if (!plan) throw notFound('拜访计划');
  return {
    ...plan,
    planType_dictText: PLAN_TYPE[plan.planType],
    status_dictText: PLAN_STATUS[plan.status],
    items: await itemsOf(db, [id]),
  };
}

function daysOf(from: string, to: string): string[] {
  if (to < from) throw new BusinessError(400, '结束日期不能早于开始日期');
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    days.push(day);
    if (days.length > MAX_PLAN_DAYS) throw new BusinessError(400, `一次最多生成 ${MAX_PLAN_DAYS} 天的计划`);
  }
  return days;
}

/** ISO weekday 1 (Monday) – 7 (Sunday) of a YYYY-MM-DD day. */
export const weekdayOf = (day: string) => ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

interface NewPlan {
  employeeId: string;
  orgCode: string;
  planDate: string;
  planType: 'ROUTE' | 'TEMP';
  routeId: string | null;
  status: PlanStatus;
  outlets: Array<{
    customerId: string;
    purpose: string | null;
    mustVisit: boolean;
    plannedTime?: string | null;
  }>;
  remark?: string | null;
}

/** Writes a plan with its items; a route already planned that day adds nothing (undefined). */
async function insertPlan(db: Kysely<DB>, actor: Actor, plan: NewPlan): Promise<string | undefined> {
  const id = newId();
  const inserted = await db
    .insertInto('visit_plans')
    .values({
      id,
      tenant_id: actor.tenantId,
      created_by: actor.userId,
      plan_no: await nextDocumentNo(db, actor.tenantId, 'VP'),
      employee_id: plan.employeeId,
      org_code: plan.orgCode,
      plan_date: plan.planDate,
      plan_type: plan.planType,
      route_id: plan.routeId,
      planned_count: plan.outlets.length,
      status: plan.status,
      remark: plan.remark ?? null,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['tenant_id', 'employee_id', 'plan_date', 'route_id'])
        .where('route_id', 'is not', null)
        .doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return undefined;
  if (plan.outlets.length > 0) {
    await db
      .insertInto('visit_plan_items')
      .values(
        plan.outlets.map((outlet, index) => ({
          id: newId(),
          tenant_id: actor.tenantId,
          plan_id: id,
          customer_id: outlet.customerId,
          seq: index + 1,
          purpose: outlet.purpose,
          must_visit: outlet.mustVisit,
          planned_time: outlet.plannedTime ?? null,
        })),
      )
      .execute();
  }
  return id;
}

/** 按线路生成: the caller's scope's active routes (or the ones named) over the days from–to. */
export async function generateFromRoutes(db: Kysely<DB>, actor: Actor, input: GenerateInput) {
  const days = daysOf(input.from, input.to);
  return db.transaction().execute(async (trx) => {
    const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
    const routes = await trx
      .selectFrom('visit_routes')
      .select(['id', 'employee_id', 'org_code', 'weekdays', 'code'])
      .where('tenant_id', '=', actor.tenantId)
      .where('status', '=', 'ACTIVE')
      .where(inScope(scope, 'visit_routes.org_code', 'visit_routes.employee_id'))
      .$if(input.routeIds !== undefined, (query) => query.where('id', 'in', [...(input.routeIds ?? []), '']))
      .orderBy('code')
      .execute();
    let created = 0;
    for (const route of routes) {
      const outlets = await trx
        .selectFrom('visit_route_outlets')
        .select('customer_id')
        .where('route_id', '=', route.id)
        .orderBy('seq')
        .execute();
      if (outlets.length === 0) continue;
      for (const day of days.filter((each) => route.weekdays.includes(weekdayOf(each)))) {
        const id = await insertPlan(trx, actor, {
          employeeId: route.employee_id,
          orgCode: route.org_code,
          planDate: day,
          planType: 'ROUTE',
          routeId: route.id,
          status: 'APPROVED',
          outlets: outlets.map((outlet) => ({
            customerId: outlet.customer_id,
            purpose: '巡店',
            mustVisit: true,
          })),
        });
        if (id) created += 1;
      }
    }
    await logOperation(trx, actor, 'add', `按线路生成拜访计划 ${input.from} 至 ${input.to}：${created} 个`);
    return { created };
  });
}

/** 临时计划: hand-picked outlets of the caller's scope for a rep and a day, submitted for confirmation. */
export async function addTempPlan(db: Kysely<DB>, actor: Actor, input: TempPlanInput) {
  return db.transaction().execute(async (trx) => {
    const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
    const orgCode = await employeeOrgCode(trx, actor.tenantId, scope, input.employeeId);
    const outletIds = await outletsInScope(trx, actor.tenantId, scope, input.outletIds);
    if (outletIds.length === 0) throw new BusinessError(400, '请选择要拜访的门店');
    if (Object.keys(input.plannedTimes ?? {}).some((outletId) => !outletIds.includes(outletId)))
      throw new BusinessError(400, '计划时间所指的门店不在本计划中');
    const id = await insertPlan(trx, actor, {
      employeeId: input.employeeId,
      orgCode,
      planDate: input.planDate,
      planType: 'TEMP',
      routeId: null,
      status: 'SUBMITTED',
      outlets: outletIds.map((customerId) => ({
        customerId,
        purpose: input.purpose ?? null,
        mustVisit: true,
        plannedTime: input.plannedTimes?.[customerId] ?? null,
      })),
      remark: input.remark,
    });
    await logOperation(trx, actor, 'add', `新建临时拜访计划 ${input.planDate}`);
    return { id };
  });
}

/** 复制上周: the plans of the week before `weekStart` (their outlets as they were), one week on. */
export async function copyLastWeek(db: Kysely<DB>, actor: Actor, weekStart: string) {
  if (weekdayOf(weekStart) !== 1) throw new BusinessError(400, '请选择一周的周一');
  return db.transaction().execute(async (trx) => {
    const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
    const plans = await trx
      .selectFrom('visit_plans')
      .select([
        'id',
        'employee_id',
        'org_code',
        isoDate('plan_date').as('planDate'),
        'plan_type',
        'route_id',
        'remark',
      ])
      .where('tenant_id', '=', actor.tenantId)
      .where(planScope(scope))
      .where('plan_type', 'in', ['ROUTE', 'TEMP'])
      .where('plan_date', '>=', addDays(weekStart, -7))
      .where('plan_date', '<', weekStart)
      .orderBy('plan_date')
      .orderBy('plan_no')
      .execute();
    let created = 0;
    for (const plan of plans) {
      const items = await trx
        .selectFrom('visit_plan_items')
        .select(['customer_id', 'purpose', 'must_visit', 'planned_time'])
        .where('plan_id', '=', plan.id)
        .where('status', '<>', 'CANCELLED')
        .orderBy('seq')
        .execute();
      const planDate = addDays(plan.planDate, 7);
      if (plan.plan_type === 'TEMP') {
        const twin = await trx
          .selectFrom('visit_plans')
          .select('id')
          .where('tenant_id', '=', actor.tenantId)
          .where('employee_id', '=', plan.employee_id)
          .where('plan_date', '=', planDate)
          .where('plan_type', '=', 'TEMP')
          .executeTakeFirst();
        if (twin) continue;
      }
      const id = await insertPlan(trx, actor, {
        employeeId: plan.employee_id,
        orgCode: plan.org_code,
        planDate,
        planType: plan.plan_type === 'ROUTE' ? 'ROUTE' : 'TEMP',
        routeId: plan.route_id,
        status: plan.plan_type === 'ROUTE' ? 'APPROVED' : 'SUBMITTED',
        outlets: items.map((item) => ({
          customerId: item.customer_id,
          purpose: item.purpose,
          mustVisit: item.must_visit,
          plannedTime: item.planned_time,
        })),
        remark: plan.remark,
      });
      if (id) created += 1;
    }
    await logOperation(trx, actor, 'add', `复制上周拜访计划到 ${weekStart} 起的一周：${created} 个`);
    return { created };
  });
}

/** 确认 (SUBMITTED → APPROVED) or 退回 (SUBMITTED → DRAFT) a submitted plan; the loser of two at once gets 409. */
export async function decidePlan(db: Kysely<DB>, actor: Actor, id: string, approve: boolean) {
  return db.transaction().execute(async (trx) => {
    const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
    const plan = await trx
      .selectFrom('visit_plans')
      .select(['id', 'plan_no', 'status'])
      .where('id', '=', id)
      .where('tenant_id', '=', actor.tenantId)
      .where(planScope(scope))
      .executeTakeFirst();
    if (!plan) throw notFound('拜访计划');
    if (plan.status !== 'SUBMITTED')
      throw new BusinessError(
        409,
        `当前状态为「${PLAN_STATUS[plan.status]}」，不能${approve ? '确认' : '退回'}`,
      );
    const changed = await trx
      .updateTable('visit_plans')
      .set({ status: approve ? 'APPROVED' : 'DRAFT', updated_by: actor.userId, updated_at: new Date() })
      .where('id', '=', id)
      .where('status', '=', 'SUBMITTED')
      .returning('id')
      .executeTakeFirst();
    if (!changed) throw changedMeanwhile('拜访计划');
    await logOperation(trx, actor, 'update', `${approve ? '确认' : '退回'}拜访计划 ${plan.plan_no}`);
    return { id };
  });
}

/** Today in Shanghai, as the plans and the day close count days. */
export async function shanghaiToday(db: Kysely<DB>): Promise<string> {
  const { rows } = await sql<{
    day: string;
  }>`select to_char(now() at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day`.execute(db);
  return rows[0].day;
}
