// The order credit/finance audit (DOMAIN §1.17 ORDER_CREDIT) on the approvals engine: an order whose credit check
// fails at the audit goes to PENDING_FINANCE and starts its ORDER_CREDIT approval (the payable amount choosing
// the flow, the order's department its leader). The 审核 of the order screens decides the caller's own task;
// the outcome moves the order through the handler lifecycle.ts registers (approved → released to its warehouse,
// rejected → REJECTED with the reason, withdrawn → REJECTED). An order from before the engine, in finance
// review without an approval, is still audited directly.
import type { Transaction } from 'kysely';
import { PAYMENT_METHOD, type OrderAuditInput, type OrderStatus } from '../../../common/orders';
import type { DB } from '../../db/schema';
import { decideOwnTask, startApproval, type TaskNotice } from '../approvals/engine';
import type { Actor } from '../shared/actor';
import { warehouseFor, type OrderRow } from './state';

/** Starts the ORDER_CREDIT approval of an order the audit sent to finance, in the caller's transaction. */
export async function submitCreditApproval(
  trx: Transaction<DB>,
  initiatorId: string,
  order: OrderRow,
  creditText: string,
): Promise<TaskNotice[]> {
  const buyer = await trx
    .selectFrom('customers')
    .select(['name', 'owner_user_id'])
    .where('id', '=', order.buyer_id)
    .where('tenant_id', '=', order.tenant_id)
    .executeTakeFirst();
  const { notices } = await startApproval(trx, {
    tenantId: order.tenant_id,
    initiatorId,
    bizType: 'ORDER_CREDIT',
    bizId: order.id,
    bizNo: order.order_no,
    title: `订单信用：${buyer?.name ?? ''} ${order.order_no}`,
    summary: {
      fields: [
        { label: '订单号', value: order.order_no },
        { label: '客户', value: buyer?.name ?? '' },
        { label: '付款方式', value: PAYMENT_METHOD[order.payment_method] ?? order.payment_method },
        { label: '应付金额', value: `¥${order.payable_amount}` },
        { label: '信用检查', value: creditText },
      ].filter((field) => field.value !== ''),
    },
    amount: Number(order.payable_amount),
    orgCode: order.org_code,
    customerOwnerId: buyer?.owner_user_id ?? null,
  });
  return notices;
}

/**
 * 审核 of an order in finance review whose approval runs: the caller's pending task decided (the warehouse
 * they chose kept on the order for the release). The order's status after it, or null when no approval runs.
 */
export async function decideCreditApproval(
  trx: Transaction<DB>,
  actor: Actor,
  order: OrderRow,
  input: OrderAuditInput,
): Promise<{ status: OrderStatus; notices: TaskNotice[] } | null> {
  // The warehouse finance chose, kept on the order for its release (the approval's handler reads it).
  if (input.pass && input.warehouseId) {
    const warehouse = await warehouseFor(trx, actor.tenantId, order, input.warehouseId);
    await trx
      .updateTable('sales_orders')
      .set({ warehouse_id: warehouse.id })
      .where('id', '=', order.id)
      .where('status', '=', 'PENDING_FINANCE')
      .execute();
  }
  const step = await decideOwnTask(
    trx,
    actor,
    { bizType: 'ORDER_CREDIT', bizId: order.id },
    input,
    '您不是该订单当前的信用审批人',
  );
  if (!step) return null;
  const status: OrderStatus =
    step.status === 'IN_PROGRESS'
      ? 'PENDING_FINANCE'
      : step.status === 'APPROVED'
        ? 'PENDING_SHIPMENT'
        : 'REJECTED';
  return { status, notices: step.notices };
}
