// Customer labels (/eCustLabel, DOMAIN §1.3): manual labels tagged by hand, and rule labels whose members a
// rule selects ({conditions: [{field, op, value}]}, all must hold). A rule names whitelisted fields and
// operators only and its values are bound as parameters: it is compiled to SQL, never spliced.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import {
  ENABLED_STATUS,
  LABEL_RULE_FIELDS,
  LABEL_TYPE,
  codesOf,
  describeLabelRule,
} from '../../../common/businessEnums';
import { shanghaiDateTime } from '../../db/dates';
import type { DB, EnabledStatus, LabelType } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { pagedList, parseListQuery, type ListSpec, type RawQuery } from '../../http/listQuery';
import { logOperation, type Actor } from '../shared/actor';
import { existingRow, notFound, saveTenantRow } from '../shared/commands';
import { defineListExport, type ListRecord } from '../shared/excel';
import { dataScopeOf } from '../shared/dataScope';
import { regionName } from '../shared/regions';
import { customerInScope } from './service';

export const RULE_OPERATORS = ['eq', 'ne', 'in', 'gt', 'gte', 'lt', 'lte'] as const;
export type RuleOperator = (typeof RULE_OPERATORS)[number];

export interface RuleCondition {
  field: string;
  op: RuleOperator;
  value: string | number | Array<string | number>;
}

export interface LabelRule {
  conditions: RuleCondition[];
}

/** The shape of a rule, checked by the routes' schemas; compileRule checks the fields, operators and values. */
export const labelRuleSchema = {
  type: 'object',
  required: ['conditions'],
  properties: {
    conditions: {
      type: 'array',
      minItems: 1,
      maxItems: 20,
      items: {
        type: 'object',
        required: ['field', 'op', 'value'],
        properties: {
          field: { type: 'string', maxLength: 64 },
          op: { type: 'string', enum: RULE_OPERATORS },
          // Any JSON here: checkValue refuses a wrong one per field. A typed anyOf would not do, since the
          // app's type coercion turns ['OUTLET'] into 'OUTLET' in a string branch (or 'x' into ['x']).
          value: {},
        },
      },
    },
  },
} as const;

interface RuleField {
  label: string;
  expression: RawBuilder<unknown>;
  kind: 'enum' | 'text' | 'integer';
  values?: readonly string[];
}

const daysSince = (column: string) =>
  sql`coalesce(current_date - (${sql.ref(column)} at time zone 'Asia/Shanghai')::date, 99999)`;

const RULE_EXPRESSIONS: Record<string, RawBuilder<unknown>> = {
  customerType: sql.ref('customers.customer_type'),
  channel: sql.ref('customers.channel'),
  outletType: sql.ref('customers.outlet_type'),
  level: sql.ref('customers.level'),
  provinceCode: sql.ref('customers.province_code'),
  cityCode: sql.ref('customers.city_code'),
  districtCode: sql.ref('customers.district_code'),
  freezerCount: sql.ref('customers.freezer_count'),
  auditStatus: sql.ref('customers.audit_status'),
  verifyStatus: sql.ref('customers.verify_status'),
  status: sql.ref('customers.status'),
  daysSinceLastOrder: daysSince('customers.last_order_at'),
  daysSinceLastVisit: daysSince('customers.last_visit_at'),
  daysSinceCreated: daysSince('customers.created_at'),
};

/** What a rule may look at: the shared field list (common/businessEnums) with each field's SQL. */
export const RULE_FIELDS: Record<string, RuleField> = Object.fromEntries(
  Object.entries(LABEL_RULE_FIELDS).map(([name, field]) => [
    name,
    {
      label: field.label,
      kind: field.kind,
      values: field.values ? Object.keys(field.values) : undefined,
      expression: RULE_EXPRESSIONS[name],
    },
  ]),
);

const COMPARISONS: Record<Exclude<RuleOperator, 'in'>, string> = {
  eq: '=',
  ne: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
};

function checkValue(field: RuleField, name: string, value: unknown): string | number {
  if (field.kind === 'integer') {
    if (typeof value !== 'number' || !Number.isInteger(value))
      throw new BusinessError(400, `规则条件「${field.label}」的值应为整数`);
    return value;
  }
  if (typeof value !== 'string' || value === '')
    throw new BusinessError(400, `规则条件「${field.label}」的值不能为空`);
  if (field.kind === 'enum' && !field.values?.includes(value)) {
    throw new BusinessError(400, `规则条件「${field.label}」的值 ${value} 不存在（字段 ${name}）`);
  }
  return value;
}

