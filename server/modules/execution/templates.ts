// 评分模板 (DOMAIN §1.4 ExecutionScoreTemplate / ExecutionScoreItem): one row per version of a code. A version is
// edited only while it is a 草稿; 启用 makes it the code's ACTIVE version (the one before is retired in the same
// transaction) and from then on it never changes — results keep the version they were scored by. 新版本 copies
// a version into the next 草稿. An outlet is scored by the ACTIVE template that matches it most specifically
// (outlet type and channel, outlet type, channel, neither) within its validity dates.
import { sql, type Kysely } from 'kysely';
import {
  AI_DETECT_TYPE,
  INPUT_TYPE,
  ITEM_CATEGORY,
  SCORING_RULE,
  TEMPLATE_STATUS,
  type TemplateInput,
  type TemplateItemInput,
  type TemplateStatus,
} from '../../../common/execution';
import { codesOf } from '../../../common/businessEnums';
import { shanghaiDateTime } from '../../db/dates';
import { newId } from '../../db/ids';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { pagedList, parseListQuery, type ListSpec, type RawQuery } from '../../http/listQuery';
import { logOperation, type Actor, type Caller } from '../shared/actor';
import {
  changedMeanwhile,
  notFound,
  transitionTo,
  withUniqueKeys,
  type Transition,
} from '../shared/commands';

const templateSpec: ListSpec = {
  filters: {
    code: { column: 'execution_templates.code', kind: 'text' },
    name: { column: 'execution_templates.name', kind: 'text' },
    status: { column: 'execution_templates.status', kind: 'enum', values: codesOf(TEMPLATE_STATUS) },
  },
  sorts: { code: 'execution_templates.code', createTime: 'execution_templates.created_at' },
  defaultSort: [
    ['execution_templates.code', 'asc'],
    ['execution_templates.version', 'desc'],
  ],
};

const templateColumns = [
  'execution_templates.id',
  'execution_templates.code',
  'execution_templates.name',
  'execution_templates.version',
  'execution_templates.channels',
  'execution_templates.outlet_types as outletTypes',
  'execution_templates.total_score as totalScore',
  'execution_templates.pass_score as passScore',
  'execution_templates.coin_rule as coinRule',
  'execution_templates.valid_from as validFrom',
  'execution_templates.valid_to as validTo',
  'execution_templates.status',
  'execution_templates.remark',
] as const;

/** The tenant's templates, every version (configuration every department reads). */
export async function listTemplates(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const list = parseListQuery(query, templateSpec);
  const base = db
    .selectFrom('execution_templates')
    .where('execution_templates.tenant_id', '=', caller.tenantId)
    .where(list.where);
  return pagedList(base, list, async (page) => {
    const rows = await page
      .select([
        ...templateColumns,
        shanghaiDateTime('execution_templates.updated_at').as('updateTime'),
        (eb) =>
          eb
            .selectFrom('execution_template_items')
            .select(sql<number>`count(*)::integer`.as('n'))
            .whereRef('execution_template_items.template_id', '=', 'execution_templates.id')
            .as('itemCount'),
      ])
      .execute();
    return rows.map((row) => ({ ...row, status_dictText: TEMPLATE_STATUS[row.status] }));
  });
}

async function itemsOf(db: Kysely<DB>, templateIds: readonly string[]) {
  if (templateIds.length === 0) return [];
  const rows = await db
    .selectFrom('execution_template_items')
    .select([
      'id',
      'template_id as templateId',
      'seq',
      'code',
      'name',
      'category',
      'input_type as inputType',
      'ai_detect_type as aiDetectType',
      'requirement',
      'max_score as maxScore',
      'scoring_rule as scoringRule',
      'is_veto as isVeto',
      'photo_required as photoRequired',
    ])
    .where('template_id', 'in', templateIds)
    .orderBy('template_id')
    .orderBy('seq')
    .execute();
  return rows.map((row) => ({
    ...row,
    maxScore: Number(row.maxScore),
    category_dictText: ITEM_CATEGORY[row.category],
    inputType_dictText: INPUT_TYPE[row.inputType],
    aiDetectType_dictText: row.aiDetectType ? AI_DETECT_TYPE[row.aiDetectType] : null,
    scoringRule_dictText: SCORING_RULE[row.scoringRule],
  }));
}
export type TemplateItem = Awaited<ReturnType<typeof itemsOf>>[number];

export async function templateById(db: Kysely<DB>, caller: Caller, id: string) {
  const row = await db
    .selectFrom('execution_templates')
    .select(templateColumns)
    .where('id', '=', id)
    .where('tenant_id', '=', caller.tenantId)
    .executeTakeFirst();
  if (!row) throw notFound('评分模板');
  return {
    ...row,
    totalScore: Number(row.totalScore),
    passScore: Number(row.passScore),
    status_dictText: TEMPLATE_STATUS[row.status],
    items: await itemsOf(db, [id]),
  };
}
export type TemplateDetail = Awaited<ReturnType<typeof templateById>>;

