// Column helpers shared by the business migrations: the id, tenant and audit columns every business table
// starts with (DOMAIN §0), and CHECK constraints over a list of codes.
import { sql, type Kysely } from 'kysely';

/** id, tenant_id and the audit columns every business table starts with (DOMAIN §0). */
export function businessTable<T extends string>(db: Kysely<unknown>, name: T) {
  return db.schema
    .createTable(name)
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('tenant_id', 'text', (column) => column.notNull().references('tenants.tenant_id'))
    .addColumn('created_by', 'text')
    .addColumn('updated_by', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`));
}

/** A CHECK that a text column holds one of the codes. */
export const oneOf = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((value) => `'${value}'`).join(', ')})`);
