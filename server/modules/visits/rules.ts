// 打卡规则 (DOMAIN §1.4 CheckInRule): per department subtree, optionally narrowed to a channel and an outlet
// type. An outlet is held to the most specific active rule that matches it — the deepest department first,
// then one naming the outlet type and the channel, the outlet type, the channel, none — and to
// DEFAULT_CHECK_IN_RULE where none does.
import { sql, type Kysely } from 'kysely';
import { CHANNEL, ENABLED_STATUS, codesOf } from '../../../common/businessEnums';
import { DEFAULT_CHECK_IN_RULE, type CheckInRuleValues } from '../../../common/visits';
import { shanghaiDateTime } from '../../db/dates';
import { newId } from '../../db/ids';
import type { DB, EnabledStatus } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { pagedList, parseListQuery, type ListSpec, type RawQuery } from '../../http/listQuery';
import { logOperation, type Actor, type Caller } from '../shared/actor';
import { notFound, withUniqueKeys } from '../shared/commands';
import { dataScopeOf, orgCodeInScope } from '../shared/dataScope';

export interface RuleInput extends CheckInRuleValues {
  name: string;
  orgCode: string;
  channel?: string | null;
  outletType?: string | null;
  status?: EnabledStatus;
}

/** The tables of scoped visit configuration: 打卡规则 and 拜访步骤模板. */
export type ScopedTable = 'check_in_rules' | 'visit_step_templates';

/** The list of a scoped configuration: by name, department, channel and status; by department first. */
export const scopedListSpec = (table: ScopedTable): ListSpec => ({
  filters: {
    name: { column: `${table}.name`, kind: 'text' },
    orgCode: { column: `${table}.org_code`, kind: 'text' },
    channel: { column: `${table}.channel`, kind: 'enum', values: codesOf(CHANNEL) },
    status: { column: `${table}.status`, kind: 'enum', values: codesOf(ENABLED_STATUS) },
  },
  sorts: { orgCode: `${table}.org_code`, createTime: `${table}.created_at` },
  defaultSort: [
    [`${table}.org_code`, 'asc'],
    [`${table}.id`, 'asc'],
  ],
});

const ruleSpec = scopedListSpec('check_in_rules');

const ruleColumns = [
  'check_in_rules.id',
  'check_in_rules.name',
  'check_in_rules.org_code as orgCode',
  'check_in_rules.channel',
  'check_in_rules.outlet_type as outletType',
  'check_in_rules.check_in_radius_m as checkInRadiusM',
  'check_in_rules.gps_accuracy_max_m as gpsAccuracyMaxM',
  'check_in_rules.allow_out_of_range as allowOutOfRange',
  'check_in_rules.require_check_out as requireCheckOut',
  'check_in_rules.min_stay_minutes as minStayMinutes',
  'check_in_rules.max_stay_minutes as maxStayMinutes',
  'check_in_rules.status',
] as const;

/** The tenant's rules: configuration every department reads; only a rule of the caller's scope is written. */
export async function listRules(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const list = parseListQuery(query, ruleSpec);
  const base = db
    .selectFrom('check_in_rules')
    .leftJoin('departs', (join) =>
      join
        .onRef('departs.org_code', '=', 'check_in_rules.org_code')
        .onRef('departs.tenant_id', '=', 'check_in_rules.tenant_id'),
    )
    .where('check_in_rules.tenant_id', '=', caller.tenantId)
    .where(list.where);
  return pagedList(base, list, async (page) => {
    const rows = await page
      .select([
        ...ruleColumns,
        'departs.depart_name as orgName',
        shanghaiDateTime('check_in_rules.updated_at').as('updateTime'),
      ])
      .execute();
    return rows.map((row) => ({
      ...row,
      channel_dictText: row.channel ? CHANNEL[row.channel as keyof typeof CHANNEL] : '全部渠道',
      status_dictText: ENABLED_STATUS[row.status],
    }));
  });
}

const RULE_KEYS = { check_in_rules_scope_uq: '该范围已有启用的打卡规则' };

