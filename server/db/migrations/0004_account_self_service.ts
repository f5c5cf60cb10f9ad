// Registration and password recovery: every SMS code says what it is for (a registration code never signs
// anyone in), and a verified phone earns a single-use key to set a new password.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Codes sent before this migration were all login codes; new rows always name their purpose.
  await db.schema
    .alterTable('sms_codes')
    .addColumn('purpose', 'text', (column) =>
      column
        .notNull()
        .defaultTo('LOGIN')
        .check(sql`purpose in ('LOGIN', 'REGISTER', 'RESET_PASSWORD')`),
    )
    .execute();
  await db.schema
    .alterTable('sms_codes')
    .alterColumn('purpose', (column) => column.dropDefault())
    .execute();

  await db.schema
    .createTable('password_reset_keys')
    // sha256 (hex) of the key: the key itself is never stored.
    .addColumn('key_hash', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('password_reset_keys_user_idx')
    .on('password_reset_keys')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('password_reset_keys').execute();
  await db.schema.alterTable('sms_codes').dropColumn('purpose').execute();
}
