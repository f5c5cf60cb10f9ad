// The promotions of the demo (DOMAIN §1.7) for tenant A01: two promotion groups (an exclusive summer group
// that picks the best for the buyer, a stackable regular one), running promotions of each priced type — one
// 买赠 and one 特价 with their budgets nearly used up — two that ended in the spring, one waiting to start,
// one waiting for its approval in the 审批中心 and a draft — and the newer types: a running 组合套餐 (a package
// price for a set of two colas) and one that ended, a running 累计返 for outlets that credits 返费用 to their
// rebate account as their water purchases pass 10 and 20 cases — its usages and credits those of the demo's
// order history, as the engine gives them — and one for dealers taking yuan off the order that passes every
// 30,000 of juice. Every promotion names its SKUs or categories, so orders of other goods
// (the e2e tests' 劲鹏 250ml among them) are priced as before.
import type { Transaction } from 'kysely';
import type { PromotionInput, PromoStatus, PromotionTier } from '../../../common/promotions';
import { startApproval } from '../../modules/approvals/engine';
import { COUNTED_ORDER_STATUS } from '../../modules/orders/counted';
import { toCents } from '../../modules/orders/money';
import { priceCart } from '../../modules/promotions/engine';
import {
  confirmUsages,
  engineCustomerOf,
  enginePromotionsOf,
  lockUsages,
  releaseUsages,
} from '../../modules/promotions/pricing';
import { nextDocumentNo } from '../../modules/shared/documentNumbers';
import { stableId } from '../ids';
import type { DB } from '../schema';
import { demoUserId } from './ids';
import type { SeedStep } from './index';

const TENANT = 'A01';
const DAY = 86_400_000;

interface DemoPromotion {
  key: string;
  status: PromoStatus;
  /** Days from today. */
  start: number;
  end: number;
  budgetUsed?: number;
  input: Omit<PromotionInput, 'startAt' | 'endAt' | 'allowWithRebate' | 'allowWithCoins' | 'firstOrderOnly'> &
    Partial<Pick<PromotionInput, 'firstOrderOnly'>>;
}

const tier = (values: Partial<PromotionTier> & Pick<PromotionTier, 'thresholdValue' | 'benefitType'>) => ({
  tierNo: 1,
  thresholdType: 'QTY_CASES' as const,
  benefitValue: 0,
  repeatable: false,
  ...values,
});

/**
 * A 组合套餐 for outlets: its items (SKU and cases a set) and their SKUs as its product scope, one tier given for
 * every complete set.
 */
const bundleOf = (
  items: Array<[skuId: string, cases: number]>,
  benefit: Pick<PromotionTier, 'benefitType' | 'benefitValue'>,
) => ({
  promoType: 'BUNDLE' as const,
  applyLevel: 'ORDER' as const,
  audience: 'OUTLET' as const,
  customerScope: {},
  productScope: { skuIds: items.map(([skuId]) => skuId) },
  bundleItems: items.map(([skuId, qty]) => ({ skuId, qty, unit: 'CASE' as const })),
  tiers: [tier({ thresholdType: 'SETS', thresholdValue: 1, repeatable: true, ...benefit })],
});

