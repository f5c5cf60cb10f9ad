// Service providers 服务商 with their engineers and coverage areas, and the fault-code library 故障代码库 (DOMAIN
// §1.15). A user linked to an engineer of a provider is that provider's: the repair module shows them only
// its orders, stock and requests (viewerOf).
import { sql, type Kysely } from 'kysely';
import { ENABLED_STATUS, codesOf } from '../../../common/businessEnums';
import { FAULT_CATEGORY, type FaultCategory } from '../../../common/repairs';
import { shanghaiDateTime } from '../../db/dates';
import { newId } from '../../db/ids';
import type { DB, EnabledStatus } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { pagedList, parseListQuery, type ListSpec, type RawQuery } from '../../http/listQuery';
import type { Actor, Caller } from '../shared/actor';
import { existingRow, notFound, saveTenantRow } from '../shared/commands';
import { inTransaction } from '../shared/documentSteps';

/** The provider a user works for, when they are one of its engineers (or its dispatcher). */
export interface ProviderLink {
  providerId: string;
  engineerId: string;
  isManager: boolean;
}

/**
 * Who reads or acts in the repair module: a provider's user sees only its provider's rows; otherwise `all`
 * (a holder of repair:dispatch, the repair centre) sees the tenant's, anyone else their data scope's.
 */
export interface RepairViewer extends Caller {
  provider: ProviderLink | null;
  all: boolean;
}

export async function providerLinkOf(db: Kysely<DB>, tenantId: string, userId: string) {
  const row = await db
    .selectFrom('service_engineers as e')
    .innerJoin('service_providers as p', 'p.id', 'e.provider_id')
    .select(['e.id', 'e.provider_id', 'e.is_manager'])
    .where('e.tenant_id', '=', tenantId)
    .where('e.user_id', '=', userId)
    .where('e.status', '=', 'ACTIVE')
    .executeTakeFirst();
  return row ? { providerId: row.provider_id, engineerId: row.id, isManager: row.is_manager } : null;
}

/**
 * Throws notFound when the caller works for a provider other than `providerId` (a provider's user sees only its
 * own provider and engineers); `what` names the object asked for.
 */
async function ownProviderOnly(db: Kysely<DB>, caller: Caller, providerId: string, what: string) {
  const link = await providerLinkOf(db, caller.tenantId, caller.userId);
  if (link && link.providerId !== providerId) throw notFound(what);
}

/** A provider's 变更记录 is its own provider's only, for a provider's user. */
export async function providerInScope(db: Kysely<DB>, caller: Caller, id: string) {
  await ownProviderOnly(db, caller, id, '服务商');
}

/** An engineer's 变更记录 is its provider's only, for a provider's user. */
export async function engineerInScope(db: Kysely<DB>, caller: Caller, id: string) {
  const engineer = await existingRow(db, 'service_engineers', caller.tenantId, id, ['provider_id'], '工程师');
  await ownProviderOnly(db, caller, engineer.provider_id, '工程师');
}

/** The permission that makes its holder the repair centre: every order of the tenant, 派工 and 改派. */
export const DISPATCH_PERMISSION = 'repair:dispatch';

async function holdsPermission(db: Kysely<DB>, caller: Caller, perms: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_roles as ur')
    .innerJoin('role_permissions as rp', 'rp.role_id', 'ur.role_id')
    .innerJoin('permissions as p', 'p.id', 'rp.permission_id')
    .select('p.id')
    .where('ur.user_id', '=', caller.userId)
    .where('ur.tenant_id', '=', caller.tenantId)
    .where('p.perms', '=', perms)
    .executeTakeFirst();
  return !!row;
}

/** The viewer of a caller (also for exports, which know only the caller). */
export async function viewerOf(db: Kysely<DB>, caller: Caller): Promise<RepairViewer> {
  const [provider, all] = await Promise.all([
    providerLinkOf(db, caller.tenantId, caller.userId),
    holdsPermission(db, caller, DISPATCH_PERMISSION),
  ]);
  return { tenantId: caller.tenantId, userId: caller.userId, provider, all };
}

// ---- Providers ----

export interface ProviderInput {
  code: string;
  name: string;
  coverageAreaCodes: string[];
  contactName?: string | null;
  contactMobile?: string | null;
  slaHours: number;
  rateCard?: Record<string, number>;
  status?: EnabledStatus;
}

const providerSpec: ListSpec = {
  filters: {
    code: { column: 'p.code', kind: 'text' },
    name: { column: 'p.name', kind: 'text' },
    status: { column: 'p.status', kind: 'enum', values: codesOf(ENABLED_STATUS) },
  },
  sorts: { code: 'p.code', slaHours: 'p.sla_hours' },
  defaultSort: [
    ['p.code', 'asc'],
    ['p.id', 'asc'],
  ],
};

