// Promotions and promotion groups (DOMAIN §1.7): the 促销列表 with its filters, a promotion's detail, add, edit
// (DRAFT and REJECTED only), copy, and the state machine — 提交 into the 审批中心 (approval.ts settles the
// outcome), 暂停/恢复, 提前结束, 作废 (only if never used); APPROVED → ACTIVE at startAt and → ENDED at endAt
// by the clock (settleByTime, run by the job runner and before every read that depends on it). Every state
// change is a conditional UPDATE on the status read: of two operators acting at once the second gets 409.
// Promotions belong to the department of their creator: lists and commands stay in the caller's data scope.
import { sql, type Kysely, type Selectable } from 'kysely';
import { codesOf } from '../../../common/businessEnums';
import {
  APPLY_LEVEL,
  AUDIENCE,
  BUDGET_TYPE,
  EDITABLE_PROMO_STATUS,
  GROUP_EXCLUSIVITY,
  GROUP_SELECTION,
  PRICED_PROMO_TYPES,
  PROMO_STATUS,
  PROMO_TRANSITIONS,
  PROMO_TYPE,
  THRESHOLD_TYPE,
  BENEFIT_TYPE,
  tierRulesOf,
  type PromoCommand,
  type PromoStatus,
  type PromotionDetail,
  type PromotionGroupInput,
  type PromotionGroupRecord,
  type PromotionInput,
  type PromotionListRecord,
} from '../../../common/promotions';
import { shanghaiDateTime } from '../../db/dates';
import type { DB, PromotionsTable } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import { pagedList, parseListQuery, type ListSpec, type RawQuery } from '../../http/listQuery';
import { logOperation, type Actor, type Caller } from '../shared/actor';
import { changedMeanwhile, notFound, withUniqueKeys } from '../shared/commands';
import { dataScopeOf, inScope } from '../shared/dataScope';
import { nextDocumentNo } from '../shared/documentNumbers';
import { newId } from '../../db/ids';

export type PromotionRow = Selectable<PromotionsTable>;

/** Moves promotions whose time came: APPROVED → ACTIVE at startAt, running ones → ENDED at endAt. */
export async function settleByTime(db: Kysely<DB>, tenantId: string | null, now = new Date()) {
  const moved = (to: PromoStatus, from: PromoStatus[], column: 'start_at' | 'end_at') =>
    db
      .updateTable('promotions')
      .set({ status: to, updated_at: now, version: sql`version + 1` })
      .where('status', 'in', from)
      .where(column, '<=', now)
      .$if(tenantId !== null, (query) => query.where('tenant_id', '=', tenantId!))
      .returning('id')
      .execute();
  const ended = await moved('ENDED', ['APPROVED', 'ACTIVE', 'PAUSED', 'BUDGET_EXHAUSTED'], 'end_at');
  const started = await moved('ACTIVE', ['APPROVED'], 'start_at');
  return { started: started.length, ended: ended.length };
}

const listSpec: ListSpec = {
  filters: {
    promoNo: { column: 'promotions.promo_no', kind: 'text' },
    name: { column: 'promotions.name', kind: 'text' },
    promoType: { column: 'promotions.promo_type', kind: 'enum', values: codesOf(PROMO_TYPE) },
    applyLevel: { column: 'promotions.apply_level', kind: 'enum', values: codesOf(APPLY_LEVEL) },
    audience: { column: 'promotions.audience', kind: 'enum', values: codesOf(AUDIENCE) },
    status: { column: 'promotions.status', kind: 'enum', values: codesOf(PROMO_STATUS) },
    groupId: { column: 'promotions.group_id', kind: 'text' },
    startAt: { column: 'promotions.start_at', kind: 'datetime' },
    endAt: { column: 'promotions.end_at', kind: 'datetime' },
  },
  sorts: {
    promoNo: 'promotions.promo_no',
    startAt: 'promotions.start_at',
    endAt: 'promotions.end_at',
    priority: 'promotions.priority',
    updateTime: 'promotions.updated_at',
  },
  defaultSort: [
    ['promotions.created_at', 'desc'],
    ['promotions.id', 'desc'],
  ],
};

