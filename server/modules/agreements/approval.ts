// A cooperation agreement's approval (DOMAIN §1.8, PENDING_APPROVAL → APPROVED / REJECTED) as the COOP_AGREEMENT
// business type of the 审批中心: 提交 starts it with the annual target amount as the amount the flows'
// conditions see; approved moves the agreement to APPROVED (待签署), rejected to REJECTED (to be edited and
// submitted again), withdrawn back to DRAFT; each outcome is an event of the agreement's history.
import { sql, type Kysely, type Transaction } from 'kysely';
import { COOP_STATUS, COOPERATION_TYPE, type CoopEvent, type CoopStatus } from '../../../common/agreements';
import { newId } from '../../db/ids';
import type { DB } from '../../db/schema';
import {
  registerApprovalHandler,
  startApproval,
  type ApprovalOutcome,
  type TaskNotice,
} from '../approvals/engine';
import type { Actor } from '../shared/actor';
import { changedMeanwhile } from '../shared/commands';
import { coopInScope, moveCoop } from './coop';

async function settle(trx: Transaction<DB>, outcome: ApprovalOutcome, to: CoopStatus, event: CoopEvent) {
  const moved = await trx
    .updateTable('coop_agreements')
    .set({
      status: to,
      updated_by: outcome.actorId,
      updated_at: new Date(),
      version: sql`version + 1`,
    })
    .where('id', '=', outcome.bizId)
    .where('tenant_id', '=', outcome.tenantId)
    .where('status', '=', 'PENDING_APPROVAL')
    .returning('id')
    .executeTakeFirst();
  if (!moved) throw changedMeanwhile('合作协议');
  await trx
    .insertInto('coop_agreement_events')
    .values({
      id: newId(),
      tenant_id: outcome.tenantId,
      agreement_id: outcome.bizId,
      action: event,
      from_status: 'PENDING_APPROVAL',
      to_status: to,
      note: outcome.comment,
      actor_id: outcome.actorId,
    })
    .execute();
}

registerApprovalHandler({
  bizType: 'COOP_AGREEMENT',
  approved: (trx, outcome) => settle(trx, outcome, 'APPROVED', 'APPROVE'),
  rejected: (trx, outcome) => settle(trx, outcome, 'REJECTED', 'REJECT'),
  withdrawn: (trx, outcome) => settle(trx, outcome, 'DRAFT', 'WITHDRAW'),
});

/** 提交: DRAFT/REJECTED → PENDING_APPROVAL and its approval started, in one transaction. */
export async function submitCoop(
  db: Kysely<DB>,
  actor: Actor,
  id: string,
): Promise<{ status: CoopStatus; notices: TaskNotice[] }> {
  return db.transaction().execute(async (trx) => {
    const row = await coopInScope(trx, actor, id);
    const customer = await trx
      .selectFrom('customers')
      .select(['name', 'customer_code'])
      .where('id', '=', row.party_b_customer_id)
      .executeTakeFirstOrThrow();
    const period = await trx
      .selectFrom('coop_agreements')
      .select(
        sql<string>`to_char(start_date, 'YYYY-MM-DD') || ' 至 ' || to_char(end_date, 'YYYY-MM-DD')`.as(
          'text',
        ),
      )
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    const status = await moveCoop(trx, actor, row, 'SUBMIT');
    const money = (value: string | null) =>
      value === null ? '—' : `¥${Number(value).toLocaleString('zh-CN')}`;
    const { notices } = await startApproval(trx, {
      tenantId: actor.tenantId,
      initiatorId: actor.userId,
      bizType: 'COOP_AGREEMENT',
      bizId: row.id,
      bizNo: row.agreement_no,
      title: `合作协议：${customer.name}`,
      summary: {
        fields: [
          { label: '协议编号', value: row.agreement_no },
          { label: '乙方', value: `${customer.name}（${customer.customer_code}）` },
          { label: '合作类型', value: COOPERATION_TYPE[row.cooperation_type] },
          { label: '协议期', value: period.text },
          { label: '年度目标金额', value: money(row.annual_target_amount) },
          { label: '保证金', value: money(row.deposit_amount) },
          { label: '状态', value: COOP_STATUS[status] },
        ],
      },
      amount: row.annual_target_amount === null ? null : Number(row.annual_target_amount),
      quantity: null,
      orgCode: row.org_code || null,
    });
    return { status, notices };
  });
}
