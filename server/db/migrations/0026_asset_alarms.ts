// IoT alarms of smart assets (issue #20, DOMAIN §1.10): one row per alarm id the controller platform posts to
// the signed webhook, linked to the exception report its episode opened.
import { sql, type Kysely } from 'kysely';
import { ALARM_TYPE } from '../../../common/assets';
import { oneOf } from './columns';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('asset_alarms')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('alarm_id', 'text', (column) => column.notNull())
    .addColumn('asset_id', 'text', (column) => column.notNull().references('assets.id'))
    .addColumn('alarm_type', 'text', (column) =>
      column.notNull().check(oneOf('alarm_type', Object.keys(ALARM_TYPE))),
    )
    .addColumn('temperature', 'numeric(5, 1)')
    .addColumn('duration_minutes', 'integer')
    .addColumn('occurred_at', 'timestamptz', (column) => column.notNull())
    .addColumn('exception_id', 'text', (column) => column.references('asset_exceptions.id'))
    .addColumn('received_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('asset_alarms_alarm_unique', ['tenant_id', 'alarm_id'])
    .execute();
  await db.schema
    .createIndex('asset_alarms_asset_idx')
    .on('asset_alarms')
    .columns(['asset_id', 'occurred_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('asset_alarms').execute();
}
