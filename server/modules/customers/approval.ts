// The new-outlet audit (DOMAIN §1.3 Customer.auditStatus) as the CUSTOMER_CREATE approval: a new outlet, or one
// resubmitted after a rejection, starts an approval; its outcome moves the outlet's audit status (approved →
// APPROVED, rejected → REJECTED with the reason, withdrawn by its creator → REJECTED, to be resubmitted).
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { CUSTOMER_TYPE } from '../../../common/businessEnums';
import type { AuditStatus, CustomersTable, DB } from '../../db/schema';
import {
  registerApprovalHandler,
  startApproval,
  type ApprovalOutcome,
  type TaskNotice,
} from '../approvals/engine';
import { changedMeanwhile } from '../shared/commands';

/** What an approval reads of the outlet. */
export type SubmittedOutlet = Pick<
  Selectable<CustomersTable>,
  | 'id'
  | 'tenant_id'
  | 'customer_code'
  | 'name'
  | 'customer_type'
  | 'outlet_type'
  | 'address'
  | 'contact_name'
  | 'contact_mobile'
  | 'org_code'
  | 'owner_user_id'
> &
  Partial<Pick<Selectable<CustomersTable>, 'poi_name' | 'business_license_no'>>;

const WITHDRAWN_REMARK = '发起人已撤回';

/** The outlet's audit moves from PENDING to the outcome; a row no longer PENDING is a 409. */
async function settleAudit(
  trx: Transaction<DB>,
  outcome: ApprovalOutcome,
  to: AuditStatus,
  remark: string | null,
) {
  const moved = await trx
    .updateTable('customers')
    .set({
      audit_status: to,
      audit_remark: remark,
      updated_by: outcome.actorId,
      updated_at: new Date(),
      version: sql`version + 1`,
    })
    .where('id', '=', outcome.bizId)
    .where('tenant_id', '=', outcome.tenantId)
    .where('audit_status', '=', 'PENDING')
    .returning('id')
    .executeTakeFirst();
  if (!moved) throw changedMeanwhile('客户');
}

registerApprovalHandler({
  bizType: 'CUSTOMER_CREATE',
  approved: (trx, outcome) => settleAudit(trx, outcome, 'APPROVED', outcome.comment),
  rejected: (trx, outcome) => settleAudit(trx, outcome, 'REJECTED', outcome.comment),
  withdrawn: (trx, outcome) => settleAudit(trx, outcome, 'REJECTED', outcome.comment ?? WITHDRAWN_REMARK),
});

/** What the approver reads in the 审批中心 drawer. */
function summaryOf(customer: SubmittedOutlet) {
  const fields = [
    { label: '门店编码', value: customer.customer_code },
    { label: '门店名称', value: customer.name },
    { label: '客户类型', value: CUSTOMER_TYPE[customer.customer_type] },
    { label: '业态', value: customer.outlet_type ?? '' },
    { label: '地址', value: customer.address ?? '' },
    { label: '联系人', value: [customer.contact_name, customer.contact_mobile].filter(Boolean).join(' ') },
    { label: '地图POI', value: customer.poi_name ?? '未匹配' },
    { label: '营业执照号', value: customer.business_license_no ?? '' },
  ];
  return { fields: fields.filter((field) => field.value !== '') };
}

/** Starts the approval of an outlet waiting for its audit, in the caller's transaction. */
export async function submitOutletApproval(
  trx: Kysely<DB>,
  initiatorId: string,
  customer: SubmittedOutlet,
): Promise<TaskNotice[]> {
  const { notices } = await startApproval(trx, {
    tenantId: customer.tenant_id,
    initiatorId,
    bizType: 'CUSTOMER_CREATE',
    bizId: customer.id,
    bizNo: customer.customer_code,
    title: `新建门店：${customer.name}`,
    summary: summaryOf(customer),
    orgCode: customer.org_code,
    customerOwnerId: customer.owner_user_id,
  });
  return notices;
}

/**
 * Outlets waiting for the audit without a running approval (written before the engine, or by the demo):
 * each gets its approval, submitted by its creator (else its owner).
 */
export async function startPendingOutletApprovals(db: Kysely<DB>, tenantId: string): Promise<number> {
  const waiting = await db
    .selectFrom('customers')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('customer_type', '=', 'OUTLET')
    .where('audit_status', '=', 'PENDING')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('approval_instances')
            .select('id')
            .whereRef('approval_instances.biz_id', '=', 'customers.id')
            .where('approval_instances.biz_type', '=', 'CUSTOMER_CREATE')
            .where('approval_instances.status', '=', 'IN_PROGRESS'),
        ),
      ),
    )
    .orderBy('customer_code')
    .execute();
  let started = 0;
  for (const customer of waiting) {
    const initiator = customer.created_by ?? customer.owner_user_id;
    if (!initiator) continue;
    await submitOutletApproval(db, initiator, customer);
    started += 1;
  }
  return started;
}
