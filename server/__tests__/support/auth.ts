// Helpers for tests that sign in: a seeded database, a small JSON client, logins and graphic codes.
import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Envelope } from '../../../common/contract';
import type { DatabaseKind } from '../../db';
import type { DB } from '../../db/schema';
import { seedWhenEmpty } from '../../db/seed';
import { openTestDatabase, type Fixture, type TestDatabase } from './database';

/** The password every seeded account gets in the tests. */
export const DEMO_PASSWORD = 'Demo-Pa55word';

/** The demo data, every account with DEMO_PASSWORD; `business` adds the business demo. */
const demoFixture = (businessData: boolean): Fixture => ({
  name: businessData ? 'business_demo' : 'demo',
  write: async ({ db }) => {
    await seedWhenEmpty(db, { adminPassword: DEMO_PASSWORD, businessData });
  },
});

/**
 * A migrated database with the demo data, every account with DEMO_PASSWORD. The business demo (products,
 * customers, stock) costs seconds to write, so only the tests that ask for it get it; either is written once
 * per run and copied (see database.ts).
 */
export async function openSeededDatabase(
  kind: DatabaseKind,
  options: { businessData?: boolean } = {},
): Promise<TestDatabase> {
  return openTestDatabase(kind, demoFixture(options.businessData ?? false));
}

export interface ApiAnswer<T> {
  status: number;
  body: Envelope<T>;
}

export interface ApiClient {
  get<T = unknown>(path: string, token?: string): Promise<ApiAnswer<T>>;
  post<T = unknown>(path: string, body?: unknown, token?: string): Promise<ApiAnswer<T>>;
  put<T = unknown>(path: string, body?: unknown, token?: string): Promise<ApiAnswer<T>>;
  delete<T = unknown>(path: string, token?: string): Promise<ApiAnswer<T>>;
}

/** Calls `/api<path>` of a test server; `token` goes in X-Access-Token. */
export function apiClient(baseUrl: string): ApiClient {
  const call = async <T>(method: string, path: string, body: unknown, token: string | undefined) => {
    const headers: Record<string, string> = {};
    if (token !== undefined) headers['x-access-token'] = token;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Envelope<T> };
  };
  return {
    get: (path, token) => call('GET', path, undefined, token),
    post: (path, body, token) => call('POST', path, body, token),
    put: (path, body, token) => call('PUT', path, body, token),
    delete: (path, token) => call('DELETE', path, undefined, token),
  };
}

export interface LoginAnswer {
  token: string;
  userInfo: Record<string, unknown>;
  roles: Array<{ id: string; roleCode: string; roleName: string; roleLevel: number }>;
  multi_depart: number;
  departs: Array<{ id: string; orgCode: string; departName: string; parentId: string }>;
}

/** Signs in with the password and returns the token; fails the test when the login is refused. */
export async function loginAs(
  client: ApiClient,
  username: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const { body } = await client.post<LoginAnswer>('/sys/login', { username, password });
  if (body.code !== 200) throw new Error(`login of ${username} refused: ${body.message}`);
  return body.result.token;
}

/** Asks for a graphic code and reads its text from the database, as only the server can. */
export async function issueCaptcha(
  client: ApiClient,
  db: Kysely<DB>,
): Promise<{ checkKey: string; code: string }> {
  const checkKey = randomUUID();
  const { body } = await client.get<string>(`/sys/randomImage/${checkKey}`);
  if (!body.success) throw new Error(`no captcha: ${body.message}`);
  const { code } = await db
    .selectFrom('captchas')
    .select('code')
    .where('key_hash', '=', createHash('sha256').update(checkKey).digest('hex'))
    .executeTakeFirstOrThrow();
  return { checkKey, code };
}

/** POST /sys/sms for a mobile and an smsmode ('0' login, '1' registration, '2' recovery), with a correct graphic code. */
export async function requestSmsCode(client: ApiClient, db: Kysely<DB>, mobile: string, smsmode: string) {
  const { checkKey, code } = await issueCaptcha(client, db);
  return client.post('/sys/sms', { mobile, smsmode, captcha: code, checkKey });
}

/** The last text the SMS simulator "sent" to a mobile, read through the development outbox. */
export async function latestSmsText(client: ApiClient, mobile: string): Promise<string> {
  const { body } = await client.get<Array<{ content: string }>>(`/dev/sms/outbox?mobile=${mobile}`);
  const text = body.result[0]?.content;
  if (text === undefined) throw new Error(`no text in the outbox of ${mobile}`);
  return text;
}

/** The code of the last text sent to a mobile. */
export async function latestSmsCode(client: ApiClient, mobile: string): Promise<string> {
  const match = (await latestSmsText(client, mobile)).match(/\d{6}/);
  if (!match) throw new Error(`no code in the last text to ${mobile}`);
  return match[0];
}

/** The menu paths (top level and their children) a user is given at sign-in. */
export async function menuPathsOf(client: ApiClient, username: string): Promise<string[]> {
  const token = await loginAs(client, username);
  const answer = await client.get<{
    menu: Array<{ path: string; children?: Array<{ path: string }> }>;
  }>('/sys/permission/getUserPermissionByToken', token);
  return answer.body.result.menu.flatMap((menu) => [
    menu.path,
    ...(menu.children ?? []).map((child) => child.path),
  ]);
}