/** The SQL condition of a rule over `customers`; a BusinessError for anything outside the whitelist. */
export function compileRule(rule: LabelRule): RawBuilder<SqlBool> {
  if (!Array.isArray(rule?.conditions) || rule.conditions.length === 0) {
    throw new BusinessError(400, '规则标签至少需要一个条件');
  }
  const parts = rule.conditions.map((condition) => {
    const field = Object.hasOwn(RULE_FIELDS, condition.field) ? RULE_FIELDS[condition.field] : undefined;
    if (!field) throw new BusinessError(400, `规则不支持字段 ${condition.field}`);
    if (condition.op === 'in') {
      const values = Array.isArray(condition.value) ? condition.value : [];
      if (values.length === 0) throw new BusinessError(400, `规则条件「${field.label}」的取值列表不能为空`);
      return sql<SqlBool>`${field.expression} in (${sql.join(values.map((value) => checkValue(field, condition.field, value)))})`;
    }
    if (!Object.hasOwn(COMPARISONS, condition.op))
      throw new BusinessError(400, `规则不支持运算 ${condition.op}`);
    if (field.kind !== 'integer' && !['eq', 'ne'].includes(condition.op)) {
      throw new BusinessError(400, `规则条件「${field.label}」只能用等于或不等于`);
    }
    const value = checkValue(field, condition.field, condition.value);
    return sql<SqlBool>`${field.expression} ${sql.raw(COMPARISONS[condition.op as keyof typeof COMPARISONS])} ${value}`;
  });
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

export interface LabelInput {
  code: string;
  name: string;
  labelGroup?: string;
  color?: string;
  labelType: LabelType;
  rule?: LabelRule | null;
  status?: EnabledStatus;
}

const labelSpec: ListSpec = {
  filters: {
    code: { column: 'code', kind: 'text' },
    name: { column: 'name', kind: 'text' },
    labelGroup: { column: 'label_group', kind: 'text' },
    labelType: { column: 'label_type', kind: 'enum', values: codesOf(LABEL_TYPE) },
    status: { column: 'status', kind: 'enum', values: codesOf(ENABLED_STATUS) },
  },
  sorts: { code: 'code', name: 'name', labelGroup: 'label_group', createTime: 'created_at' },
  defaultSort: [
    ['label_group', 'asc'],
    ['code', 'asc'],
  ],
};

export async function listLabels(db: Kysely<DB>, tenantId: string, query: RawQuery) {
  const list = parseListQuery(query, labelSpec);
  const base = db.selectFrom('customer_labels').where('tenant_id', '=', tenantId).where(list.where);
  return pagedList(base, list, async (page) => {
    const rows = await page
      .select((eb) => [
        'id',
        'code',
        'name',
        'label_group as labelGroup',
        'color',
        'label_type as labelType',
        'rule',
        'status',
        shanghaiDateTime<string | null>('refreshed_at').as('refreshTime'),
        shanghaiDateTime('created_at').as('createTime'),
        eb
          .selectFrom('customer_label_links')
          .select(sql<number>`count(*)::integer`.as('n'))
          .whereRef('customer_label_links.label_id', '=', 'customer_labels.id')
          .as('customerCount'),
      ])
      .execute();
    return rows.map((row) => ({
      ...row,
      labelType_dictText: LABEL_TYPE[row.labelType],
      status_dictText: ENABLED_STATUS[row.status],
    }));
  });
}

function checkLabelInput(input: LabelInput): void {
  if (input.labelType === 'RULE') compileRule(input.rule as LabelRule);
  else if (input.rule) throw new BusinessError(400, '手工标签不能设置规则');
}

export async function saveLabel(db: Kysely<DB>, actor: Actor, input: LabelInput, id?: string) {
  checkLabelInput(input);
  return db.transaction().execute(async (trx) => {
    const values = {
      code: input.code,
      name: input.name,
      label_group: input.labelGroup ?? '自定义',
      color: input.color ?? 'blue',
      label_type: input.labelType,
      rule: input.rule ? JSON.stringify(input.rule) : null,
      status: input.status ?? 'ACTIVE',
      updated_by: actor.userId,
    };
    if (id !== undefined) {
      const current = await existingRow(trx, 'customer_labels', actor.tenantId, id, ['label_type'], '标签');
      if (current.label_type !== input.labelType) throw new BusinessError(400, '标签类型不能修改');
    }
    return saveTenantRow(trx, actor, 'customer_labels', id, values, {
      uniqueKeys: { customer_labels_tenant_code_key: `标签编码 ${input.code} 已存在` },
      what: '标签',
      described: `客户标签 ${input.code} ${input.name}`,
    });
  });
}

async function labelOf(db: Kysely<DB>, tenantId: string, id: string) {
  const label = await db
    .selectFrom('customer_labels')
    .selectAll()
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!label) throw notFound('标签');
  return label;
}

