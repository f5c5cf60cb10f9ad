// The approval engine (DOMAIN §1.17): flow definitions per business type, instances that keep the nodes of
// the flow version they started with, tasks per approver and the log of every step; the 审批中心 and 审批流配置
// menus for tenants seeded before them, each tenant's default flows, and an approval for every new outlet
// that was waiting for the old one-step audit.
import { sql, type Kysely } from 'kysely';
import {
  APPROVAL_ACTION,
  APPROVAL_BIZ_TYPE,
  APPROVAL_STATUS,
  FLOW_STATUS,
  TASK_RESULT,
} from '../../../common/approvals';
import { insertDefaultFlows } from '../../modules/approvals/flows';
import { defaultMenuRowsOf } from '../../modules/auth/tenantOrganisation';
import { startPendingOutletApprovals } from '../../modules/customers/approval';
import type { DB } from '../schema';
import { businessTable, oneOf } from './columns';
import { addTenantPermission } from './tenantMenus';

const codes = (labels: Record<string, string>) => Object.keys(labels);

export const APPROVAL_MENUS = ['/approval', '/approval/center', '/approval/flow'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await businessTable(db, 'approval_flows')
    .addColumn('biz_type', 'text', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('priority', 'integer', (column) => column.notNull().defaultTo(100))
    .addColumn('conditions', 'jsonb', (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('nodes', 'jsonb', (column) => column.notNull())
    .addColumn('low_risk', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('ACTIVE'))
    .addColumn('flow_version', 'integer', (column) => column.notNull().defaultTo(1))
    .addCheckConstraint('approval_flows_biz_type_check', oneOf('biz_type', codes(APPROVAL_BIZ_TYPE)))
    .addCheckConstraint('approval_flows_status_check', oneOf('status', codes(FLOW_STATUS)))
    .execute();
  await db.schema
    .createIndex('approval_flows_tenant_type_idx')
    .on('approval_flows')
    .columns(['tenant_id', 'biz_type'])
    .execute();

  await businessTable(db, 'approval_instances')
    .addColumn('flow_id', 'text', (column) => column.notNull().references('approval_flows.id'))
    .addColumn('flow_version', 'integer', (column) => column.notNull())
    .addColumn('flow_name', 'text', (column) => column.notNull())
    // The flow's nodes as they were when the instance started: later edits of the flow do not reach it.
    .addColumn('nodes', 'jsonb', (column) => column.notNull())
    .addColumn('low_risk', 'boolean', (column) => column.notNull())
    .addColumn('biz_type', 'text', (column) => column.notNull())
    .addColumn('biz_id', 'text', (column) => column.notNull())
    .addColumn('biz_no', 'text', (column) => column.notNull())
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('summary', 'jsonb', (column) => column.notNull())
    .addColumn('amount', 'numeric(14, 2)')
    .addColumn('quantity', 'integer')
    .addColumn('org_code', 'text')
    .addColumn('customer_owner_id', 'text')
    .addColumn('initiator_id', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('IN_PROGRESS'))
    .addColumn('current_node_seq', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('started_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    // Bumped by every step: two steps at once on one instance, the second finds it changed (409).
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(1))
    .addCheckConstraint('approval_instances_status_check', oneOf('status', codes(APPROVAL_STATUS)))
    .execute();
  // One running approval per business object.
  await db.schema
    .createIndex('approval_instances_running_uq')
    .on('approval_instances')
    .columns(['tenant_id', 'biz_type', 'biz_id'])
    .unique()
    .where(sql<boolean>`status = 'IN_PROGRESS'`)
    .execute();
  await db.schema
    .createIndex('approval_instances_initiator_idx')
    .on('approval_instances')
    .columns(['tenant_id', 'initiator_id', 'started_at'])
    .execute();

  await db.schema
    .createTable('approval_tasks')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('instance_id', 'text', (column) => column.notNull().references('approval_instances.id'))
    .addColumn('node_seq', 'integer', (column) => column.notNull())
    .addColumn('approver_id', 'text', (column) => column.notNull())
    .addColumn('result', 'text', (column) => column.notNull().defaultTo('PENDING'))
    .addColumn('comment', 'text')
    .addColumn('due_at', 'timestamptz')
    .addColumn('acted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('approval_tasks_result_check', oneOf('result', codes(TASK_RESULT)))
    .execute();
  await db.schema
    .createIndex('approval_tasks_approver_idx')
    .on('approval_tasks')
    .columns(['tenant_id', 'approver_id', 'result'])
    .execute();
  await db.schema
    .createIndex('approval_tasks_instance_idx')
    .on('approval_tasks')
    .column('instance_id')
    .execute();
  // The timeout worker reads only the pending tasks that have a due time.
  await db.schema
    .createIndex('approval_tasks_due_idx')
    .on('approval_tasks')
    .column('due_at')
    .where(sql<boolean>`result = 'PENDING' and due_at is not null`)
    .execute();

  await db.schema
    .createTable('approval_logs')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('instance_id', 'text', (column) => column.notNull().references('approval_instances.id'))
    .addColumn('node_seq', 'integer', (column) => column.notNull())
    .addColumn('action', 'text', (column) => column.notNull())
    // Null: the system (a timeout).
    .addColumn('actor_id', 'text')
    .addColumn('comment', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('approval_logs_action_check', oneOf('action', codes(APPROVAL_ACTION)))
    .execute();
  await db.schema
    .createIndex('approval_logs_instance_idx')
    .on('approval_logs')
    .column('instance_id')
    .execute();

  await addApprovalDefaults(db as unknown as Kysely<DB>);
}

/**
 * For every tenant: the approval menus (granted to its administrators; a deleted parent stays deleted), the
 * default flows when it has none, and an approval for each outlet waiting for its audit. Running it again
 * adds nothing.
 */
export async function addApprovalDefaults(db: Kysely<DB>): Promise<void> {
  const tenants = await db.selectFrom('tenants').select('tenant_id').execute();
  for (const { tenant_id: tenantId } of tenants) {
    const all = defaultMenuRowsOf(tenantId);
    const menus = new Set(all.filter((row) => APPROVAL_MENUS.includes(row.url ?? '')).map((row) => row.id));
    for (const row of all.filter((each) => menus.has(each.id) || menus.has(each.parent_id ?? ''))) {
      await addTenantPermission(db, tenantId, row);
    }
    await insertDefaultFlows(db, tenantId);
    await startPendingOutletApprovals(db, tenantId);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('approval_logs').execute();
  await db.schema.dropTable('approval_tasks').execute();
  await db.schema.dropTable('approval_instances').execute();
  await db.schema.dropTable('approval_flows').execute();
}
