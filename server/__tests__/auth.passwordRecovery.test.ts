import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../db';
import { demoUserId } from '../db/seed/ids';
import {
  apiClient,
  DEMO_PASSWORD,
  latestSmsCode,
  latestSmsText,
  loginAs,
  openSeededDatabase,
  requestSmsCode,
  type ApiClient,
  type LoginAnswer,
} from './support/auth';
import { testBackends, type TestDatabase } from './support/database';
import { UNTHROTTLED_LOOKUPS, startTestServer, type TestServer } from './support/server';

const CODE_INVALID = '手机验证码错误或已失效';
const KEY_INVALID = '重置凭证无效或已过期，请重新验证手机';
/** wangfang recovers her password in these tests; her number: */
const MOBILE = '13800000004';
const NEW_PASSWORD = 'Recovered-Pa55';

interface ResetGrant {
  username: string;
  resetKey: string;
}

describe.each(testBackends())('recovering a password on %s', (backend) => {
  let testDatabase: TestDatabase;
  let database: Database;
  let server: TestServer;
  let client: ApiClient;
  let seededPasswordHash: string;

  beforeAll(async () => {
    testDatabase = await openSeededDatabase(backend);
    database = testDatabase.database;
    // These tests call the endpoints more often than the look-up throttles allow one address (those are
    // tested in auth.throttles.test.ts).
    server = await startTestServer({ database, rateLimits: UNTHROTTLED_LOOKUPS });
    client = apiClient(server.baseUrl);
    ({ password_hash: seededPasswordHash } = await database.db
      .selectFrom('users')
      .select('password_hash')
      .where('username', '=', 'wangfang')
      .executeTakeFirstOrThrow());
  });
  afterAll(async () => {
    await server.close();
    await testDatabase.dispose();
  });
  beforeEach(async () => {
    await database.db.deleteFrom('sms_codes').execute();
    await database.db.deleteFrom('sms_outbox').execute();
    await database.db.deleteFrom('password_reset_keys').execute();
    await database.db
      .updateTable('users')
      .set({ failed_logins: 0, locked_until: null, status: 1, password_hash: seededPasswordHash })
      .where('username', '=', 'wangfang')
      .execute();
  });

  /** Sends the recovery code to MOBILE and returns it. */
  async function recoveryCode(): Promise<string> {
    const sent = await requestSmsCode(client, database.db, MOBILE, '2');
    if (!sent.body.success) throw new Error(`no recovery code: ${sent.body.message}`);
    return latestSmsCode(client, MOBILE);
  }

  const verifyPhone = (body: { phone?: string; smscode?: string }) =>
    client.post<ResetGrant>('/sys/user/phoneVerification', body);

  /** The whole first step: code sent, phone verified; the reset key. */
  async function resetKey(): Promise<string> {
    const { body } = await verifyPhone({ phone: MOBILE, smscode: await recoveryCode() });
    if (!body.success) throw new Error(`phone not verified: ${body.message}`);
    return body.result.resetKey;
  }

  const changePassword = (body: Record<string, string | undefined>) =>
    client.post('/sys/user/passwordChange', {
      username: 'wangfang',
      password: NEW_PASSWORD,
      confirmpassword: NEW_PASSWORD,
      ...body,
    });

  const login = (password: string) =>
    client.post<LoginAnswer>('/sys/login', { username: 'wangfang', password });

  describe('POST /sys/sms with smsmode 2', () => {
    it('sends the recovery text to an active account’s number', async () => {
      const { body } = await requestSmsCode(client, database.db, MOBILE, '2');
      expect(body).toMatchObject({ success: true, code: 200, message: '验证码已发送，5分钟内有效' });
      expect(await latestSmsText(client, MOBILE)).toMatch(
        /^【渠道数字化平台】您正在找回密码，验证码为 \d{6}，5分钟内有效/,
      );
      expect(await database.db.selectFrom('sms_codes').select('purpose').execute()).toEqual([
        { purpose: 'RESET_PASSWORD' },
      ]);
    });

    it('refuses a number of no account, and of a frozen one', async () => {
      expect((await requestSmsCode(client, database.db, '13912345678', '2')).body).toMatchObject({
        success: false,
        code: 400,
        message: '该手机号未注册或未绑定账号',
      });
      await database.db.updateTable('users').set({ status: 2 }).where('username', '=', 'wangfang').execute();
      expect((await requestSmsCode(client, database.db, MOBILE, '2')).body.message).toBe(
        '该手机号未注册或未绑定账号',
      );
      expect(await database.db.selectFrom('sms_outbox').selectAll().execute()).toEqual([]);
    });

    it('shares the 60-second throttle of a mobile with the other kinds of code', async () => {
      expect((await requestSmsCode(client, database.db, MOBILE, '0')).body.success).toBe(true);
      expect((await requestSmsCode(client, database.db, MOBILE, '2')).body).toMatchObject({
        success: false,
        code: 429,
        message: '验证码发送过于频繁，请60秒后再试',
      });
    });

    it('sends codes good only for their purpose', async () => {
      const code = await recoveryCode();
      // A recovery code does not sign in, and the attempt leaves it waiting for the recovery.
      expect((await client.post('/sys/phoneLogin', { mobile: MOBILE, captcha: code })).body.message).toBe(
        CODE_INVALID,
      );
      expect((await verifyPhone({ phone: MOBILE, smscode: code })).body.success).toBe(true);

      await sql`update sms_codes set created_at = now() - interval '61 seconds'`.execute(database.db);
      await requestSmsCode(client, database.db, MOBILE, '0');
      const loginCode = await latestSmsCode(client, MOBILE);
      expect((await verifyPhone({ phone: MOBILE, smscode: loginCode })).body.message).toBe(CODE_INVALID);
      expect(
        (await client.post<LoginAnswer>('/sys/phoneLogin', { mobile: MOBILE, captcha: loginCode })).body.code,
      ).toBe(200);
    });
  });

  describe('POST /sys/user/phoneVerification', () => {
    it('answers the account’s user name and a reset key valid 10 minutes, stored only as its hash', async () => {
      const { status, body } = await verifyPhone({ phone: MOBILE, smscode: await recoveryCode() });
      expect(status).toBe(200);
      expect(body).toEqual({
        success: true,
        code: 200,
        message: '操作成功！',
        result: { username: 'wangfang', resetKey: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
        timestamp: expect.any(Number),
      });
      const stored = await database.db
        .selectFrom('password_reset_keys')
        .selectAll()
        .executeTakeFirstOrThrow();
      expect(stored.user_id).toBe(demoUserId('wangfang'));
      expect(stored.key_hash).toBe(createHash('sha256').update(body.result.resetKey).digest('hex'));
      expect(JSON.stringify(stored)).not.toContain(body.result.resetKey);
      const minutes = (stored.expires_at.getTime() - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(9.9);
      expect(minutes).toBeLessThanOrEqual(10);
    });

    it.each([
      [{}, '请输入手机号'],
      [{ phone: '12345678901', smscode: '123456' }, '您的手机号码格式不正确!'],
      [{ phone: MOBILE }, '请输入验证码!'],
      [{ phone: MOBILE, smscode: ' ' }, '请输入验证码!'],
      [{ phone: '13912345678', smscode: '123456' }, CODE_INVALID],
    ])('refuses %j with %s', async (body, message) => {
      expect((await verifyPhone(body)).body).toMatchObject({ success: false, code: 400, message });
      expect(await database.db.selectFrom('password_reset_keys').selectAll().execute()).toEqual([]);
    });

    it('refuses a wrong code and uses it up', async () => {
      const code = await recoveryCode();
      const wrong = code === '000000' ? '111111' : '000000';
      expect((await verifyPhone({ phone: MOBILE, smscode: wrong })).body).toMatchObject({
        success: false,
        code: 400,
        message: CODE_INVALID,
      });
      expect((await verifyPhone({ phone: MOBILE, smscode: code })).body.message).toBe(CODE_INVALID);
    });

    it('accepts a code once only, and not after it expired', async () => {
      const code = await recoveryCode();
      expect((await verifyPhone({ phone: MOBILE, smscode: code })).body.success).toBe(true);
      expect((await verifyPhone({ phone: MOBILE, smscode: code })).body.message).toBe(CODE_INVALID);

      await sql`update sms_codes set created_at = now() - interval '61 seconds'`.execute(database.db);
      const expiring = await recoveryCode();
      await sql`update sms_codes set expires_at = now() - interval '1 second'`.execute(database.db);
      expect((await verifyPhone({ phone: MOBILE, smscode: expiring })).body.message).toBe(CODE_INVALID);
    });

    it('refuses an account frozen after the code was sent', async () => {
      const code = await recoveryCode();
      await database.db.updateTable('users').set({ status: 2 }).where('username', '=', 'wangfang').execute();
      expect((await verifyPhone({ phone: MOBILE, smscode: code })).body).toMatchObject({
        success: false,
        code: 409,
        message: '该用户已冻结，请联系管理员',
      });
    });
  });

  describe('POST /sys/user/passwordChange', () => {
    it('sets the new password, lifts the lock, signs the account out everywhere and logs it', async () => {
      const sessions = [await loginAs(client, 'wangfang'), await loginAs(client, 'wangfang')];
      const others = await loginAs(client, 'admin');
      const key = await resetKey();
      await database.db
        .updateTable('users')
        .set({ failed_logins: 5, locked_until: sql<Date>`now() + interval '10 minutes'` })
        .where('username', '=', 'wangfang')
        .execute();

      const { status, body } = await changePassword({ resetKey: key });
      expect(status).toBe(200);
      expect(body).toEqual({
        success: true,
        code: 200,
        message: '密码重置成功！',
        result: null,
        timestamp: expect.any(Number),
      });
      for (const token of sessions) {
        expect(await client.get('/user/info', token)).toMatchObject({
          status: 401,
          body: { success: false, message: 'Token失效，请重新登录' },
        });
      }
      expect((await client.get('/user/info', others)).status).toBe(200);
      expect((await login(DEMO_PASSWORD)).body.message).toBe('用户名或密码错误');
      expect((await login(NEW_PASSWORD)).body).toMatchObject({ success: true, code: 200 });

      const logged = await database.db
        .selectFrom('sys_log')
        .select(['log_type', 'operate_type', 'log_content', 'tenant_id', 'user_id', 'request_url'])
        .where('request_url', '=', '/api/sys/user/passwordChange')
        .execute();
      expect(logged).toEqual([
        {
          log_type: 2,
          operate_type: 3,
          log_content: '用户名: wangfang,通过手机验证重置密码成功！',
          tenant_id: 'A01',
          user_id: demoUserId('wangfang'),
          request_url: '/api/sys/user/passwordChange',
        },
      ]);
    });

    it('accepts a key once only', async () => {
      const key = await resetKey();
      expect((await changePassword({ resetKey: key })).body.success).toBe(true);
      expect(
        (await changePassword({ resetKey: key, password: 'Another-Pa55', confirmpassword: 'Another-Pa55' }))
          .body,
      ).toMatchObject({
        success: false,
        code: 400,
        message: KEY_INVALID,
      });
      expect((await login(NEW_PASSWORD)).body.code).toBe(200);
    });

    it('refuses an expired key', async () => {
      const key = await resetKey();
      await database.db
        .updateTable('password_reset_keys')
        .set({ expires_at: sql<Date>`now() - interval '1 second'` })
        .execute();
      expect((await changePassword({ resetKey: key })).body.message).toBe(KEY_INVALID);
      expect((await login(DEMO_PASSWORD)).body.code).toBe(200);
    });

    it('refuses a key of another user, and uses it up', async () => {
      const key = await resetKey();
      expect((await changePassword({ resetKey: key, username: 'admin' })).body.message).toBe(KEY_INVALID);
      expect((await changePassword({ resetKey: key })).body.message).toBe(KEY_INVALID);
      expect((await loginAs(client, 'admin')).length).toBeGreaterThan(0);
    });

    it('keeps only the newest key of an account', async () => {
      const first = await resetKey();
      await sql`update sms_codes set created_at = now() - interval '61 seconds'`.execute(database.db);
      const second = await resetKey();
      expect((await changePassword({ resetKey: first })).body.message).toBe(KEY_INVALID);
      expect((await changePassword({ resetKey: second })).body.success).toBe(true);
    });

    it.each([
      ['a key nobody got', KEY_INVALID, { resetKey: 'not-a-key-anyone-got' }],
      ['no key', KEY_INVALID, { resetKey: undefined }],
      ['no user name', KEY_INVALID, { username: undefined }],
      ['no new password', '新密码不允许为空!', { password: undefined, confirmpassword: undefined }],
      ['a different confirmation', '两次输入密码不一致!', { confirmpassword: 'Different-Pa55' }],
      [
        'a short password',
        '新密码至少8位，且须包含字母和数字',
        { password: 'short1', confirmpassword: 'short1' },
      ],
      [
        'a password without digits',
        '新密码至少8位，且须包含字母和数字',
        { password: 'onlyletters', confirmpassword: 'onlyletters' },
      ],
    ])('refuses %s with %s and leaves the password as it was', async (_, message, change) => {
      const key = await resetKey();
      expect((await changePassword({ resetKey: key, ...change })).body).toMatchObject({
        success: false,
        code: 400,
        message,
      });
      expect((await login(DEMO_PASSWORD)).body.code).toBe(200);
    });

    it('keeps the key when only the new password was wrong', async () => {
      const key = await resetKey();
      expect((await changePassword({ resetKey: key, confirmpassword: 'Different-Pa55' })).body.message).toBe(
        '两次输入密码不一致!',
      );
      expect((await changePassword({ resetKey: key })).body.success).toBe(true);
    });
  });
});
