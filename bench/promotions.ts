// Promotions priced into an order (issue #18): the server's pricing of a 30-line order of tenant A01 with 50
// active promotions (the demo's and more of every priced type — 组合套餐 and 累计返 too — on the cart's SKUs,
// their categories and other goods), as placing, 修改重提 and the order form's preview run it — previewOrder, one transaction: the
// buyer in scope, price lists, the running promotions and groups, the buyer's usages, the gifts' prices and the
// engine. p50/p99 per pricing, one at a time, on PGlite and on PostgreSQL (target: under 20 ms).
//
//   npm run bench promotions      PGlite (a temporary folder), and PostgreSQL when DATABASE_URL or
//                                 TEST_DATABASE_URL names a server (a database of its own, dropped after)
//   BENCH_BACKENDS=pglite|postgres, BENCH_PRICINGS=500
import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import type { PromotionTier } from '../common/promotions';
import { E2E_PASSWORD } from '../e2e/support/server';
import { stableId } from '../server/db/ids';
import { migrateToLatest } from '../server/db/migrations';
import type { DB } from '../server/db/schema';
import { seedWhenEmpty } from '../server/db/seed';
import { demoUserId } from '../server/db/seed/ids';
import { promotionTier as tier } from '../server/__tests__/support/promotionTerms';
import { previewOrder } from '../server/modules/orders/placement';
import { forEachBenchDatabase, loadAverage, printTable, writeResult } from './report';

const PRICINGS = Number(process.env.BENCH_PRICINGS ?? 500);
const WARM_UP = 50;
const LINES = 30;
const PROMOTIONS = 50;
const TARGET_MS = 20;
const TENANT = 'A01';
const DAY = 86_400_000;
const ACTOR = {
  tenantId: TENANT,
  userId: demoUserId('admin'),
  username: 'admin',
  request: { ip: '127.0.0.1', userAgent: 'bench', method: 'POST', url: '/bench' },
} as unknown as Parameters<typeof previewOrder>[1];

interface Cart {
  buyerId: string;
  lines: Array<{ skuId: string; cases: number }>;
}

/**
 * The cart (an outlet that ordered before and 30 SKUs it can be priced for) and the promotions added to the demo's
 * running ones to make 50.
 */