export async function listProviders(db: Kysely<DB>, viewer: RepairViewer, query: RawQuery) {
  const list = parseListQuery(query, providerSpec);
  let base = db
    .selectFrom('service_providers as p')
    .where('p.tenant_id', '=', viewer.tenantId)
    .where(list.where);
  if (viewer.provider) base = base.where('p.id', '=', viewer.provider.providerId);
  return pagedList(base, list, async (page) =>
    (
      await page
        .select((eb) => [
          'p.id',
          'p.code',
          'p.name',
          'p.coverage_area_codes as coverageAreaCodes',
          'p.contact_name as contactName',
          'p.contact_mobile as contactMobile',
          'p.sla_hours as slaHours',
          'p.rate_card as rateCard',
          'p.status',
          shanghaiDateTime('p.updated_at').as('updateTime'),
          eb
            .selectFrom('service_engineers as e')
            .select(sql<number>`count(*)::integer`.as('n'))
            .whereRef('e.provider_id', '=', 'p.id')
            .where('e.status', '=', 'ACTIVE')
            .as('engineerCount'),
          eb
            .selectFrom('repair_orders as r')
            .select(sql<number>`count(*)::integer`.as('n'))
            .whereRef('r.service_provider_id', '=', 'p.id')
            .where('r.status', 'not in', ['CLOSED', 'CANCELLED'])
            .as('openOrders'),
        ])
        .execute()
    ).map((row) => ({
      ...row,
      engineerCount: Number(row.engineerCount ?? 0),
      openOrders: Number(row.openOrders ?? 0),
      status_dictText: ENABLED_STATUS[row.status],
    })),
  );
}

export async function saveProvider(db: Kysely<DB>, actor: Actor, input: ProviderInput, id?: string) {
  return inTransaction(db, async (trx) => {
    const values = {
      code: input.code.trim(),
      name: input.name.trim(),
      coverage_area_codes: JSON.stringify([...new Set(input.coverageAreaCodes.map((code) => code.trim()))]),
      contact_name: input.contactName?.trim() || null,
      contact_mobile: input.contactMobile?.trim() || null,
      sla_hours: input.slaHours,
      rate_card: JSON.stringify(input.rateCard ?? {}),
      status: input.status ?? 'ACTIVE',
      updated_by: actor.userId,
    };
    const saved = await saveTenantRow(trx, actor, 'service_providers', id, values, {
      uniqueKeys: { service_providers_code_uq: `服务商编码 ${values.code} 已存在` },
      what: '服务商',
      described: `服务商 ${values.code} ${values.name}`,
    });
    if (id === undefined) {
      // The provider's own spare-part warehouse, where its engineers' requests are delivered.
      await trx
        .insertInto('spare_warehouses')
        .values({
          id: newId(),
          tenant_id: actor.tenantId,
          code: `SP-${values.code}`,
          name: `${values.name}备件库`,
          warehouse_type: 'PROVIDER',
          provider_id: saved.id,
          created_by: actor.userId,
        })
        .execute();
    }
    return saved;
  });
}

export interface EngineerInput {
  providerId: string;
  name: string;
  mobile: string;
  /** The account the engineer signs in with (its username), if any. */
  username?: string | null;
  isManager?: boolean;
  status?: EnabledStatus;
}

export async function listEngineers(db: Kysely<DB>, viewer: RepairViewer, providerId?: string) {
  let query = db
    .selectFrom('service_engineers as e')
    .innerJoin('service_providers as p', 'p.id', 'e.provider_id')
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .leftJoin('spare_warehouses as w', (join) =>
      join.onRef('w.engineer_id', '=', 'e.id').on('w.warehouse_type', '=', 'ENGINEER'),
    )
    .select([
      'e.id',
      'e.provider_id as providerId',
      'p.name as providerName',
      'e.name',
      'e.mobile',
      'u.username',
      'e.is_manager as isManager',
      'e.status',
      'w.id as warehouseId',
    ])
    .where('e.tenant_id', '=', viewer.tenantId)
    .orderBy('p.code')
    .orderBy('e.name');
  if (providerId) query = query.where('e.provider_id', '=', providerId);
  if (viewer.provider) query = query.where('e.provider_id', '=', viewer.provider.providerId);
  return (await query.execute()).map((row) => ({ ...row, status_dictText: ENABLED_STATUS[row.status] }));
}

