// Dealer workspaces (issue #22, DOMAIN §1.3 DealerProfile, §1.1 Employee.dealerId): the 经销商档案 of a DEALER
// customer (licence, bank, authorised area, deposit, contract), the dealer an account belongs to (its data
// scope is then that dealer: shared/dataScope.ts), the roles the brand grants to dealer accounts (only those
// count for a dealer's user, within the ceiling of shared/dealerScope.ts), and the 经销商管理 menus for tenants
// seeded before them.
import { sql, type Kysely } from 'kysely';
import { defaultMenuRowsOf } from '../../modules/auth/tenantOrganisation';
import type { DB } from '../schema';
import { businessTable } from './columns';
import { addTenantPermission } from './tenantMenus';

export const DEALER_MENUS = ['/eDealer'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('dealer_id', 'text', (column) => column.references('customers.id'))
    .execute();
  await db.schema.createIndex('users_dealer_idx').on('users').columns(['tenant_id', 'dealer_id']).execute();
  await db.schema
    .alterTable('roles')
    .addColumn('for_dealers', 'boolean', (column) => column.notNull().defaultTo(false))
    .execute();

  // One row per DEALER customer; its id is the customer's.
  await businessTable(db, 'dealer_profiles')
    .addColumn('customer_id', 'text', (column) => column.notNull().references('customers.id'))
    .addColumn('legal_person', 'text')
    .addColumn('tax_no', 'text')
    .addColumn('invoice_title', 'text')
    .addColumn('bank_name', 'text')
    .addColumn('bank_account', 'text')
    .addColumn('license_no', 'text')
    .addColumn('authorized_area_codes', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('authorized_channels', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('contract_no', 'text')
    .addColumn('contract_start', 'date')
    .addColumn('contract_end', 'date')
    .addColumn('deposit_amount', 'numeric(14, 2)', (column) => column.notNull().defaultTo(0))
    .addColumn('annual_target_cases', 'integer')
    .addColumn('dms_enabled', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('remark', 'text')
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(0))
    .addUniqueConstraint('dealer_profiles_customer_uq', ['tenant_id', 'customer_id'])
    .addCheckConstraint(
      'dealer_profiles_contract_ck',
      sql`contract_end is null or contract_start is null or contract_end >= contract_start`,
    )
    .execute();

  await addDealerMenus(db as unknown as Kysely<DB>);
}

/** For every tenant: the 经销商管理 menus, granted to its administrators. */
export async function addDealerMenus(db: Kysely<DB>): Promise<void> {
  const tenants = await db.selectFrom('tenants').select('tenant_id').execute();
  for (const { tenant_id: tenantId } of tenants) {
    const all = defaultMenuRowsOf(tenantId);
    const menus = new Set(
      all.filter((row) => DEALER_MENUS.some((url) => (row.url ?? '').startsWith(url))).map((row) => row.id),
    );
    for (const row of all.filter((each) => menus.has(each.id) || menus.has(each.parent_id ?? ''))) {
      await addTenantPermission(db, tenantId, row);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('dealer_profiles').execute();
  await db.schema.alterTable('roles').dropColumn('for_dealers').execute();
  await db.schema.dropIndex('users_dealer_idx').execute();
  await db.schema.alterTable('users').dropColumn('dealer_id').execute();
}
