// The database as Kysely sees it: one interface per table, added to by each issue's migrations.
import type { ColumnType, Generated } from 'kysely';

/** Set by the database on insert, never written by the application. */
type CreatedAt = ColumnType<Date, never, never>;

/** A tenant is a brand owner; `tenant_id` is its company code (cpycod) and leads every business key. */
export interface TenantsTable {
  tenant_id: string;
  name: string;
  status: Generated<TenantStatus>;
  created_at: CreatedAt;
}

/** 1 active, 0 frozen (the reference contract's sys_tenant status). */
export type TenantStatus = 0 | 1;

/** Per-deployment values generated once, such as the key and iv of /sys/getEncryptedString. */
export interface DeploymentSettingsTable {
  key: string;
  value: string;
  updated_at: Generated<Date>;
}

export interface DB {
  tenants: TenantsTable;
  deployment_settings: DeploymentSettingsTable;
}