/** Tags (or untags) customers of the caller's scope with a manual label. */
export async function tagCustomers(
  db: Kysely<DB>,
  actor: Actor,
  labelId: string,
  customerIds: string[],
  tag: boolean,
) {
  return db.transaction().execute(async (trx) => {
    const label = await labelOf(trx, actor.tenantId, labelId);
    if (label.label_type === 'RULE') throw new BusinessError(409, '规则标签由规则自动计算，不能手工打标签');
    if (label.status !== 'ACTIVE') throw new BusinessError(409, '标签已停用');
    const scope = await dataScopeOf(trx, actor.tenantId, actor.userId);
    for (const id of customerIds) await customerInScope(trx, actor.tenantId, scope, id);
    if (tag) {
      await trx
        .insertInto('customer_label_links')
        .values(
          customerIds.map((customerId) => ({
            tenant_id: actor.tenantId,
            customer_id: customerId,
            label_id: labelId,
            source: 'MANUAL' as const,
            tagged_by: actor.userId,
          })),
        )
        .onConflict((conflict) => conflict.columns(['customer_id', 'label_id']).doNothing())
        .execute();
    } else {
      await trx
        .deleteFrom('customer_label_links')
        .where('label_id', '=', labelId)
        .where('customer_id', 'in', customerIds)
        .execute();
    }
    await logOperation(
      trx,
      actor,
      tag ? 'add' : 'delete',
      `${tag ? '打' : '移除'}标签 ${label.name}：${customerIds.length} 个客户`,
    );
    return { count: customerIds.length };
  });
}

/** How many of the tenant's customers a rule selects (the rule editor's preview). */
export async function previewRule(db: Kysely<DB>, tenantId: string, rule: LabelRule) {
  const condition = compileRule(rule);
  const { total } = await db
    .selectFrom('customers')
    .select(sql<number>`count(*)::integer`.as('total'))
    .where('tenant_id', '=', tenantId)
    .where(condition)
    .executeTakeFirstOrThrow();
  return { total };
}

/** Replaces a rule label's RULE links by the customers its rule selects now; returns how many. */
export async function replaceRuleLinks(
  db: Kysely<DB>,
  tenantId: string,
  labelId: string,
  rule: LabelRule,
  userId: string | null,
): Promise<number> {
  const condition = compileRule(rule);
  await db
    .deleteFrom('customer_label_links')
    .where('label_id', '=', labelId)
    .where('source', '=', 'RULE')
    .execute();
  const { rows } = await sql<{ n: number }>`
    with added as (
      insert into customer_label_links (tenant_id, customer_id, label_id, source, tagged_by)
      select customers.tenant_id, customers.id, ${labelId}, 'RULE', ${userId}
      from customers
      where customers.tenant_id = ${tenantId} and ${condition}
      on conflict (customer_id, label_id) do nothing
      returning 1
    ) select count(*)::integer as n from added`.execute(db);
  return rows[0].n;
}

/** Recomputes a rule label's members: RULE links replaced by what the rule selects now. */
export async function refreshRuleLabel(db: Kysely<DB>, actor: Actor, id: string) {
  return db.transaction().execute(async (trx) => {
    const label = await labelOf(trx, actor.tenantId, id);
    if (label.label_type !== 'RULE') throw new BusinessError(409, '只有规则标签可以刷新');
    const inserted = await replaceRuleLinks(
      trx,
      actor.tenantId,
      id,
      label.rule as unknown as LabelRule,
      actor.userId,
    );
    await trx.updateTable('customer_labels').set({ refreshed_at: new Date() }).where('id', '=', id).execute();
    await logOperation(trx, actor, 'update', `刷新规则标签 ${label.name}：${inserted} 个客户`);
    return { total: inserted };
  });
}

export const LABEL_EXPORT = defineListExport<ListRecord<typeof listLabels>>(
  'customerLabels',
  '客户标签',
  [
    { header: '编码', width: 16, value: (label) => label.code },
    { header: '标签', width: 20, value: (label) => label.name },
    { header: '分组', value: (label) => label.labelGroup },
    {
      header: '类型 / 规则',
      width: 40,
      value: (label) =>
        label.labelType === 'RULE'
          ? `规则：${describeLabelRule(label.rule as LabelRule | null, regionName)}`
          : label.labelType_dictText,
    },
    { header: '客户数', value: (label) => label.customerCount },
    { header: '状态', value: (label) => label.status_dictText },
    {
      header: '计算时间',
      width: 20,
      value: (label) => (label.labelType === 'RULE' ? (label.refreshTime ?? '未计算') : '—'),
    },
  ],
  (db, caller, query) => listLabels(db, caller.tenantId, query),
);