/** The input's own rules; the total score is the sum of the items' scores. */
function checked(input: TemplateInput) {
  if (input.items.length === 0) throw new BusinessError(400, '请至少添加一个检查项');
  const codes = new Set(input.items.map((item) => item.code));
  if (codes.size !== input.items.length) throw new BusinessError(400, '检查项编码不能重复');
  for (const item of input.items) {
    const requirement = item.requirement ?? {};
    if (item.inputType === 'NUMBER' && !(typeof requirement.min === 'number' && requirement.min > 0))
      throw new BusinessError(400, `检查项「${item.name}」为数值采集，请填写达标数量`);
    if (item.inputType === 'SELECT' && !requirement.passOptions?.length)
      throw new BusinessError(400, `检查项「${item.name}」为选项采集，请填写达标选项`);
    if (item.inputType === 'PHOTO_AI' && !item.aiDetectType)
      throw new BusinessError(400, `检查项「${item.name}」为拍照识别，请选择识别场景`);
  }
  const total = Math.round(input.items.reduce((sum, item) => sum + item.maxScore, 0) * 100) / 100;
  if (input.passScore > total) throw new BusinessError(400, `及格分不能高于总分 ${total}`);
  if (input.validFrom && input.validTo && input.validFrom > input.validTo)
    throw new BusinessError(400, '生效日期不能晚于失效日期');
  const tiers = [...input.coinRule.tiers].sort((a, b) => b.minScore - a.minScore);
  if (tiers.some((tier) => tier.minScore > total))
    throw new BusinessError(400, `金币档位的分数不能高于总分 ${total}`);
  return { total, coinRule: { tiers, monthlyCap: input.coinRule.monthlyCap } };
}

async function writeItems(trx: Kysely<DB>, tenantId: string, templateId: string, items: TemplateItemInput[]) {
  await trx.deleteFrom('execution_template_items').where('template_id', '=', templateId).execute();
  await trx
    .insertInto('execution_template_items')
    .values(
      items.map((item, index) => ({
        id: newId(),
        tenant_id: tenantId,
        template_id: templateId,
        seq: index + 1,
        code: item.code,
        name: item.name,
        category: item.category,
        input_type: item.inputType,
        ai_detect_type:
          item.inputType === 'PHOTO_AI' ? (item.aiDetectType ?? null) : (item.aiDetectType ?? null),
        requirement: JSON.stringify(item.requirement ?? {}),
        max_score: item.maxScore,
        scoring_rule: item.scoringRule,
        is_veto: item.isVeto ?? false,
        photo_required: item.inputType === 'PHOTO' || item.inputType === 'PHOTO_AI' || !!item.photoRequired,
      })),
    )
    .execute();
}

const UNIQUE = { execution_templates_version_uq: '该模板编码已存在' };

/** 新增 a template (its version 1, a 草稿) or edits a 草稿 version; an active or retired version never changes. */
export async function saveTemplate(db: Kysely<DB>, actor: Actor, input: TemplateInput, id?: string) {
  const { total, coinRule } = checked(input);
  return db.transaction().execute(async (trx) => {
    const values = {
      name: input.name,
      channels: JSON.stringify(input.channels ?? []),
      outlet_types: JSON.stringify(input.outletTypes ?? []),
      total_score: total,
      pass_score: input.passScore,
      coin_rule: JSON.stringify(coinRule),
      valid_from: input.validFrom ?? null,
      valid_to: input.validTo ?? null,
      remark: input.remark ?? null,
    };
    let templateId: string;
    if (id === undefined) {
      templateId = newId();
      await withUniqueKeys(UNIQUE, () =>
        trx
          .insertInto('execution_templates')
          .values({
            ...values,
            id: templateId,
            tenant_id: actor.tenantId,
            code: input.code,
            version: 1,
            created_by: actor.userId,
          })
          .execute(),
      );
    } else {
      const moved = await trx
        .updateTable('execution_templates')
        .set({ ...values, updated_by: actor.userId, updated_at: new Date() })
        .where('id', '=', id)
        .where('tenant_id', '=', actor.tenantId)
        .where('status', '=', 'DRAFT')
        .returning('id')
        .executeTakeFirst();
      if (!moved) {
        await templateById(trx, actor, id);
        throw new BusinessError(409, '只有草稿版本可以编辑，请先创建新版本');
      }
      templateId = id;
    }
    await writeItems(trx, actor.tenantId, templateId, input.items);
    await logOperation(trx, actor, id ? 'update' : 'add', `${id ? '编辑' : '新增'}评分模板 ${input.code}`);
    return { id: templateId };
  });
}

