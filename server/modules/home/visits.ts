// 首页's 今日拜访 and 异常拜访 cards (issue #17): today's plans and visits of the caller's data scope — the same
// scope as 拜访计划 and 拜访记录, whose lists the cards link to — counted in one pass each, with the latest few.
import { sql, type Kysely, type SqlBool } from 'kysely';
import { VISIT_STATUS } from '../../../common/visits';
import { HOME_VISIT_LIST_SIZE, type HomeVisitRow, type HomeVisits } from '../../../common/home';
import { shanghaiDateTime } from '../../db/dates';
import type { DB } from '../../db/schema';
import type { Caller } from '../shared/actor';
import { dataScopeOf } from '../shared/dataScope';
import { dayStart } from '../kpi/indicators';
import { addDays } from '../stock/stockAge';
import { planScope } from '../visits/plans';
import { hasAbnormalFlags, visitScope } from '../visits/records';
import { shanghaiToday } from './periods';

/** Plans that are the day's work: confirmed, running or settled (a draft or a submitted one is not yet). */
const CONFIRMED_PLANS = ['APPROVED', 'IN_PROGRESS', 'DONE', 'PARTIAL', 'MISSED'] as const;

export async function homeVisits(db: Kysely<DB>, caller: Caller, now: Date): Promise<HomeVisits> {
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  const day = shanghaiToday(now);
  const tomorrow = addDays(day, 1);
  const plans = await db
    .selectFrom('visit_plan_items')
    .innerJoin('visit_plans', 'visit_plans.id', 'visit_plan_items.plan_id')
    .select([
      sql<number>`count(*)::integer`.as('planned'),
      sql<number>`(count(*) filter (where visit_plan_items.status = 'VISITED'))::integer`.as('visited'),
    ])
    .where('visit_plans.tenant_id', '=', caller.tenantId)
    .where('visit_plans.plan_date', '=', day)
    .where('visit_plans.status', 'in', [...CONFIRMED_PLANS])
    .where('visit_plan_items.status', '<>', 'CANCELLED')
    .where(planScope(scope))
    .executeTakeFirstOrThrow();
  const today = db
    .selectFrom('visit_records')
    .where('visit_records.tenant_id', '=', caller.tenantId)
    .where(sql<SqlBool>`visit_records.check_in_at >= ${dayStart(day)}`)
    .where(sql<SqlBool>`visit_records.check_in_at < ${dayStart(tomorrow)}`)
    .where(visitScope(scope));
  const counts = await today
    .select([
      sql<number>`count(*)::integer`.as('visits'),
      sql<number>`(count(*) filter (where visit_records.is_valid))::integer`.as('valid'),
      sql<number>`(count(*) filter (where ${hasAbnormalFlags}))::integer`.as('abnormal'),
      sql<number>`(count(*) filter (where visit_records.abnormal_review_status = 'PENDING'))::integer`.as(
        'pending',
      ),
    ])
    .executeTakeFirstOrThrow();
  const latestOf = (abnormalOnly: boolean): Promise<HomeVisitRow[]> =>
    today
      .innerJoin('customers', 'customers.id', 'visit_records.customer_id')
      .innerJoin('users', 'users.id', 'visit_records.employee_id')
      .$if(abnormalOnly, (query) => query.where(hasAbnormalFlags))
      .select([
        'visit_records.id',
        'visit_records.visit_no as visitNo',
        shanghaiDateTime('visit_records.check_in_at').as('checkInAt'),
        'users.realname as employeeName',
        'customers.name as customerName',
        'visit_records.status',
        'visit_records.is_valid as isValid',
        'visit_records.abnormal_flags as abnormalFlags',
      ])
      .orderBy('visit_records.check_in_at', 'desc')
      .orderBy('visit_records.id', 'desc')
      .limit(HOME_VISIT_LIST_SIZE)
      .execute()
      .then((rows) => rows.map((row) => ({ ...row, status_dictText: VISIT_STATUS[row.status] })));
  const [latest, abnormal] = await Promise.all([latestOf(false), latestOf(true)]);
  return {
    day,
    plannedOutlets: plans.planned,
    visitedOutlets: plans.visited,
    visits: counts.visits,
    validVisits: counts.valid,
    abnormalVisits: counts.abnormal,
    pendingReview: counts.pending,
    latest,
    abnormal,
  };
}
