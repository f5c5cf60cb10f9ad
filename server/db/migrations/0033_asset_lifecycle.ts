// Trade assets, the rest of the lifecycle (DOMAIN §1.10, issue #20): the deposit's own record (an offline
// payment: amount, method, reference, receipt photos; waived with a reason; refunded or kept at recall), the
// asset agreement made from a 冰柜投放协议 template and signed at deployment with the outlet's signature, the
// handover of an asset between reps, the date a deposit falls due (the placement rule "no overdue deposit"),
// the new move types, and the 资产报表 menu for tenants seeded before it.
import { sql, type Kysely, type SqlBool } from 'kysely';
import {
  ASSET_AGREEMENT_STATUS,
  DEPOSIT_METHOD,
  DEPOSIT_OVERDUE_DAYS,
  DEPOSIT_RECORD_STATUS,
  HANDOVER_STATUS,
  MOVE_TYPE,
} from '../../../common/assets';
import type { DB } from '../schema';
import { businessTable, oneOf } from './columns';
import { addDefaultMenus } from './tenantMenus';

const codes = (labels: Record<string, string>) => Object.keys(labels);
const money = 'numeric(12, 2)' as const;

export const ASSET_REPORT_MENUS = ['/eAsset/report'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await businessTable(db, 'asset_deposits')
    .addColumn('application_id', 'text', (column) => column.notNull().references('asset_applications.id'))
    .addColumn('asset_id', 'text', (column) => column.notNull().references('assets.id'))
    .addColumn('customer_id', 'text', (column) => column.notNull().references('customers.id'))
    .addColumn('amount', money, (column) => column.notNull())
    .addColumn('method', 'text', (column) => column.check(oneOf('method', codes(DEPOSIT_METHOD))))
    .addColumn('reference_no', 'text')
    .addColumn('receipt_photo_ids', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('status', 'text', (column) =>
      column.notNull().check(oneOf('status', codes(DEPOSIT_RECORD_STATUS))),
    )
    .addColumn('waive_reason', 'text')
    .addColumn('received_by', 'text')
    .addColumn('received_at', 'timestamptz', (column) => column.notNull())
    .addColumn('refund_method', 'text', (column) =>
      column.check(oneOf('refund_method', codes(DEPOSIT_METHOD))),
    )
    .addColumn('refund_reference', 'text')
    .addColumn('refund_remark', 'text')
    .addColumn('refunded_by', 'text')
    .addColumn('refunded_at', 'timestamptz')
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(1))
    .addUniqueConstraint('asset_deposits_application_uq', ['application_id'])
    .addCheckConstraint(
      'asset_deposits_record_check',
      sql`amount >= 0 and (status <> 'RECEIVED' or (method is not null and reference_no is not null))
        and (status <> 'WAIVED' or waive_reason is not null)`,
    )
    .execute();
  await db.schema
    .createIndex('asset_deposits_customer_idx')
    .on('asset_deposits')
    .columns(['tenant_id', 'customer_id', 'status'])
    .execute();

  await businessTable(db, 'asset_agreements')
    .addColumn('agreement_no', 'text', (column) => column.notNull())
    .addColumn('application_id', 'text', (column) => column.notNull().references('asset_applications.id'))
    .addColumn('asset_id', 'text', (column) => column.notNull().references('assets.id'))
    .addColumn('customer_id', 'text', (column) => column.notNull().references('customers.id'))
    .addColumn('org_code', 'text', (column) => column.notNull())
    .addColumn('start_date', 'date', (column) => column.notNull())
    .addColumn('expire_date', 'date', (column) => column.notNull())
    .addColumn('deposit_amount', money, (column) => column.notNull())
    .addColumn('free_deposit', 'boolean', (column) => column.notNull())
    .addColumn('template_version_id', 'text', (column) =>
      column.notNull().references('agreement_template_versions.id'),
    )
    .addColumn('variable_values', 'jsonb', (column) => column.notNull())
    .addColumn('signature_photo_id', 'text')
    .addColumn('signed_at', 'timestamptz')
    .addColumn('signed_by', 'text')
    .addColumn('terminated_at', 'timestamptz')
    .addColumn('status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('PENDING_SIGN')
        .check(oneOf('status', codes(ASSET_AGREEMENT_STATUS))),
    )
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(1))
    .addUniqueConstraint('asset_agreements_no_uq', ['tenant_id', 'agreement_no'])
    .addUniqueConstraint('asset_agreements_application_uq', ['application_id'])
    .addCheckConstraint('asset_agreements_period_check', sql`start_date <= expire_date`)
    .execute();
  await db.schema
    .createIndex('asset_agreements_asset_idx')
    .on('asset_agreements')
    .columns(['tenant_id', 'asset_id'])
    .execute();

  await businessTable(db, 'asset_handovers')
    .addColumn('asset_id', 'text', (column) => column.notNull().references('assets.id'))
    .addColumn('from_user_id', 'text')
    .addColumn('to_user_id', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('HANDING')
        .check(oneOf('status', codes(HANDOVER_STATUS))),
    )
    .addColumn('remark', 'text')
    .addColumn('result_remark', 'text')
    .addColumn('handled_by', 'text')
    .addColumn('handled_at', 'timestamptz')
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(1))
    .execute();
  // One handover in progress per asset.
  await db.schema
    .createIndex('asset_handovers_open_uq')
    .on('asset_handovers')
    .column('asset_id')
    .unique()
    .where(sql.raw<SqlBool>(`status = 'HANDING'`))
    .execute();
  await db.schema
    .createIndex('asset_handovers_to_idx')
    .on('asset_handovers')
    .columns(['tenant_id', 'to_user_id', 'status'])
    .execute();

  // The day an approved placement's deposit falls due: past it, the outlet may not apply again.
  await db.schema.alterTable('asset_applications').addColumn('deposit_due_at', 'timestamptz').execute();
  await sql`update asset_applications set deposit_due_at = updated_at + make_interval(days => ${sql.lit(DEPOSIT_OVERDUE_DAYS)})
    where status = 'PENDING_DEPOSIT'`.execute(db);

  await sql`alter table asset_moves drop constraint if exists asset_moves_move_type_check`.execute(db);
  await sql`alter table asset_moves add constraint asset_moves_move_type_check check (${oneOf('move_type', codes(MOVE_TYPE))})`.execute(
    db,
  );

  await addDefaultMenus(db as unknown as Kysely<DB>, ASSET_REPORT_MENUS);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('asset_applications').dropColumn('deposit_due_at').execute();
  for (const table of ['asset_handovers', 'asset_agreements', 'asset_deposits']) {
    await db.schema.dropTable(table).execute();
  }
}
