// 销售日汇总 (issue #21): the sales analysis reads this table instead of the order lines, so a year by region
// and month adds up a few tens of thousands of rows, not half a million lines joined to their orders. It holds
// exactly what the analysis counted from the orders: the placed orders (status not in NOT_SALES) by their
// Shanghai order day. It is kept in the transaction that changes what counts — an order placed, an order leaving
// the placed statuses (rejected, cancelled, void) or coming back (修改重提) — by adding or taking away the
// order's own contribution, computed from its rows as they stand. Shipping, signing, paying and returns leave
// the placed order as it was counted, so they do not touch it (the analysis counts orders placed, as before).
//
// One row per day, the order's data-scope columns (org_code, sales_rep_id, seller_id: orderScope applies to it
// as to the orders), its dealer and its buyer's customer type, and one `kind` of item:
//   ORDER     item '' — the order as a whole (region, department, dealer, rep, customer type)
//   BRAND, CATEGORY, SKU — the order's lines of one brand, category or SKU
// so `orders` counts each order once per item, as the analysis' count of distinct orders did. The brand,
// category, case size and customer type are those of the day the order was counted.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../../db/schema';
import { NOT_SALES, orderDealer } from './indicators';

export const SALES_SUMMARY_KINDS = ['ORDER', 'BRAND', 'CATEGORY', 'SKU'] as const;
export type SalesSummaryKind = (typeof SALES_SUMMARY_KINDS)[number];

/** The key columns of a summary row, in its primary key's order. */
const KEY = sql.raw(
  'tenant_id, kind, day, org_code, sales_rep_id, seller_id, dealer_id, customer_type, item_id',
);

/** True when an order of this status counts as sales. */
export const countsAsSales = (status: string) => !NOT_SALES.includes(status);

/**
 * Adds (sign 1) or takes away (-1) the sales of the orders `which` selects (a condition on `o`), as their rows
 * now stand. Their status is not looked at: the caller knows which way the order moved.
 */
async function post(db: Kysely<DB>, which: RawBuilder<SqlBool>, sign: 1 | -1): Promise<void> {
  const signed = sql.lit(sign);
  await sql`
    insert into sales_daily_summary (${KEY}, amount, cases, orders)
    select ${KEY}, ${signed} * sum(amount), ${signed} * sum(cases), ${signed} * count(*)::integer
    from (
      select o.tenant_id, x.kind, (o.ordered_at at time zone 'Asia/Shanghai')::date as day, o.org_code,
        coalesce(o.sales_rep_id, '') as sales_rep_id, coalesce(o.seller_id, '') as seller_id,
        coalesce(${orderDealer('o')}, '') as dealer_id, coalesce(c.customer_type, '') as customer_type,
        x.item_id, sum(l.amount) as amount,
        coalesce(sum(l.base_qty::numeric / k.units_per_case) filter (where not l.is_gift), 0) as cases
      from sales_orders o
        join sales_order_lines l on l.order_id = o.id
        join skus k on k.id = l.sku_id
        left join customers c on c.id = o.buyer_id
        cross join lateral (values ('ORDER', ''), ('BRAND', k.brand_id), ('CATEGORY', k.category_id),
          ('SKU', l.sku_id)) as x(kind, item_id)
      where ${which}
      group by o.id, c.customer_type, x.kind, x.item_id
    ) per_order
    group by ${KEY}
    on conflict (${KEY}) do update set
      amount = sales_daily_summary.amount + excluded.amount,
      cases = sales_daily_summary.cases + excluded.cases,
      orders = sales_daily_summary.orders + excluded.orders`.execute(db);
  // A row no order counts in any more goes (its sums are then exactly zero: numeric adds without rounding).
  if (sign < 0)
    await sql`
      delete from sales_daily_summary s
      using (select distinct o.tenant_id, (o.ordered_at at time zone 'Asia/Shanghai')::date as day
        from sales_orders o where ${which}) d
      where s.tenant_id = d.tenant_id and s.kind in (${sql.join(SALES_SUMMARY_KINDS)}) and s.day = d.day
        and s.orders = 0`.execute(db);
}

const byIds = (orderIds: readonly string[]) =>
  sql<SqlBool>`o.id in (${sql.join(orderIds.map((id) => sql`${id}`))})`;

/** An order (or several) now counting as sales: placed, or back in the placed statuses. */
export async function addOrderSales(db: Kysely<DB>, orderIds: readonly string[]): Promise<void> {
  if (orderIds.length > 0) await post(db, byIds(orderIds), 1);
}

/** An order no longer counting as sales (rejected, cancelled, void), with the rows it was counted with. */
export async function removeOrderSales(db: Kysely<DB>, orderIds: readonly string[]): Promise<void> {
  if (orderIds.length > 0) await post(db, byIds(orderIds), -1);
}

/** The placed orders of a tenant with a line of one SKU. */
const placedWithSku = (tenantId: string, skuId: string) =>
  sql<SqlBool>`o.tenant_id = ${tenantId} and o.status not in (${sql.join(NOT_SALES)})
    and exists (select 1 from sales_order_lines sl where sl.order_id = o.id and sl.sku_id = ${skuId})`;

/**
 * Runs `edit`, a change of a SKU to `next`: when its brand, category or case size changes, the placed orders with
 * it are taken out of the summary before and put back after, so their rows follow the SKU as the analysis
 * always read it (and what is later taken away is what was added).
 */
export async function editingSku<T>(
  trx: Kysely<DB>,
  tenantId: string,
  skuId: string,
  next: { brandId: string; categoryId: string; unitsPerCase: number },
  edit: () => Promise<T>,
): Promise<T> {
  const sku = await trx
    .selectFrom('skus')
    .select(['brand_id', 'category_id', 'units_per_case'])
    .where('id', '=', skuId)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (
    !sku ||
    (sku.brand_id === next.brandId &&
      sku.category_id === next.categoryId &&
      sku.units_per_case === Number(next.unitsPerCase))
  )
    return edit();
  await post(trx, placedWithSku(tenantId, skuId), -1);
  const result = await edit();
  await post(trx, placedWithSku(tenantId, skuId), 1);
  return result;
}

/** The summary built again from all placed orders of every tenant (the migration's backfill). */
export async function rebuildSalesSummary(db: Kysely<DB>): Promise<void> {
  await sql`delete from sales_daily_summary`.execute(db);
  await post(db, sql<SqlBool>`o.status not in (${sql.join(NOT_SALES)})`, 1);
}
