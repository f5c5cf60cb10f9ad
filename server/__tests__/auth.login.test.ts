import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../db';
import { demoDepartId, demoRoleId, demoUserId } from '../db/seed/ids';
import {
  apiClient,
  DEMO_PASSWORD,
  issueCaptcha,
  openSeededDatabase,
  type ApiClient,
  type LoginAnswer,
} from './support/auth';
import { testBackends, type TestDatabase } from './support/database';
import { startTestServer, type TestServer } from './support/server';

const BAD_CREDENTIALS = '用户名或密码错误';
const UNTHROTTLED = {
  loginCaptchaAfterFailures: 1_000_000,
  loginCaptchaAfterFailuresPerIp: 1_000_000,
  loginMaxFailuresPerIp: 1_000_000,
};
const LOCKED = '密码错误次数过多，账号已锁定，请10分钟后再试';

describe.each(testBackends())('password login on %s', (backend) => {
  let testDatabase: TestDatabase;
  let database: Database;
  let server: TestServer;
  let client: ApiClient;
  const login = (body: Record<string, unknown>) => client.post<LoginAnswer>('/sys/login', body);

  beforeAll(async () => {
    testDatabase = await openSeededDatabase(backend);
    database = testDatabase.database;
    // The account's own lock, apart from the address and user-name throttles (auth.throttles.test.ts), which
    // would ask for the graphic code after the third failure.
    server = await startTestServer({ database, rateLimits: UNTHROTTLED });
    client = apiClient(server.baseUrl);
  });
  afterAll(async () => {
    await server.close();
    await testDatabase.dispose();
  });
  beforeEach(async () => {
    await database.db
      .updateTable('users')
      .set({ failed_logins: 0, locked_until: null, status: 1, del_flag: 0 })
      .execute();
  });

  /** The login log rows written since `since` (a sys_log id), oldest first. */
  async function loginLogSince(since: string) {
    return database.db
      .selectFrom('sys_log')
      .select([
        'log_type',
        'log_content',
        'username',
        'user_id',
        'tenant_id',
        'ip',
        'method',
        'request_url',
        'cost_time',
      ])
      .where('id', '>', since)
      .orderBy('id')
      .execute();
  }
  async function lastLogId(): Promise<string> {
    const { id } = await database.db
      .selectFrom('sys_log')
      .select((eb) => eb.fn.coalesce(eb.fn.max('id'), sql<string>`0`).as('id'))
      .executeTakeFirstOrThrow();
    return String(id);
  }

  it('signs admin in: code 200, an opaque token, user info, roles and the one department as the login department', async () => {
    const response = await fetch(`${server.baseUrl}/api/sys/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD, remember_me: true }),
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    const body = JSON.parse(text);
    expect(body).toMatchObject({ success: true, code: 200, message: '登录成功' });
    const result = body.result as LoginAnswer;
    expect(result.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(result.userInfo).toEqual({
      id: demoUserId('admin'),
      username: 'admin',
      realname: '管理员',
      avatar: null,
      email: 'admin@example.com',
      phone: '13800000001',
      sex: 1,
      status: 1,
      orgCode: 'A01',
      cpycod: 'A01',
      tenantName: '华饮酒业集团',
      roleEnum: null,
    });
    expect(result.roles).toEqual([
      { id: demoRoleId('A01', 'admin'), roleCode: 'admin', roleName: '系统管理员', roleLevel: 1 },
    ]);
    expect(result.multi_depart).toBe(1);
    expect(result.departs).toEqual([
      { id: demoDepartId('A01', 'A01'), orgCode: 'A01', departName: '华饮酒业集团', parentId: '' },
    ]);
    expect(text).not.toMatch(/argon2|password|failed|locked/i);

    // Only the token's hash is stored.
    const stored = await database.db
      .selectFrom('sessions')
      .select(['token_hash', 'user_id', 'tenant_id', 'ip', 'expires_at'])
      .where('token_hash', '=', createHash('sha256').update(result.token).digest('hex'))
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ user_id: demoUserId('admin'), tenant_id: 'A01', ip: '127.0.0.1' });
    const days = (stored.expires_at.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const tokens = await database.db.selectFrom('sessions').select('token_hash').execute();
    expect(JSON.stringify(tokens)).not.toContain(result.token);
  });

  it.each([
    ['zhangwei', 2, ['A01A01A01', 'A01A01A02', 'A01A02A01'], 'dept_manager', 9, null, 'A01'],
    ['liuyang', 0, [], 'dept_manager', 9, null, 'A01'],
    ['wangfang', 0, [], 'sales', 5, null, 'A01'],
    ['mes_zg', 1, ['A02'], 'mes', 5, 'MES_ZG', 'A01'],
    ['mes_wxg', 1, ['A02'], 'mes', 5, 'MES_WXG', 'A01'],
    ['t2admin', 1, ['A01'], 'admin', 1, null, 'B01'],
  ])(
    'gives %s multi_depart %i, departments %j, role %s of level %i, roleEnum %s, tenant %s',
    async (username, multiDepart, orgCodes, roleCode, roleLevel, roleEnum, tenant) => {
      const { status, body } = await login({ username, password: DEMO_PASSWORD });
      expect(status).toBe(200);
      expect(body.code).toBe(200);
      const result = body.result;
      expect(result.multi_depart).toBe(multiDepart);
      expect(result.departs.map((depart) => depart.orgCode)).toEqual(orgCodes);
      expect(result.departs.every((depart) => depart.id === demoDepartId(tenant, depart.orgCode))).toBe(true);
      expect(result.roles).toEqual([expect.objectContaining({ roleCode, roleLevel })]);
      expect(result.userInfo).toMatchObject({ username, roleEnum, cpycod: tenant });
      // Only a single department becomes the login department by itself.
      expect(result.userInfo.orgCode).toBe(multiDepart === 1 ? orgCodes[0] : null);
    },
  );

  it('answers an unknown user and a wrong password with the same message', async () => {
    const unknown = await login({ username: 'nobody', password: DEMO_PASSWORD });
    const wrong = await login({ username: 'admin', password: 'Wrong-pass1' });
    for (const answer of [unknown, wrong]) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        success: false,
        code: 400,
        message: BAD_CREDENTIALS,
        result: null,
        timestamp: expect.any(Number),
      });
    }
  });

  it('treats a deleted account as unknown', async () => {
    await database.db.updateTable('users').set({ del_flag: 1 }).where('username', '=', 'wangfang').execute();
    const { body } = await login({ username: 'wangfang', password: DEMO_PASSWORD });
    expect(body).toMatchObject({ success: false, code: 400, message: BAD_CREDENTIALS });
  });

  it.each([
    [{ password: DEMO_PASSWORD }, '请输入用户名!'],
    [{ username: '  ', password: DEMO_PASSWORD }, '请输入用户名!'],
    [{ username: 'admin' }, '请输入密码!'],
    [{ username: 'admin', password: '' }, '请输入密码!'],
  ])('refuses %j with the spec message %s', async (body, message) => {
    expect((await login(body)).body).toMatchObject({ success: false, code: 400, message });
  });

  it('answers an over-long user name with a 400 naming the field', async () => {
    const { status, body } = await login({ username: 'x'.repeat(65), password: DEMO_PASSWORD });
    expect(status).toBe(400);
    expect(body.message).toContain('username');
  });

  it('locks the account after 5 failures in a row, also against the right password, and unlocks it after the period', async () => {
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await login({ username: 'liuyang', password: 'Wrong-pass1' })).body).toMatchObject({
        code: 400,
        message: BAD_CREDENTIALS,
      });
    }
    expect((await login({ username: 'liuyang', password: 'Wrong-pass1' })).body).toMatchObject({
      success: false,
      code: 429,
      message: LOCKED,
    });
    expect((await login({ username: 'liuyang', password: DEMO_PASSWORD })).body).toMatchObject({
      success: false,
      code: 429,
      message: LOCKED,
    });
    const { locked_until } = await database.db
      .selectFrom('users')
      .select('locked_until')
      .where('username', '=', 'liuyang')
      .executeTakeFirstOrThrow();
    const minutes = ((locked_until as Date).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9.9);
    expect(minutes).toBeLessThanOrEqual(10);

    // Ten minutes later (the lock moved into the past rather than waited for).
    await database.db
      .updateTable('users')
      .set({ locked_until: sql<Date>`now() - interval '1 second'` })
      .where('username', '=', 'liuyang')
      .execute();
    expect((await login({ username: 'liuyang', password: DEMO_PASSWORD })).body.code).toBe(200);
    const after = await database.db
      .selectFrom('users')
      .select(['failed_logins', 'locked_until'])
      .where('username', '=', 'liuyang')
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ failed_logins: 0, locked_until: null });
  });

  it('starts counting again after a lock ran out, and after a successful login', async () => {
    await database.db
      .updateTable('users')
      .set({ failed_logins: 5, locked_until: sql<Date>`now() - interval '1 second'` })
      .where('username', '=', 'liuyang')
      .execute();
    expect((await login({ username: 'liuyang', password: 'Wrong-pass1' })).body.message).toBe(
      BAD_CREDENTIALS,
    );

    for (let attempt = 1; attempt <= 3; attempt++)
      await login({ username: 'liuyang', password: 'Wrong-pass1' });
    expect((await login({ username: 'liuyang', password: DEMO_PASSWORD })).body.code).toBe(200);
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await login({ username: 'liuyang', password: 'Wrong-pass1' })).body.message).toBe(
        BAD_CREDENTIALS,
      );
    }
  });

  it('tells a frozen account so only after the right password', async () => {
    await database.db.updateTable('users').set({ status: 2 }).where('username', '=', 'wangfang').execute();
    expect((await login({ username: 'wangfang', password: 'Wrong-pass1' })).body).toMatchObject({
      code: 400,
      message: BAD_CREDENTIALS,
    });
    expect((await login({ username: 'wangfang', password: DEMO_PASSWORD })).body).toEqual({
      success: false,
      code: 409,
      message: '该用户已冻结，请联系管理员',
      result: null,
      timestamp: expect.any(Number),
    });
  });

  describe('with a graphic code (optional, checked when sent)', () => {
    it('accepts the right code in any letter case and uses it up', async () => {
      const { checkKey, code } = await issueCaptcha(client, database.db);
      const first = await login({
        username: 'admin',
        password: DEMO_PASSWORD,
        checkKey,
        captcha: code.toUpperCase(),
      });
      expect(first.body.code).toBe(200);
      const again = await login({ username: 'admin', password: DEMO_PASSWORD, checkKey, captcha: code });
      expect(again.body).toMatchObject({ success: false, code: 400, message: '验证码已失效，请刷新后重试' });
    });

    it('refuses a wrong code, and the code is used up by the failed attempt', async () => {
      const { checkKey, code } = await issueCaptcha(client, database.db);
      const wrong = code === 'aaaa' ? 'bbbb' : 'aaaa';
      expect(
        (await login({ username: 'admin', password: DEMO_PASSWORD, checkKey, captcha: wrong })).body,
      ).toMatchObject({
        success: false,
        code: 400,
        message: '您输入的验证码不正确!',
      });
      expect(
        (await login({ username: 'admin', password: DEMO_PASSWORD, checkKey, captcha: code })).body.message,
      ).toBe('验证码已失效，请刷新后重试');
    });

    it('refuses an expired code', async () => {
      const { checkKey, code } = await issueCaptcha(client, database.db);
      await database.db
        .updateTable('captchas')
        .set({ expires_at: sql<Date>`now() - interval '1 second'` })
        .execute();
      expect(
        (await login({ username: 'admin', password: DEMO_PASSWORD, checkKey, captcha: code })).body.message,
      ).toBe('验证码已失效，请刷新后重试');
    });
  });

  it('writes every success, failure and lock to the login log with user, tenant, ip, method, url and cost time', async () => {
    const since = await lastLogId();
    await login({ username: 'admin', password: DEMO_PASSWORD });
    await login({ username: 'nobody', password: DEMO_PASSWORD });
    for (let attempt = 1; attempt <= 5; attempt++)
      await login({ username: 'liuyang', password: 'Wrong-pass1' });
    await login({ username: 'liuyang', password: DEMO_PASSWORD });

    const rows = await loginLogSince(since);
    expect(rows.map((row) => row.log_content)).toEqual([
      '用户名: admin,登录成功！',
      '用户名: nobody,登录失败：用户不存在',
      ...Array(5).fill('用户名: liuyang,登录失败：密码错误'),
      '用户名: liuyang,连续5次登录失败，账号锁定10分钟',
      '用户名: liuyang,登录失败：账号已锁定',
    ]);
    expect(rows[0]).toMatchObject({
      log_type: 1,
      username: 'admin',
      user_id: demoUserId('admin'),
      tenant_id: 'A01',
      ip: '127.0.0.1',
      method: 'POST',
      request_url: '/api/sys/login',
    });
    expect(rows[0].cost_time).toBeGreaterThanOrEqual(0);
    // A user name of no account belongs to no tenant.
    expect(rows[1]).toMatchObject({ username: null, user_id: null, tenant_id: null });
    expect(rows[7]).toMatchObject({ username: 'liuyang', tenant_id: 'A01' });
  });
});