/** The promotions of the caller's data scope. */
async function scoped(db: Kysely<DB>, caller: Caller) {
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  return db
    .selectFrom('promotions')
    .where('promotions.tenant_id', '=', caller.tenantId)
    .where(inScope(scope, 'promotions.org_code', 'promotions.created_by'));
}

const usageCount = (what: 'customer_id' | 'order_id') =>
  sql<number>`(select count(distinct ${sql.ref(`promotion_usages.${what}`)})::integer from promotion_usages
    where promotion_usages.promotion_id = promotions.id and promotion_usages.status <> 'RELEASED')`;

export async function listPromotions(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  await settleByTime(db, caller.tenantId);
  const list = parseListQuery(query, listSpec);
  const base = (await scoped(db, caller)).where(list.where);
  return pagedList(base, list, async (page) =>
    (
      await page
        .leftJoin('promotion_groups', 'promotion_groups.id', 'promotions.group_id')
        .selectAll('promotions')
        .select([
          'promotion_groups.name as group_name',
          shanghaiDateTime('promotions.start_at').as('startText'),
          shanghaiDateTime('promotions.end_at').as('endText'),
          shanghaiDateTime('promotions.updated_at').as('updateTime'),
          usageCount('customer_id').as('customerCount'),
          usageCount('order_id').as('orderCount'),
        ])
        .execute()
    ).map((row): PromotionListRecord => ({
      id: row.id,
      promoNo: row.promo_no,
      name: row.name,
      promoType: row.promo_type,
      promoType_dictText: PROMO_TYPE[row.promo_type],
      applyLevel: row.apply_level,
      applyLevel_dictText: APPLY_LEVEL[row.apply_level],
      audience: row.audience,
      audience_dictText: AUDIENCE[row.audience],
      groupId: row.group_id,
      groupName: row.group_name,
      startAt: row.startText,
      endAt: row.endText,
      budgetType: row.budget_type,
      budgetTotal: row.budget_total,
      budgetUsed: row.budget_used,
      customerCount: row.customerCount,
      orderCount: row.orderCount,
      priority: row.priority,
      status: row.status,
      status_dictText: PROMO_STATUS[row.status],
      updateTime: row.updateTime,
    })),
  );
}

/** The terms of a promotion row as the detail and the engine both read them. */
export const promotionTermsOf = (row: PromotionRow) => ({
  id: row.id,
  promoNo: row.promo_no,
  name: row.name,
  promoType: row.promo_type,
  applyLevel: row.apply_level,
  audience: row.audience,
  customerScope: row.customer_scope,
  productScope: row.product_scope,
  bundleItems: row.bundle_items,
  timeWindow: row.time_window,
  status: row.status,
  budgetType: row.budget_type,
  perCustomerLimit: row.per_customer_limit,
  perOrderLimit: row.per_order_limit,
  firstOrderOnly: row.first_order_only,
  groupId: row.group_id,
  priority: row.priority,
  tiers: row.tiers,
});

/** A promotion of the caller's scope; notFound otherwise. */
export async function promotionInScope(db: Kysely<DB>, caller: Caller, id: string): Promise<PromotionRow> {
  const row = await (await scoped(db, caller)).selectAll().where('promotions.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('促销');
  return row;
}

export async function promotionById(db: Kysely<DB>, caller: Caller, id: string): Promise<PromotionDetail> {
  await settleByTime(db, caller.tenantId);
  const row = await promotionInScope(db, caller, id);
  const group = row.group_id
    ? await db.selectFrom('promotion_groups').select('name').where('id', '=', row.group_id).executeTakeFirst()
    : undefined;
  const times = await db
    .selectFrom('promotions')
    .select([shanghaiDateTime('start_at').as('startAt'), shanghaiDateTime('end_at').as('endAt')])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    ...promotionTermsOf(row),
    startAt: times.startAt,
    endAt: times.endAt,
    budgetTotal: row.budget_total === null ? null : Number(row.budget_total),
    budgetUsed: row.budget_used,
    groupName: group?.name ?? null,
    allowWithRebate: row.allow_with_rebate,
    allowWithCoins: row.allow_with_coins,
    costBearer: row.cost_bearer,
    costRatio: row.cost_ratio === null ? null : Number(row.cost_ratio),
    remark: row.remark,
    status_dictText: PROMO_STATUS[row.status],
  };
}

