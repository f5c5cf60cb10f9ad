// Stock counted per warehouse and item (spare parts of the repair service, POSM materials): one row per pair,
// an increase creates or adds to it, a decrease only succeeds while enough is there — a conditional update, so
// of two concurrent takes of the last unit one gets a 409.
import { sql, type Kysely } from 'kysely';
import { newId } from '../../db/ids';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../http/envelope';

/** Where a kind of counted stock lives: its table, the column naming the item and the column of the count. */
export interface CountedStockTable {
  table: 'spare_stocks' | 'posm_stocks';
  itemColumn: 'part_id' | 'material_id';
  qtyColumn: 'qty_on_hand' | 'qty';
}

/**
 * Adds `delta` (negative: takes) to the count of `itemId` in `warehouseId`; the new balance. The caller's
 * transaction; a BusinessError 409 with `shortMessage(have)` when a take finds less than it needs.
 */
export async function changeCountedStock(
  trx: Kysely<DB>,
  where: CountedStockTable,
  key: { tenantId: string; warehouseId: string; itemId: string },
  delta: number,
  shortMessage: (have: number) => string,
): Promise<number> {
  const table = sql.table(where.table);
  const item = sql.ref(where.itemColumn);
  const qty = sql.ref(where.qtyColumn);
  if (delta >= 0) {
    const { rows } = await sql<{ balance: number }>`
      insert into ${table} (id, tenant_id, warehouse_id, ${item}, ${qty})
      values (${newId()}, ${key.tenantId}, ${key.warehouseId}, ${key.itemId}, ${delta})
      on conflict (tenant_id, warehouse_id, ${item})
      do update set ${qty} = ${sql.ref(`${where.table}.${where.qtyColumn}`)} + ${delta}, updated_at = now()
      returning ${qty} as balance`.execute(trx);
    return rows[0].balance;
  }
  const { rows } = await sql<{ balance: number }>`
    update ${table} set ${qty} = ${qty} - ${-delta}, updated_at = now()
    where tenant_id = ${key.tenantId} and warehouse_id = ${key.warehouseId} and ${item} = ${key.itemId}
      and ${qty} >= ${-delta}
    returning ${qty} as balance`.execute(trx);
  if (rows.length > 0) return rows[0].balance;
  const { rows: have } = await sql<{ balance: number }>`
    select ${qty} as balance from ${table}
    where tenant_id = ${key.tenantId} and warehouse_id = ${key.warehouseId} and ${item} = ${key.itemId}`.execute(
    trx,
  );
  throw new BusinessError(409, shortMessage(have[0]?.balance ?? 0));
}
