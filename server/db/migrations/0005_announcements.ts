// Announcements (API.md §4): what an administrator writes and releases (sys_announcement) and, per user, the
// copy that user has received and whether it was read (sys_announcement_send).
import { sql, type Kysely } from 'kysely';

const now = sql`now()`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_announcement')
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('id', 'text', (column) => column.notNull())
    // Spelled as the contract spells it (API.md §4.1).
    .addColumn('titile', 'text', (column) => column.notNull())
    // Sanitised HTML: only what the editor produces survives the save.
    .addColumn('msg_content', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('msg_abstract', 'text')
    .addColumn('start_time', 'timestamptz')
    .addColumn('end_time', 'timestamptz')
    .addColumn('priority', 'text', (column) => column.notNull().check(sql`priority in ('L', 'M', 'H')`))
    // '1' notice, '2' system message.
    .addColumn('msg_category', 'text', (column) => column.notNull().check(sql`msg_category in ('1', '2')`))
    // USER: the chosen users (rows of sys_announcement_send from the start); ALL: everyone of the tenant.
    .addColumn('msg_type', 'text', (column) => column.notNull().check(sql`msg_type in ('USER', 'ALL')`))
    // '0' draft, '1' released, '2' revoked.
    .addColumn('send_status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('0')
        .check(sql`send_status in ('0', '1', '2')`),
    )
    // The username of whoever released it.
    .addColumn('sender', 'text')
    .addColumn('send_time', 'timestamptz')
    .addColumn('cancel_time', 'timestamptz')
    .addColumn('bus_type', 'text')
    .addColumn('bus_id', 'text')
    .addColumn('open_type', 'text')
    .addColumn('open_page', 'text')
    .addColumn('del_flag', 'smallint', (column) =>
      column
        .notNull()
        .defaultTo(0)
        .check(sql`del_flag in (0, 1)`),
    )
    .addColumn('create_by', 'text')
    .addColumn('update_by', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('sys_announcement_pkey', ['tenant_id', 'id'])
    .execute();
  // The administrator's list: a tenant's live announcements, newest first.
  await db.schema
    .createIndex('sys_announcement_list_idx')
    .on('sys_announcement')
    .columns(['tenant_id', 'created_at desc'])
    .where(sql.ref('del_flag'), '=', 0)
    .execute();
  // Broadcasts to hand out to a user who has not got them yet.
  await db.schema
    .createIndex('sys_announcement_released_all_idx')
    .on('sys_announcement')
    .columns(['tenant_id', 'end_time'])
    .where(sql<boolean>`msg_type = 'ALL' and send_status = '1' and del_flag = 0`)
    .execute();

  await db.schema
    .createTable('sys_announcement_send')
    .addColumn('tenant_id', 'text', (column) => column.notNull())
    .addColumn('id', 'text', (column) => column.notNull())
    .addColumn('annt_id', 'text', (column) => column.notNull())
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('read_flag', 'smallint', (column) =>
      column
        .notNull()
        .defaultTo(0)
        .check(sql`read_flag in (0, 1)`),
    )
    .addColumn('read_time', 'timestamptz')
    .addColumn('create_by', 'text')
    .addColumn('update_by', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('sys_announcement_send_pkey', ['tenant_id', 'id'])
    .addForeignKeyConstraint(
      'sys_announcement_send_annt_fkey',
      ['tenant_id', 'annt_id'],
      'sys_announcement',
      ['tenant_id', 'id'],
      (constraint) => constraint.onDelete('cascade'),
    )
    // One copy per user: handing out a broadcast twice is a no-op.
    .addUniqueConstraint('sys_announcement_send_user_annt_key', ['tenant_id', 'user_id', 'annt_id'])
    .execute();
  // The bell and the user's message list: a user's copies, unread first.
  await db.schema
    .createIndex('sys_announcement_send_user_idx')
    .on('sys_announcement_send')
    .columns(['tenant_id', 'user_id', 'read_flag'])
    .execute();
  // Re-targeting and release read the copies of one announcement.
  await db.schema
    .createIndex('sys_announcement_send_annt_idx')
    .on('sys_announcement_send')
    .columns(['tenant_id', 'annt_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_announcement_send').execute();
  await db.schema.dropTable('sys_announcement').execute();
}