function demoPromotions(
  sku: (name: string) => string,
  category: (code: string) => string,
  groups: Record<string, string>,
) {
  const energy = sku('劲鹏能量饮料 250ml PET');
  const [cola, lemon] = [sku('汽泡派可乐 330ml 罐'), sku('汽泡派柠檬味 330ml 罐')];
  const [herbalCan, herbalBox] = [sku('本草凉凉茶 310ml 罐'), sku('本草凉凉茶 310ml×12 礼盒')];
  const promotions: DemoPromotion[] = [
    {
      key: 'energy-gift',
      status: 'ACTIVE',
      start: -20,
      end: 40,
      budgetUsed: 188,
      input: {
        name: '劲鹏250ml 满10箱赠1箱',
        promoType: 'BUY_GIFT',
        applyLevel: 'ORDER',
        audience: 'OUTLET',
        customerScope: {},
        productScope: { skuIds: [energy] },
        budgetType: 'GIFT_QTY',
        budgetTotal: 200,
        groupId: groups.summer,
        priority: 10,
        costBearer: 'BRAND',
        tiers: [
          tier({
            thresholdValue: 10,
            benefitType: 'GIFT',
            giftSkuId: energy,
            giftQty: 1,
            giftUnit: 'CASE',
            maxBenefit: 5,
            repeatable: true,
          }),
        ],
      },
    },
    {
      key: 'energy-reduction',
      status: 'ACTIVE',
      start: -20,
      end: 40,
      budgetUsed: 12450,
      input: {
        name: '劲鹏系列 每满3000减150',
        promoType: 'FULL_REDUCTION',
        applyLevel: 'CATEGORY',
        audience: 'OUTLET',
        customerScope: {},
        productScope: { categoryIds: [category('FUNC')] },
        budgetType: 'AMOUNT',
        budgetTotal: 30000,
        groupId: groups.summer,
        priority: 20,
        costBearer: 'SHARED',
        costRatio: 0.6,
        tiers: [
          tier({
            thresholdType: 'AMOUNT',
            thresholdValue: 3000,
            benefitType: 'REDUCE_AMOUNT',
            benefitValue: 150,
            maxBenefit: 600,
            repeatable: true,
          }),
        ],
      },
    },
    {
      key: 'tea-tiers',
      status: 'ACTIVE',
      start: -30,
      end: 60,
      input: {
        name: '茶小满 阶梯折扣',
        promoType: 'TIERED',
        applyLevel: 'CATEGORY',
        audience: 'OUTLET',
        customerScope: {},
        productScope: { categoryIds: [category('TEA')] },
        budgetType: 'NONE',
        groupId: groups.regular,
        priority: 10,
        costBearer: 'BRAND',
        tiers: [
          tier({ tierNo: 1, thresholdValue: 20, benefitType: 'DISCOUNT_RATE', benefitValue: 0.97 }),
          tier({ tierNo: 2, thresholdValue: 50, benefitType: 'DISCOUNT_RATE', benefitValue: 0.95 }),
          tier({ tierNo: 3, thresholdValue: 100, benefitType: 'DISCOUNT_RATE', benefitValue: 0.92 }),
        ],
      },
    },
    {
      key: 'latte-special',
      status: 'ACTIVE',
      start: -10,
      end: 20,
      budgetUsed: 4820,
      input: {
        name: '鹏咖拿铁 新品特价',
        promoType: 'SPECIAL_PRICE',
        applyLevel: 'LINE',
        audience: 'OUTLET',
        customerScope: {},
        productScope: { skuIds: [sku('鹏咖拿铁 268ml')] },
        budgetType: 'AMOUNT',
        budgetTotal: 5000,
        perOrderLimit: 1,
        priority: 30,
        costBearer: 'BRAND',
        tiers: [tier({ thresholdValue: 1, benefitType: 'SPECIAL_PRICE', benefitValue: 60 })],
      },
    },
    {
      key: 'water-spring',
      status: 'ENDED',
      start: -150,
      end: -90,
      budgetUsed: 18600,
      input: {
        name: '山泉源 春节满减',
        promoType: 'FULL_REDUCTION',
        applyLevel: 'CATEGORY',
        audience: 'OUTLET',
        customerScope: {},
        productScope: { categoryIds: [category('WATER')] },
        budgetType: 'AMOUNT',
        budgetTotal: 20000,
        groupId: groups.regular,
        priority: 20,
        costBearer: 'BRAND',
        tiers: [
          tier({
            thresholdType: 'AMOUNT',
            thresholdValue: 1000,
            benefitType: 'REDUCE_AMOUNT',
            benefitValue: 40,
          }),
        ],
      },
    },
    {
      key: 'cola-gift',
      status: 'ENDED',
      start: -120,
      end: -75,
      budgetUsed: 300,
      input: {
        name: '汽泡派可乐 满20箱赠2箱',
        promoType: 'BUY_GIFT',
        applyLevel: 'ORDER',
        audience: 'OUTLET',
        customerScope: {},
        productScope: { skuIds: [sku('汽泡派可乐 330ml 罐')] },
        budgetType: 'GIFT_QTY',
        budgetTotal: 300,
        groupId: groups.summer,
        priority: 30,
        costBearer: 'DEALER',
        tiers: [
          tier({
            thresholdValue: 20,
            benefitType: 'GIFT',
            giftSkuId: sku('汽泡派可乐 330ml 罐'),
            giftQty: 2,
            giftUnit: 'CASE',
            repeatable: true,
          }),
        ],
      },
    },
    {
      key: 'electro-weekend',
      status: 'APPROVED',
      start: 5,
      end: 35,
      input: {
        name: '补水啦 周末满减',
        promoType: 'FULL_REDUCTION',
        applyLevel: 'CATEGORY',
        audience: 'OUTLET',
        customerScope: { channels: ['TT'] },
        productScope: { categoryIds: [category('ELECTRO')] },
        timeWindow: { weekdays: [6, 7] },
        budgetType: 'AMOUNT',
        budgetTotal: 8000,
        priority: 40,
        costBearer: 'BRAND',
        tiers: [
          tier({
            thresholdType: 'AMOUNT',
            thresholdValue: 500,
            benefitType: 'REDUCE_AMOUNT',
            benefitValue: 20,
          }),
        ],
      },
    },
    {
      key: 'juice-clearance',
      status: 'PENDING_APPROVAL',
      start: 1,
      end: 30,
      input: {
        name: '果园汇橙汁1L 临期清理',
        promoType: 'NEAR_EXPIRY',
        applyLevel: 'LINE',
        audience: 'OUTLET',
        customerScope: {},
        productScope: { skuIds: [sku('果园汇橙汁 1L')] },
        budgetType: 'AMOUNT',
        budgetTotal: 3000,
        priority: 5,
        costBearer: 'BRAND',
        tiers: [tier({ thresholdValue: 1, benefitType: 'DISCOUNT_RATE', benefitValue: 0.7 })],
      },
    },
    {
      key: 'herbal-draft',
      status: 'DRAFT',
      start: 10,
      end: 70,
      input: {
        name: '本草凉礼盒 中秋满赠（草稿）',
        promoType: 'BUY_GIFT',
        applyLevel: 'ORDER',
        audience: 'DEALER',
        customerScope: {},
        productScope: { skuIds: [sku('本草凉凉茶 310ml×12 礼盒')] },
        budgetType: 'NONE',
        priority: 50,
        costBearer: 'BRAND',
        tiers: [
          tier({
            thresholdValue: 50,
            benefitType: 'GIFT',
            giftSkuId: sku('本草凉凉茶 310ml 罐'),
            giftQty: 2,
            giftUnit: 'CASE',
          }),
        ],
      },
    },
    {
      key: 'cola-bundle',
      status: 'ACTIVE',
      start: -14,
      end: 46,
      budgetUsed: 1336,
      input: {
        name: '汽泡派 可乐+柠檬 组合装 88元/套',
        ...bundleOf(
          [
            [cola, 1],
            [lemon, 1],
          ],
          { benefitType: 'SPECIAL_PRICE', benefitValue: 88 },
        ),
        budgetType: 'AMOUNT',
        budgetTotal: 4000,
        perOrderLimit: 10,
        groupId: groups.regular,
        priority: 15,
        costBearer: 'BRAND',
      },
    },
    {
      key: 'herbal-bundle',
      status: 'ENDED',
      start: -100,
      end: -60,
      budgetUsed: 2265,
      input: {
        name: '本草凉 罐装+礼盒 组合每套减15',
        ...bundleOf(
          [
            [herbalCan, 2],
            [herbalBox, 1],
          ],
          { benefitType: 'REDUCE_AMOUNT', benefitValue: 15 },
        ),
        budgetType: 'AMOUNT',
        budgetTotal: 3000,
        priority: 25,
        costBearer: 'SHARED',
        costRatio: 0.5,
      },
    },
    {
      // Its usages and budget come from the demo's order history (replayFeeCredits).
      key: 'water-cumulative',
      status: 'ACTIVE',
      start: -60,
      end: 30,
      input: {
        name: '山泉源 累计进货返费用',
        promoType: 'CUMULATIVE',
        applyLevel: 'CATEGORY',
        audience: 'OUTLET',
        customerScope: {},
        productScope: { categoryIds: [category('WATER')] },
        budgetType: 'AMOUNT',
        budgetTotal: 3000,
        priority: 60,
        costBearer: 'BRAND',
        tiers: [
          tier({ tierNo: 1, thresholdValue: 10, benefitType: 'FEE_CREDIT', benefitValue: 30 }),
          tier({ tierNo: 2, thresholdValue: 20, benefitType: 'FEE_CREDIT', benefitValue: 80 }),
        ],
      },
    },
    {
      key: 'juice-dealer-cumulative',
      status: 'ACTIVE',
      start: -15,
      end: 75,
      budgetUsed: 1500,
      input: {
        name: '果园汇 经销商累计进货 每满3万减500',
        promoType: 'CUMULATIVE',
        applyLevel: 'CATEGORY',
        audience: 'DEALER',
        customerScope: {},
        productScope: { categoryIds: [category('JUICE')] },
        budgetType: 'AMOUNT',
        budgetTotal: 10000,
        priority: 60,
        costBearer: 'BRAND',
        tiers: [
          tier({
            thresholdType: 'AMOUNT',
            thresholdValue: 30000,
            benefitType: 'REDUCE_AMOUNT',
            benefitValue: 500,
            repeatable: true,
          }),
        ],
      },
    },
  ];
  return promotions;
}

