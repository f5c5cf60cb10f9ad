// Mini-program administration (issue #22): the tenants' mini-programs authorised to the WeChat third-party
// platform and their code versions (the release state machine of common/wxplatform.ts, with a row version
// for conditional updates), the mini-programs' WeChat sessions (code to session: the session key, encrypted,
// behind a token of ours) and which buyer an openid signed in as; the 小程序发布 menu for tenants seeded before it.
import { sql, type Kysely } from 'kysely';
import { MINI_AUTH_STATUS, MINI_PROGRAM_KIND, MINI_VERSION_STATUS } from '../../../common/wxplatform';
import type { DB } from '../schema';
import { businessTable, oneOf } from './columns';
import { addDefaultMenus } from './tenantMenus';

const codes = (labels: Record<string, string>) => Object.keys(labels);

export const WXPLATFORM_MENUS = ['/payment/wxplatform'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await businessTable(db, 'wx_mini_programs')
    .addColumn('kind', 'text', (column) => column.notNull().check(oneOf('kind', codes(MINI_PROGRAM_KIND))))
    .addColumn('app_id', 'text', (column) => column.notNull())
    .addColumn('refresh_token_enc', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('AUTHORIZED')
        .check(oneOf('status', codes(MINI_AUTH_STATUS))),
    )
    .addColumn('authorized_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    // A mini-program is managed for one tenant only; a tenant has one of each kind.
    .addUniqueConstraint('wx_mini_programs_app_uq', ['app_id'])
    .addUniqueConstraint('wx_mini_programs_kind_uq', ['tenant_id', 'kind'])
    .execute();

  await businessTable(db, 'wx_mini_versions')
    .addColumn('program_id', 'text', (column) => column.notNull().references('wx_mini_programs.id'))
    .addColumn('template_id', 'text', (column) => column.notNull())
    .addColumn('user_version', 'text', (column) => column.notNull())
    .addColumn('user_desc', 'text', (column) => column.notNull())
    .addColumn('ext_json', 'text')
    .addColumn('status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('UPLOADED')
        .check(oneOf('status', codes(MINI_VERSION_STATUS))),
    )
    .addColumn('audit_id', 'text')
    .addColumn('audit_reason', 'text')
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('audited_at', 'timestamptz')
    .addColumn('released_at', 'timestamptz')
    .addColumn('row_version', 'integer', (column) => column.notNull().defaultTo(0))
    .addUniqueConstraint('wx_mini_versions_uq', ['program_id', 'user_version'])
    .execute();
  await db.schema
    .createIndex('wx_mini_versions_status_idx')
    .on('wx_mini_versions')
    .columns(['status', 'program_id'])
    .execute();

  await db.schema
    .createTable('wx_mini_sessions')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('kind', 'text', (column) => column.notNull().check(oneOf('kind', codes(MINI_PROGRAM_KIND))))
    .addColumn('app_id', 'text', (column) => column.notNull())
    .addColumn('openid', 'text', (column) => column.notNull())
    .addColumn('unionid', 'text')
    .addColumn('session_key_enc', 'text', (column) => column.notNull())
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('wx_buyer_openids')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('kind', 'text', (column) => column.notNull().check(oneOf('kind', codes(MINI_PROGRAM_KIND))))
    .addColumn('app_id', 'text', (column) => column.notNull())
    .addColumn('openid', 'text', (column) => column.notNull())
    .addColumn('mobile', 'text', (column) => column.notNull())
    .addColumn('customer_id', 'text', (column) => column.references('customers.id'))
    .addColumn('employee_buyer_id', 'text', (column) => column.references('employee_buyers.id'))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('wx_buyer_openids_uq', ['app_id', 'openid'])
    .execute();
  await db.schema
    .createIndex('wx_buyer_openids_customer_idx')
    .on('wx_buyer_openids')
    .column('customer_id')
    .execute();

  await addDefaultMenus(db as unknown as Kysely<DB>, WXPLATFORM_MENUS);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wx_buyer_openids').execute();
  await db.schema.dropTable('wx_mini_sessions').execute();
  await db.schema.dropTable('wx_mini_versions').execute();
  await db.schema.dropTable('wx_mini_programs').execute();
}
