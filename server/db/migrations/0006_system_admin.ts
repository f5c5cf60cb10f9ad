// System administration (API.md §6): dictionaries and their items per tenant, and the fields of users,
// departments and permissions that the admin pages edit but sign-in did not need.
import { sql, type Kysely } from 'kysely';
import { dictIdOf, insertDefaultDictionaries, permissionIdOf } from '../../modules/auth/tenantOrganisation';
import type { DB } from '../schema';
import { addTenantPermission } from './tenantMenus';

const now = sql`now()`;

/** The buttons this issue adds to the default menus: [menu url, code, name]. */
const NEW_BUTTONS: Array<[string, string, string]> = [
  ['/isystem/user', 'user:list', '查询用户'],
  ['/isystem/user', 'user:deleteBatch', '批量删除用户'],
  ['/isystem/user', 'user:password', '修改用户密码'],
  ['/isystem/role', 'role:list', '查询角色'],
  ['/isystem/role', 'role:deleteBatch', '批量删除角色'],
  ['/isystem/permission', 'permission:list', '查询菜单'],
  ['/isystem/permission', 'permission:deleteBatch', '批量删除菜单'],
  ['/isystem/depart', 'depart:list', '查询部门'],
  ['/isystem/depart', 'depart:deleteBatch', '批量删除部门'],
  ['/isystem/dict', 'dict:list', '查询字典'],
  ['/isystem/dict', 'dict:deleteBatch', '批量删除字典'],
  ['/isystem/dict', 'dictItem:add', '新增字典项'],
  ['/isystem/dict', 'dictItem:edit', '编辑字典项'],
  ['/isystem/dict', 'dictItem:delete', '删除字典项'],
  ['/isystem/log', 'log:list', '查询日志'],
  ['/isystem/log', 'log:deleteBatch', '批量删除日志'],
];

/**
 * Tenants that existed before this migration (a kept ./data directory) get what new tenants start with: the
 * new buttons, granted to their administrator role, and the default dictionaries. A fresh database has no
 * tenant yet: the seed writes all of it.
 */
export async function upgradeExistingTenants(db: Kysely<DB>): Promise<void> {
  const tenants = await db.selectFrom('tenants').select('tenant_id').execute();
  for (const { tenant_id: tenantId } of tenants) {
    for (const [menuUrl, perms, name] of NEW_BUTTONS) {
      await addTenantPermission(db, tenantId, {
        id: permissionIdOf(tenantId, perms),
        tenant_id: tenantId,
        parent_id: permissionIdOf(tenantId, menuUrl),
        name,
        menu_type: 2,
        perms,
        is_route: false,
        sort_no: 9,
      });
    }
    const dicts = await db
      .selectFrom('dicts')
      .select('id')
      .where('id', '=', dictIdOf(tenantId, 'sex'))
      .executeTakeFirst();
    if (!dicts) await insertDefaultDictionaries(db, tenantId);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('birthday', 'date')
    .addColumn('work_no', 'text')
    .addColumn('post', 'text')
    .addColumn('telephone', 'text')
    // 1 normal user, 2 department head.
    .addColumn('user_identity', 'smallint', (column) =>
      column
        .notNull()
        .defaultTo(1)
        .check(sql`user_identity in (1, 2)`),
    )
    .addColumn('created_by', 'text')
    .addColumn('updated_by', 'text')
    .execute();

  await db.schema
    .alterTable('departs')
    .addColumn('depart_name_en', 'text')
    .addColumn('depart_name_abbr', 'text')
    .addColumn('description', 'text')
    // 1 company, 2 org unit, 3 position.
    .addColumn('org_category', 'text', (column) =>
      column
        .notNull()
        .defaultTo('1')
        .check(sql`org_category in ('1', '2', '3')`),
    )
    .addColumn('mobile', 'text')
    .addColumn('fax', 'text')
    .addColumn('address', 'text')
    .addColumn('memo', 'text')
    .addColumn('created_by', 'text')
    .addColumn('updated_by', 'text')
    .execute();

  for (const table of ['roles', 'permissions']) {
    await db.schema
      .alterTable(table)
      .addColumn('created_by', 'text')
      .addColumn('updated_by', 'text')
      .execute();
  }
  await db.schema.alterTable('permissions').addColumn('description', 'text').execute();

  await db.schema
    .createTable('dicts')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('dict_name', 'text', (column) => column.notNull())
    .addColumn('dict_code', 'text', (column) => column.notNull())
    .addColumn('description', 'text')
    // 0 text values, 1 numeric values.
    .addColumn('type', 'smallint', (column) =>
      column
        .notNull()
        .defaultTo(0)
        .check(sql`type in (0, 1)`),
    )
    .addColumn('created_by', 'text')
    .addColumn('updated_by', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(now))
    .addUniqueConstraint('dicts_tenant_dict_code_key', ['tenant_id', 'dict_code'])
    .execute();

  await db.schema
    .createTable('dict_items')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('dict_id', 'text', (column) => column.notNull().references('dicts.id').onDelete('cascade'))
    .addColumn('item_text', 'text', (column) => column.notNull())
    .addColumn('item_value', 'text', (column) => column.notNull())
    .addColumn('description', 'text')
    .addColumn('sort_order', 'integer', (column) => column.notNull().defaultTo(0))
    // 1 enabled, 0 disabled.
    .addColumn('status', 'smallint', (column) =>
      column
        .notNull()
        .defaultTo(1)
        .check(sql`status in (0, 1)`),
    )
    .addColumn('created_by', 'text')
    .addColumn('updated_by', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(now))
    .addUniqueConstraint('dict_items_dict_value_key', ['dict_id', 'item_value'])
    .execute();

  // The log list filters a tenant's rows by time, whatever their type.
  await db.schema
    .createIndex('sys_log_tenant_created_idx')
    .on('sys_log')
    .columns(['tenant_id', 'created_at'])
    .execute();

  await upgradeExistingTenants(db as Kysely<DB>);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sys_log_tenant_created_idx').execute();
  await db.schema.dropTable('dict_items').execute();
  await db.schema.dropTable('dicts').execute();
  await db.schema.alterTable('permissions').dropColumn('description').execute();
  for (const table of ['roles', 'permissions']) {
    await db.schema.alterTable(table).dropColumn('created_by').dropColumn('updated_by').execute();
  }
  await db.schema
    .alterTable('departs')
    .dropColumn('depart_name_en')
    .dropColumn('depart_name_abbr')
    .dropColumn('description')
    .dropColumn('org_category')
    .dropColumn('mobile')
    .dropColumn('fax')
    .dropColumn('address')
    .dropColumn('memo')
    .dropColumn('created_by')
    .dropColumn('updated_by')
    .execute();
  await db.schema
    .alterTable('users')
    .dropColumn('birthday')
    .dropColumn('work_no')
    .dropColumn('post')
    .dropColumn('telephone')
    .dropColumn('user_identity')
    .dropColumn('created_by')
    .dropColumn('updated_by')
    .execute();
}
