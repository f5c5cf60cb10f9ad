// The expiry job (DOMAIN §1.6): a NORMAL lot past its expiry date becomes EXPIRED (by SYS, "blocks sale"), and
// a lot entering the near-expiry (临期) window of the freshness rules is noted once; each with a row in the
// operation log of its tenant, written as 系统. The server runs it on an interval (STOCK_EXPIRY_INTERVAL_MS);
// tests call it directly. Allocation does not wait for it: a lot past its expiry date is EXPIRED to every
// allocation already (currentLotStatus in service.ts); the job makes the state visible and filterable.
//
// Every instance runs it: rows are taken with SKIP LOCKED and changed only from the state they were read in,
// so two runs at once, or a run beside a command that holds a lot, never mark or log a lot twice.
import { sql, type Kysely, type Transaction } from 'kysely';
import { formatQuantity } from '../../../common/quantity';
import { isoDate } from '../../db/dates';
import type { DB } from '../../db/schema';
import { OperateType, systemRequestInfo, writeOperationLog } from '../auth/sysLog';
import { freshnessSql, NEAR_EXPIRY_WINDOWS } from './stockAge';

/** Lots marked per kind and run at most; a backlog drains run by run. */
const EXPIRY_BATCH = 500;

/** The operation log's request columns for a row the system writes by itself. */
const SYSTEM_JOB = systemRequestInfo('stock-expiry');

const today = sql<string>`(now() at time zone 'Asia/Shanghai')::date`;
const remainingDays = sql<number>`(stock_lots.expiry_date - ${today})`;
/** The widest near-expiry window: no lot further from its expiry date can be near it. */
const WIDEST_WINDOW_DAYS = Math.max(...NEAR_EXPIRY_WINDOWS.map((rule) => rule.windowDays));

export interface MarkedLot {
  id: string;
  tenantId: string;
  batchNo: string;
}

export interface LotExpiryRun {
  expired: MarkedLot[];
  nearExpiry: MarkedLot[];
}

/** Marks the lots due today; answers which it marked. */
export async function markLotExpiry(db: Kysely<DB>): Promise<LotExpiryRun> {
  return db.transaction().execute(async (trx) => {
    const expiredIds = await trx
      .updateTable('stock_lots')
      .set({ lot_status: 'EXPIRED', updated_at: new Date(), updated_by: null })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('stock_lots')
          .select('id')
          .where('lot_status', '=', 'NORMAL')
          .where('expiry_date', '<', today)
          .orderBy('expiry_date')
          .limit(EXPIRY_BATCH)
          .forUpdate()
          .skipLocked(),
      )
      .where('lot_status', '=', 'NORMAL')
      .returning('id')
      .execute();
    const nearIds = await trx
      .updateTable('stock_lots')
      .set({ near_expiry_noted_on: today })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('stock_lots')
          .innerJoin('skus', 'skus.id', 'stock_lots.sku_id')
          .select('stock_lots.id')
          .where('stock_lots.lot_status', '=', 'NORMAL')
          .where('stock_lots.expiry_date', '>=', today)
          .where('stock_lots.expiry_date', '<=', sql<string>`${today} + ${WIDEST_WINDOW_DAYS}::integer`)
          .where('stock_lots.near_expiry_noted_on', 'is', null)
          .where('stock_lots.qty_on_hand', '>', 0)
          .where(freshnessSql(remainingDays, sql<number>`skus.shelf_life_days`), '=', 'NEAR_EXPIRY')
          .orderBy('stock_lots.expiry_date')
          .limit(EXPIRY_BATCH)
          .forUpdate('stock_lots')
          .skipLocked(),
      )
      .where('near_expiry_noted_on', 'is', null)
      .returning('id')
      .execute();
    const expired = await logMarked(
      trx,
      expiredIds.map((row) => row.id),
      '批次过期',
      '，系统标记为已过期',
    );
    const nearExpiry = await logMarked(
      trx,
      nearIds.map((row) => row.id),
      '批次临期',
      '，已进入临期预警',
    );
    return { expired, nearExpiry };
  });
}

/** One operation-log row per marked lot, in the lot's tenant, naming warehouse, SKU, batch and stock. */
async function logMarked(
  trx: Transaction<DB>,
  ids: string[],
  what: string,
  outcome: string,
): Promise<MarkedLot[]> {
  if (ids.length === 0) return [];
  const lots = await trx
    .selectFrom('stock_lots')
    .innerJoin('warehouses', 'warehouses.id', 'stock_lots.warehouse_id')
    .innerJoin('skus', 'skus.id', 'stock_lots.sku_id')
    .select([
      'stock_lots.id',
      'stock_lots.tenant_id as tenantId',
      'stock_lots.batch_no as batchNo',
      isoDate('stock_lots.expiry_date').as('expiryDate'),
      'stock_lots.qty_on_hand as qtyOnHand',
      'warehouses.name as warehouseName',
      'skus.name as skuName',
      'skus.units_per_case as unitsPerCase',
      'skus.sale_unit as caseUnit',
      'skus.base_unit as baseUnit',
    ])
    .where('stock_lots.id', 'in', ids)
    .orderBy('stock_lots.id')
    .execute();
  for (const lot of lots) {
    const stock = formatQuantity(lot.qtyOnHand, lot);
    await writeOperationLog(trx, SYSTEM_JOB, {
      content: `${what}：${lot.warehouseName} ${lot.skuName} 批号 ${lot.batchNo} 到期日 ${lot.expiryDate}，在库 ${stock}${outcome}`,
      operateType: OperateType.update,
      username: '系统',
      userId: null,
      tenantId: lot.tenantId,
    });
  }
  return lots.map((lot) => ({ id: lot.id, tenantId: lot.tenantId, batchNo: lot.batchNo }));
}