/** Beijing wall time 'YYYY-MM-DD HH:mm[:ss]' (or ISO with an offset) → instant. */
export function beijingInstant(text: string, what: string): Date {
  const trimmed = text.trim();
  const local = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(:\d{2})?$/.exec(trimmed);
  const date = local
    ? new Date(`${local[1]}T${local[2]}${local[3] ?? ':00'}+08:00`)
    : /^\d{4}-\d{2}-\d{2}$/.test(trimmed)
      ? new Date(`${trimmed}T00:00:00+08:00`)
      : new Date(trimmed);
  if (Number.isNaN(date.getTime())) throw new BusinessError(400, `${what}格式不正确`);
  return date;
}

/** Checks what a schema cannot, and gives the row's values. */
async function valuesOf(db: Kysely<DB>, tenantId: string, input: PromotionInput) {
  const startAt = beijingInstant(input.startAt, '开始时间');
  const endAt = beijingInstant(input.endAt, '结束时间');
  if (startAt >= endAt) throw new BusinessError(400, '结束时间须晚于开始时间');
  if (input.budgetType !== 'NONE' && !(input.budgetTotal && input.budgetTotal > 0))
    throw new BusinessError(400, `请填写${BUDGET_TYPE[input.budgetType]}预算`);
  if (input.costBearer === 'SHARED' && !(input.costRatio && input.costRatio > 0 && input.costRatio < 1))
    throw new BusinessError(400, '共同承担须填写品牌商承担比例（0–1 之间）');
  const typeName = PROMO_TYPE[input.promoType];
  if ((input.promoType === 'BUNDLE' || input.promoType === 'CUMULATIVE') && input.applyLevel === 'LINE')
    throw new BusinessError(400, `${typeName}不能按单品计算，请选择整单或品类`);
  const bundleItems = input.promoType === 'BUNDLE' ? await checkedBundle(db, tenantId, input) : [];
  const rules = tierRulesOf(input.promoType);
  const tierNos = new Set<number>();
  for (const [index, tier] of input.tiers.entries()) {
    const where = `第 ${index + 1} 档`;
    if (tierNos.has(tier.tierNo)) throw new BusinessError(400, `${where}：档位序号重复`);
    tierNos.add(tier.tierNo);
    if (!rules.thresholdTypes.includes(tier.thresholdType))
      throw new BusinessError(
        400,
        `${where}：${typeName}的门槛须为${rules.thresholdTypes.map((type) => THRESHOLD_TYPE[type]).join('或')}`,
      );
    if (!rules.benefitTypes.includes(tier.benefitType))
      throw new BusinessError(
        400,
        `${where}：${typeName}的优惠须为${rules.benefitTypes.map((type) => BENEFIT_TYPE[type]).join('或')}`,
      );
    if (tier.thresholdType === 'SETS' && !(Number.isInteger(tier.thresholdValue) && tier.thresholdValue >= 1))
      throw new BusinessError(400, `${where}：套数须为不小于 1 的整数`);
    if (input.promoType === 'CUMULATIVE' && !(tier.thresholdValue > 0))
      throw new BusinessError(400, `${where}：请填写累计门槛`);
    if (tier.benefitType === 'GIFT') {
      if (!tier.giftSkuId || !tier.giftQty) throw new BusinessError(400, `${where}：请选择赠品和赠送数量`);
      const sku = await db
        .selectFrom('skus')
        .select('id')
        .where('id', '=', tier.giftSkuId)
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst();
      if (!sku) throw new BusinessError(400, `${where}：赠品不存在`);
    } else if (tier.benefitType === 'DISCOUNT_RATE' && !(tier.benefitValue > 0 && tier.benefitValue < 1)) {
      throw new BusinessError(400, `${where}：折扣须在 0 与 1 之间（0.9 即九折）`);
    } else if (
      (tier.benefitType !== 'FEE_CREDIT' || input.promoType === 'CUMULATIVE') &&
      !(tier.benefitValue > 0)
    ) {
      throw new BusinessError(
        400,
        `${where}：${tier.benefitType === 'FEE_CREDIT' ? '请填写返费用金额' : '请填写优惠值'}`,
      );
    }
  }
  if (input.budgetType === 'GIFT_QTY' && input.tiers.some((tier) => tier.benefitType !== 'GIFT'))
    throw new BusinessError(400, '赠品数量预算只适用于赠品优惠');
  if (input.groupId) {
    const group = await db
      .selectFrom('promotion_groups')
      .select('id')
      .where('id', '=', input.groupId)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (!group) throw new BusinessError(400, '促销组不存在');
  }
  return {
    name: input.name.trim(),
    promo_type: input.promoType,
    apply_level: input.applyLevel,
    audience: input.audience,
    customer_scope: JSON.stringify(input.customerScope ?? {}),
    // A bundle applies to its items' goods: its product scope is them.
    product_scope: JSON.stringify(
      input.promoType === 'BUNDLE'
        ? { skuIds: [...new Set(bundleItems.map((item) => item.skuId))] }
        : (input.productScope ?? {}),
    ),
    bundle_items: JSON.stringify(bundleItems),
    start_at: startAt,
    end_at: endAt,
    time_window: input.timeWindow ? JSON.stringify(input.timeWindow) : null,
    budget_type: input.budgetType,
    budget_total: input.budgetType === 'NONE' ? null : input.budgetTotal!,
    per_customer_limit: input.perCustomerLimit ?? null,
    per_order_limit: input.perOrderLimit ?? null,
    first_order_only: input.firstOrderOnly,
    group_id: input.groupId ?? null,
    priority: input.priority,
    allow_with_rebate: input.allowWithRebate,
    allow_with_coins: input.allowWithCoins,
    cost_bearer: input.costBearer,
    cost_ratio: input.costBearer === 'SHARED' ? input.costRatio! : null,
    remark: input.remark?.trim() || null,
    tiers: JSON.stringify([...input.tiers].sort((a, b) => a.tierNo - b.tierNo)),
  };
}