/** Adds or edits an engineer; a new one gets a warehouse of its own for the parts it carries. */
export async function saveEngineer(db: Kysely<DB>, actor: Actor, input: EngineerInput, id?: string) {
  return inTransaction(db, async (trx) => {
    const provider = await trx
      .selectFrom('service_providers')
      .select(['id', 'code', 'name'])
      .where('id', '=', input.providerId)
      .where('tenant_id', '=', actor.tenantId)
      .executeTakeFirst();
    if (!provider) throw notFound('服务商');
    let userId: string | null = null;
    if (input.username?.trim()) {
      const user = await trx
        .selectFrom('users')
        .select('id')
        .where('tenant_id', '=', actor.tenantId)
        .where('username', '=', input.username.trim())
        .executeTakeFirst();
      if (!user) throw new BusinessError(400, `账号 ${input.username.trim()} 不存在`);
      userId = user.id;
    }
    const values = {
      provider_id: provider.id,
      name: input.name.trim(),
      mobile: input.mobile.trim(),
      user_id: userId,
      is_manager: input.isManager ?? false,
      status: input.status ?? 'ACTIVE',
      updated_by: actor.userId,
    };
    const saved = await saveTenantRow(trx, actor, 'service_engineers', id, values, {
      uniqueKeys: { service_engineers_user_uq: '该账号已绑定其他工程师' },
      what: '工程师',
      described: `工程师 ${values.name}（${provider.name}）`,
    });
    if (id === undefined) {
      await trx
        .insertInto('spare_warehouses')
        .values({
          id: newId(),
          tenant_id: actor.tenantId,
          code: `EN-${provider.code}-${saved.id.slice(-6)}`,
          name: `${values.name}（${provider.name}）随车库`,
          warehouse_type: 'ENGINEER',
          provider_id: provider.id,
          engineer_id: saved.id,
          created_by: actor.userId,
        })
        .execute();
    }
    return saved;
  });
}

// ---- Fault codes ----

export interface FaultCodeInput {
  code: string;
  faultCategory: FaultCategory;
  description: string;
  suggestedPartIds?: string[];
  status?: EnabledStatus;
}

const faultSpec: ListSpec = {
  filters: {
    code: { column: 'f.code', kind: 'text' },
    description: { column: 'f.description', kind: 'text' },
    faultCategory: { column: 'f.fault_category', kind: 'enum', values: codesOf(FAULT_CATEGORY) },
    status: { column: 'f.status', kind: 'enum', values: codesOf(ENABLED_STATUS) },
  },
  sorts: { code: 'f.code' },
  defaultSort: [
    ['f.code', 'asc'],
    ['f.id', 'asc'],
  ],
};

export async function listFaultCodes(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const list = parseListQuery(query, faultSpec);
  const base = db.selectFrom('fault_codes as f').where('f.tenant_id', '=', caller.tenantId).where(list.where);
  const parts = await db
    .selectFrom('spare_parts')
    .select(['id', 'name'])
    .where('tenant_id', '=', caller.tenantId)
    .execute();
  return pagedList(base, list, async (page) =>
    (
      await page
        .select([
          'f.id',
          'f.code',
          'f.fault_category as faultCategory',
          'f.description',
          'f.suggested_part_ids as suggestedPartIds',
          'f.status',
        ])
        .execute()
    ).map((row) => ({
      ...row,
      suggestedParts: row.suggestedPartIds
        .map((partId) => parts.find((part) => part.id === partId)?.name)
        .filter(Boolean)
        .join('、'),
      faultCategory_dictText: FAULT_CATEGORY[row.faultCategory],
      status_dictText: ENABLED_STATUS[row.status],
    })),
  );
}

export async function saveFaultCode(db: Kysely<DB>, actor: Actor, input: FaultCodeInput, id?: string) {
  return inTransaction(db, async (trx) => {
    const partIds = [...new Set(input.suggestedPartIds ?? [])];
    if (partIds.length) {
      const found = await trx
        .selectFrom('spare_parts')
        .select('id')
        .where('tenant_id', '=', actor.tenantId)
        .where('id', 'in', partIds)
        .execute();
      if (found.length !== partIds.length) throw notFound('备件');
    }
    const values = {
      code: input.code.trim().toUpperCase(),
      fault_category: input.faultCategory,
      description: input.description.trim(),
      suggested_part_ids: JSON.stringify(partIds),
      status: input.status ?? 'ACTIVE',
      updated_by: actor.userId,
    };
    return saveTenantRow(trx, actor, 'fault_codes', id, values, {
      uniqueKeys: { fault_codes_code_uq: `故障代码 ${values.code} 已存在` },
      what: '故障代码',
      described: `故障代码 ${values.code}`,
    });
  });
}
