import type { Database } from '../db';
import type { ErpSyncDocument } from '../db/schema';
import {
  enqueueSyncTask,
  externalCodeOf,
  onSyncTaskSettled,
  notifySettled,
  type SyncTaskSummary,
} from '../modules/erpSync/tasks';
import { openSeededDatabase } from './support/auth';
import { testBackends, type TestDatabase } from './support/database';

const DOCUMENT: ErpSyncDocument = {
  date: '2026-11-21',
  customer: { id: 'c1', code: 'CUST001', name: '门店一' },
  lines: [
    {
      lineNo: 1,
      material: { id: 's1', code: 'SKU001' },
      unit: '箱',
      qty: 2,
      price: 48,
      taxRate: 0.13,
      amount: 96,
    },
  ],
};

describe.each(testBackends())('the sync task contract on %s', (backend) => {
  let testDatabase: TestDatabase;
  let database: Database;

  beforeAll(async () => {
    testDatabase = await openSeededDatabase(backend);
    database = testDatabase.database;
  });
  afterAll(async () => {
    await testDatabase.dispose();
  });
  beforeEach(async () => {
    await database.db.deleteFrom('erp_sync_tasks').execute();
    await database.db.deleteFrom('erp_connections').execute();
  });

  const input = (bizNo: string) => ({
    tenantId: 'A01',
    bizType: 'SALES_ORDER' as const,
    bizId: `id-${bizNo}`,
    bizNo,
    operation: 'SAVE' as const,
    document: DOCUMENT,
  });

  async function addConnection(tenantId: string, systemType: 'KINGDEE_K3CLOUD' | 'CHANJET_TPLUS') {
    const id = `${tenantId}-${systemType}`;
    await database.db
      .insertInto('erp_connections')
      .values({
        id,
        tenant_id: tenantId,
        name: systemType,
        system_type: systemType,
        base_url: 'http://127.0.0.1:1/sim',
        acct_id: 'acct',
        app_id: 'app',
        app_secret: 'secret',
        user_name: 'admin',
      })
      .execute();
    return id;
  }

  it('answers null when the tenant has no ERP connection', async () => {
    expect(await enqueueSyncTask(database.db, input('SO1'))).toBeNull();
  });

  it('queues one task per document and operation, due at once, and answers the same task on repeat', async () => {
    const connectionId = await addConnection('A01', 'KINGDEE_K3CLOUD');
    const first = await enqueueSyncTask(database.db, input('SO2'));
    const again = await database.db.transaction().execute((trx) => enqueueSyncTask(trx, input('SO2')));
    expect(first).toMatchObject({
      connectionId,
      status: 'PENDING',
      externalCode: externalCodeOf('SO2', 'SAVE'),
    });
    expect(again?.id).toBe(first?.id);
    const rows = await database.db.selectFrom('erp_sync_tasks').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ erp_form_id: 'SAL_SaleOrder', document: DOCUMENT, triggered_by: 'AUTO' });
    expect(rows[0].next_retry_at).not.toBeNull();
    // Another operation of the same document is another task.
    const deletion = await enqueueSyncTask(database.db, { ...input('SO2'), operation: 'DELETE' });
    expect(deletion?.id).not.toBe(first?.id);
  });

  it('tells only the listeners of the task business type', async () => {
    await addConnection('A01', 'CHANJET_TPLUS');
    const task = (await enqueueSyncTask(database.db, input('SO3')))!;
    const seen: SyncTaskSummary[] = [];
    const stop = onSyncTaskSettled(['SALES_ORDER'], async (_trx, settled) => {
      seen.push(settled);
    });
    const stopOther = onSyncTaskSettled(['CUSTOMER'], async () => {
      throw new Error('not for me');
    });
    await database.db.transaction().execute((trx) => notifySettled(trx, { ...task, status: 'SUCCESS' }));
    stop();
    stopOther();
    expect(seen.map((each) => each.status)).toEqual(['SUCCESS']);
  });
});
