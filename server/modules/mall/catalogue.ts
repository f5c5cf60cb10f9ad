// What a mall buyer sees to buy (issue #22): the SKUs on sale in the mall (employee mall for employees), each
// at the buyer's own price as the price lists resolve it (SUPPLY for an outlet, EMPLOYEE for an employee:
// resolvePrices, the one price resolution of orders), the stock available in the seller's warehouses, the
// running promotions open to the buyer, and for employees the month's per-SKU limit and what is left of it.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { resolvePrices } from '../products/priceLists';
import type { CustomerFacts } from '../products/priceResolution';
import { customerOutOfScope } from '../promotions/engine';
import { engineCustomerOf, enginePromotionsOf } from '../promotions/pricing';
import { PROMO_TYPE } from '../../../common/promotions';
import { centsText, lineCents, toCents } from '../orders/money';
import { BusinessError } from '../../http/envelope';
import type { BuyerSession } from './buyerAccounts';

export interface CatalogueItem {
  skuId: string;
  skuCode: string;
  name: string;
  spec: string | null;
  unitsPerCase: number;
  saleUnit: string;
  baseUnit: string;
  imageUrl: string | null;
  /** The price of one case for this buyer, '288.00'; null when no price list prices it for the buyer. */
  casePrice: string | null;
  priceListName: string | null;
  /** Whole cases the seller's warehouses can still give (on hand less locked, normal lots). */
  availableCases: number;
  /** Employees: the month's limit of the SKU (cases) and what is left of it; null without a limit. */
  monthLimit?: number | null;
  monthLeft?: number | null;
}

/** Facts the employee price lists' scopes see: an employee buyer is no customer, so only ALL lists match. */
export const employeeFacts = (employeeId: string): CustomerFacts => ({
  customerId: employeeId,
  labelIds: [],
  level: null,
  outletType: null,
  channel: null,
  regionCodes: [],
  orgCode: '',
});

/** The outlet as a buyer: its own row (what placing an order needs), refused when it may no longer buy. */
export async function outletOf(db: Kysely<DB>, buyer: BuyerSession) {
  const outlet = await db
    .selectFrom('customers')
    .selectAll()
    .where('id', '=', buyer.buyerId)
    .where('tenant_id', '=', buyer.tenantId)
    .executeTakeFirst();
  if (!outlet) throw new BusinessError(404, '门店不存在');
  return outlet;
}

/** Case prices of SKUs for a buyer, by SKU id. */
export async function casePricesOf(
  db: Kysely<DB>,
  buyer: BuyerSession,
  skus: ReadonlyArray<{ id: string; units_per_case: number }>,
) {
  const at = new Date();
  const prices = await resolvePrices(db, buyer.tenantId, {
    customerId: buyer.buyerId,
    facts: buyer.kind === 'EMPLOYEE' ? employeeFacts(buyer.buyerId) : undefined,
    at,
    priceType: buyer.kind === 'EMPLOYEE' ? 'EMPLOYEE' : 'SUPPLY',
    skus: skus.map((sku) => ({ skuId: sku.id, qty: sku.units_per_case, unitsPerCase: sku.units_per_case })),
  });
  return new Map(
    skus.map((sku, index) => {
      const price = prices[index];
      return [
        sku.id,
        price
          ? {
              casePrice: centsText(
                lineCents(toCents(price.price), price.unit, sku.units_per_case, sku.units_per_case),
              ),
              priceListId: price.priceListId,
              priceListName: price.priceListName,
            }
          : null,
      ] as const;
    }),
  );
}

/** Whole cases available per SKU in the warehouses of a seller (a dealer's own, or the brand's). */
async function availableCases(
  db: Kysely<DB>,
  tenantId: string,
  seller: { type: 'BRAND' | 'DEALER'; id: string | null },
) {
  const rows = await db
    .selectFrom('stock_lots')
    .innerJoin('warehouses', 'warehouses.id', 'stock_lots.warehouse_id')
    .innerJoin('skus', 'skus.id', 'stock_lots.sku_id')
    .select([
      'stock_lots.sku_id',
      sql<number>`floor(sum(stock_lots.qty_on_hand - stock_lots.qty_locked)::numeric / max(skus.units_per_case))::integer`.as(
        'cases',
      ),
    ])
    .where('stock_lots.tenant_id', '=', tenantId)
    .where('stock_lots.lot_status', '=', 'NORMAL')
    .where('warehouses.status', '=', 'ACTIVE')
    .where('warehouses.owner_type', '=', seller.type)
    .$if(seller.type === 'DEALER', (query) => query.where('warehouses.owner_id', '=', seller.id))
    .groupBy('stock_lots.sku_id')
    .execute();
  return new Map(rows.map((row) => [row.sku_id, Math.max(0, row.cases)]));
}