/** A bundle's items: at least two SKUs of the tenant, each once, with a quantity a set. */
async function checkedBundle(db: Kysely<DB>, tenantId: string, input: PromotionInput) {
  const items = input.bundleItems ?? [];
  const skuIds = items.map((item) => item.skuId);
  if (new Set(skuIds).size !== skuIds.length) throw new BusinessError(400, '组合套餐的商品重复，请合并数量');
  if (items.length < 2) throw new BusinessError(400, '组合套餐须至少包含两种商品');
  const found = await db
    .selectFrom('skus')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', skuIds)
    .execute();
  const missing = items.findIndex((item) => !found.some((sku) => sku.id === item.skuId));
  if (missing >= 0) throw new BusinessError(400, `组合套餐第 ${missing + 1} 项：商品不存在`);
  return items.map((item) => ({ skuId: item.skuId, qty: item.qty, unit: item.unit ?? 'CASE' }));
}

export async function addPromotion(db: Kysely<DB>, actor: Actor, input: PromotionInput) {
  return db.transaction().execute(async (trx) => {
    const values = await valuesOf(trx, actor.tenantId, input);
    const user = await trx
      .selectFrom('users')
      .select('org_code')
      .where('id', '=', actor.userId)
      .executeTakeFirst();
    const id = newId();
    const promoNo = await nextDocumentNo(trx, actor.tenantId, 'CX');
    await trx
      .insertInto('promotions')
      .values({
        ...values,
        id,
        tenant_id: actor.tenantId,
        promo_no: promoNo,
        org_code: user?.org_code ?? '',
        created_by: actor.userId,
        updated_by: actor.userId,
      })
      .execute();
    await logOperation(
      trx,
      actor,
      'add',
      `新增促销 ${promoNo} ${values.name}（${PROMO_TYPE[input.promoType]}）`,
    );
    return { id, promoNo };
  });
}

