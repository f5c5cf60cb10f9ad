import { sql } from 'kysely';
import { DEMO_SEED } from '../db/seed/business';
import { demoBarcode, seededRandom, topUpCustomers } from '../db/seed/businessData';
import { tierRulesOf } from '../../common/promotions';
import { hasValidCheckDigit } from '../modules/products/service';
import { priceCart } from '../modules/promotions/engine';
import { engineCustomerOf, enginePromotionsOf, usageCreditCents } from '../modules/promotions/pricing';
import { toCents } from '../modules/orders/money';
import { resolvePrice } from '../modules/products/priceLists';
import { nextDocumentNo } from '../modules/shared/documentNumbers';
import { openSeededDatabase } from './support/auth';
import { testBackends, type TestDatabase } from './support/database';

describe('the seeded random generator', () => {
  it('repeats its sequence for a seed and differs between seeds', () => {
    const draw = (seed: number) => {
      const random = seededRandom(seed);
      return Array.from({ length: 5 }, () => random.int(0, 1000));
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
  });

  it('gives valid EAN-13 barcodes', () => {
    for (let index = 1; index <= 40; index += 1) expect(hasValidCheckDigit(demoBarcode(index))).toBe(true);
  });
});

describe.each(testBackends())('business demo data on %s', (backend) => {
  let testDatabase: TestDatabase;

  beforeAll(async () => {
    testDatabase = await openSeededDatabase(backend, { businessData: true });
  });
  afterAll(() => testDatabase.dispose());

  const countOf = async (
    table: 'skus' | 'customers' | 'stock_lots' | 'price_lists',
    tenantId: string,
    where = sql`true`,
  ) => {
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::integer as n from ${sql.table(table)} where tenant_id = ${tenantId} and ${where}`.execute(
      testDatabase.database.db,
    );
    return rows[0].n;
  };

  it('has the demo volumes (DOMAIN §2.5) in A01 and a little in B01', async () => {
    expect(await countOf('skus', 'A01')).toBe(30);
    expect(await countOf('price_lists', 'A01')).toBe(6); // with the employee price list of the mall demo (issue #22)
    expect(await countOf('customers', 'A01', sql`customer_type = 'DEALER'`)).toBe(10);
    expect(await countOf('customers', 'A01', sql`customer_type = 'OUTLET'`)).toBe(500);
    expect(await countOf('skus', 'B01')).toBe(5);
    expect(await countOf('customers', 'B01', sql`customer_type = 'OUTLET'`)).toBe(20);
  });

  it('makes every page meaningful: types, cities, statuses, look-alikes and stock of every age', async () => {
    const db = testDatabase.database.db;
    const kinds = await db
      .selectFrom('customers')
      .select('outlet_type')
      .distinct()
      .where('tenant_id', '=', 'A01')
      .execute();
    expect(kinds.length).toBeGreaterThanOrEqual(10);
    const cities = await db
      .selectFrom('customers')
      .select('city_code')
      .distinct()
      .where('tenant_id', '=', 'A01')
      .execute();
    expect(cities.length).toBe(9);
    expect(await countOf('customers', 'A01', sql`audit_status = 'PENDING'`)).toBeGreaterThan(10);
    expect(await countOf('customers', 'A01', sql`lng is null`)).toBeGreaterThan(0);
    const freshness = await sql<{ near: number; old: number; fresh: number }>`
      select count(*) filter (where expiry_date - current_date between 0 and 45)::integer as near,
             count(*) filter (where current_date - production_date > 180)::integer as old,
             count(*) filter (where current_date - production_date <= 30)::integer as fresh
      from stock_lots where tenant_id = 'A01'`.execute(db);
    expect(freshness.rows[0].near).toBeGreaterThan(0);
    expect(freshness.rows[0].old).toBeGreaterThan(0);
    expect(freshness.rows[0].fresh).toBeGreaterThan(0);
  });

  it('derives every lot balance from its movements', async () => {
    const { rows } = await sql<{ n: number }>`
      select count(*)::integer as n from stock_lots l
      where l.qty_on_hand <> (select coalesce(sum(case when direction = 'IN' then base_qty else -base_qty end), 0)
                              from stock_movements m where m.lot_id = l.id)`.execute(
      testDatabase.database.db,
    );
    expect(rows[0].n).toBe(0);
    expect(await countOf('stock_lots', 'A01')).toBeGreaterThan(100);
  });

  it('prices every outlet: the Guangzhou supply list, the newer water list', async () => {
    const db = testDatabase.database.db;
    const outlet = await db
      .selectFrom('customers')
      .select('id')
      .where('tenant_id', '=', 'A01')
      .where('city_code', '=', '440100')
      .where('customer_type', '=', 'OUTLET')
      .orderBy('customer_code')
      .executeTakeFirstOrThrow();
    const sku = (code: string) =>
      db
        .selectFrom('skus')
        .select('id')
        .where('tenant_id', '=', 'A01')
        .where('sku_code', '=', code)
        .executeTakeFirstOrThrow();
    const energy = await resolvePrice(db, 'A01', {
      customerId: outlet.id,
      skuId: (await sku('SKU00000001')).id,
      priceType: 'SUPPLY',
    });
    expect(energy).toMatchObject({ priceListCode: expect.stringMatching(/-GZ$/), casePrice: '65.00' });
    const water = await resolvePrice(db, 'A01', {
      customerId: outlet.id,
      skuId: (await sku('SKU00000006')).id,
      priceType: 'FACTORY',
    });
    expect(water).toMatchObject({ priceListCode: expect.stringMatching(/-W$/), casePrice: '24.72' });
  });

  it('has months of orders in every state, priced from the price lists, with what each state implies', async () => {
    const db = testDatabase.database.db;
    const { rows: statuses } = await sql<{ status: string; n: number }>`
      select status, count(*)::integer as n from sales_orders where tenant_id = 'A01' group by status`.execute(
      db,
    );
    const byStatus = Object.fromEntries(statuses.map((row) => [row.status, row.n]));
    // The clock decides how far the newest orders got: the rare states may be missing on some days.
    expect(Object.keys(byStatus).length).toBeGreaterThanOrEqual(8);
    for (const status of [
      'PENDING_AUDIT',
      'PENDING_SHIPMENT',
      'SIGNED',
      'COMPLETED',
      'REJECTED',
      'CANCELLED',
      'INVALID',
    ])
      expect(byStatus[status]).toBeGreaterThan(0);
    const { rows: span } = await sql<{ days: number; total: number }>`
      select extract(day from now() - min(ordered_at))::integer as days, count(*)::integer as total
      from sales_orders where tenant_id = 'A01'`.execute(db);
    // 450 generated orders, and the demo outlet buyer's two orders placed in the mall (seed/mall.ts).
    expect(span[0]).toMatchObject({ total: 452, days: expect.any(Number) });
    expect(span[0].days).toBeGreaterThanOrEqual(60);

    // Amounts add up, and each line has the price the price resolution gives that buyer on that day.
    const { rows: wrongTotals } = await sql<{ n: number }>`
      select count(*)::integer as n from sales_orders o
      where o.goods_amount - o.promo_discount_amount - o.rebate_deduct_amount <> o.payable_amount
         or o.payable_amount + o.rebate_deduct_amount <> (select sum(amount) from sales_order_lines l
           where l.order_id = o.id)`.execute(db);
    expect(wrongTotals[0].n).toBe(0);
    const { rows: sample } = await sql<{
      buyerId: string;
      skuId: string;
      orderType: string;
      at: Date;
      listPrice: string;
      priceListId: string;
    }>`select o.buyer_id as "buyerId", l.sku_id as "skuId", o.order_type as "orderType",
        o.ordered_at as at,
        l.list_price as "listPrice", l.price_list_id as "priceListId"
      from sales_order_lines l join sales_orders o on o.id = l.order_id
      where o.tenant_id = 'A01' order by o.order_no, l.line_no limit 40`.execute(db);
    for (const line of sample) {
      const resolved = await resolvePrice(db, 'A01', {
        customerId: line.buyerId,
        skuId: line.skuId,
        priceType: line.orderType === 'DEALER_PURCHASE' ? 'FACTORY' : 'SUPPLY',
        at: line.at,
      });
      expect({ price: line.listPrice, list: line.priceListId }).toEqual({
        price: resolved?.casePrice,
        list: resolved?.priceListId,
      });
    }

    // Shipped orders have their batches, signed ones a sign record, completed ones their money.
    const { rows: inconsistent } = await sql<{ status: string; n: number }>`
      select o.status, count(*)::integer as n from sales_orders o
      where o.tenant_id = 'A01' and (
        (o.status in ('SHIPPED', 'SIGNED', 'COMPLETED') and o.total_base_qty <>
          (select coalesce(sum(sl.base_qty), 0) from shipments s join shipment_lines sl on sl.shipment_id = s.id
           where s.order_id = o.id))
        or (o.status = 'PARTIALLY_SHIPPED' and not exists (select 1 from shipments s where s.order_id = o.id))
        or (o.status in ('SIGNED', 'COMPLETED') and not exists (select 1 from sign_records r where r.order_id = o.id))
        or (o.status = 'COMPLETED' and o.paid_amount <> o.payable_amount)
        or (o.payment_status = 'PAID' and o.paid_amount <>
          (select coalesce(sum(p.amount), 0) from payments p where p.order_id = o.id))
        or (o.status in ('PENDING_AUDIT', 'CANCELLED', 'INVALID') and exists (select 1 from shipments s where s.order_id = o.id))
        or not exists (select 1 from order_operation_logs g where g.order_id = o.id and g.action = 'CREATE'))
      group by o.status`.execute(db);
    expect(inconsistent).toEqual([]);

    // Released orders went to the ERP: most synced, some failed with the ERP's message, as the order says.
    const { rows: sync } = await sql<{ orderStatus: string; taskStatus: string | null; n: number }>`
      select o.erp_sync_status as "orderStatus", t.status as "taskStatus", count(*)::integer as n
      from sales_orders o left join erp_sync_tasks t on t.biz_id = o.id and t.operation = 'SAVE'
      where o.tenant_id = 'A01' group by 1, 2`.execute(db);
    for (const row of sync) {
      expect(row.taskStatus ?? 'NOT_REQUIRED').toBe(row.orderStatus);
    }
    const { rows: failed } = await sql<{ n: number; messages: number }>`
      select count(*)::integer as n, count(last_error_message)::integer as messages
      from erp_sync_tasks where tenant_id = 'A01' and status = 'FAILED'`.execute(db);
    expect(failed[0].n).toBeGreaterThan(3);
    expect(failed[0].messages).toBe(failed[0].n);
    // The payments of the synced orders reached the ERP as receipts (issue #22), those of the others not yet.
    const { rows: receipts } = await sql<{ synced: boolean; receipt: string | null; n: number }>`
      select o.erp_sync_status = 'SUCCESS' as synced, r.status as receipt, count(*)::integer as n
      from payments p join sales_orders o on o.id = p.order_id
      left join erp_sync_tasks r on r.biz_type = 'RECEIPT' and r.biz_id = p.id and r.biz_no = p.payment_no
        and (r.document->>'amount')::numeric = p.amount
      where p.tenant_id = 'A01' group by 1, 2 order by 1, 2`.execute(db);
    expect(receipts).toEqual([
      { synced: false, receipt: null, n: expect.any(Number) },
      { synced: true, receipt: 'SUCCESS', n: expect.any(Number) },
    ]);

    // The numbers continue from the counters: a new order of today gets a number no demo order has.
    const next = await nextDocumentNo(db, 'A01', 'SO');
    const { rows: taken } = await sql<{ n: number }>`
      select count(*)::integer as n from sales_orders where tenant_id = 'A01' and order_no = ${next}`.execute(
      db,
    );
    expect(taken[0].n).toBe(0);
  });

  it('has its orders waiting for shipment hold their stock as an audit does', async () => {
    const db = testDatabase.database.db;
    // Every audited order not fully shipped holds what it still has to ship, on lots of its warehouse and SKU
    // that have not expired — or, when the warehouse is short (the demo's clock moves with today's date, and
    // lots expire), all that is left of that SKU there; nothing else holds stock; each lot's qty_locked is the
    // sum of its holders.
    const { rows: lines } = await sql<{ held: number; due: number; free: number }>`
      select coalesce((select sum(k.base_qty) from sales_order_stock_locks k where k.order_line_id = l.id), 0)::integer as held,
        (l.base_qty - l.shipped_base_qty)::integer as due,
        (select coalesce(sum(s.qty_on_hand - s.qty_locked), 0) from stock_lots s
          where s.tenant_id = o.tenant_id and s.warehouse_id = o.warehouse_id and s.sku_id = l.sku_id
            and s.lot_status = 'NORMAL')::integer as free
      from sales_orders o join sales_order_lines l on l.order_id = o.id
      where o.status in ('PENDING_SHIPMENT', 'PARTIALLY_SHIPPED')`.execute(db);
    expect(lines.length).toBeGreaterThan(0);
    expect(
      lines.filter((line) => line.held !== line.due && !(line.held < line.due && line.free === 0)),
    ).toEqual([]);
    // Most of them are held in full.
    expect(lines.filter((line) => line.held === line.due).length).toBeGreaterThan(lines.length / 2);
    const { rows: stray } = await sql<{ n: number }>`
      select count(*)::integer as n from sales_order_stock_locks k
      join sales_orders o on o.id = k.order_id join sales_order_lines l on l.id = k.order_line_id
      join stock_lots s on s.id = k.lot_id
      where o.status not in ('PENDING_SHIPMENT', 'PARTIALLY_SHIPPED') or s.warehouse_id <> o.warehouse_id
        or s.sku_id <> l.sku_id or s.expiry_date < (now() at time zone 'Asia/Shanghai')::date`.execute(db);
    expect(stray[0].n).toBe(0);
    const { rows: lots } = await sql<{ n: number }>`
      select count(*)::integer as n from stock_lots s
      where s.qty_locked <> (select coalesce(sum(k.base_qty), 0) from sales_order_stock_locks k where k.lot_id = s.id)`.execute(
      db,
    );
    expect(lots[0].n).toBe(0);
  });

  it('has running promotions of the newer types: a bundle of on-sale SKUs, 累计返 for outlets and dealers', async () => {
    const db = testDatabase.database.db;
    const promotions = await db
      .selectFrom('promotions')
      .select(['id', 'promo_type', 'status', 'audience', 'bundle_items', 'product_scope', 'tiers'])
      .where('tenant_id', '=', 'A01')
      .execute();
    // Every tier is one its type allows, as the server checks an operator's.
    for (const promotion of promotions) {
      const rules = tierRulesOf(promotion.promo_type);
      for (const tier of promotion.tiers) {
        expect(rules.thresholdTypes).toContain(tier.thresholdType);
        expect(rules.benefitTypes).toContain(tier.benefitType);
      }
    }
    const bundles = promotions.filter((promotion) => promotion.promo_type === 'BUNDLE');
    expect(bundles.map((bundle) => bundle.status).sort()).toEqual(['ACTIVE', 'ENDED']);
    for (const bundle of bundles) {
      expect(bundle.bundle_items.length).toBeGreaterThanOrEqual(2);
      expect(bundle.product_scope.skuIds).toEqual(bundle.bundle_items.map((item) => item.skuId));
      const onSale = await db
        .selectFrom('skus')
        .select('id')
        .where('id', 'in', bundle.product_scope.skuIds!)
        .where('status', '=', 'ON_SALE')
        .execute();
      expect(onSale).toHaveLength(bundle.bundle_items.length);
    }
    const cumulative = promotions.filter(
      (promotion) => promotion.promo_type === 'CUMULATIVE' && promotion.status === 'ACTIVE',
    );
    expect(cumulative.map((promotion) => promotion.audience).sort()).toEqual(['DEALER', 'OUTLET']);
    expect(cumulative.flatMap((promotion) => promotion.tiers.map((tier) => tier.benefitType))).toContain(
      'FEE_CREDIT',
    );

    // An outlet buying one set of the running bundle gets its package price from the engine.
    const outlet = await db
      .selectFrom('customers')
      .selectAll()
      .where('tenant_id', '=', 'A01')
      .where('customer_type', '=', 'OUTLET')
      .where('audit_status', '=', 'APPROVED')
      .orderBy('customer_code')
      .executeTakeFirstOrThrow();
    const at = new Date();
    const running = bundles.find((bundle) => bundle.status === 'ACTIVE')!;
    const skus = await db
      .selectFrom('skus')
      .select(['id', 'name', 'category_id', 'brand_id', 'units_per_case'])
      .where('id', 'in', running.product_scope.skuIds!)
      .execute();
    const { promotions: candidates, groups } = await enginePromotionsOf(db, 'A01', outlet.id, at);
    const priced = priceCart({
      at,
      customer: await engineCustomerOf(db, outlet),
      lines: skus.map((sku, index) => ({
        key: String(index),
        skuId: sku.id,
        skuName: sku.name,
        categoryId: sku.category_id,
        brandId: sku.brand_id,
        baseQty: sku.units_per_case,
        unitsPerCase: sku.units_per_case,
        listCents: 4800,
        floorCents: null,
      })),
      promotions: candidates,
      groups,
    });
    expect(priced.applied).toEqual([
      expect.objectContaining({ promotionId: running.id, times: 1, discountCents: 9600 - 8800 }),
    ]);
  });

  it('has its order history use the 累计返 that gives 返费用: usages, budget and rebate credits agree', async () => {
    const db = testDatabase.database.db;
    const promotion = await db
      .selectFrom('promotions')
      .selectAll()
      .where('tenant_id', '=', 'A01')
      .where('name', '=', '山泉源 累计进货返费用')
      .executeTakeFirstOrThrow();
    const usages = await db
      .selectFrom('promotion_usages')
      .innerJoin('sales_orders', 'sales_orders.id', 'promotion_usages.order_id')
      .innerJoin('customers', 'customers.id', 'promotion_usages.customer_id')
      .select([
        'promotion_usages.order_id',
        'promotion_usages.customer_id',
        'promotion_usages.tier_no',
        'promotion_usages.times',
        'promotion_usages.budget_consumed',
        'promotion_usages.status',
        'sales_orders.status as orderStatus',
        'sales_orders.buyer_id',
        'sales_orders.ordered_at',
        'customers.customer_type',
      ])
      .where('promotion_usages.promotion_id', '=', promotion.id)
      .execute();
    // Outlets' orders in its time, both tiers reached, most of them by orders audited since.
    const confirmed = usages.filter((use) => use.status === 'CONFIRMED');
    expect(confirmed.length).toBeGreaterThanOrEqual(20);
    expect(new Set(confirmed.map((use) => use.tier_no))).toEqual(new Set([1, 2]));
    for (const use of usages) {
      expect(use).toMatchObject({ customer_type: 'OUTLET', customer_id: use.buyer_id, times: 1 });
      expect(use.ordered_at.getTime()).toBeGreaterThanOrEqual(promotion.start_at.getTime());
      const expected =
        use.orderStatus === 'PENDING_AUDIT'
          ? 'LOCKED'
          : ['REJECTED', 'CANCELLED', 'INVALID'].includes(use.orderStatus)
            ? 'RELEASED'
            : 'CONFIRMED';
      expect(use.status).toBe(expected);
      expect(toCents(use.budget_consumed)).toBe(usageCreditCents(promotion, use));
    }
    // A tier once per outlet; the budget holds what the usages not released consumed.
    const held = usages.filter((use) => use.status !== 'RELEASED');
    const tiersOf = held.map((use) => `${use.customer_id}/${use.tier_no}`);
    expect(new Set(tiersOf).size).toBe(tiersOf.length);
    expect(toCents(promotion.budget_used)).toBe(
      held.reduce((total, use) => total + toCents(use.budget_consumed), 0),
    );
    expect(toCents(promotion.budget_used)).toBeLessThan(toCents(promotion.budget_total!));
    // Each confirmed usage's 返费用 credited to the outlet's rebate account by its order, nothing by the others.
    const credits = await db
      .selectFrom('fund_ledger')
      .select(['source_id', 'entry_type', 'amount', 'customer_id'])
      .where('tenant_id', '=', 'A01')
      .where('account_type', '=', 'REBATE')
      .where('source_type', '=', 'ORDER')
      .where('entry_type', '=', 'ACCRUE')
      .execute();
    const creditOf = (orderId: string) =>
      credits
        .filter((entry) => entry.source_id === orderId)
        .reduce((total, entry) => total + toCents(entry.amount), 0);
    for (const orderId of new Set(usages.map((use) => use.order_id)))
      expect(creditOf(orderId)).toBe(
        usages
          .filter((use) => use.order_id === orderId && use.status === 'CONFIRMED')
          .reduce((total, use) => total + usageCreditCents(promotion, use), 0),
      );
    expect(credits.every((entry) => usages.some((use) => use.order_id === entry.source_id))).toBe(true);
    // The outlets' rebate balances show it.
    const outlet = confirmed[0].customer_id;
    const account = await db
      .selectFrom('fund_accounts')
      .select('balance')
      .where('customer_id', '=', outlet)
      .where('account_type', '=', 'REBATE')
      .executeTakeFirstOrThrow();
    expect(toCents(account.balance)).toBe(
      credits
        .filter((entry) => entry.customer_id === outlet)
        .reduce((total, entry) => total + toCents(entry.amount), 0),
    );
  });

  it('tops a tenant up to a larger volume, codes continuing, deterministically', async () => {
    const added = await topUpCustomers(
      testDatabase.database.db,
      'A01',
      { dealers: 12, outlets: 530 },
      DEMO_SEED,
    );
    expect(added).toMatchObject({ dealers: 2, outlets: 30 });
    expect(await countOf('customers', 'A01', sql`customer_type = 'OUTLET'`)).toBe(530);
    expect(await countOf('customers', 'A01', sql`customer_code = 'S0000530'`)).toBe(1);
    const again = await topUpCustomers(
      testDatabase.database.db,
      'A01',
      { dealers: 12, outlets: 530 },
      DEMO_SEED,
    );
    expect(again).toMatchObject({ dealers: 0, outlets: 0 });
  });
});
