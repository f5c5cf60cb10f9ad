// The ERP simulator (server/integrations/erp/simulator.ts) as the tests drive it over HTTP: its control endpoint
// and the bills it holds; and a business testbed for the sync worker, the demo's due tasks moved out of its runs.
import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../../db';
import type { DB, ErpSystemType } from '../../db/schema';
import type { ErpRuntime } from '../../integrations/erp';
import type { SimulatorControl } from '../../integrations/erp/simulator';
import { openBusinessTestbed, type BusinessTestbed, type Caller } from './business';

/** A bill as the simulator keeps it. */
export interface SimulatedBill {
  formId: string;
  number: string;
  externalCode?: string;
  documentStatus: string;
  customerCode?: string;
  settleTypeCode?: string;
  amount?: number;
  model: Record<string, unknown>;
}

/** A task as the failure list and an order's 同步记录 answer it (the fields the tests read). */
export interface SyncTaskRecord {
  id: string;
  bizType: string;
  bizType_dictText: string;
  bizNo: string;
  erpFormId: string;
  status: string;
  errorCategory: string | null;
  lastErrorMessage: string | null;
  attemptCount: number;
  nextRetryAt: string | null;
  erpBillNo: string | null;
}

/** Tells the simulator of the server at `baseUrl` to misbehave (or to forget everything: reset). */
export async function controlErpSimulator(baseUrl: string, body: SimulatorControl): Promise<void> {
  const response = await fetch(`${baseUrl}/sim/erp/control`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`ERP simulator control: HTTP ${response.status}`);
}

/** The bills the simulated ERP holds. */
export async function simulatedBills(baseUrl: string, system: ErpSystemType): Promise<SimulatedBill[]> {
  const response = await fetch(`${baseUrl}/sim/erp/state`);
  const state = (await response.json()) as { systems: Record<ErpSystemType, { bills: SimulatedBill[] }> };
  return state.systems[system].bills;
}

/**
 * The demo's most recent orders are still waiting to sync, due since the seed: left due, they would join every
 * run of a test file, more or fewer by the time of day. They wait until tomorrow.
 */
export async function parkDueSyncTasks(db: Kysely<DB>, tenantId = 'A01'): Promise<void> {
  await db
    .updateTable('erp_sync_tasks')
    .set({ next_retry_at: new Date(Date.now() + 86_400_000) })
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'PENDING')
    .execute();
}

export interface ErpTestbed {
  bed: BusinessTestbed;
  /** The server's ERP runtime with short pauses between network retries. */
  runtime: ErpRuntime;
  /** A01's own (brand) Kingdee connection: a dealer's (the demo has one on T+) takes only that dealer's orders. */
  brandConnectionId: string;
}

/** A seeded business testbed to run the sync worker on: its runtime, the brand's connection, nothing due. */
export async function openErpTestbed(backend: DatabaseKind): Promise<ErpTestbed> {
  const bed = await openBusinessTestbed(backend);
  const { db } = bed.testDatabase.database;
  const connection = await db
    .selectFrom('erp_connections')
    .select('id')
    .where('tenant_id', '=', 'A01')
    .where('owner_type', '=', 'BRAND')
    .executeTakeFirstOrThrow();
  await parkDueSyncTasks(db);
  return {
    bed,
    runtime: { ...bed.server.app.erpRuntime, retryDelayMs: () => 10 },
    brandConnectionId: connection.id,
  };
}

/** A caller of another tenant finds nothing of a task: its detail and its retry are 404, its order's record empty. */
export async function expectTaskHidden(
  bed: BusinessTestbed,
  caller: Caller,
  taskId: string,
  orderId: string,
) {
  expect((await bed.get(caller, `/kingdee/sync/orders/detail?id=${taskId}`)).body).toMatchObject({
    success: false,
    code: 404,
  });
  expect((await bed.post(caller, '/kingdee/sync/orders/retry', { ids: [taskId] })).body).toMatchObject({
    code: 404,
  });
  expect((await bed.get(caller, `/eOrder/eOrder/getOrderSyncRecord?id=${orderId}`)).body).toMatchObject({
    result: [],
  });
}
