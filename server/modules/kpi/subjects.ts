// The subjects a KPI is set for and measured on (DOMAIN §1.13): departments, employees (by the department they
// belong to, the first by code when several) and dealers (by their department), each with the department
// that is its parent in the achievement tree and in the data scope.
import { sql, type Kysely } from 'kysely';
import type { KpiSubjectType } from '../../../common/kpi';
import type { DB } from '../../db/schema';
import { ORG_CODE_LEVEL } from '../auth/tenantOrganisation';
import { orgCodeInScope, type DataScope } from '../shared/dataScope';

export interface Subject {
  type: KpiSubjectType;
  id: string;
  /** What an import names it by: the org code, the username, the customer code. */
  code: string;
  name: string;
  /** For ORG its own code; else the department it sits in. */
  orgCode: string;
  /** The node above it in the tree (the parent department's code, the department of a rep or dealer). */
  parentKey: string | null;
}

export const parentOrgCode = (orgCode: string) =>
  orgCode.length > ORG_CODE_LEVEL ? orgCode.slice(0, -ORG_CODE_LEVEL) : null;

export async function subjectsOf(db: Kysely<DB>, tenantId: string, type: KpiSubjectType): Promise<Subject[]> {
  if (type === 'ORG') {
    const rows = await db
      .selectFrom('departs')
      .select(['id', 'org_code', 'depart_name'])
      .where('tenant_id', '=', tenantId)
      .orderBy('org_code')
      .execute();
    return rows.map((row) => ({
      type,
      id: row.org_code,
      code: row.org_code,
      name: row.depart_name,
      orgCode: row.org_code,
      parentKey: parentOrgCode(row.org_code),
    }));
  }
  if (type === 'EMPLOYEE') {
    const { rows } = await sql<{ id: string; username: string; realname: string; org_code: string }>`
      select u.id, u.username, u.realname, min(d.org_code) as org_code
      from users u join user_departs ud on ud.user_id = u.id join departs d on d.id = ud.depart_id
      where u.tenant_id = ${tenantId} and u.del_flag = 0
      group by u.id, u.username, u.realname
      order by min(d.org_code), u.username`.execute(db);
    return rows.map((row) => ({
      type,
      id: row.id,
      code: row.username,
      name: row.realname,
      orgCode: row.org_code,
      parentKey: row.org_code,
    }));
  }
  const rows = await db
    .selectFrom('customers')
    .select(['id', 'customer_code', 'name', 'org_code'])
    .where('tenant_id', '=', tenantId)
    .where('customer_type', '=', 'DEALER')
    .where('status', '=', 'ACTIVE')
    .orderBy('org_code')
    .orderBy('customer_code')
    .execute();
  return rows.map((row) => ({
    type,
    id: row.id,
    code: row.customer_code,
    name: row.name,
    orgCode: row.org_code,
    parentKey: row.org_code,
  }));
}

/** The subjects a caller may see: those whose department lies in the scope. */
export const visibleSubjects = (subjects: Subject[], scope: DataScope) =>
  subjects.filter((subject) => orgCodeInScope(scope, subject.orgCode));

/** The names of a tenant's departments by org code (breadcrumbs, group headings). */
export async function departNames(db: Kysely<DB>, tenantId: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('departs')
    .select(['org_code', 'depart_name'])
    .where('tenant_id', '=', tenantId)
    .execute();
  return new Map(rows.map((row) => [row.org_code, row.depart_name]));
}