export async function saveRule(db: Kysely<DB>, actor: Actor, input: RuleInput, id?: string) {
  if (input.minStayMinutes > input.maxStayMinutes) throw new BusinessError(400, '最短停留不能大于最长停留');
  return db.transaction().execute((trx) =>
    saveScopedRow(trx, actor, { table: 'check_in_rules', noun: '打卡规则', id }, RULE_KEYS, {
      name: input.name,
      org_code: input.orgCode,
      channel: input.channel ?? null,
      outlet_type: input.outletType ?? null,
      check_in_radius_m: input.checkInRadiusM,
      gps_accuracy_max_m: input.gpsAccuracyMaxM,
      allow_out_of_range: input.allowOutOfRange,
      require_check_out: input.requireCheckOut,
      min_stay_minutes: input.minStayMinutes,
      max_stay_minutes: input.maxStayMinutes,
      status: input.status ?? 'ACTIVE',
    }),
  );
}

/**
 * Writes a row of a scoped configuration table (打卡规则, 拜访步骤模板): its department must be in the caller's
 * scope, and an edited row's department too (else 404); a second active row of the same scope is 409.
 */
export async function saveScopedRow(
  trx: Kysely<DB>,
  actor: Actor,
  target: { table: ScopedTable; noun: string; id?: string },
  uniqueKeys: Record<string, string>,
  values: { name: string; org_code: string } & Record<string, unknown>,
): Promise<{ id: string }> {
  const { table, noun, id } = target;
  const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
  if (!orgCodeInScope(scope, values.org_code)) throw new BusinessError(400, '所选部门不在您的数据权限范围内');
  if (id !== undefined) {
    const existing = await trx
      .selectFrom(table)
      .select('org_code')
      .where('id', '=', id)
      .where('tenant_id', '=', actor.tenantId)
      .executeTakeFirst();
    if (!existing || !orgCodeInScope(scope, existing.org_code)) throw notFound(noun);
  }
  const row = { ...values, updated_by: actor.userId };
  const saved = await withUniqueKeys(uniqueKeys, () =>
    id === undefined
      ? trx
          .insertInto(table)
          .values({ ...row, id: newId(), tenant_id: actor.tenantId, created_by: actor.userId } as never)
          .returning('id')
          .executeTakeFirstOrThrow()
      : trx
          .updateTable(table)
          .set({ ...row, updated_at: new Date() } as never)
          .where('id', '=', id)
          .where('tenant_id', '=', actor.tenantId)
          .returning('id')
          .executeTakeFirstOrThrow(),
  );
  await logOperation(
    trx,
    actor,
    id === undefined ? 'add' : 'update',
    `${id ? '编辑' : '新增'}${noun} ${values.name}`,
  );
  return saved;
}

/** The outlet facts a scoped configuration (打卡规则, 拜访步骤模板) is matched by. */
export interface ScopedOutlet {
  org_code: string;
  channel: string;
  outlet_type: string | null;
}

/**
 * Whether a row of a scoped configuration table (`org_code`, `channel`, `outlet_type`; null = any) applies to
 * the outlet: its department subtree holds the outlet, and its channel and outlet type are the outlet's or none.
 */
export const scopeMatches = (outlet: ScopedOutlet) =>
  sql<boolean>`(${outlet.org_code} like org_code || '%' and (channel is null or channel = ${outlet.channel}) and (outlet_type is null or outlet_type = ${outlet.outlet_type ?? ''}))`;

/** Most specific first: the deepest department, then naming the outlet type and the channel, the type, the channel. */
export const scopeSpecificity = sql<number>`length(org_code) * 4 + (outlet_type is not null)::integer * 2 + (channel is not null)::integer`;

export interface ResolvedRule extends CheckInRuleValues {
  ruleId: string | null;
  ruleName: string;
}

/** The rule an outlet is held to (see the top of this file). */
export async function ruleForOutlet(
  db: Kysely<DB>,
  tenantId: string,
  outlet: ScopedOutlet,
): Promise<ResolvedRule> {
  const rule = await db
    .selectFrom('check_in_rules')
    .select(ruleColumns)
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'ACTIVE')
    .where(scopeMatches(outlet))
    .orderBy(scopeSpecificity, 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!rule) return { ...DEFAULT_CHECK_IN_RULE, ruleId: null, ruleName: '默认规则' };
  return {
    ruleId: rule.id,
    ruleName: rule.name,
    checkInRadiusM: rule.checkInRadiusM,
    gpsAccuracyMaxM: rule.gpsAccuracyMaxM,
    allowOutOfRange: rule.allowOutOfRange,
    requireCheckOut: rule.requireCheckOut,
    minStayMinutes: rule.minStayMinutes,
    maxStayMinutes: rule.maxStayMinutes,
  };
}
