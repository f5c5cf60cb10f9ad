// Third-party sign-in (issue #5): the WeCom corps that installed our suite, each tied to one tenant; the
// WeCom members bound to our accounts; and the CAS service tickets already used, so none signs in twice.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wecom_corps')
    .addColumn('corp_id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) =>
      column.notNull().unique().references('tenants.tenant_id').onDelete('cascade'),
    )
    .addColumn('corp_name', 'text', (column) => column.notNull())
    .addColumn('agent_id', 'text', (column) => column.notNull())
    // WeCom's permanent code of the installation: with it the server gets the corp's access token.
    .addColumn('permanent_code', 'text', (column) => column.notNull())
    .addColumn('installed_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  // The company search matches names by substring.
  await db.schema.createIndex('wecom_corps_name_idx').on('wecom_corps').column('corp_name').execute();

  await db.schema
    .createTable('wecom_users')
    .addColumn('corp_id', 'text', (column) =>
      column.notNull().references('wecom_corps.corp_id').onDelete('cascade'),
    )
    .addColumn('wecom_user_id', 'text', (column) => column.notNull())
    .addColumn('tenant_id', 'text', (column) => column.notNull())
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('wecom_users_pkey', ['corp_id', 'wecom_user_id'])
    .execute();
  await db.schema.createIndex('wecom_users_user_idx').on('wecom_users').column('user_id').execute();

  await db.schema
    .createTable('cas_tickets')
    // sha256 (hex) of the ticket: a used ticket is refused even if the CAS server would accept it again.
    .addColumn('ticket_hash', 'text', (column) => column.primaryKey())
    .addColumn('used_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cas_tickets').execute();
  await db.schema.dropTable('wecom_users').execute();
  await db.schema.dropTable('wecom_corps').execute();
}