export async function editPromotion(db: Kysely<DB>, actor: Actor, id: string, input: PromotionInput) {
  return db.transaction().execute(async (trx) => {
    const row = await promotionInScope(trx, actor, id);
    if (!EDITABLE_PROMO_STATUS.includes(row.status))
      throw new BusinessError(409, `当前状态为「${PROMO_STATUS[row.status]}」，不能编辑`);
    const values = await valuesOf(trx, actor.tenantId, input);
    const changed = await trx
      .updateTable('promotions')
      .set({ ...values, updated_by: actor.userId, updated_at: new Date(), version: sql`version + 1` })
      .where('id', '=', id)
      .where('version', '=', row.version)
      .returning('id')
      .executeTakeFirst();
    if (!changed) throw changedMeanwhile('促销');
    await logOperation(trx, actor, 'update', `编辑促销 ${row.promo_no} ${values.name}`);
    return { id };
  });
}

/** 复制: a DRAFT with the same terms and a new number. */
export async function copyPromotion(db: Kysely<DB>, actor: Actor, id: string) {
  const source = await promotionById(db, actor, id);
  const {
    id: _id,
    promoNo: _no,
    status: _s,
    status_dictText: _t,
    budgetUsed: _u,
    groupName: _g,
    ...input
  } = source;
  return addPromotion(db, actor, { ...input, name: `${source.name}（复制）`.slice(0, 64) });
}

export const commandOf = (command: PromoCommand) =>
  PROMO_TRANSITIONS.find((each) => each.command === command)!;

/**
 * Moves a promotion by a user's command (SUBMIT is approval.ts's, which calls this then starts the approval):
 * the conditional UPDATE on the status read. `extra` checks more inside the transaction.
 */
export async function movePromotion(
  trx: Kysely<DB>,
  actor: Actor,
  row: PromotionRow,
  command: PromoCommand,
): Promise<PromoStatus> {
  const transition = commandOf(command);
  if (!transition.from.includes(row.status))
    throw new BusinessError(409, `当前状态为「${PROMO_STATUS[row.status]}」，不能${transition.label}`);
  const moved = await trx
    .updateTable('promotions')
    .set({
      status: transition.to,
      updated_by: actor.userId,
      updated_at: new Date(),
      version: sql`version + 1`,
    })
    .where('id', '=', row.id)
    .where('status', '=', row.status)
    .returning('id')
    .executeTakeFirst();
  if (!moved) throw changedMeanwhile('促销');
  await logOperation(trx, actor, 'update', `促销${transition.label} ${row.promo_no} ${row.name}`);
  return transition.to;
}

/** 暂停 / 恢复 / 结束 / 作废. */
export async function changePromotion(
  db: Kysely<DB>,
  actor: Actor,
  id: string,
  command: Exclude<PromoCommand, 'SUBMIT'>,
): Promise<{ status: PromoStatus }> {
  await settleByTime(db, actor.tenantId);
  return db.transaction().execute(async (trx) => {
    const row = await promotionInScope(trx, actor, id);
    if (command === 'CANCEL') {
      const used = await trx
        .selectFrom('promotion_usages')
        .select('id')
        .where('promotion_id', '=', id)
        .limit(1)
        .executeTakeFirst();
      if (used) throw new BusinessError(409, '促销已被订单使用，不能作废，请改为结束');
    }
    if (command === 'RESUME' && row.end_at <= new Date())
      throw new BusinessError(409, '活动已过结束时间，不能恢复');
    return { status: await movePromotion(trx, actor, row, command) };
  });
}

