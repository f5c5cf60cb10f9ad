// The rep's mobile workbench (issue #17): what the phone shows — today's confirmed plans of the caller in route
// order with each outlet's position and the check-in rule it follows, the caller's open visit with the steps
// already written, the SKUs a stock check counts, and 我的 (the caller's visits of a month). Reads only: every
// fact of a visit is still decided by check-in, steps and check-out (records.ts).
import { sql, type Kysely } from 'kysely';
import { STEP_TYPE, VISIT_STATUS, type StepType } from '../../../common/visits';
import { shanghaiDateTime } from '../../db/dates';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import type { Caller } from '../shared/actor';
import { templateForOutlet, type TemplateDetail } from '../execution/templates';
import { ruleForOutlet } from './rules';
import { visitOrders } from './records';
import { stepsForOutlet } from './stepTemplates';

const today = sql<string>`(now() at time zone 'Asia/Shanghai')::date`;
/** The SKUs a stock check lists: the tenant's on-sale products, best known first. */
const STOCK_SKU_LIMIT = 60;

export async function workbenchToday(db: Kysely<DB>, caller: Caller) {
  const items = await db
    .selectFrom('visit_plan_items')
    .innerJoin('visit_plans', 'visit_plans.id', 'visit_plan_items.plan_id')
    .innerJoin('customers', 'customers.id', 'visit_plan_items.customer_id')
    .select([
      'visit_plan_items.id',
      'visit_plans.id as planId',
      'visit_plans.plan_no as planNo',
      'visit_plan_items.seq',
      'visit_plan_items.purpose',
      'visit_plan_items.planned_time as plannedTime',
      'visit_plan_items.must_visit as mustVisit',
      'visit_plan_items.status',
      'visit_plan_items.visit_record_id as visitId',
      'customers.id as customerId',
      'customers.customer_code as customerCode',
      'customers.name as customerName',
      'customers.address',
      'customers.lng',
      'customers.lat',
      'customers.org_code',
      'customers.channel',
      'customers.outlet_type',
    ])
    .where('visit_plans.tenant_id', '=', caller.tenantId)
    .where('visit_plans.employee_id', '=', caller.userId)
    .where('visit_plans.plan_date', '=', today)
    .where('visit_plans.status', 'in', ['APPROVED', 'IN_PROGRESS'])
    .where('visit_plan_items.status', '<>', 'CANCELLED')
    .orderBy('visit_plans.plan_no')
    .orderBy('visit_plan_items.seq')
    .execute();
  // The 陈列检查 of each outlet scores against its active execution template (the most specific): each
  // template once, the outlets naming theirs.
  const templates = new Map<string, TemplateDetail>();
  const templateIdOf = async (customerId: string) => {
    const template = await templateForOutlet(db, caller.tenantId, customerId);
    if (template) templates.set(template.id, template);
    return template?.id ?? null;
  };
  const outlets = [];
  for (const { org_code, channel, outlet_type, lng, lat, ...item } of items) {
    outlets.push({
      ...item,
      lng: lng === null ? null : Number(lng),
      lat: lat === null ? null : Number(lat),
      rule: await ruleForOutlet(db, caller.tenantId, { org_code, channel, outlet_type }),
      ...(await stepsForOutlet(db, caller.tenantId, { org_code, channel, outlet_type })),
      executionTemplateId: await templateIdOf(item.customerId),
    });
  }
  const open = await db
    .selectFrom('visit_records')
    .innerJoin('customers', 'customers.id', 'visit_records.customer_id')
    .select([
      'visit_records.id',
      'visit_records.visit_no as visitNo',
      'visit_records.client_id as clientId',
      'visit_records.customer_id as customerId',
      'customers.name as customerName',
      'customers.customer_code as customerCode',
      'customers.address',
      shanghaiDateTime('visit_records.check_in_at').as('checkInAt'),
      'visit_records.check_in_distance_m as checkInDistanceM',
      'visit_records.abnormal_flags as abnormalFlags',
      'visit_records.rule_snapshot as rule',
    ])
    .where('visit_records.tenant_id', '=', caller.tenantId)
    .where('visit_records.employee_id', '=', caller.userId)
    .where('visit_records.status', '=', 'CHECKED_IN')
    .executeTakeFirst();
  const steps = open
    ? await db
        .selectFrom('visit_step_results')
        .select(['step_type as stepType', 'client_id as clientId'])
        .where('tenant_id', '=', caller.tenantId)
        .where('visit_id', '=', open.id)
        .orderBy('completed_at')
        .execute()
    : [];
  // The orders placed during the open visit (its 下单 step shows them).
  const orders = open ? await visitOrders(db, caller.tenantId, open.id) : [];
  const skus = await db
    .selectFrom('skus')
    .select(['id', 'sku_code as skuCode', 'name', 'spec'])
    .where('tenant_id', '=', caller.tenantId)
    .where('status', '=', 'ON_SALE')
    .orderBy('sku_code')
    .limit(STOCK_SKU_LIMIT)
    .execute();
  const me = await db
    .selectFrom('users')
    .select(['realname', 'username'])
    .where('id', '=', caller.userId)
    .executeTakeFirst();
  return {
    date: (await sql<{ d: string }>`select to_char(${today}, 'YYYY-MM-DD') as d`.execute(db)).rows[0].d,
    repName: me?.realname || me?.username || '',
    outlets,
    openVisit: open
      ? {
          ...open,
          steps: steps.map((step) => ({ ...step, stepType_dictText: STEP_TYPE[step.stepType as StepType] })),
          orders,
          executionTemplateId: await templateIdOf(open.customerId),
        }
      : null,
    skus,
    executionTemplates: [...templates.values()].map((template) => ({
      id: template.id,
      code: template.code,
      name: template.name,
      version: template.version,
      passScore: template.passScore,
      totalScore: template.totalScore,
      items: template.items.map((item) => ({
        id: item.id,
        code: item.code,
        name: item.name,
        inputType: item.inputType,
        scoringRule: item.scoringRule,
        requirement: item.requirement,
        maxScore: item.maxScore,
        isVeto: item.isVeto,
        photoRequired: item.photoRequired,
      })),
    })),
  };
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** 我的: the caller's visits of a month (Shanghai), newest first, with their counts. */
export async function workbenchMine(db: Kysely<DB>, caller: Caller, month?: string) {
  if (month !== undefined && !MONTH.test(month)) throw new BusinessError(400, '月份格式应为 YYYY-MM');
  const first = month
    ? sql<string>`${`${month}-01`}::date`
    : sql<string>`date_trunc('month', now() at time zone 'Asia/Shanghai')::date`;
  const day = sql<string>`(visit_records.check_in_at at time zone 'Asia/Shanghai')::date`;
  const visits = await db
    .selectFrom('visit_records')
    .innerJoin('customers', 'customers.id', 'visit_records.customer_id')
    .select([
      'visit_records.id',
      'visit_records.visit_no as visitNo',
      'customers.name as customerName',
      'customers.customer_code as customerCode',
      shanghaiDateTime('visit_records.check_in_at').as('checkInAt'),
      'visit_records.status',
      'visit_records.is_valid as isValid',
      'visit_records.abnormal_flags as abnormalFlags',
      'visit_records.duration_sec as durationSec',
      'visit_records.execution_score as executionScore',
      'visit_records.order_amount as orderAmount',
    ])
    .where('visit_records.tenant_id', '=', caller.tenantId)
    .where('visit_records.employee_id', '=', caller.userId)
    .where(day, '>=', first)
    .where(day, '<', sql<string>`(${first} + interval '1 month')::date`)
    .orderBy('visit_records.check_in_at', 'desc')
    .execute();
  const scores = visits.map((visit) => visit.executionScore).filter((score) => score !== null);
  return {
    month: (await sql<{ m: string }>`select to_char(${first}, 'YYYY-MM') as m`.execute(db)).rows[0].m,
    totalVisits: visits.length,
    validVisits: visits.filter((visit) => visit.isValid).length,
    abnormalVisits: visits.filter((visit) => visit.abnormalFlags.length > 0).length,
    avgScore:
      scores.length > 0
        ? Math.round((scores.reduce((sum, score) => sum + Number(score), 0) / scores.length) * 10) / 10
        : null,
    orderAmount: visits.reduce((sum, visit) => sum + Number(visit.orderAmount), 0).toFixed(2),
    visits: visits.map((visit) => ({ ...visit, status_dictText: VISIT_STATUS[visit.status] })),
  };
}
