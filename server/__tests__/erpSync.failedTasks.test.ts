import { sql, type Insertable } from 'kysely';
import type { Database } from '../db';
import type { ErpSyncTasksTable } from '../db/schema';
import { apiClient, loginAs, openSeededDatabase, type ApiClient } from './support/auth';
import { testBackends, type TestDatabase } from './support/database';
import { startTestServer, type TestServer } from './support/server';

interface FailedTaskPage {
  records: Array<Record<string, unknown> & { taskNo: string }>;
  total: number;
  size: number;
  current: number;
  pages: number;
}

const STATUS_PATH = '/kingdee/sync/orders/status';

describe.each(testBackends())('failed ERP sync tasks on %s', (backend) => {
  let testDatabase: TestDatabase;
  let database: Database;
  let server: TestServer;
  let client: ApiClient;
  let admin: string;
  let t2admin: string;
  let serial = 0;

  beforeAll(async () => {
    testDatabase = await openSeededDatabase(backend);
    database = testDatabase.database;
    server = await startTestServer({ database });
    client = apiClient(server.baseUrl);
    admin = await loginAs(client, 'admin');
    t2admin = await loginAs(client, 't2admin');
    // The connections the tasks below name (a task's connection must exist).
    await database.db
      .insertInto('erp_connections')
      .values(
        ['kingdee-main', 'kingdee', 'tplus'].map((id) => ({
          id,
          tenant_id: 'A01',
          name: id,
          system_type: id === 'tplus' ? ('CHANJET_TPLUS' as const) : ('KINGDEE_K3CLOUD' as const),
          base_url: 'http://127.0.0.1:1',
          acct_id: 'acct',
          app_id: 'app',
          app_secret: 'secret',
          user_name: 'admin',
        })),
      )
      .execute();
  });
  afterAll(async () => {
    await server.close();
    await testDatabase.dispose();
  });
  beforeEach(async () => {
    await database.db.deleteFrom('erp_sync_tasks').execute();
  });

  type TaskRow = Insertable<ErpSyncTasksTable>;

  /** Inserts a task of tenant A01, direction 0, FAILED unless told otherwise; `minutesAgo` orders them. */
  async function insertTask(row: Partial<TaskRow> & { minutesAgo?: number } = {}) {
    serial += 1;
    const { minutesAgo = serial, ...columns } = row;
    const bizNo = `SO20240715${String(serial).padStart(4, '0')}`;
    await database.db
      .insertInto('erp_sync_tasks')
      .values({
        tenant_id: 'A01',
        task_no: `ST${String(serial).padStart(6, '0')}`,
        direction: 0,
        biz_type: 'SALES_ORDER',
        biz_id: `order-${serial}`,
        biz_no: bizNo,
        erp_form_id: 'SAL_SaleOrder',
        operation: 'SAVE',
        external_code: `${bizNo}-SAVE`,
        status: 'FAILED',
        created_at: sql<Date>`now() - make_interval(mins => ${minutesAgo})`,
        ...columns,
      })
      .execute();
    return `ST${String(serial).padStart(6, '0')}`;
  }

  const status = (query: string, token = admin) =>
    client.get<FailedTaskPage>(`${STATUS_PATH}?${query}`, token);
  const totalOf = async (query: string, token = admin) => (await status(query, token)).body.result.total;

  it('answers an empty page when there are no tasks (the state until the orders issue)', async () => {
    const { status: httpStatus, body } = await status('direction=0&pageNumber=0&size=10&includeIgnore=false');
    expect(httpStatus).toBe(200);
    expect(body).toEqual({
      success: true,
      code: 200,
      message: '操作成功！',
      result: { records: [], total: 0, size: 10, current: 1, pages: 0 },
      timestamp: expect.any(Number),
    });
  });

  it('answers a record with every field, dates in Asia/Shanghai', async () => {
    await database.db
      .insertInto('erp_sync_tasks')
      .values({
        tenant_id: 'A01',
        task_no: 'ST000001',
        connection_id: 'kingdee-main',
        direction: 0,
        biz_type: 'SALES_ORDER',
        biz_id: 'order-1',
        biz_no: 'SO202407150023',
        erp_form_id: 'SAL_SaleOrder',
        operation: 'SAVE',
        external_code: 'SO202407150023-SAVE',
        status: 'FAILED',
        attempt_count: 2,
        error_category: 'MASTER_DATA',
        last_error_message: '客户已禁用',
        next_retry_at: new Date('2024-07-15T16:30:00Z'),
        request_payload: JSON.stringify({ FormId: 'SAL_SaleOrder' }),
        created_at: new Date('2024-07-15T02:03:04Z'),
      })
      .execute();
    const { body } = await status('direction=0');
    expect(body.result.records).toEqual([
      {
        id: expect.stringMatching(/^\d+$/),
        taskNo: 'ST000001',
        bizType: 'SALES_ORDER',
        bizNo: 'SO202407150023',
        erpFormId: 'SAL_SaleOrder',
        operation: 'SAVE',
        externalCode: 'SO202407150023-SAVE',
        status: 'FAILED',
        attemptCount: 2,
        errorCategory: 'MASTER_DATA',
        lastErrorMessage: '客户已禁用',
        nextRetryAt: '2024-07-16 00:30:00',
        createdAt: '2024-07-15 10:03:04',
      },
    ]);
  });

  it('answers null for a task without error details or retry', async () => {
    await insertTask();
    const [record] = (await status('direction=0')).body.result.records;
    expect(record).toMatchObject({ errorCategory: null, lastErrorMessage: null, nextRetryAt: null });
  });

  it('counts only the caller’s tenant: a B01 task never counts for A01', async () => {
    await insertTask();
    await insertTask({ tenant_id: 'B01' });
    await insertTask({ tenant_id: 'B01' });
    expect(await totalOf('direction=0')).toBe(1);
    expect(await totalOf('direction=0', t2admin)).toBe(2);
    const b01 = (await status('direction=0', t2admin)).body.result.records.map((record) => record.taskNo);
    const a01 = (await status('direction=0')).body.result.records.map((record) => record.taskNo);
    expect(b01.some((taskNo) => a01.includes(taskNo))).toBe(false);
  });

  it('counts one direction at a time', async () => {
    await insertTask({ direction: 0 });
    await insertTask({ direction: 1 });
    await insertTask({ direction: 1 });
    expect(await totalOf('direction=0')).toBe(1);
    expect(await totalOf('direction=1')).toBe(2);
  });

  it('counts FAILED tasks, and IGNORED ones only with includeIgnore=true', async () => {
    for (const taskStatus of ['PENDING', 'RUNNING', 'SUCCESS', 'FAILED', 'IGNORED', 'MANUAL_DONE'] as const) {
      await insertTask({ status: taskStatus });
    }
    const failedOnly = await status('direction=0&includeIgnore=false');
    expect(failedOnly.body.result.total).toBe(1);
    expect(failedOnly.body.result.records.map((record) => record.status)).toEqual(['FAILED']);
    expect(await totalOf('direction=0')).toBe(1);
    const withIgnored = await status('direction=0&includeIgnore=true');
    expect(withIgnored.body.result.records.map((record) => record.status).sort()).toEqual([
      'FAILED',
      'IGNORED',
    ]);
  });

  it('pages newest first, pageNumber counting from 0', async () => {
    const taskNos: string[] = [];
    for (let minutesAgo = 1; minutesAgo <= 23; minutesAgo++) taskNos.push(await insertTask({ minutesAgo }));
    const page = async (pageNumber: number) =>
      (await status(`direction=0&pageNumber=${pageNumber}&size=10&includeIgnore=false`)).body.result;

    const first = await page(0);
    expect(first).toMatchObject({ total: 23, size: 10, current: 1, pages: 3 });
    expect(first.records.map((record) => record.taskNo)).toEqual(taskNos.slice(0, 10));
    expect((await page(1)).records.map((record) => record.taskNo)).toEqual(taskNos.slice(10, 20));
    const last = await page(2);
    expect(last).toMatchObject({ current: 3, pages: 3 });
    expect(last.records.map((record) => record.taskNo)).toEqual(taskNos.slice(20));
    expect((await page(3)).records).toEqual([]);
  });

  it('breaks ties of the same moment by the newest id', async () => {
    const moment = new Date('2024-07-15T02:00:00Z');
    const older = await insertTask({ created_at: moment });
    const newer = await insertTask({ created_at: moment });
    const { records } = (await status('direction=0')).body.result;
    expect(records.map((record) => record.taskNo)).toEqual([newer, older]);
  });

  it('uses the defaults pageNumber 0, size 10, includeIgnore false and ignores a cache-buster', async () => {
    for (let index = 0; index < 12; index++) await insertTask();
    await insertTask({ status: 'IGNORED' });
    const { body } = await status(`direction=0&_t=${Date.now()}`);
    expect(body.result).toMatchObject({ total: 12, size: 10, current: 1, pages: 2 });
    expect(body.result.records).toHaveLength(10);
    expect((await status('direction=0&size=200')).body.result.records).toHaveLength(12);
  });

  it('is open to every signed-in user, and to no one else', async () => {
    await insertTask();
    expect(await totalOf('direction=0', await loginAs(client, 'wangfang'))).toBe(1);
    const { status: httpStatus, body } = await client.get(`${STATUS_PATH}?direction=0`);
    expect(httpStatus).toBe(401);
    expect(body.message).toBe('未登录，请先登录');
  });

  it.each([
    ['', '参数 direction 不能为空'],
    ['direction=2', '参数 direction 应为 0、1 之一'],
    ['direction=push', '参数 direction 应为整数'],
    ['direction=0&pageNumber=-1', '参数 pageNumber 不能小于 0'],
    ['direction=0&pageNumber=100001', '参数 pageNumber 不能大于 100000'],
    ['direction=0&size=0', '参数 size 不能小于 1'],
    ['direction=0&size=201', '参数 size 不能大于 200'],
    ['direction=0&size=1.5', '参数 size 应为整数'],
    ['direction=0&includeIgnore=maybe', '参数 includeIgnore 应为布尔值'],
  ])('refuses ?%s with 400 %s', async (query, message) => {
    const { status: httpStatus, body } = await status(query);
    expect(httpStatus).toBe(400);
    expect(body).toMatchObject({ success: false, code: 400, message });
  });

  describe('the table', () => {
    const violation = async (row: Partial<TaskRow>) => {
      try {
        await insertTask(row);
      } catch (error) {
        return (error as { code?: string }).code;
      }
      return undefined;
    };

    it('keeps external codes unique per tenant and connection, a missing connection included', async () => {
      await insertTask({ external_code: 'SO1-SAVE' });
      expect(await violation({ external_code: 'SO1-SAVE' })).toBe('23505');
      expect(await violation({ external_code: 'SO1-SAVE', tenant_id: 'B01' })).toBeUndefined();
      await insertTask({ external_code: 'SO2-SAVE', connection_id: 'kingdee' });
      expect(await violation({ external_code: 'SO2-SAVE', connection_id: 'kingdee' })).toBe('23505');
      expect(await violation({ external_code: 'SO2-SAVE', connection_id: 'tplus' })).toBeUndefined();
    });

    it.each([
      [{ status: 'DONE' }],
      [{ direction: 2 }],
      [{ operation: 'POST' }],
      [{ biz_type: 'INVOICE' }],
      [{ error_category: 'OTHER' }],
      [{ triggered_by: 'CRON' }],
      [{ attempt_count: -1 }],
      [{ max_attempts: 0 }],
    ])('refuses the value %j', async (row) => {
      expect(await violation(row as Partial<TaskRow>)).toBe('23514');
    });

    it('fills the defaults of a new task', async () => {
      await database.db
        .insertInto('erp_sync_tasks')
        .values({
          tenant_id: 'A01',
          task_no: 'ST-DEFAULTS',
          direction: 1,
          biz_type: 'CUSTOMER',
          biz_id: 'customer-1',
          biz_no: 'CU0001',
          erp_form_id: 'BD_Customer',
          operation: 'SAVE',
          external_code: 'CU0001-SAVE',
        })
        .execute();
      expect(
        await database.db
          .selectFrom('erp_sync_tasks')
          .select(['status', 'attempt_count', 'max_attempts', 'triggered_by', 'connection_id'])
          .executeTakeFirstOrThrow(),
      ).toEqual({
        status: 'PENDING',
        attempt_count: 0,
        max_attempts: 5,
        triggered_by: 'AUTO',
        connection_id: null,
      });
    });
  });
});
