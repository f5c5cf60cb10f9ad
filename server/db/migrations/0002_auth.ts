// Sign-in and the access gate: organisation (departments, users, roles, permissions), sessions, captchas,
// SMS codes and the login log. Every business row carries tenant_id, the company code (cpycod).
import { sql, type Kysely } from 'kysely';

const now = sql`now()`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('departs')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('parent_id', 'text', (column) => column.references('departs.id').onDelete('cascade'))
    .addColumn('depart_name', 'text', (column) => column.notNull())
    .addColumn('org_code', 'text', (column) => column.notNull())
    // The depth in the tree as text, as the reference contract sends it: roots "1", their children "2" ...
    .addColumn('org_type', 'text', (column) => column.notNull())
    .addColumn('depart_order', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('1')
        .check(sql`status in ('0', '1')`),
    )
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(now))
    .addUniqueConstraint('departs_tenant_org_code_key', ['tenant_id', 'org_code'])
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    // Unique across tenants: the login names no tenant, so the user name alone must find the account.
    .addColumn('username', 'text', (column) => column.notNull().unique())
    .addColumn('realname', 'text', (column) => column.notNull())
    .addColumn('avatar', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('sex', 'smallint', (column) => column.check(sql`sex in (1, 2)`))
    .addColumn('status', 'smallint', (column) =>
      column
        .notNull()
        .defaultTo(1)
        .check(sql`status in (1, 2)`),
    )
    .addColumn('del_flag', 'smallint', (column) =>
      column
        .notNull()
        .defaultTo(0)
        .check(sql`del_flag in (0, 1)`),
    )
    // The department the user works in for this login (spec: multi_depart, selectDepart).
    .addColumn('org_code', 'text')
    .addColumn('role_enum', 'text')
    .addColumn('password_hash', 'text', (column) => column.notNull())
    .addColumn('failed_logins', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(now))
    .execute();
  // The phone login finds the account by its mobile number, so one number names one account.
  await db.schema
    .createIndex('users_phone_key')
    .on('users')
    .column('phone')
    .unique()
    .where(sql.ref('phone'), 'is not', null)
    .execute();

  await db.schema
    .createTable('user_departs')
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('depart_id', 'text', (column) => column.notNull().references('departs.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_departs_pkey', ['user_id', 'depart_id'])
    .execute();
  await db.schema.createIndex('user_departs_depart_idx').on('user_departs').column('depart_id').execute();

  await db.schema
    .createTable('roles')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('role_code', 'text', (column) => column.notNull())
    .addColumn('role_name', 'text', (column) => column.notNull())
    // 9 marks a role attached to departments (spec §6): such a user may work without a department.
    .addColumn('role_level', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('description', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(now))
    .addUniqueConstraint('roles_tenant_role_code_key', ['tenant_id', 'role_code'])
    .execute();

  await db.schema
    .createTable('user_roles')
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_id', 'text', (column) => column.notNull().references('roles.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_roles_pkey', ['user_id', 'role_id'])
    .execute();
  await db.schema.createIndex('user_roles_role_idx').on('user_roles').column('role_id').execute();

  await db.schema
    .createTable('permissions')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('parent_id', 'text', (column) => column.references('permissions.id').onDelete('cascade'))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('url', 'text')
    .addColumn('component', 'text')
    .addColumn('component_name', 'text')
    .addColumn('redirect', 'text')
    // 0 top-level menu, 1 sub-menu, 2 button.
    .addColumn('menu_type', 'smallint', (column) => column.notNull().check(sql`menu_type in (0, 1, 2)`))
    .addColumn('perms', 'text')
    // '1' show/hide control, '2' enable/disable control.
    .addColumn('perms_type', 'text', (column) =>
      column
        .notNull()
        .defaultTo('1')
        .check(sql`perms_type in ('1', '2')`),
    )
    .addColumn('sort_no', 'double precision', (column) => column.notNull().defaultTo(0))
    .addColumn('always_show', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('icon', 'text')
    .addColumn('is_route', 'boolean', (column) => column.notNull().defaultTo(true))
    .addColumn('is_leaf', 'boolean', (column) => column.notNull().defaultTo(true))
    .addColumn('keep_alive', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('hidden', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('internal_or_external', 'boolean', (column) => column.notNull().defaultTo(false))
    // Buttons only: '1' the rule is active, '0' inactive.
    .addColumn('status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('1')
        .check(sql`status in ('0', '1')`),
    )
    .addColumn('del_flag', 'smallint', (column) =>
      column
        .notNull()
        .defaultTo(0)
        .check(sql`del_flag in (0, 1)`),
    )
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('permissions_tenant_menu_type_idx')
    .on('permissions')
    .columns(['tenant_id', 'menu_type'])
    .execute();

  await db.schema
    .createTable('role_permissions')
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('role_id', 'text', (column) => column.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('permission_id', 'text', (column) =>
      column.notNull().references('permissions.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('role_permissions_pkey', ['role_id', 'permission_id'])
    .execute();
  await db.schema
    .createIndex('role_permissions_permission_idx')
    .on('role_permissions')
    .column('permission_id')
    .execute();

  await db.schema
    .createTable('sessions')
    // sha256 (hex) of the token: the token itself is never stored.
    .addColumn('token_hash', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('last_seen_at', 'timestamptz', (column) => column.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('captchas')
    // sha256 (hex) of the client's checkKey.
    .addColumn('key_hash', 'text', (column) => column.primaryKey())
    .addColumn('code', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('captchas_expires_idx').on('captchas').column('expires_at').execute();

  await db.schema
    .createTable('sms_codes')
    .addColumn('id', 'bigint', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('mobile', 'text', (column) => column.notNull())
    .addColumn('code_hash', 'text', (column) => column.notNull())
    .addColumn('ip', 'text', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('sms_codes_mobile_idx')
    .on('sms_codes')
    .columns(['mobile', 'created_at'])
    .execute();
  await db.schema.createIndex('sms_codes_ip_idx').on('sms_codes').columns(['ip', 'created_at']).execute();

  await db.schema
    .createTable('sms_outbox')
    .addColumn('id', 'bigint', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('mobile', 'text', (column) => column.notNull())
    .addColumn('content', 'text', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('sms_outbox_mobile_idx')
    .on('sms_outbox')
    .columns(['mobile', 'created_at'])
    .execute();

  await db.schema
    .createTable('sys_log')
    .addColumn('id', 'bigint', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    // Null for a failed login under a user name that belongs to no tenant.
    .addColumn('tenant_id', 'text')
    // 1 login and logout, 2 operation.
    .addColumn('log_type', 'smallint', (column) => column.notNull().check(sql`log_type in (1, 2)`))
    // Operations only: 1 query, 2 add, 3 update, 4 delete, 5 import, 6 export.
    .addColumn('operate_type', 'smallint')
    .addColumn('log_content', 'text', (column) => column.notNull())
    .addColumn('user_id', 'text')
    .addColumn('username', 'text')
    .addColumn('ip', 'text')
    .addColumn('method', 'text')
    .addColumn('request_url', 'text')
    .addColumn('request_param', 'text')
    .addColumn('cost_time', 'integer')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('sys_log_tenant_type_created_idx')
    .on('sys_log')
    .columns(['tenant_id', 'log_type', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'sys_log',
    'sms_outbox',
    'sms_codes',
    'captchas',
    'sessions',
    'role_permissions',
    'permissions',
    'user_roles',
    'roles',
    'user_departs',
    'users',
    'departs',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
