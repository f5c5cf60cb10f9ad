// A promotion's approval (DOMAIN §1.7, PENDING_APPROVAL → APPROVED / REJECTED) as the PROMOTION business type
// of the 审批中心: 提交 starts it with the budget as the amount the flows' conditions see; approved moves the
// promotion to APPROVED (ACTIVE at once when its start has come), rejected to REJECTED (to be edited and
// submitted again), withdrawn back to DRAFT.
import { sql, type Kysely, type Transaction } from 'kysely';
import { APPLY_LEVEL, AUDIENCE, BUDGET_TYPE, PROMO_TYPE, type PromoStatus } from '../../../common/promotions';
import type { DB } from '../../db/schema';
import {
  registerApprovalHandler,
  startApproval,
  type ApprovalOutcome,
  type TaskNotice,
} from '../approvals/engine';
import type { Actor } from '../shared/actor';
import { changedMeanwhile } from '../shared/commands';
import { movePromotion, promotionInScope, requirePriced, type PromotionRow } from './service';

async function settle(trx: Transaction<DB>, outcome: ApprovalOutcome, to: PromoStatus) {
  const moved = await trx
    .updateTable('promotions')
    .set({
      status: to === 'APPROVED' ? sql`case when start_at <= now() then 'ACTIVE' else 'APPROVED' end` : to,
      updated_by: outcome.actorId,
      updated_at: new Date(),
      version: sql`version + 1`,
    })
    .where('id', '=', outcome.bizId)
    .where('tenant_id', '=', outcome.tenantId)
    .where('status', '=', 'PENDING_APPROVAL')
    .returning('id')
    .executeTakeFirst();
  if (!moved) throw changedMeanwhile('促销');
}

registerApprovalHandler({
  bizType: 'PROMOTION',
  approved: (trx, outcome) => settle(trx, outcome, 'APPROVED'),
  rejected: (trx, outcome) => settle(trx, outcome, 'REJECTED'),
  withdrawn: (trx, outcome) => settle(trx, outcome, 'DRAFT'),
});

const dateText = (date: Date) =>
  new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

function summaryOf(row: PromotionRow) {
  const budget =
    row.budget_type === 'NONE' ? '不限' : `${BUDGET_TYPE[row.budget_type]} ${row.budget_total ?? ''}`;
  return {
    fields: [
      { label: '促销编号', value: row.promo_no },
      { label: '促销名称', value: row.name },
      { label: '促销类型', value: PROMO_TYPE[row.promo_type] },
      { label: '作用层级', value: APPLY_LEVEL[row.apply_level] },
      { label: '适用对象', value: AUDIENCE[row.audience] },
      { label: '活动时间', value: `${dateText(row.start_at)} 至 ${dateText(row.end_at)}` },
      { label: '预算', value: budget },
      { label: '优惠档位', value: `${row.tiers.length} 档` },
    ],
  };
}

/** 提交: DRAFT/REJECTED → PENDING_APPROVAL and its approval started, in one transaction. */
export async function submitPromotion(
  db: Kysely<DB>,
  actor: Actor,
  id: string,
): Promise<{ status: PromoStatus; notices: TaskNotice[] }> {
  return db.transaction().execute(async (trx) => {
    const row = await promotionInScope(trx, actor, id);
    requirePriced(row);
    const status = await movePromotion(trx, actor, row, 'SUBMIT');
    const { notices } = await startApproval(trx, {
      tenantId: actor.tenantId,
      initiatorId: actor.userId,
      bizType: 'PROMOTION',
      bizId: row.id,
      bizNo: row.promo_no,
      title: `促销活动：${row.name}`,
      summary: summaryOf(row),
      amount: row.budget_type === 'AMOUNT' && row.budget_total !== null ? Number(row.budget_total) : null,
      quantity: row.budget_type === 'GIFT_QTY' && row.budget_total !== null ? Number(row.budget_total) : null,
      orgCode: row.org_code || null,
    });
    return { status, notices };
  });
}
