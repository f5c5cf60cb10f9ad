// 异常拜访审核 (DOMAIN §1.4) as the VISIT_ABNORMAL business type of the 审批中心: a visit closed with an abnormal
// flag (check-out or the day close) starts it in the same transaction, on behalf of the rep, in the visit's
// department. Approved (认可) makes the visit valid, rejected (不认可) invalid — what 拜访记录 and the DMS
// reports count — and a withdrawal leaves it pending with the validity its flags give.
import type { Kysely, Transaction } from 'kysely';
import { ABNORMAL_FLAG, HARD_FLAGS, formatStay, type AbnormalFlag } from '../../../common/visits';
import { shanghaiDateTime } from '../../db/dates';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { chooseFlow } from '../approvals/flows';
import {
  registerApprovalHandler,
  startApproval,
  type ApprovalOutcome,
  type TaskNotice,
} from '../approvals/engine';
import { changedMeanwhile } from '../shared/commands';

async function settle(trx: Transaction<DB>, outcome: ApprovalOutcome, accepted: boolean | null) {
  const visit = await trx
    .selectFrom('visit_records')
    .select('abnormal_flags')
    .where('id', '=', outcome.bizId)
    .where('tenant_id', '=', outcome.tenantId)
    .executeTakeFirst();
  const byFlags = !(visit?.abnormal_flags ?? []).some((flag) => HARD_FLAGS.includes(flag));
  const moved = await trx
    .updateTable('visit_records')
    .set({
      abnormal_review_status: accepted === null ? 'PENDING' : accepted ? 'ACCEPTED' : 'DENIED',
      is_valid: accepted === null ? byFlags : accepted,
      updated_by: outcome.actorId,
      updated_at: new Date(),
    })
    .where('id', '=', outcome.bizId)
    .where('tenant_id', '=', outcome.tenantId)
    .where('abnormal_review_status', '=', 'PENDING')
    .returning('id')
    .executeTakeFirst();
  if (!moved) throw changedMeanwhile('拜访');
}

registerApprovalHandler({
  bizType: 'VISIT_ABNORMAL',
  approved: (trx, outcome) => settle(trx, outcome, true),
  rejected: (trx, outcome) => settle(trx, outcome, false),
  withdrawn: (trx, outcome) => settle(trx, outcome, null),
});

/**
 * Starts the review of a closed visit that carries a flag; its tasks' notices to publish after commit. A tenant
 * whose 异常拜访审核 flow is disabled reviews nothing: the visit stays 待审核 and the rep's check-out (or the day
 * close) still succeeds.
 */
export async function startAbnormalReview(
  trx: Kysely<DB>,
  tenantId: string,
  visitId: string,
): Promise<TaskNotice[]> {
  const visit = await trx
    .selectFrom('visit_records')
    .innerJoin('customers', 'customers.id', 'visit_records.customer_id')
    .innerJoin('users', 'users.id', 'visit_records.employee_id')
    .select([
      'visit_records.visit_no',
      'visit_records.employee_id',
      'visit_records.org_code',
      'visit_records.abnormal_flags',
      'visit_records.abnormal_reason',
      shanghaiDateTime('visit_records.check_in_at').as('checkInAt'),
      'visit_records.check_in_distance_m',
      'visit_records.duration_sec',
      'customers.name as customerName',
      'customers.customer_code',
      'users.realname',
    ])
    .where('visit_records.id', '=', visitId)
    .where('visit_records.tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  try {
    await chooseFlow(trx, tenantId, 'VISIT_ABNORMAL', { orgCode: visit.org_code });
  } catch (error) {
    if (error instanceof BusinessError) return [];
    throw error;
  }
  const flags = visit.abnormal_flags.map((flag: AbnormalFlag) => ABNORMAL_FLAG[flag]).join('、');
  const { notices } = await startApproval(trx, {
    tenantId,
    initiatorId: visit.employee_id,
    bizType: 'VISIT_ABNORMAL',
    bizId: visitId,
    bizNo: visit.visit_no,
    title: `${visit.realname} 拜访 ${visit.customerName}（${flags}）`,
    summary: {
      fields: [
        { label: '拜访编号', value: visit.visit_no },
        { label: '业务员', value: visit.realname },
        { label: '门店', value: `${visit.customerName}（${visit.customer_code}）` },
        { label: '签到时间', value: visit.checkInAt },
        { label: '签到距离', value: `${visit.check_in_distance_m} 米` },
        { label: '在店时长', value: formatStay(visit.duration_sec) },
        { label: '异常标记', value: flags },
        { label: '异常说明', value: visit.abnormal_reason ?? '—' },
      ],
    },
    orgCode: visit.org_code,
  });
  return notices;
}