async function insertPromotion(trx: Transaction<DB>, demo: DemoPromotion, now: number) {
  const { input } = demo;
  const id = stableId('promotion', TENANT, demo.key);
  const promoNo = await nextDocumentNo(trx, TENANT, 'CX');
  const admin = demoUserId('admin');
  await trx
    .insertInto('promotions')
    .values({
      id,
      tenant_id: TENANT,
      promo_no: promoNo,
      name: input.name,
      promo_type: input.promoType,
      apply_level: input.applyLevel,
      audience: input.audience,
      customer_scope: JSON.stringify(input.customerScope),
      product_scope: JSON.stringify(input.productScope),
      start_at: new Date(now + demo.start * DAY),
      end_at: new Date(now + demo.end * DAY),
      time_window: input.timeWindow ? JSON.stringify(input.timeWindow) : null,
      budget_type: input.budgetType,
      budget_total: input.budgetTotal ?? null,
      budget_used: String(demo.budgetUsed ?? 0),
      per_customer_limit: input.perCustomerLimit ?? null,
      per_order_limit: input.perOrderLimit ?? null,
      first_order_only: input.firstOrderOnly ?? false,
      group_id: input.groupId ?? null,
      priority: input.priority,
      allow_with_rebate: true,
      allow_with_coins: true,
      cost_bearer: input.costBearer,
      cost_ratio: input.costRatio ?? null,
      tiers: JSON.stringify(input.tiers),
      bundle_items: JSON.stringify(input.bundleItems ?? []),
      status: demo.status,
      org_code: 'A01',
      created_by: admin,
      updated_by: admin,
    })
    .execute();
  if (demo.status === 'PENDING_APPROVAL') {
    await startApproval(trx, {
      tenantId: TENANT,
      initiatorId: admin,
      bizType: 'PROMOTION',
      bizId: id,
      bizNo: promoNo,
      title: `促销活动：${input.name}`,
      summary: { fields: [{ label: '促销名称', value: input.name }] },
      amount: input.budgetTotal ?? null,
      orgCode: 'A01',
    });
  }
}

