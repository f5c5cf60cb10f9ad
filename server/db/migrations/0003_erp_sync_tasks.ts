// ERP sync tasks (DOMAIN §1.5 ErpSyncTask): one document pushed to or pulled from an ERP (Kingdee K3Cloud,
// Chanjet T+), with its retries and last error. The orders issue creates and runs them; the access gate of
// the SPA already counts the failed ones.
import { sql, type Kysely } from 'kysely';

const now = sql`now()`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('erp_sync_tasks')
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('id', 'bigint', (column) => column.notNull().generatedAlwaysAsIdentity())
    .addColumn('task_no', 'text', (column) => column.notNull())
    // The ERP connection of the tenant (the table comes with the ERP configuration issue).
    .addColumn('connection_id', 'text')
    // 0 platform → ERP (push), 1 ERP → platform (pull).
    .addColumn('direction', 'smallint', (column) => column.notNull().check(sql`direction in (0, 1)`))
    .addColumn('biz_type', 'text', (column) =>
      column.notNull().check(sql`biz_type in ('SALES_ORDER', 'OUTSTOCK', 'RETURN', 'CUSTOMER', 'RECEIPT')`),
    )
    .addColumn('biz_id', 'text', (column) => column.notNull())
    .addColumn('biz_no', 'text', (column) => column.notNull())
    // SAL_SaleOrder, SAL_OUTSTOCK, T+ SaleOrder / SaleDelivery ...
    .addColumn('erp_form_id', 'text', (column) => column.notNull())
    .addColumn('operation', 'text', (column) =>
      column.notNull().check(sql`operation in ('SAVE', 'SUBMIT', 'AUDIT', 'UNAUDIT', 'DELETE')`),
    )
    // bizNo + operation: the ERP's idempotency key (T+ ExternalCode).
    .addColumn('external_code', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('PENDING')
        .check(sql`status in ('PENDING', 'RUNNING', 'SUCCESS', 'FAILED', 'IGNORED', 'MANUAL_DONE')`),
    )
    .addColumn('attempt_count', 'integer', (column) =>
      column
        .notNull()
        .defaultTo(0)
        .check(sql`attempt_count >= 0`),
    )
    .addColumn('max_attempts', 'integer', (column) =>
      column
        .notNull()
        .defaultTo(5)
        .check(sql`max_attempts > 0`),
    )
    .addColumn('next_retry_at', 'timestamptz')
    .addColumn('error_category', 'text', (column) =>
      column.check(
        sql`error_category in ('AUTH', 'MAPPING', 'MASTER_DATA', 'PRICE', 'STOCK', 'NETWORK', 'DUPLICATE', 'BUSINESS')`,
      ),
    )
    .addColumn('last_error_message', 'text')
    .addColumn('erp_bill_id', 'text')
    .addColumn('erp_bill_no', 'text')
    // The last attempt's messages, secrets stripped.
    .addColumn('request_payload', 'jsonb')
    .addColumn('response_payload', 'jsonb')
    .addColumn('triggered_by', 'text', (column) =>
      column
        .notNull()
        .defaultTo('AUTO')
        .check(sql`triggered_by in ('AUTO', 'MANUAL')`),
    )
    .addColumn('succeeded_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('erp_sync_tasks_pkey', ['tenant_id', 'id'])
    .addUniqueConstraint('erp_sync_tasks_tenant_task_no_key', ['tenant_id', 'task_no'])
    // Unique per connection; a task without a connection yet still may not repeat an external code.
    .addUniqueConstraint(
      'erp_sync_tasks_tenant_connection_external_code_key',
      ['tenant_id', 'connection_id', 'external_code'],
      (constraint) => constraint.nullsNotDistinct(),
    )
    .execute();
  // The failed-task counters and the failure list: a tenant's FAILED (and IGNORED) tasks of one direction,
  // newest first. Partial, since nearly every task succeeds.
  await db.schema
    .createIndex('erp_sync_tasks_failed_idx')
    .on('erp_sync_tasks')
    .columns(['tenant_id', 'direction', 'created_at desc', 'id desc'])
    .where(sql<boolean>`status in ('FAILED', 'IGNORED')`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('erp_sync_tasks').execute();
}
