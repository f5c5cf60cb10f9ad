// Set-up shared by the business-module tests: a seeded database, a server over real HTTP, and signed-in
// clients for the accounts the tests act as (admin of A01, zhangwei with three offices, wangfang without
// business permissions, t2admin of tenant B01).
import type { DatabaseKind } from '../../db';
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

export async function openBusinessTestbed(kind: DatabaseKind): Promise<BusinessTestbed> {
  const testDatabase = await openSeededDatabase(kind, { businessData: true });
  return serveBusinessTestbed(testDatabase);
}

/**
 * A testbed on a seeded database: a server of its own (with `options`), its clients signed in. Closing it
 * disposes of the database unless `sharesDatabase` (a second server on another testbed's database).
 */
export async function serveBusinessTestbed(
  testDatabase: TestDatabase,
  options: Pick<TestServerOptions, 'attachmentStorage'> = {},
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
