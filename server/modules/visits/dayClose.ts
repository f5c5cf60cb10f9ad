// The day close of visits (DOMAIN §1.4, run by the jobs runner): every visit still checked in on a day before
// today (Shanghai) is closed by the system (AUTO_CLOSED, flag NO_CHECKOUT, invalid, its 异常拜访审核 started), and every confirmed plan
// of such a day is settled — MISSED when nothing of it was visited, DONE when every must-visit outlet was,
// PARTIAL otherwise — its items left pending marked MISSED. Running it again changes nothing.
import { sql, type Kysely } from 'kysely';
import { HARD_FLAGS, type AbnormalFlag } from '../../../common/visits';
import type { DB } from '../../db/schema';
import { startAbnormalReview } from './approval';
import { shanghaiToday } from './plans';

export interface DayCloseOutcome {
  autoClosed: number;
  plansSettled: number;
}

/** Closes every day before `today` (YYYY-MM-DD, Shanghai; the database's today when not given). */
export async function closeVisitDays(db: Kysely<DB>, today?: string): Promise<DayCloseOutcome> {
  const day = today ?? (await shanghaiToday(db));
  return db.transaction().execute(async (trx) => {
    const open = await trx
      .selectFrom('visit_records')
      .select(['id', 'tenant_id', 'abnormal_flags'])
      .where('status', '=', 'CHECKED_IN')
      .where(sql<boolean>`(check_in_at at time zone 'Asia/Shanghai')::date < ${day}::date`)
      .forUpdate()
      .execute();
    for (const visit of open) {
      const flags: AbnormalFlag[] = [...new Set<AbnormalFlag>([...visit.abnormal_flags, 'NO_CHECKOUT'])];
      await trx
        .updateTable('visit_records')
        .set({
          status: 'AUTO_CLOSED',
          abnormal_flags: JSON.stringify(flags),
          abnormal_review_status: 'PENDING',
          is_valid: !flags.some((flag) => HARD_FLAGS.includes(flag)),
          updated_at: new Date(),
        })
        .where('id', '=', visit.id)
        .where('status', '=', 'CHECKED_IN')
        .execute();
      // Its 异常拜访审核 (the approvers find it in 待我审批).
      await startAbnormalReview(trx, visit.tenant_id, visit.id);
    }
    const plans = await trx
      .selectFrom('visit_plans')
      .select([
        'id',
        'status',
        sql<number>`(select count(*)::integer from visit_plan_items i where i.plan_id = visit_plans.id and i.must_visit and i.status <> 'VISITED' and i.status <> 'CANCELLED')`.as(
          'missingMust',
        ),
      ])
      .where('status', 'in', ['APPROVED', 'IN_PROGRESS'])
      .where('plan_date', '<', day)
      .execute();
    for (const plan of plans) {
      const status = plan.status === 'APPROVED' ? 'MISSED' : plan.missingMust === 0 ? 'DONE' : 'PARTIAL';
      await trx
        .updateTable('visit_plans')
        .set({ status, updated_at: new Date() })
        .where('id', '=', plan.id)
        .where('status', '=', plan.status)
        .execute();
      await trx
        .updateTable('visit_plan_items')
        .set({ status: 'MISSED' })
        .where('plan_id', '=', plan.id)
        .where('status', '=', 'PENDING')
        .execute();
    }
    return { autoClosed: open.length, plansSettled: plans.length };
  });
}