/** The SKUs of the month's per-SKU limits and what an employee has ordered of each this month (cases). */
export async function employeeMonthUse(db: Kysely<DB>, tenantId: string, employeeId: string) {
  const [limits, used] = await Promise.all([
    db
      .selectFrom('employee_sku_limits')
      .select(['sku_id', 'per_month_limit_qty'])
      .where('tenant_id', '=', tenantId)
      .execute(),
    db
      .selectFrom('employee_order_lines as l')
      .innerJoin('employee_orders as o', 'o.id', 'l.order_id')
      .select(['l.sku_id', sql<number>`sum(l.cases)::integer`.as('cases')])
      .where('o.tenant_id', '=', tenantId)
      .where('o.employee_buyer_id', '=', employeeId)
      .where('o.status', 'not in', ['CANCELLED', 'REFUNDED'])
      .where('o.ordered_at', '>=', monthStart)
      .groupBy('l.sku_id')
      .execute(),
  ]);
  return {
    limits: new Map(limits.map((row) => [row.sku_id, row.per_month_limit_qty])),
    used: new Map(used.map((row) => [row.sku_id, row.cases])),
  };
}

/** The first instant of this month in Asia/Shanghai. */
export const monthStart = sql<Date>`date_trunc('month', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai'`;

export async function catalogueOf(db: Kysely<DB>, buyer: BuyerSession, keyword?: string) {
  const skus = await db
    .selectFrom('skus')
    .select(['id', 'sku_code', 'name', 'spec', 'units_per_case', 'sale_unit', 'base_unit', 'image_urls'])
    .where('tenant_id', '=', buyer.tenantId)
    .where('status', '=', 'ON_SALE')
    .where(buyer.kind === 'EMPLOYEE' ? 'employee_mall_visible' : 'mall_visible', '=', true)
    .$if(Boolean(keyword), (query) => query.where('name', 'like', `%${keyword!.replace(/[%_\\]/g, '\\$&')}%`))
    .orderBy('sku_code')
    .limit(200)
    .execute();
  const prices = await casePricesOf(db, buyer, skus);
  let seller: { type: 'BRAND' | 'DEALER'; id: string | null } = { type: 'BRAND', id: null };
  let promotions: Array<{ id: string; promoNo: string; name: string; promoType: string; endAt: Date }> = [];
  let monthUse: Awaited<ReturnType<typeof employeeMonthUse>> | null = null;
  if (buyer.kind === 'OUTLET') {
    const outlet = await outletOf(db, buyer);
    if (outlet.serving_dealer_id) seller = { type: 'DEALER', id: outlet.serving_dealer_id };
    const now = new Date();
    const [engineCustomer, engine] = await Promise.all([
      engineCustomerOf(db, outlet),
      enginePromotionsOf(db, buyer.tenantId, outlet.id, now),
    ]);
    promotions = engine.promotions
      .filter(
        (promotion) =>
          promotion.status === 'ACTIVE' &&
          promotion.startAt <= now &&
          promotion.audience === 'OUTLET' &&
          customerOutOfScope(promotion, engineCustomer) === undefined,
      )
      .map((promotion) => ({
        id: promotion.id,
        promoNo: promotion.promoNo,
        name: promotion.name,
        promoType: promotion.promoType,
        endAt: promotion.endAt,
      }));
  } else {
    monthUse = await employeeMonthUse(db, buyer.tenantId, buyer.buyerId);
  }
  const stock = await availableCases(db, buyer.tenantId, seller);
  const items: CatalogueItem[] = skus.map((sku) => {
    const price = prices.get(sku.id);
    const limit = monthUse?.limits.get(sku.id) ?? null;
    return {
      skuId: sku.id,
      skuCode: sku.sku_code,
      name: sku.name,
      spec: sku.spec,
      unitsPerCase: sku.units_per_case,
      saleUnit: sku.sale_unit,
      baseUnit: sku.base_unit,
      imageUrl: sku.image_urls[0] ?? null,
      casePrice: price?.casePrice ?? null,
      priceListName: price?.priceListName ?? null,
      availableCases: stock.get(sku.id) ?? 0,
      ...(monthUse && {
        monthLimit: limit,
        monthLeft: limit === null ? null : Math.max(0, limit - (monthUse.used.get(sku.id) ?? 0)),
      }),
    };
  });
  return {
    items: items.filter((item) => item.casePrice !== null),
    promotions: promotions.map((promotion) => ({
      ...promotion,
      promoTypeText: PROMO_TYPE[promotion.promoType as keyof typeof PROMO_TYPE] ?? promotion.promoType,
      endAt: promotion.endAt.toISOString(),
    })),
  };
}
