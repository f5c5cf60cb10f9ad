// ERP integration (DOMAIN §1.5 "ERP sync"): a tenant's ERP connections (Kingdee K3Cloud, Chanjet T+), the code
// mappings between our master data and the ERP's, every attempt of a sync task, and the ERP-neutral business
// document each task captured when it was queued (so a retry sends what the order said then, whatever the
// order says later). Business tables (orders…) are not referenced: they point at the tasks, not back.
import { sql, type Kysely } from 'kysely';

const now = sql`now()`;

const oneOf = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((value) => `'${value}'`).join(', ')})`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('erp_connections')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('system_type', 'text', (column) =>
      column.notNull().check(oneOf('system_type', ['KINGDEE_K3CLOUD', 'CHANJET_TPLUS'])),
    )
    // The brand's own ERP, or a dealer's (ownerId = the dealer customer).
    .addColumn('owner_type', 'text', (column) =>
      column
        .notNull()
        .defaultTo('BRAND')
        .check(oneOf('owner_type', ['BRAND', 'DEALER'])),
    )
    .addColumn('owner_id', 'text')
    .addColumn('base_url', 'text', (column) => column.notNull())
    // Kingdee 账套 id / T+ 账套 (org) code.
    .addColumn('acct_id', 'text', (column) => column.notNull())
    .addColumn('app_id', 'text', (column) => column.notNull())
    // Never answered to any client and never copied into a payload.
    .addColumn('app_secret', 'text', (column) => column.notNull())
    .addColumn('user_name', 'text', (column) => column.notNull())
    .addColumn('sale_org_code', 'text')
    .addColumn('default_bill_type', 'text')
    .addColumn('default_warehouse_code', 'text')
    .addColumn('timeout_ms', 'integer', (column) =>
      column
        .notNull()
        .defaultTo(15000)
        .check(sql`timeout_ms between 500 and 120000`),
    )
    // Network-level retries inside one attempt (the task's own backoff is minutes to hours).
    .addColumn('network_retries', 'integer', (column) =>
      column
        .notNull()
        .defaultTo(2)
        .check(sql`network_retries between 0 and 5`),
    )
    .addColumn('status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('ACTIVE')
        .check(oneOf('status', ['ACTIVE', 'DISABLED', 'AUTH_FAILED'])),
    )
    .addColumn('last_test_at', 'timestamptz')
    .addColumn('last_test_result', 'text')
    .addColumn('created_by', 'text')
    .addColumn('updated_by', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(now))
    .addUniqueConstraint('erp_connections_tenant_name_key', ['tenant_id', 'name'])
    .execute();

  await db.schema
    .createTable('erp_mappings')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('connection_id', 'text', (column) =>
      column.notNull().references('erp_connections.id').onDelete('cascade'),
    )
    .addColumn('entity_type', 'text', (column) =>
      column
        .notNull()
        .check(oneOf('entity_type', ['CUSTOMER', 'SKU', 'WAREHOUSE', 'EMPLOYEE', 'DEPARTMENT', 'UNIT'])),
    )
    .addColumn('local_id', 'text', (column) => column.notNull())
    // What the business document called it, so an unmapped row can be recognised without a join.
    .addColumn('local_code', 'text', (column) => column.notNull())
    .addColumn('local_name', 'text')
    .addColumn('erp_code', 'text')
    .addColumn('erp_name', 'text')
    .addColumn('verified_at', 'timestamptz')
    .addColumn('status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('MISSING')
        .check(oneOf('status', ['OK', 'MISSING', 'INVALID'])),
    )
    .addColumn('updated_by', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(now))
    .addUniqueConstraint('erp_mappings_connection_entity_local_key', [
      'connection_id',
      'entity_type',
      'local_id',
    ])
    .execute();
  // The 编码映射 screen filters a connection's rows by status (未映射 first of all).
  await db.schema
    .createIndex('erp_mappings_tenant_connection_status_idx')
    .on('erp_mappings')
    .columns(['tenant_id', 'connection_id', 'status'])
    .execute();

  await db.schema
    .alterTable('erp_sync_tasks')
    // The business document as it was when the task was queued: parties and lines with local ids and codes.
    .addColumn('document', 'jsonb', (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
    // Who or what settled it by hand: the remark of an ignore or a manual completion.
    .addColumn('remark', 'text')
    .addColumn('handled_by', 'text')
    .execute();
  await db.schema
    .alterTable('erp_sync_tasks')
    .addForeignKeyConstraint('erp_sync_tasks_connection_fkey', ['connection_id'], 'erp_connections', ['id'])
    .execute();
  // The worker's question: which tasks are due now.
  await db.schema
    .createIndex('erp_sync_tasks_due_idx')
    .on('erp_sync_tasks')
    .column('next_retry_at')
    .where(sql<boolean>`status in ('PENDING', 'FAILED') and next_retry_at is not null`)
    .execute();
  // getOrderSyncRecord: the tasks of one business document.
  await db.schema
    .createIndex('erp_sync_tasks_biz_idx')
    .on('erp_sync_tasks')
    .columns(['tenant_id', 'biz_type', 'biz_id'])
    .execute();

  await db.schema
    .createTable('erp_sync_attempts')
    .addColumn('tenant_id', 'text', (column) => column.notNull())
    .addColumn('id', 'bigint', (column) => column.notNull().generatedAlwaysAsIdentity().primaryKey())
    .addColumn('task_id', 'bigint', (column) => column.notNull())
    .addColumn('attempt_no', 'integer', (column) => column.notNull())
    .addColumn('triggered_by', 'text', (column) =>
      column.notNull().check(oneOf('triggered_by', ['AUTO', 'MANUAL'])),
    )
    .addColumn('started_at', 'timestamptz', (column) => column.notNull().defaultTo(now))
    .addColumn('duration_ms', 'integer', (column) => column.notNull())
    .addColumn('http_status', 'integer')
    .addColumn('success', 'boolean', (column) => column.notNull())
    .addColumn('msg_code', 'text')
    .addColumn('error_category', 'text')
    .addColumn('error_message', 'text')
    .addColumn('errors_json', 'jsonb')
    // This attempt's calls, secrets stripped (the task keeps the last attempt's as well).
    .addColumn('request_payload', 'jsonb')
    .addColumn('response_payload', 'jsonb')
    .addForeignKeyConstraint(
      'erp_sync_attempts_task_fkey',
      ['tenant_id', 'task_id'],
      'erp_sync_tasks',
      ['tenant_id', 'id'],
      (constraint) => constraint.onDelete('cascade'),
    )
    .addUniqueConstraint('erp_sync_attempts_task_attempt_key', ['tenant_id', 'task_id', 'attempt_no'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('erp_sync_attempts').execute();
  await db.schema.dropIndex('erp_sync_tasks_biz_idx').execute();
  await db.schema.dropIndex('erp_sync_tasks_due_idx').execute();
  await db.schema.alterTable('erp_sync_tasks').dropConstraint('erp_sync_tasks_connection_fkey').execute();
  await db.schema
    .alterTable('erp_sync_tasks')
    .dropColumn('document')
    .dropColumn('remark')
    .dropColumn('handled_by')
    .execute();
  await db.schema.dropTable('erp_mappings').execute();
  await db.schema.dropTable('erp_connections').execute();
}