async function prepare(db: Kysely<DB>): Promise<Cart> {
  await migrateToLatest(db);
  await seedWhenEmpty(db, { adminPassword: E2E_PASSWORD });
  const buyer = await db
    .selectFrom('sales_orders')
    .innerJoin('customers', 'customers.id', 'sales_orders.buyer_id')
    .select('customers.id')
    .where('sales_orders.tenant_id', '=', TENANT)
    .where('customers.customer_type', '=', 'OUTLET')
    .orderBy('customers.id')
    .executeTakeFirstOrThrow();
  const skus = await db
    .selectFrom('skus')
    .innerJoin('price_list_items', 'price_list_items.sku_id', 'skus.id')
    // By code, not id: the demo's SKUs get random ids, so `order by id` would price another cart on each database.
    .select(['skus.id', 'skus.category_id', 'skus.sku_code'])
    .distinct()
    .where('skus.tenant_id', '=', TENANT)
    .where('skus.status', '=', 'ON_SALE')
    .orderBy('skus.sku_code')
    .limit(LINES)
    .execute();
  if (skus.length < LINES) {
    // The demo prices fewer SKUs: the others get the first one's prices, in every list that has it.
    const prices = await db
      .selectFrom('price_list_items')
      .selectAll()
      .where('sku_id', '=', skus[0].id)
      .execute();
    const more = await db
      .selectFrom('skus')
      .select(['id', 'category_id', 'sku_code'])
      .where('tenant_id', '=', TENANT)
      .where('status', '=', 'ON_SALE')
      .where(
        'id',
        'not in',
        skus.map((sku) => sku.id),
      )
      .orderBy('sku_code')
      .limit(LINES - skus.length)
      .execute();
    for (const sku of more)
      await db
        .insertInto('price_list_items')
        .values(
          prices.map((price) => ({
            ...price,
            id: stableId('bench-price', price.id, sku.id),
            sku_id: sku.id,
          })),
        )
        .execute();
    skus.push(...more);
  }
  // And when the demo sells fewer: copies of the first one (own code and barcodes) make up the 30.
  if (skus.length < LINES) {
    const [first] = await db.selectFrom('skus').selectAll().where('id', '=', skus[0].id).execute();
    const prices = await db
      .selectFrom('price_list_items')
      .selectAll()
      .where('sku_id', '=', first.id)
      .execute();
    for (let n = skus.length; n < LINES; n += 1) {
      const id = stableId('sku', TENANT, `bench-${n}`);
      const code = `${first.sku_code}-B${n}`;
      await db
        .insertInto('skus')
        .values({
          ...first,
          id,
          sku_code: code,
          barcode: null,
          case_barcode: null,
          name: `${first.name} 压测${n}`,
          erp_material_code: null,
          image_urls: JSON.stringify(first.image_urls),
        })
        .execute();
      await db
        .insertInto('price_list_items')
        .values(prices.map((price) => ({ ...price, id: stableId('bench-price', price.id, id), sku_id: id })))
        .execute();
      skus.push({ id, category_id: first.category_id, sku_code: code });
    }
  }
  const running = await db
    .selectFrom('promotions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenant_id', '=', TENANT)
    .where('status', '=', 'ACTIVE')
    .executeTakeFirstOrThrow();
  const admin = demoUserId('admin');
  const now = Date.now();
  const rows = Array.from({ length: PROMOTIONS - Number(running.n) }, (_, index) => {
    const sku = skus[index % LINES];
    const partner = skus[(index + 1) % LINES];
    const kind = index % 7;
    const scope =
      kind === 2
        ? { categoryIds: [sku.category_id] }
        : kind === 5
          ? { skuIds: [sku.id, partner.id] }
          : index % 11 === 10
            ? { skuIds: [stableId('sku', TENANT, `elsewhere-${index}`)] }
            : { skuIds: [sku.id] };
    const [promoType, applyLevel, tiers] = [
      ['SPECIAL_PRICE', 'LINE', [tier({ benefitType: 'SPECIAL_PRICE', benefitValue: 30 + index })]],
      [
        'FULL_DISCOUNT',
        'LINE',
        [tier({ thresholdValue: 2, benefitType: 'DISCOUNT_RATE', benefitValue: 0.95 })],
      ],
      [
        'FULL_REDUCTION',
        'CATEGORY',
        [tier({ thresholdType: 'AMOUNT', thresholdValue: 100, benefitValue: 5 })],
      ],
      [
        'BUY_GIFT',
        'ORDER',
        [
          tier({
            thresholdValue: 3,
            benefitType: 'GIFT',
            giftSkuId: skus[(index + 1) % LINES].id,
            giftQty: 1,
            giftUnit: 'CASE',
          }),
        ],
      ],
      [
        'TIERED',
        'ORDER',
        [
          tier({ thresholdType: 'AMOUNT', thresholdValue: 500, benefitValue: 10 }),
          tier({ tierNo: 2, thresholdType: 'AMOUNT', thresholdValue: 2000, benefitValue: 50 }),
        ],
      ],
      [
        'BUNDLE',
        'ORDER',
        [tier({ thresholdType: 'SETS', thresholdValue: 1, benefitValue: 3, repeatable: true })],
      ],
      ['CUMULATIVE', 'ORDER', [tier({ thresholdValue: 5, benefitValue: 5, repeatable: true })]],
    ][kind] as [string, string, PromotionTier[]];
    return {
      id: stableId('promotion', TENANT, `bench-${index}`),
      tenant_id: TENANT,
      promo_no: `CXBENCH${String(index).padStart(4, '0')}`,
      name: `压测促销 ${index}`,
      promo_type: promoType as never,
      apply_level: applyLevel as never,
      audience: 'OUTLET' as const,
      customer_scope: JSON.stringify({}),
      product_scope: JSON.stringify(scope),
      bundle_items: JSON.stringify(
        kind === 5
          ? [
              { skuId: sku.id, qty: 1, unit: 'CASE' },
              { skuId: partner.id, qty: 1, unit: 'CASE' },
            ]
          : [],
      ),
      start_at: new Date(now - 10 * DAY),
      end_at: new Date(now + 30 * DAY),
      time_window: null,
      budget_type: index % 3 === 0 ? ('AMOUNT' as const) : ('NONE' as const),
      budget_total: index % 3 === 0 ? '100000.00' : null,
      per_customer_limit: null,
      per_order_limit: null,
      first_order_only: false,
      group_id: index % 4 === 0 ? stableId('promotion-group', TENANT, 'regular') : null,
      priority: 100 + index,
      allow_with_rebate: true,
      allow_with_coins: true,
      cost_bearer: 'BRAND' as const,
      cost_ratio: null,
      tiers: JSON.stringify(tiers),
      status: 'ACTIVE' as const,
      org_code: TENANT,
      created_by: admin,
      updated_by: admin,
    };
  });
  if (rows.length)
    await db
      .insertInto('promotions')
      .values(rows)
      .onConflict((oc) => oc.doNothing())
      .execute();
  return { buyerId: buyer.id, lines: skus.map((sku, index) => ({ skuId: sku.id, cases: 1 + (index % 6) })) };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function measure(db: Kysely<DB>, cart: Cart) {
  const first = await previewOrder(db, ACTOR, cart);
  for (let i = 1; i < WARM_UP; i += 1) await previewOrder(db, ACTOR, cart);
  const times: number[] = [];
  for (let i = 0; i < PRICINGS; i += 1) {
    const started = performance.now();
    await previewOrder(db, ACTOR, cart);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    max: times[times.length - 1],
    applied: first.applied.length,
    giftLines: first.lines.filter((line) => line.isGift).length,
    discount: first.promoDiscountAmount,
  };
}

export async function promotionsBench(): Promise<void> {
  const rows: string[][] = [];
  const figures: Record<string, unknown> = {};
  const machine = { before: loadAverage(), after: '' };
  await forEachBenchDatabase('bench_promotions', async (kind, db) => {
    const cart = await prepare(db);
    const result = await measure(db, cart);
    figures[kind] = result;
    rows.push([
      kind,
      String(LINES),
      String(PROMOTIONS),
      String(result.applied),
      String(result.giftLines),
      result.discount,
      result.p50.toFixed(1),
      result.p99.toFixed(1),
      result.max.toFixed(1),
      result.p99 < TARGET_MS ? 'yes' : 'NO',
    ]);
  });
  machine.after = loadAverage();
  printTable(
    `Pricing of one order, ${PRICINGS} pricings one at a time after ${WARM_UP} warm-up (ms); load ${machine.before} → ${machine.after}`,
    [
      'db',
      'lines',
      'promotions',
      'applied',
      'gift lines',
      'discount',
      'p50',
      'p99',
      'max',
      `p99 < ${TARGET_MS}`,
    ],
    rows,
  );
  writeResult('promotions', { machine, pricings: PRICINGS, figures });
}
