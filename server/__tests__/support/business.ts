// Set-up shared by the business-module tests: a seeded database, a server over real HTTP, and signed-in
// clients for the accounts the tests act as (admin of A01, zhangwei with three offices, wangfang without
// business permissions, t2admin of tenant B01).
import type { ApprovalRecord } from '../../../common/approvals';
import type { Page } from '../../../common/contract';
import type { FundAccountRecord } from '../../../common/rebates';
import type { DatabaseKind } from '../../db';
import { postCoins } from '../../modules/funds/ledger';
import { addDays } from '../../modules/stock/stockAge';
import { apiClient, loginAs, openSeededDatabase, type ApiAnswer } from './auth';
import type { TestDatabase } from './database';
import { startTestServer, type TestServer, type TestServerOptions } from './server';

export type Caller = 'admin' | 'zhangwei' | 'wangfang' | 't2admin';

export interface BusinessTestbed {
  testDatabase: TestDatabase;
  server: TestServer;
  get<T = unknown>(caller: Caller, path: string): Promise<ApiAnswer<T>>;
  post<T = unknown>(caller: Caller, path: string, body: unknown): Promise<ApiAnswer<T>>;
  put<T = unknown>(caller: Caller, path: string, body: unknown): Promise<ApiAnswer<T>>;
  /** POSTs a file as multipart field `file`, after the form `fields`. */
  upload<T = unknown>(
    caller: Caller,
    path: string,
    fileName: string,
    content: ArrayBuffer,
    fields?: Record<string, string>,
  ): Promise<ApiAnswer<T>>;
  /** GETs a file (POSTs `body` as JSON when given): the status, the headers and the bytes. */
  download(
    caller: Caller,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; headers: Headers; body: ArrayBuffer }>;
  close(): Promise<void>;
}

const CALLERS: Caller[] = ['admin', 'zhangwei', 'wangfang', 't2admin'];

export async function openBusinessTestbed(
  kind: DatabaseKind,
  options: Omit<TestServerOptions, 'database'> = {},
): Promise<BusinessTestbed> {
  const testDatabase = await openSeededDatabase(kind, { businessData: true });
  return serveBusinessTestbed(testDatabase, options);
}

/**
 * A testbed on a seeded database: a server of its own (with `options`), its clients signed in. Closing it
 * disposes of the database unless `sharesDatabase` (a second server on another testbed's database).
 */
export async function serveBusinessTestbed(
  testDatabase: TestDatabase,
  options: Omit<TestServerOptions, 'database'> = {},
  sharesDatabase = false,
): Promise<BusinessTestbed> {
  const server = await startTestServer({ ...options, database: testDatabase.database });
  const client = apiClient(server.baseUrl);
  const tokens = Object.fromEntries(
    await Promise.all(CALLERS.map(async (caller) => [caller, await loginAs(client, caller)] as const)),
  ) as Record<Caller, string>;
  return {
    testDatabase,
    server,
    get: (caller, path) => client.get(path, tokens[caller]),
    post: (caller, path, body) => client.post(path, body, tokens[caller]),
    put: (caller, path, body) => client.put(path, body, tokens[caller]),
    upload: async (caller, path, fileName, content, fields = {}) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('file', new Blob([content]), fileName);
      const response = await fetch(`${server.baseUrl}/api${path}`, {
        method: 'POST',
        headers: { 'x-access-token': tokens[caller] },
        body: form,
      });
      return { status: response.status, body: await response.json() };
    },
    download: async (caller, path, body) => {
      const response = await fetch(`${server.baseUrl}/api${path}`, {
        headers: {
          'x-access-token': tokens[caller],
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) }),
      });
      return { status: response.status, headers: response.headers, body: await response.arrayBuffer() };
    },
    close: async () => {
      await server.close();
      if (!sharesDatabase) await testDatabase.dispose();
    },
  };
}