export const seedPromotions: SeedStep = async (trx) => {
  const skus = await trx.selectFrom('skus').select(['id', 'name']).where('tenant_id', '=', TENANT).execute();
  const sku = (name: string) => {
    const found = skus.find((each) => each.name === name);
    if (!found) throw new Error(`demo SKU ${name} missing`);
    return found.id;
  };
  const category = (code: string) => stableId('category', TENANT, code);
  const groups = {
    summer: stableId('promotion-group', TENANT, 'summer'),
    regular: stableId('promotion-group', TENANT, 'regular'),
  };
  const admin = demoUserId('admin');
  await trx
    .insertInto('promotion_groups')
    .values([
      {
        id: groups.summer,
        tenant_id: TENANT,
        code: 'G-SUMMER',
        name: '夏季冰饮组',
        exclusivity: 'EXCLUSIVE',
        selection: 'BEST_FOR_BUYER',
        stack_with_other_groups: true,
        priority: 10,
        created_by: admin,
      },
      {
        id: groups.regular,
        tenant_id: TENANT,
        code: 'G-REGULAR',
        name: '常规促销组',
        exclusivity: 'STACKABLE',
        selection: 'BY_PRIORITY',
        stack_with_other_groups: true,
        priority: 50,
        created_by: admin,
      },
    ])
    .execute();
  // Periods start and end at midnight in Beijing.
  const now = Math.floor((Date.now() + 8 * 3_600_000) / DAY) * DAY - 8 * 3_600_000;
  for (const demo of demoPromotions(sku, category, groups)) await insertPromotion(trx, demo, now);
  await replayFeeCredits(trx);
};

