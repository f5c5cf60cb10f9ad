// The sync worker and the ERP screens' API against the simulator: the seeded demo failures, success and
// attempts, the backoff schedule, the AUTH pause, the MAPPING hold and its release by a fixed mapping,
// retry / ignore / manual done with their rules, the counters, an order's record and resync, the ERP
// configuration, and tenant isolation.
import type { Page } from '../../common/contract';
import { ERP_SYNC_BACKOFF_MINUTES } from '../../common/erpSync';
import type { ErpSyncDocument } from '../db/schema';
import type { ErpRuntime } from '../integrations/erp';
import type { SimulatorControl } from '../integrations/erp/simulator';
import { enqueueSyncTask, onSyncTaskSettled, type SyncTaskSummary } from '../modules/erpSync/tasks';
import { backoffMinutes, runDueSyncTasks } from '../modules/erpSync/worker';
import { FORBIDDEN, queryString, type BusinessTestbed } from './support/business';
import { testBackends } from './support/database';
import {
  controlErpSimulator,
  expectTaskHidden,
  openErpTestbed,
  type SyncTaskRecord,
} from './support/erpSimulator';

const COUNTERS = '/kingdee/sync/orders/status?direction=0&pageNumber=0&size=10&includeIgnore=false';

describe.each(testBackends())('ERP sync on %s', (backend) => {
  let bed: BusinessTestbed;
  let runtime: ErpRuntime;
  let connectionId: string;
  let serial = 0;
  const settled: SyncTaskSummary[] = [];
  let stopListening: () => void;

  beforeAll(async () => {
    ({ bed, runtime, brandConnectionId: connectionId } = await openErpTestbed(backend));
    stopListening = onSyncTaskSettled(['SALES_ORDER'], async (_trx, task) => {
      settled.push(task);
    });
  });
  afterAll(async () => {
    stopListening();
    await bed.close();
  });
  beforeEach(async () => {
    settled.length = 0;
    await control({ action: 'reset' });
  });

  const db = () => bed.testDatabase.database.db;

  const control = (body: SimulatorControl) => controlErpSimulator(bed.server.baseUrl, body);

  /** A sales order document whose parties and material are mapped in the demo connection. */
  async function mappedDocument(): Promise<ErpSyncDocument> {
    const mapped = (type: 'CUSTOMER' | 'SKU' | 'WAREHOUSE') =>
      db()
        .selectFrom('erp_mappings')
        .select(['local_id', 'local_code'])
        .where('connection_id', '=', connectionId)
        .where('entity_type', '=', type)
        .where('status', '=', 'OK')
        .orderBy('local_code')
        .executeTakeFirstOrThrow();
    const [customer, sku, warehouse] = await Promise.all([
      mapped('CUSTOMER'),
      mapped('SKU'),
      mapped('WAREHOUSE'),
    ]);
    return {
      date: '2026-11-21',
      customer: { id: customer.local_id, code: customer.local_code },
      warehouse: { id: warehouse.local_id, code: warehouse.local_code },
      lines: [
        {
          lineNo: 1,
          material: { id: sku.local_id, code: sku.local_code },
          unit: '箱',
          qty: 2,
          price: 50,
          taxRate: 0.13,
          amount: 100,
        },
      ],
    };
  }

  async function enqueue(document?: ErpSyncDocument) {
    serial += 1;
    const bizNo = `SOT${backend}${String(serial).padStart(4, '0')}`;
    const task = await enqueueSyncTask(db(), {
      tenantId: 'A01',
      bizType: 'SALES_ORDER',
      bizId: `order-${bizNo}`,
      bizNo,
      operation: 'SAVE',
      document: document ?? (await mappedDocument()),
    });
    return task!;
  }

  const run = (taskIds?: string[]) => runDueSyncTasks(db(), runtime, { tenantId: 'A01', taskIds });
  const taskRow = (id: string) =>
    db().selectFrom('erp_sync_tasks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const failedCount = async (caller: 'admin' | 't2admin' = 'admin') =>
    (await bed.get<Page<unknown>>(caller, COUNTERS)).body.result!.total;

  it('seeds two real demo failures of A01 waiting on their mappings', async () => {
    const list = await bed.get<Page<SyncTaskRecord>>('admin', '/kingdee/sync/orders/list?bizType=CUSTOMER');
    expect(list.body.result!.records).toHaveLength(2);
    for (const record of list.body.result!.records) {
      expect(record).toMatchObject({
        status: 'FAILED',
        errorCategory: 'MAPPING',
        attemptCount: 1,
        nextRetryAt: null,
      });
    }
    expect(await failedCount('t2admin')).toBe(0);
  });

  it("lists the customer archives' failures and the orders' on tabs of their own (record)", async () => {
    const bizTypes = async (record: string) =>
      (
        await bed.get<Page<SyncTaskRecord>>(
          'admin',
          `/kingdee/sync/orders/list?record=${record}&pageSize=100`,
        )
      ).body.result!.records.map((task) => task.bizType);
    expect(await bizTypes('ARCHIVE')).toEqual(['CUSTOMER', 'CUSTOMER']);
    const orders = await bizTypes('ORDER');
    expect(orders.length).toBeGreaterThan(0);
    expect(orders).not.toContain('CUSTOMER');
    const wrong = await bed.get('admin', '/kingdee/sync/orders/list?record=CUSTOMER');
    expect(wrong.status).toBe(400);
  });

  it('pushes a due task, records the attempt and tells the listeners', async () => {
    const task = await enqueue();
    const [result] = await run([task.id]);
    expect(result).toMatchObject({ id: task.id, status: 'SUCCESS', erpBillNo: task.bizNo });
    const row = await taskRow(task.id);
    expect(row).toMatchObject({ attempt_count: 1, next_retry_at: null, error_category: null });
    expect(JSON.stringify(row.request_payload)).not.toContain('sim-erp-secret');
    const attempts = await db()
      .selectFrom('erp_sync_attempts')
      .selectAll()
      .where('task_id', '=', task.id)
      .execute();
    expect(attempts).toEqual([
      expect.objectContaining({ attempt_no: 1, success: true, triggered_by: 'AUTO' }),
    ]);
    expect(settled.map((each) => [each.id, each.status])).toEqual([[task.id, 'SUCCESS']]);
  });

  it('settles the other tasks of a run when a listener refuses one, which stays RUNNING until stale', async () => {
    const ids = [(await enqueue()).id, (await enqueue()).id];
    // The first task the run settles is refused, whichever of the two it takes first.
    let refused: string | undefined;
    const stop = onSyncTaskSettled(['SALES_ORDER'], async (_trx, task) => {
      if (refused !== undefined && refused !== task.id) return;
      refused = task.id;
      throw new Error('订单状态未能更新');
    });
    try {
      await expect(run(ids)).rejects.toThrow('订单状态未能更新');
    } finally {
      stop();
    }
    const other = ids.find((id) => id !== refused)!;
    expect(await taskRow(refused!)).toMatchObject({ status: 'RUNNING', attempt_count: 0 });
    expect(await taskRow(other)).toMatchObject({ status: 'SUCCESS', attempt_count: 1 });
    expect(settled.map((each) => each.id)).toContain(other);
    // Left for the stale-task sweep; not due for this test's later runs.
    await db().updateTable('erp_sync_tasks').set({ status: 'SUCCESS' }).where('id', '=', refused!).execute();
  });

  it('keeps a failed task FAILED and due again after 1m, 5m, 30m, 2h, 12h, then waits for a person', async () => {
    expect([1, 2, 3, 4, 5].map(backoffMinutes)).toEqual([...ERP_SYNC_BACKOFF_MINUTES]);
    const before = await failedCount();
    const task = await enqueue();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await control({ action: 'failNext', category: 'STOCK' });
      await db()
        .updateTable('erp_sync_tasks')
        .set({ next_retry_at: new Date(Date.now() - 1000) })
        .where('id', '=', task.id)
        .execute();
      await run();
      const row = await taskRow(task.id);
      expect(row).toMatchObject({ status: 'FAILED', attempt_count: attempt, error_category: 'STOCK' });
      if (attempt < 5) {
        const minutes = (row.next_retry_at!.getTime() - Date.now()) / 60_000;
        expect(minutes).toBeGreaterThan(ERP_SYNC_BACKOFF_MINUTES[attempt - 1] - 1);
        expect(minutes).toBeLessThanOrEqual(ERP_SYNC_BACKOFF_MINUTES[attempt - 1]);
      } else {
        expect(row.next_retry_at).toBeNull();
      }
    }
    expect(await failedCount()).toBe(before + 1);
    // A task not yet due is left alone.
    expect(await run()).toEqual([]);
  });

  it('pauses the connection on AUTH until a good connection test re-queues its tasks', async () => {
    const task = await enqueue();
    const other = await enqueue();
    await control({ action: 'failNext', category: 'AUTH' });
    await run([task.id]);
    expect(await taskRow(task.id)).toMatchObject({
      status: 'FAILED',
      error_category: 'AUTH',
      next_retry_at: null,
    });
    const paused = await db()
      .selectFrom('erp_connections')
      .select('status')
      .where('id', '=', connectionId)
      .executeTakeFirstOrThrow();
    expect(paused.status).toBe('AUTH_FAILED');
    // The other due task waits while the connection is paused.
    expect(await run()).toEqual([]);
    const test = await bed.post<{ success: boolean; requeued: number }>(
      'admin',
      '/eErpConfig/connection/test',
      { id: connectionId },
    );
    expect(test.body.result).toMatchObject({ success: true, requeued: 1 });
    const ran = await run();
    expect(ran.map((each) => [each.id, each.status]).sort()).toEqual(
      [
        [task.id, 'SUCCESS'],
        [other.id, 'SUCCESS'],
      ].sort(),
    );
  });

  it('holds a task with a missing mapping until the mapping is fixed', async () => {
    const document = await mappedDocument();
    const sku = await db()
      .selectFrom('skus')
      .select(['id', 'sku_code', 'name'])
      .where('tenant_id', '=', 'A01')
      .where('erp_material_code', 'is', null)
      .executeTakeFirstOrThrow();
    document.lines.push({
      ...document.lines[0],
      lineNo: 2,
      material: { id: sku.id, code: sku.sku_code, name: sku.name },
    });
    const task = await enqueue(document);
    await run([task.id]);
    const row = await taskRow(task.id);
    expect(row).toMatchObject({ status: 'FAILED', error_category: 'MAPPING', next_retry_at: null });
    expect(row.last_error_message).toContain(sku.sku_code);
    const detail = await bed.get<{ missingMappings: Array<{ id: string; localCode: string }> }>(
      'admin',
      `/kingdee/sync/orders/detail?id=${task.id}`,
    );
    const [missing] = detail.body.result!.missingMappings;
    expect(missing.localCode).toBe(sku.sku_code);
    const unmapped = await bed.get<Page<{ id: string }>>(
      'admin',
      `/eErpConfig/mapping/list${queryString({ connectionId, unmappedOnly: true, entityType: 'SKU' })}`,
    );
    expect(unmapped.body.result!.records.map((each) => each.id)).toContain(missing.id);
    await db()
      .updateTable('erp_sync_tasks')
      .set({ updated_at: new Date(Date.now() - 3_600_000) })
      .where('id', '=', task.id)
      .execute();
    expect((await run()).map((each) => each.id)).not.toContain(task.id);

    const fixed = await bed.put<{ requeued: number }>('admin', '/eErpConfig/mapping/edit', {
      id: missing.id,
      erpCode: 'MAT999999',
    });
    // Only the task naming this SKU: the demo failures wait on other rows.
    expect(fixed.body.result!.requeued).toBe(1);
    expect(await taskRow(task.id)).toMatchObject({ status: 'PENDING' });
    expect((await run([task.id]))[0]).toMatchObject({ status: 'SUCCESS' });
  });

  it('retries by hand at once, and the counters follow', async () => {
    const task = await enqueue();
    await control({ action: 'failNext', category: 'PRICE' });
    await run([task.id]);
    const before = await failedCount();
    const retried = await bed.post<{ success: number; failed: number }>(
      'admin',
      '/kingdee/sync/orders/retry',
      { ids: [task.id] },
    );
    expect(retried.body).toMatchObject({ success: true, result: { success: 1, failed: 0 } });
    expect(await taskRow(task.id)).toMatchObject({
      status: 'SUCCESS',
      triggered_by: 'MANUAL',
      attempt_count: 2,
    });
    expect(await failedCount()).toBe(before - 1);
    const again = await bed.post('admin', '/kingdee/sync/orders/retry', { ids: [task.id] });
    expect(again.body).toMatchObject({ success: false, code: 409 });
  });

  it('ignores only with a remark, and ignored tasks leave the counters', async () => {
    const task = await enqueue();
    await control({ action: 'failNext', category: 'BUSINESS' });
    await run([task.id]);
    const before = await failedCount();
    const blank = await bed.post('admin', '/kingdee/sync/orders/ignore', { ids: [task.id], remark: '  ' });
    expect(blank.body).toMatchObject({ success: false, message: '请填写忽略原因' });
    const ignored = await bed.post('admin', '/kingdee/sync/orders/ignore', {
      ids: [task.id],
      remark: '已在ERP手工补录',
    });
    expect(ignored.body.success).toBe(true);
    expect(await taskRow(task.id)).toMatchObject({
      status: 'IGNORED',
      remark: '已在ERP手工补录',
      handled_by: 'admin',
    });
    expect(await failedCount()).toBe(before - 1);
    const withIgnored = await bed.get<Page<unknown>>(
      'admin',
      COUNTERS.replace('includeIgnore=false', 'includeIgnore=true'),
    );
    expect(withIgnored.body.result!.total).toBeGreaterThanOrEqual(before);
    expect(settled.at(-1)).toMatchObject({ id: task.id, status: 'IGNORED' });
  });

  it('marks a task done by hand only with the ERP bill number', async () => {
    const task = await enqueue();
    await control({ action: 'failNext', category: 'DUPLICATE' });
    await run([task.id]);
    const blank = await bed.post('admin', '/kingdee/sync/orders/manualDone', { id: task.id, erpBillNo: '' });
    expect(blank.body).toMatchObject({ success: false, message: '请填写ERP单号' });
    const done = await bed.post('admin', '/kingdee/sync/orders/manualDone', {
      id: task.id,
      erpBillNo: 'XSDD000123',
    });
    expect(done.body.success).toBe(true);
    expect(await taskRow(task.id)).toMatchObject({ status: 'MANUAL_DONE', erp_bill_no: 'XSDD000123' });
    const twice = await bed.post('admin', '/kingdee/sync/orders/manualDone', { id: task.id, erpBillNo: 'X' });
    expect(twice.body).toMatchObject({ success: false, code: 409 });
  });

  it("answers an order's sync record and resyncs its failed tasks", async () => {
    const task = await enqueue();
    await control({ action: 'failNext', category: 'NETWORK', count: 3 });
    await run([task.id]);
    const record = await bed.get<Array<SyncTaskRecord & { attempts: unknown[] }>>(
      'admin',
      `/eOrder/eOrder/getOrderSyncRecord?id=${task.bizId}`,
    );
    expect(record.body.result).toEqual([
      expect.objectContaining({
        id: task.id,
        status: 'FAILED',
        errorCategory: 'NETWORK',
        attempts: [expect.anything()],
      }),
    ]);
    const listFail = await bed.get<Page<SyncTaskRecord>>(
      'admin',
      `/eOrder/eOrder/listFail?bizNo=${task.bizNo}`,
    );
    expect(listFail.body.result!.records.map((each) => each.id)).toEqual([task.id]);
    const resync = await bed.post('admin', '/eOrder/eOrder/resync', { id: task.bizId });
    expect(resync.body).toMatchObject({ success: true, message: '重新同步成功' });
    const none = await bed.post('admin', '/eOrder/eOrder/resync', { id: task.bizId });
    expect(none.body).toMatchObject({ success: false, message: '该订单没有同步失败的任务' });
  });

  it('keeps one tenant out of the other', async () => {
    const task = await enqueue();
    await control({ action: 'failNext', category: 'PRICE' });
    await run([task.id]);
    await expectTaskHidden(bed, 't2admin', task.id, task.bizId);
    expect((await bed.get<Page<unknown>>('t2admin', '/kingdee/sync/orders/list')).body.result!.total).toBe(0);
    expect((await bed.get<Page<unknown>>('t2admin', '/eErpConfig/connection/list')).body.result!.total).toBe(
      0,
    );
    expect(await failedCount('t2admin')).toBe(0);
    expect(await bed.get('wangfang', '/kingdee/sync/orders/list')).toMatchObject(FORBIDDEN);
  });

  it('never answers the secret, keeps it on a blank edit, and refuses a bad address', async () => {
    const list = await bed.get<Page<Record<string, unknown>>>('admin', '/eErpConfig/connection/list');
    expect(JSON.stringify(list.body)).not.toContain('sim-erp-secret');
    const connection = list.body.result!.records.find((each) => each.ownerType === 'BRAND')!;
    const base = {
      name: 'T+ 测试',
      systemType: 'CHANJET_TPLUS',
      baseUrl: '/sim/erp/tplus',
      acctId: 'SIM-T',
      appId: 'sim-erp-app',
      userName: 'administrator',
    };
    expect((await bed.post('admin', '/eErpConfig/connection/add', base)).body).toMatchObject({
      success: false,
      message: '请填写应用密钥',
    });
    expect(
      (
        await bed.post('admin', '/eErpConfig/connection/add', {
          ...base,
          appSecret: 'x',
          baseUrl: 'ftp://erp',
        })
      ).body,
    ).toMatchObject({ success: false, code: 400 });
    const added = await bed.post<{ id: string }>('admin', '/eErpConfig/connection/add', {
      ...base,
      appSecret: 'sim-erp-secret',
    });
    expect(added.body.success).toBe(true);
    const id = added.body.result!.id;
    await bed.put('admin', '/eErpConfig/connection/edit', { ...base, id, appSecret: '', timeoutMs: 3000 });
    const test = await bed.post<{ success: boolean }>('admin', '/eErpConfig/connection/test', { id });
    expect(test.body.result!.success).toBe(true);
    const mappings = await bed.get<Page<unknown>>('admin', `/eErpConfig/mapping/list?connectionId=${id}`);
    expect(mappings.body.result!.total).toBeGreaterThan(0);
    expect(connection.id).toBe(connectionId);
  });
});