/** The types a promotion may be submitted with this round. */
export function requirePriced(row: PromotionRow) {
  if (!PRICED_PROMO_TYPES.includes(row.promo_type))
    throw new BusinessError(409, `「${PROMO_TYPE[row.promo_type]}」暂不支持下单计价，不能提交`);
  if (row.tiers.length === 0) throw new BusinessError(409, '请至少设置一档优惠');
  if (row.end_at <= new Date()) throw new BusinessError(409, '活动结束时间已过，不能提交');
}

// ---- 促销组管理 ----

const groupSpec: ListSpec = {
  filters: {
    code: { column: 'promotion_groups.code', kind: 'text' },
    name: { column: 'promotion_groups.name', kind: 'text' },
    status: { column: 'promotion_groups.status', kind: 'enum', values: ['ENABLED', 'DISABLED'] },
  },
  sorts: { priority: 'promotion_groups.priority', code: 'promotion_groups.code' },
  defaultSort: [
    ['promotion_groups.priority', 'asc'],
    ['promotion_groups.code', 'asc'],
  ],
};

export async function listGroups(db: Kysely<DB>, caller: Caller, query: RawQuery) {
  const list = parseListQuery(query, groupSpec);
  const base = db
    .selectFrom('promotion_groups')
    .where('promotion_groups.tenant_id', '=', caller.tenantId)
    .where(list.where);
  return pagedList(base, list, async (page) =>
    (
      await page
        .selectAll('promotion_groups')
        .select(
          sql<number>`(select count(*)::integer from promotions where promotions.group_id = promotion_groups.id)`.as(
            'promotionCount',
          ),
        )
        .execute()
    ).map((row): PromotionGroupRecord => ({
      id: row.id,
      code: row.code,
      name: row.name,
      exclusivity: row.exclusivity,
      exclusivity_dictText: GROUP_EXCLUSIVITY[row.exclusivity],
      selection: row.selection,
      selection_dictText: GROUP_SELECTION[row.selection],
      stackWithOtherGroups: row.stack_with_other_groups,
      priority: row.priority,
      status: row.status,
      promotionCount: row.promotionCount,
    })),
  );
}

export async function saveGroup(
  db: Kysely<DB>,
  actor: Actor,
  id: string | undefined,
  input: PromotionGroupInput,
) {
  return db.transaction().execute(async (trx) => {
    const values = {
      code: input.code.trim(),
      name: input.name.trim(),
      exclusivity: input.exclusivity,
      selection: input.selection,
      stack_with_other_groups: input.stackWithOtherGroups,
      priority: input.priority,
      status: input.status,
      updated_by: actor.userId,
    };
    const saved = await withUniqueKeys(
      { promotion_groups_code_uq: `促销组编码 ${values.code} 已存在` },
      () =>
        id === undefined
          ? trx
              .insertInto('promotion_groups')
              .values({ ...values, id: newId(), tenant_id: actor.tenantId, created_by: actor.userId })
              .returning('id')
              .executeTakeFirstOrThrow()
          : trx
              .updateTable('promotion_groups')
              .set({ ...values, updated_at: new Date() })
              .where('id', '=', id)
              .where('tenant_id', '=', actor.tenantId)
              .returning('id')
              .executeTakeFirst(),
    );
    if (!saved) throw notFound('促销组');
    await logOperation(
      trx,
      actor,
      id === undefined ? 'add' : 'update',
      `${id === undefined ? '新增' : '编辑'}促销组 ${values.code} ${values.name}`,
    );
    return { id: saved.id };
  });
}
