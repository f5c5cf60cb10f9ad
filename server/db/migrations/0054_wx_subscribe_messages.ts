// Subscription messages of order status (issue #22): each mini-program's template of each order event and the
// keywords they carry (/wxconfig), and the messages each user accepted in the mini-program
// (wx.requestSubscribeMessage: one accepted template lets one message of it be sent).
import { sql, type Kysely } from 'kysely';
import { MINI_PROGRAM_KIND } from '../../../common/wxplatform';
import { oneOf } from './columns';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('wx_accounts')
    .addColumn('message_templates', 'jsonb', (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await db.schema.alterTable('wx_accounts').addColumn('message_fields', 'text').execute();

  await db.schema
    .createTable('wx_message_subscriptions')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('kind', 'text', (column) =>
      column.notNull().check(oneOf('kind', Object.keys(MINI_PROGRAM_KIND))),
    )
    .addColumn('app_id', 'text', (column) => column.notNull())
    .addColumn('openid', 'text', (column) => column.notNull())
    .addColumn('template_id', 'text', (column) => column.notNull())
    .addColumn('credits', 'integer', (column) =>
      column
        .notNull()
        .defaultTo(0)
        .check(sql`credits >= 0`),
    )
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('wx_message_subscriptions_uq', ['app_id', 'openid', 'template_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wx_message_subscriptions').execute();
  await db.schema.alterTable('wx_accounts').dropColumn('message_fields').execute();
  await db.schema.alterTable('wx_accounts').dropColumn('message_templates').execute();
}