/** `?a=1&b=2` from an object, skipping undefined values. */
export function queryString(params: Record<string, string | number | boolean | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The refusal of a permission route to a caller without the permission. */
/** The result of a successful answer; a refusal fails the test with the server's message. */
export async function ok<T>(
  answer: Promise<{ body: { success: boolean; message: string; result: T } }>,
): Promise<T> {
  const { body } = await answer;
  if (!body.success) throw new Error(body.message);
  return body.result;
}

/**
 * 启用 of a price list: submitted, and approved in the 审批中心 by the caller (an administrator, the approver of
 * the default PRICE_LIST flow).
 */
export async function activatePriceList(bed: BusinessTestbed, caller: Caller, id: string): Promise<void> {
  await ok(bed.post(caller, '/eMaterial/priceList/submit', { id }));
  const todo = await ok(
    bed.get<Page<ApprovalRecord>>(
      caller,
      `/approval/todo/list${queryString({ bizType: 'PRICE_LIST', pageSize: 100 })}`,
    ),
  );
  const task = todo.records.find((record) => record.bizId === id);
  if (!task) throw new Error(`no PRICE_LIST task of ${caller} for ${id}`);
  await ok(bed.post(caller, '/approval/approve', { taskId: task.taskId }));
}

/** The body of `/eMaterial/sku/add` for a bottled drink sold by the case of 24. */
export const bottledSku = (skuCode: string, name: string, brandId: string, categoryId: string) => ({
  skuCode,
  name,
  brandId,
  categoryId,
  packageType: 'PET',
  baseUnit: '瓶',
  saleUnit: '箱',
  unitsPerCase: 24,
  shelfLifeDays: 540,
});

export const FORBIDDEN = { status: 403, body: expect.objectContaining({ success: false, code: 403 }) };

/** A SKU priced for outlets (or several), an approved outlet and a dealer warehouse holding 40 cases of each. */
export interface OrderableGoods {
  skuId: string;
  skuIds: string[];
  outletId: string;
  warehouseId: string;
}

/** Today in Shanghai, as the server counts days. */
export const shanghaiToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

/** Sets up OrderableGoods as the tenant's admin `caller` does, every code starting with `prefix`. */
export async function orderableGoods(
  bed: BusinessTestbed,
  caller: Caller,
  prefix: string,
  orgCode: string,
  skuCount = 1,
): Promise<OrderableGoods> {
  const post = <T>(path: string, body: unknown) => ok(bed.post<T>(caller, path, body));
  const today = shanghaiToday();
  const brand = await post<{ id: string }>('/eMaterial/brand/add', {
    code: `${prefix}-BR`,
    name: `${prefix}品牌`,
  });
  const category = await post<{ id: string }>('/eMaterial/category/add', {
    code: `${prefix}-CAT`,
    name: `${prefix}品类`,
  });
  const skuIds: string[] = [];
  for (let index = 1; index <= skuCount; index += 1) {
    const suffix = skuCount === 1 ? '' : `-${index}`;
    const sku = await post<{ id: string }>(
      '/eMaterial/sku/add',
      bottledSku(`${prefix}-SKU${suffix}`, `${prefix}茶饮${suffix} 500ml`, brand.id, category.id),
    );
    skuIds.push(sku.id);
  }
  const { id: dealerId } = await post<{ id: string }>('/eCustomer/add', {
    name: `${prefix}商贸有限公司`,
    customerType: 'DEALER',
    orgCode,
  });
  const { id: outletId } = await post<{ id: string }>('/eCustomer/add', {
    name: `${prefix}便利店`,
    customerType: 'OUTLET',
    orgCode,
    servingDealerId: dealerId,
  });
  await post('/eCustomer/audit', { id: outletId, action: 'APPROVE' });
  const list = await post<{ id: string }>('/eMaterial/priceList/add', {
    code: `${prefix}-PL`,
    name: `${prefix}供货价`,
    priceType: 'SUPPLY',
    validFrom: `${addDays(today, -30)} 00:00:00`,
    scopes: [],
    items: skuIds.map((skuId) => ({ skuId, unit: 'CASE', price: 48, floorPrice: null })),
  });
  await activatePriceList(bed, caller, list.id);
  for (const skuId of skuIds) {
    await ok(bed.put(caller, '/eMaterial/sku/changeStatus', { id: skuId, status: 'ON_SALE' }));
  }
  const { id: warehouseId } = await post<{ id: string }>('/eprod/warehouse/add', {
    code: `${prefix}-WH`,
    name: `${prefix}仓`,
    ownerType: 'DEALER',
    ownerId: dealerId,
    orgCode,
  });
  for (const skuId of skuIds) {
    await post('/eprod/stock/in', {
      warehouseId,
      skuId,
      batchNo: `${prefix}-B1`,
      productionDate: addDays(today, -10),
      cases: 40,
    });
  }
  return { skuId: skuIds[0], skuIds, outletId, warehouseId };
}

/** An ERP connection of tenant A01 nobody answers at, so audited documents queue their sync tasks. */
export const addQueueingErpConnection = (bed: BusinessTestbed, id: string, name: string) =>
  bed.testDatabase.database.db
    .insertInto('erp_connections')
    .values({
      id,
      tenant_id: 'A01',
      name,
      system_type: 'KINGDEE_K3CLOUD',
      base_url: 'http://127.0.0.1:1/k3cloud/',
      acct_id: 'T1',
      app_id: 'app',
      app_secret: 'secret',
      user_name: 'api',
    })
    .execute();

/** A customer's rebate account as `/eRebate/account/list` shows it (undefined before its first entry). */
export async function rebateAccountOf(bed: BusinessTestbed, customerId: string) {
  const page = await ok(
    bed.get<{ records: FundAccountRecord[] }>(
      'admin',
      `/eRebate/account/list?customerId=${customerId}&accountType=REBATE`,
    ),
  );
  return page.records[0];
}

/** Coins earned by an outlet of tenant A01, as an approved execution result would post them (`no` its number). */
export const earnCoins = (bed: BusinessTestbed, outletId: string, coins: number, no: string) =>
  bed.testDatabase.database.db.transaction().execute((trx) =>
    postCoins(trx, {
      tenantId: 'A01',
      customerId: outletId,
      coins,
      entryType: 'EARN_EXECUTION',
      source: { type: 'EXECUTION', no },
    }),
  );