/** 新版本: the version copied into the code's next 草稿 (one 草稿 of a code at a time). */
export async function newVersion(db: Kysely<DB>, actor: Actor, id: string) {
  return db.transaction().execute(async (trx) => {
    const source = await templateById(trx, actor, id);
    const latest = await trx
      .selectFrom('execution_templates')
      .select([
        sql<number>`max(version)`.as('version'),
        sql<number>`count(*) filter (where status = 'DRAFT')::integer`.as('drafts'),
      ])
      .where('tenant_id', '=', actor.tenantId)
      .where('code', '=', source.code)
      .executeTakeFirstOrThrow();
    if (latest.drafts > 0) throw new BusinessError(409, `模板 ${source.code} 已有草稿版本，请编辑该草稿`);
    const templateId = newId();
    await withUniqueKeys({ execution_templates_version_uq: '该版本已被他人创建，请刷新后重试' }, () =>
      trx
        .insertInto('execution_templates')
        .values({
          id: templateId,
          tenant_id: actor.tenantId,
          code: source.code,
          name: source.name,
          version: Number(latest.version) + 1,
          channels: JSON.stringify(source.channels),
          outlet_types: JSON.stringify(source.outletTypes),
          total_score: source.totalScore,
          pass_score: source.passScore,
          coin_rule: JSON.stringify(source.coinRule),
          valid_from: source.validFrom,
          valid_to: source.validTo,
          remark: source.remark,
          created_by: actor.userId,
        })
        .execute(),
    );
    await writeItems(
      trx,
      actor.tenantId,
      templateId,
      source.items.map((item) => ({ ...item, requirement: item.requirement })),
    );
    await logOperation(trx, actor, 'add', `评分模板 ${source.code} 新建版本 V${Number(latest.version) + 1}`);
    return { id: templateId };
  });
}

const TEMPLATE_TRANSITIONS: readonly Transition<TemplateStatus>[] = [
  { from: ['DRAFT'], to: 'ACTIVE', action: '启用' },
  { from: ['ACTIVE'], to: 'RETIRED', action: '停用' },
];

/** 启用 (the code's active version before is retired) or 停用. */
export async function changeTemplateStatus(db: Kysely<DB>, actor: Actor, id: string, to: TemplateStatus) {
  return db.transaction().execute(async (trx) => {
    const template = await templateById(trx, actor, id);
    const transition = transitionTo(TEMPLATE_TRANSITIONS, TEMPLATE_STATUS, template.status, to);
    if (to === 'ACTIVE')
      await trx
        .updateTable('execution_templates')
        .set({ status: 'RETIRED', updated_by: actor.userId, updated_at: new Date() })
        .where('tenant_id', '=', actor.tenantId)
        .where('code', '=', template.code)
        .where('status', '=', 'ACTIVE')
        .execute();
    const moved = await trx
      .updateTable('execution_templates')
      .set({
        status: to,
        activated_at: to === 'ACTIVE' ? new Date() : undefined,
        updated_by: actor.userId,
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .where('status', 'in', transition.from)
      .returning('id')
      .executeTakeFirst();
    if (!moved) throw changedMeanwhile('评分模板');
    await logOperation(
      trx,
      actor,
      'update',
      `${transition.action}评分模板 ${template.code} V${template.version}`,
    );
    return { id };
  });
}

/** The ACTIVE template an outlet is scored by today, the most specific first; null when none matches. */
export async function templateForOutlet(db: Kysely<DB>, tenantId: string, customerId: string) {
  const outlet = await db
    .selectFrom('customers')
    .select(['channel', 'outlet_type'])
    .where('id', '=', customerId)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!outlet) throw notFound('门店');
  const today = sql<string>`(now() at time zone 'Asia/Shanghai')::date`;
  const row = await db
    .selectFrom('execution_templates')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'ACTIVE')
    .where((eb) => eb.or([eb('valid_from', 'is', null), eb('valid_from', '<=', today)]))
    .where((eb) => eb.or([eb('valid_to', 'is', null), eb('valid_to', '>=', today)]))
    .where(sql<boolean>`(channels = '[]'::jsonb or channels ? ${outlet.channel})`)
    .where(sql<boolean>`(outlet_types = '[]'::jsonb or outlet_types ? ${outlet.outlet_type ?? ''})`)
    .orderBy(sql`(outlet_types <> '[]'::jsonb)::integer * 2 + (channels <> '[]'::jsonb)::integer`, 'desc')
    .orderBy('code')
    .limit(1)
    .executeTakeFirst();
  return row ? templateById(db, { tenantId, userId: '' }, row.id) : null;
}
