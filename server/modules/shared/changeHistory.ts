// The change history of business objects (DOMAIN §1.17 OperationLog before/after): a write is wrapped by
// trackChange, which reads the row before and after it and logs, with the operation-log row, only the fields
// that changed. Modules say which row and which business type; they never list fields or copy values.
import type { Kysely } from 'kysely';
import type { HistoryBizType } from '../../../common/changeHistory';
import type { DB } from '../../db/schema';
import { logOperation, type Actor, type OperationKind } from './actor';

/** Bookkeeping columns: they change with every write and tell nothing about the object. */
const UNTRACKED = new Set([
  'id',
  'tenant_id',
  'created_by',
  'created_at',
  'updated_by',
  'updated_at',
  'version',
]);

type Snapshot = Record<string, unknown> | null;

/** A value as the log keeps it: dates as ISO text, JSON values as they are. */
function logged(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Uint8Array) return undefined;
  return value ?? null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields whose value differs between two snapshots of a row, before and after. A new row (before null)
 * has every field it was given; a removed one (after null) every field it had.
 */
export function changedFields(
  before: Snapshot,
  after: Snapshot,
): { before: Snapshot; after: Snapshot } | null {
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const was: Record<string, unknown> = {};
  const is: Record<string, unknown> = {};
  for (const field of fields) {
    if (UNTRACKED.has(field)) continue;
    const old = before ? logged(before[field]) : null;
    const now = after ? logged(after[field]) : null;
    if (old === undefined || now === undefined || same(old, now)) continue;
    if (before) was[field] = old;
    if (after) is[field] = now;
  }
  if (Object.keys(was).length === 0 && Object.keys(is).length === 0) return null;
  return { before: before ? was : null, after: after ? is : null };
}

/** The tables whose rows are business objects with a history, and their business type (DOMAIN §1.17). */
export const HISTORY_TABLES = {
  customers: 'CUSTOMER',
  customer_labels: 'CUSTOMER_LABEL',
  skus: 'SKU',
  brands: 'BRAND',
  product_categories: 'PRODUCT_CATEGORY',
  price_lists: 'PRICE_LIST',
  warehouses: 'WAREHOUSE',
  stock_lots: 'STOCK_LOT',
  sales_orders: 'ORDER',
  asset_models: 'ASSET_MODEL',
  posm_materials: 'POSM_MATERIAL',
  posm_requests: 'MATERIAL_REQUEST',
  ad_price_items: 'AD_PRICE',
  ad_applications: 'AD_APPLICATION',
  display_policies: 'DISPLAY_POLICY',
  display_agreements: 'DISPLAY_AGREEMENT',
  spare_parts: 'SPARE_PART',
  service_providers: 'SERVICE_PROVIDER',
  service_engineers: 'SERVICE_ENGINEER',
  fault_codes: 'FAULT_CODE',
} as const satisfies Partial<Record<keyof DB, HistoryBizType>>;

export type HistoryTable = keyof typeof HISTORY_TABLES;

async function snapshotOf(
  trx: Kysely<DB>,
  table: HistoryTable,
  tenantId: string,
  id: string,
): Promise<Snapshot> {
  const untyped = trx as unknown as Kysely<Record<string, { id: string; tenant_id: string }>>;
  const row = await untyped
    .selectFrom(table)
    .selectAll()
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return (row as Snapshot | undefined) ?? null;
}

export interface TrackedChange {
  /**
   * Logs the command (as logOperation) with the fields of the row that changed since trackChange; `id` names
   * the row when it did not exist yet (an add).
   */
  log(kind: OperationKind, content: string, id?: string): Promise<void>;
}

/** Call inside the command's transaction before the write; `id` undefined for a row about to be added. */
export async function trackChange(
  trx: Kysely<DB>,
  actor: Actor,
  table: HistoryTable,
  id: string | undefined,
): Promise<TrackedChange> {
  const before = id === undefined ? null : await snapshotOf(trx, table, actor.tenantId, id);
  return {
    async log(kind, content, addedId) {
      const bizId = (addedId ?? id) as string;
      const after = await snapshotOf(trx, table, actor.tenantId, bizId);
      const changed = changedFields(before, after);
      await logOperation(trx, actor, kind, content, {
        bizType: HISTORY_TABLES[table],
        bizId,
        before: changed?.before ?? null,
        after: changed?.after ?? null,
      });
    },
  };
}
