// 临期预警's 退货 and 换货 (DOMAIN §1.6): goods a rep saw near or past their expiry on an outlet's shelf go back
// against the order that brought them there. A stock check records the SKU and the oldest production date seen, so
// the order line is one that shipped that SKU's batch of that production date to the outlet: of the outlet's orders
// whose state allows a return (in the caller's data scope), the latest shipped whose line may still give goods back.
// The dialog is then the order's own 退货 / 换货, filled with the goods seen (at most what the line may give back).
import { sql, type Kysely } from 'kysely';
import { statusesAllowing, type ShelfGoodsLine } from '../../../common/orders';
import { isoDate } from '../../db/dates';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';
import type { Caller } from '../shared/actor';
import { notFound } from '../shared/commands';
import { dataScopeOf } from '../shared/dataScope';
import { visitScope } from '../visits/records';
import { openClaims, returnableQty } from './queries';
import { orderScope } from './state';

export async function shelfGoodsLine(
  db: Kysely<DB>,
  caller: Caller,
  checkId: string,
): Promise<ShelfGoodsLine> {
  const scope = await dataScopeOf(db, caller.tenantId, caller.userId);
  const check = await db
    .selectFrom('outlet_stock_checks')
    .innerJoin('visit_records', 'visit_records.id', 'outlet_stock_checks.visit_id')
    .innerJoin('customers', 'customers.id', 'outlet_stock_checks.customer_id')
    .innerJoin('skus', 'skus.id', 'outlet_stock_checks.sku_id')
    .where('outlet_stock_checks.id', '=', checkId)
    .where('outlet_stock_checks.tenant_id', '=', caller.tenantId)
    .where(visitScope(scope))
    .select([
      'outlet_stock_checks.customer_id as customerId',
      'outlet_stock_checks.sku_id as skuId',
      'outlet_stock_checks.base_qty as baseQty',
      isoDate<string | null>('outlet_stock_checks.oldest_production_date').as('productionDate'),
      'customers.name as outletName',
      'skus.name as skuName',
      'skus.units_per_case as unitsPerCase',
    ])
    .executeTakeFirst();
  if (!check) throw notFound('门店库存检查');
  if (!check.productionDate) throw new BusinessError(409, '该门店库存检查未记录生产日期，无法确定批次');
  const goods = `${check.skuName}（生产日期 ${check.productionDate}）`;
  const lines = await db
    .selectFrom('sales_orders')
    .innerJoin('shipments', 'shipments.order_id', 'sales_orders.id')
    .innerJoin('shipment_lines', 'shipment_lines.shipment_id', 'shipments.id')
    .innerJoin('sales_order_lines', 'sales_order_lines.id', 'shipment_lines.order_line_id')
    .where('sales_orders.tenant_id', '=', caller.tenantId)
    .where('sales_orders.buyer_id', '=', check.customerId)
    .where('sales_orders.status', 'in', statusesAllowing('return'))
    .where(orderScope(scope))
    .where('shipment_lines.sku_id', '=', check.skuId)
    .where('shipment_lines.production_date', '=', check.productionDate)
    .groupBy(['sales_orders.id', 'sales_order_lines.id'])
    .select([
      'sales_orders.id as orderId',
      'sales_orders.order_no as orderNo',
      'sales_orders.status',
      'sales_order_lines.id',
      'sales_order_lines.shipped_base_qty',
      'sales_order_lines.returned_base_qty',
      sql<string>`min(shipment_lines.batch_no)`.as('batchNo'),
      sql<number>`sum(shipment_lines.base_qty)::integer`.as('batchQty'),
    ])
    .orderBy(sql`max(shipments.shipped_at)`, 'desc')
    .orderBy('sales_orders.id', 'desc')
    .orderBy('sales_order_lines.id')
    .execute();
  if (lines.length === 0) {
    throw new BusinessError(404, `未找到向 ${check.outletName} 发出 ${goods}且可退换货的订单`);
  }
  for (const line of lines) {
    const returnable = returnableQty(line, await openClaims(db, line.orderId));
    if (returnable > 0) {
      return {
        orderId: line.orderId,
        orderNo: line.orderNo,
        status: line.status,
        orderLineId: line.id,
        skuId: check.skuId,
        batchNo: line.batchNo,
        productionDate: check.productionDate,
        baseQty: Math.min(check.baseQty, returnable, line.batchQty),
        returnableBaseQty: returnable,
        unitsPerCase: check.unitsPerCase,
      };
    }
  }
  throw new BusinessError(
    409,
    `${check.outletName} 的订单 ${[...new Set(lines.map((line) => line.orderNo))].join('、')} 中 ${goods} 已全部退回或正在退换货`,
  );
}
