// The return audit (DOMAIN §1.17) as the RETURN approval: a new return starts an approval (the amount choosing
// the flow, the order's department its leader); its outcome moves the return (approved → APPROVED, stamped with
// the approver; rejected → REJECTED with the reason; withdrawn by its initiator → CANCELLED). The 审核 of the
// order screens decides the caller's own task; a return written before the engine (no approval running) is
// still audited directly.
import { sql, type Transaction } from 'kysely';
import {
  REFUND_METHOD,
  RETURN_REASON,
  type RefundMethod,
  type ReturnAuditInput,
  type ReturnReason,
  type ReturnStatus,
} from '../../../common/orders';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import {
  decideOwnTask,
  registerApprovalHandler,
  runningInstanceOf,
  startApproval,
  withdrawInstance,
  type ApprovalOutcome,
  type TaskNotice,
} from '../approvals/engine';
import type { Actor } from '../shared/actor';
import { changedMeanwhile } from '../shared/commands';

/** The return leaves SUBMITTED for the outcome; a return no longer SUBMITTED is a 409. */
async function settleReturn(
  trx: Transaction<DB>,
  outcome: ApprovalOutcome,
  to: ReturnStatus,
  set: { approved_by?: string | null; approved_at?: Date; reject_reason?: string },
) {
  const moved = await trx
    .updateTable('return_orders')
    .set({
      ...set,
      status: to,
      version: sql`version + 1`,
      updated_at: new Date(),
      ...(outcome.actorId ? { updated_by: outcome.actorId } : {}),
    })
    .where('id', '=', outcome.bizId)
    .where('tenant_id', '=', outcome.tenantId)
    .where('status', '=', 'SUBMITTED')
    .returning('id')
    .executeTakeFirst();
  if (!moved) throw changedMeanwhile('退单');
}

registerApprovalHandler({
  bizType: 'RETURN',
  approved: (trx, outcome) =>
    settleReturn(trx, outcome, 'APPROVED', { approved_by: outcome.actorId, approved_at: new Date() }),
  rejected: (trx, outcome) =>
    settleReturn(trx, outcome, 'REJECTED', { reject_reason: outcome.comment ?? '审批驳回' }),
  withdrawn: (trx, outcome) => settleReturn(trx, outcome, 'CANCELLED', {}),
});

export interface SubmittedReturn {
  id: string;
  tenantId: string;
  returnNo: string;
  orderNo: string;
  orgCode: string;
  customerId: string;
  reason: ReturnReason;
  refundMethod: RefundMethod;
  /** In cents. */
  amountCents: number;
  /** What goes back to the buyer's accounts at 入库: 返利抵扣 in cents, 金币抵扣 in coins. */
  rebateBackCents: number;
  coinBackCoins: number;
  /** What comes back, e.g. "华饮可乐 500ml 1箱". */
  goods: string;
}

/** Starts the approval of a new return, in the caller's transaction. */
export async function submitReturnApproval(
  trx: Transaction<DB>,
  initiatorId: string,
  submitted: SubmittedReturn,
): Promise<TaskNotice[]> {
  const customer = await trx
    .selectFrom('customers')
    .select(['name', 'owner_user_id'])
    .where('id', '=', submitted.customerId)
    .where('tenant_id', '=', submitted.tenantId)
    .executeTakeFirst();
  const money = (cents: number) => `¥${(cents / 100).toFixed(2)}`;
  const { notices } = await startApproval(trx, {
    tenantId: submitted.tenantId,
    initiatorId,
    bizType: 'RETURN',
    bizId: submitted.id,
    bizNo: submitted.returnNo,
    title: `退货：${customer?.name ?? ''} ${submitted.returnNo}`.replace('  ', ' '),
    summary: {
      fields: [
        { label: '退单号', value: submitted.returnNo },
        { label: '原订单', value: submitted.orderNo },
        { label: '客户', value: customer?.name ?? '' },
        { label: '退货原因', value: RETURN_REASON[submitted.reason] },
        { label: '退款方式', value: REFUND_METHOD[submitted.refundMethod] },
        { label: '退款金额', value: money(submitted.amountCents) },
        { label: '退回返利', value: submitted.rebateBackCents > 0 ? money(submitted.rebateBackCents) : '' },
        { label: '退回金币', value: submitted.coinBackCoins > 0 ? `${submitted.coinBackCoins} 金币` : '' },
        { label: '退货商品', value: submitted.goods },
      ].filter((field) => field.value !== ''),
    },
    amount: submitted.amountCents / 100,
    orgCode: submitted.orgCode,
    customerOwnerId: customer?.owner_user_id ?? null,
  });
  return notices;
}

/**
 * 审核 of a return whose approval runs: the caller's pending task decided (通过 / 驳回 with the reason). The
 * return's status after it, or null when no approval runs (an older return, audited directly).
 */
export async function decideReturnApproval(
  trx: Transaction<DB>,
  actor: Actor,
  input: ReturnAuditInput,
  current: ReturnStatus,
): Promise<{ status: ReturnStatus; notices: TaskNotice[] } | null> {
  const step = await decideOwnTask(
    trx,
    actor,
    { bizType: 'RETURN', bizId: input.id },
    input,
    '您不是该退单当前的审批人',
  );
  if (!step) return null;
  const status: ReturnStatus =
    step.status === 'IN_PROGRESS' ? current : step.status === 'APPROVED' ? 'APPROVED' : 'REJECTED';
  return { status, notices: step.notices };
}

/**
 * 撤销 of a return whose approval runs: its initiator withdraws the approval (which cancels the return); anyone
 * else is told who may. False when no approval runs (the return is cancelled directly).
 */
export async function withdrawReturnApproval(
  trx: Transaction<DB>,
  actor: Actor,
  returnId: string,
): Promise<boolean> {
  const running = await runningInstanceOf(trx, actor.tenantId, 'RETURN', returnId);
  if (!running) return false;
  const instance = await trx
    .selectFrom('approval_instances')
    .select('initiator_id')
    .where('id', '=', running.id)
    .executeTakeFirstOrThrow();
  if (instance.initiator_id !== actor.userId)
    throw new BusinessError(409, '退单审批中，只有发起人可以撤销；或由审批人驳回');
  await withdrawInstance(trx, actor, running.id, '撤销退单');
  return true;
}
