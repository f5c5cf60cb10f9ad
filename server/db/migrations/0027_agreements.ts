// Agreements I (DOMAIN §1.8, issue #19): agreement templates with their immutable published versions,
// cooperation agreements (合作协议) with their history of events, and the rendered PDF snapshots an agreement
// keeps; the 协议管理 menus for tenants seeded before them and the COOP_AGREEMENT approval flow.
import { sql, type Kysely } from 'kysely';
import {
  AGREEMENT_TYPE,
  COOP_EVENT,
  COOP_STATUS,
  COOPERATION_TYPE,
  SIGN_MODE,
  TEMPLATE_STATUS,
} from '../../../common/agreements';
import { insertMissingFlows } from '../../modules/approvals/flows';
import { defaultMenuRowsOf } from '../../modules/auth/tenantOrganisation';
import type { DB } from '../schema';
import { businessTable, oneOf } from './columns';
import { addTenantPermission } from './tenantMenus';

const codes = (labels: Record<string, string>) => Object.keys(labels);
const money = 'numeric(14, 2)' as const;

export const AGREEMENT_MENUS = ['/eAgrt'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await businessTable(db, 'agreement_templates')
    .addColumn('code', 'text', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('agreement_type', 'text', (column) =>
      column.notNull().check(oneOf('agreement_type', codes(AGREEMENT_TYPE))),
    )
    .addColumn('sign_mode', 'text', (column) =>
      column
        .notNull()
        .defaultTo('BOTH')
        .check(oneOf('sign_mode', codes(SIGN_MODE))),
    )
    // The draft being edited; publishing copies it into a new agreement_template_versions row.
    .addColumn('body_html', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('variable_schema', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('DRAFT')
        .check(oneOf('status', codes(TEMPLATE_STATUS))),
    )
    .addColumn('current_version', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('published_at', 'timestamptz')
    .addColumn('published_by', 'text')
    .addColumn('org_code', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(1))
    .addUniqueConstraint('agreement_templates_code_uq', ['tenant_id', 'code'])
    .execute();

  await db.schema
    .createTable('agreement_template_versions')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('template_id', 'text', (column) => column.notNull().references('agreement_templates.id'))
    .addColumn('version', 'integer', (column) => column.notNull())
    .addColumn('body_html', 'text', (column) => column.notNull())
    .addColumn('variable_schema', 'jsonb', (column) => column.notNull())
    .addColumn('published_by', 'text')
    .addColumn('published_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('agreement_template_versions_uq', ['template_id', 'version'])
    .execute();

  // The rendered PDF an agreement keeps (下载PDF of a signed agreement reads this, never re-renders).
  await db.schema
    .createTable('agreement_snapshots')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('agreement_kind', 'text', (column) => column.notNull())
    .addColumn('agreement_id', 'text', (column) => column.notNull())
    .addColumn('file_name', 'text', (column) => column.notNull())
    .addColumn('content', 'bytea', (column) => column.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();

  await businessTable(db, 'coop_agreements')
    .addColumn('agreement_no', 'text', (column) => column.notNull())
    .addColumn('party_b_customer_id', 'text', (column) => column.notNull().references('customers.id'))
    .addColumn('party_a_org_code', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('cooperation_type', 'text', (column) =>
      column.notNull().check(oneOf('cooperation_type', codes(COOPERATION_TYPE))),
    )
    .addColumn('start_date', 'date', (column) => column.notNull())
    .addColumn('end_date', 'date', (column) => column.notNull())
    .addColumn('territory', 'text')
    .addColumn('channels', 'text')
    .addColumn('annual_target_cases', 'numeric(14, 2)')
    .addColumn('annual_target_amount', money)
    .addColumn('monthly_targets', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('deposit_amount', money)
    .addColumn('credit_limit', money)
    .addColumn('payment_terms', 'text')
    // Rebate policies are another module's: ids only, checked when that module is there.
    .addColumn('rebate_policy_ids', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('exclusivity', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('penalty_terms', 'text')
    .addColumn('template_id', 'text', (column) => column.notNull().references('agreement_templates.id'))
    .addColumn('template_version_id', 'text', (column) =>
      column.notNull().references('agreement_template_versions.id'),
    )
    .addColumn('variable_values', 'jsonb', (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('snapshot_file_id', 'text', (column) => column.references('agreement_snapshots.id'))
    .addColumn('signed_at', 'timestamptz')
    .addColumn('signature_file_ids', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('previous_agreement_id', 'text', (column) => column.references('coop_agreements.id'))
    .addColumn('status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('DRAFT')
        .check(oneOf('status', codes(COOP_STATUS))),
    )
    .addColumn('termination_reason', 'text')
    .addColumn('org_code', 'text', (column) => column.notNull())
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(1))
    .addUniqueConstraint('coop_agreements_no_uq', ['tenant_id', 'agreement_no'])
    .execute();
  await db.schema
    .createIndex('coop_agreements_customer_idx')
    .on('coop_agreements')
    .columns(['tenant_id', 'party_b_customer_id'])
    .execute();
  // One renewal per agreement: two 续签 at once, the second loses.
  await db.schema
    .createIndex('coop_agreements_renewal_uq')
    .on('coop_agreements')
    .column('previous_agreement_id')
    .unique()
    .where(sql<boolean>`previous_agreement_id is not null`)
    .execute();

  await db.schema
    .createTable('coop_agreement_events')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('agreement_id', 'text', (column) => column.notNull().references('coop_agreements.id'))
    .addColumn('action', 'text', (column) => column.notNull().check(oneOf('action', codes(COOP_EVENT))))
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text')
    .addColumn('note', 'text')
    .addColumn('actor_id', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('coop_agreement_events_agreement_idx')
    .on('coop_agreement_events')
    .columns(['agreement_id', 'created_at'])
    .execute();

  await addAgreementDefaults(db as unknown as Kysely<DB>);
}

/** For every tenant: the 协议管理 menus (granted to its administrators) and the COOP_AGREEMENT flow. */
export async function addAgreementDefaults(db: Kysely<DB>): Promise<void> {
  const tenants = await db.selectFrom('tenants').select('tenant_id').execute();
  for (const { tenant_id: tenantId } of tenants) {
    const all = defaultMenuRowsOf(tenantId);
    const menus = new Set(
      all.filter((row) => AGREEMENT_MENUS.includes(row.url ?? '')).map((row) => row.id as string),
    );
    // Parents before children: a child's parent is added first (defaultMenuRowsOf keeps that order).
    for (const row of all) {
      let parent = row.parent_id ?? '';
      let inside = menus.has(row.id as string);
      while (!inside && parent) {
        inside = menus.has(parent);
        parent = all.find((each) => each.id === parent)?.parent_id ?? '';
      }
      if (inside) await addTenantPermission(db, tenantId, row);
    }
    await insertMissingFlows(db, tenantId, ['COOP_AGREEMENT']);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'coop_agreement_events',
    'coop_agreements',
    'agreement_snapshots',
    'agreement_template_versions',
    'agreement_templates',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