/**
 * The order history under the running 累计返 that give 返费用: the seeded orders placed in their time, oldest
 * first, each priced with those promotions alone as the engine prices an order placed then (its counted orders
 * before it, the tiers given before). A crossing takes nothing off the order, so the order stands as seeded; its
 * usage is locked as placing locks it (the budget taken), then confirmed with the 返费用 credited to the buyer's
 * rebate account if the order was audited, or released if it was rejected, cancelled or invalidated.
 */
async function replayFeeCredits(trx: Transaction<DB>) {
  const rows = await trx
    .selectFrom('promotions')
    .select(['id', 'start_at', 'tiers'])
    .where('tenant_id', '=', TENANT)
    .where('promo_type', '=', 'CUMULATIVE')
    .where('status', '=', 'ACTIVE')
    .execute();
  const feeCredits = rows.filter((row) => row.tiers.some((each) => each.benefitType === 'FEE_CREDIT'));
  if (feeCredits.length === 0) return;
  const ids = new Set(feeCredits.map((row) => row.id));
  const from = new Date(Math.min(...feeCredits.map((row) => row.start_at.getTime())));
  const orders = await trx
    .selectFrom('sales_orders')
    .select(['id', 'tenant_id', 'order_no', 'buyer_id', 'status', 'audited_at', 'ordered_at'])
    .where('tenant_id', '=', TENANT)
    .where('ordered_at', '>=', from)
    .orderBy('ordered_at')
    .orderBy('id')
    .execute();
  const admin = demoUserId('admin');
  for (const order of orders) {
    const { promotions } = await enginePromotionsOf(trx, TENANT, order.buyer_id, order.ordered_at);
    const candidates = promotions.filter((promotion) => ids.has(promotion.id));
    if (candidates.length === 0) continue;
    const [buyer, lines] = await Promise.all([
      trx.selectFrom('customers').selectAll().where('id', '=', order.buyer_id).executeTakeFirstOrThrow(),
      trx
        .selectFrom('sales_order_lines')
        .innerJoin('skus', 'skus.id', 'sales_order_lines.sku_id')
        .select([
          'sales_order_lines.id',
          'sales_order_lines.sku_id',
          'sales_order_lines.base_qty',
          'sales_order_lines.amount',
          'skus.name',
          'skus.category_id',
          'skus.brand_id',
          'skus.units_per_case',
        ])
        .where('sales_order_lines.order_id', '=', order.id)
        .where('sales_order_lines.is_gift', '=', false)
        .execute(),
    ]);
    const result = priceCart({
      at: order.ordered_at,
      customer: await engineCustomerOf(trx, buyer, order.id),
      lines: lines.map((line) => ({
        key: line.id,
        skuId: line.sku_id,
        skuName: line.name,
        categoryId: line.category_id,
        brandId: line.brand_id,
        baseQty: line.base_qty,
        unitsPerCase: line.units_per_case,
        listCents: toCents(line.amount),
        floorCents: null,
      })),
      promotions: candidates,
      groups: [],
    });
    if (result.applied.length === 0) continue;
    await lockUsages(
      trx,
      { tenantId: TENANT, orderId: order.id, customerId: order.buyer_id },
      result.applied,
      new Map(candidates.map((promotion) => [promotion.id, promotion])),
    );
    if ((COUNTED_ORDER_STATUS as readonly string[]).includes(order.status) && order.audited_at)
      await confirmUsages(trx, order, admin);
    else if (order.status !== 'PENDING_AUDIT') await releaseUsages(trx, order.id);
  }
}
