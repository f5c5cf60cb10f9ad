// The approvals of the demo (DOMAIN §1.17): every outlet waiting for its audit has its CUSTOMER_CREATE approval,
// three of 广州办事处's were submitted by the rep zhaolei and wait for zhangwei, the office's head; a few
// others have been decided already, so that 我已审批 and the finished states show on a fresh start.
import '../../modules/customers/approval';
import { decideTask } from '../../modules/approvals/engine';
import { startPendingOutletApprovals } from '../../modules/customers/approval';
import { demoUserId } from './ids';
import type { SeedStep } from './index';

const GUANGZHOU = 'A01A02A01';

export const seedApprovals: SeedStep = async (trx) => {
  const rep = demoUserId('zhaolei');
  const submittedByRep = await trx
    .selectFrom('customers')
    .select('id')
    .where('tenant_id', '=', 'A01')
    .where('customer_type', '=', 'OUTLET')
    .where('audit_status', '=', 'PENDING')
    .where('org_code', '=', GUANGZHOU)
    .orderBy('customer_code')
    .limit(3)
    .execute();
  if (submittedByRep.length > 0) {
    await trx
      .updateTable('customers')
      .set({ created_by: rep, owner_user_id: rep })
      .where(
        'id',
        'in',
        submittedByRep.map((row) => row.id),
      )
      .execute();
    await trx
      .updateTable('customer_team_members')
      .set({ user_id: rep })
      .where('role', '=', 'OWNER')
      .where(
        'customer_id',
        'in',
        submittedByRep.map((row) => row.id),
      )
      .execute();
  }
  for (const tenantId of ['A01', 'B01']) await startPendingOutletApprovals(trx, tenantId);

  // The administrator has decided some of the others: two approved, one rejected.
  const admin = demoUserId('admin');
  const tasks = await trx
    .selectFrom('approval_tasks')
    .select('id')
    .where('tenant_id', '=', 'A01')
    .where('approver_id', '=', admin)
    .where('result', '=', 'PENDING')
    .orderBy('created_at')
    .orderBy('id')
    .limit(3)
    .execute();
  const actor = { tenantId: 'A01', userId: admin };
  for (const [index, task] of tasks.entries()) {
    if (index < 2) await decideTask(trx, actor, task.id, 'APPROVE', null);
    else await decideTask(trx, actor, task.id, 'REJECT', '门头照片不清晰，请重新拍摄');
  }
};
