import { randomUUID } from 'node:crypto';
import type { RateLimitConfig } from '../config';
import type { Database } from '../db';
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
const CAPTCHA_REQUIRED = '请输入验证码!';
const CAPTCHA_DEMAND = { captchaRequired: true };

describe.each(testBackends())('throttles of the public account endpoints on %s', (backend) => {
  let testDatabase: TestDatabase;
  let database: Database;
  const servers: TestServer[] = [];

  /** A server of its own: the counts live in its memory (or under its own Redis prefix). */
  async function serverWith(
    rateLimits: Partial<RateLimitConfig> = {},
    redis?: { url: string; prefix: string },
  ) {
    const server = await startTestServer({
      database,
      rateLimits,
      redisUrl: redis?.url,
      pushChannel: redis?.prefix,
    });
    servers.push(server);
    return apiClient(server.baseUrl);
  }

  const login = (client: ApiClient, body: Record<string, unknown>) =>
    client.post<LoginAnswer | typeof CAPTCHA_DEMAND | null>('/sys/login', body);

  async function loginWithCaptcha(client: ApiClient, username: string, password: string) {
    const { checkKey, code } = await issueCaptcha(client, database.db);
    return login(client, { username, password, checkKey, captcha: code });
  }

  beforeAll(async () => {
    testDatabase = await openSeededDatabase(backend);
    database = testDatabase.database;
  });
  beforeEach(async () => {
    await database.db.updateTable('users').set({ failed_logins: 0, locked_until: null }).execute();
  });
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  afterAll(async () => {
    await testDatabase.dispose();
  });

  describe('password login', () => {
    it('five anonymous wrong passwords no longer lock the account: from the fourth the graphic code is required, and the owner who solves it gets in', async () => {
      const client = await serverWith();
      const answers = [];
      for (let attempt = 1; attempt <= 5; attempt++) {
        answers.push((await login(client, { username: 'liuyang', password: 'Wrong-pass1' })).body);
      }
      expect(answers.map(({ code, message, result }) => ({ code, message, result }))).toEqual([
        { code: 400, message: BAD_CREDENTIALS, result: null },
        { code: 400, message: BAD_CREDENTIALS, result: null },
        // The third failure says the next attempt needs the code.
        { code: 400, message: BAD_CREDENTIALS, result: CAPTCHA_DEMAND },
        { code: 400, message: CAPTCHA_REQUIRED, result: CAPTCHA_DEMAND },
        { code: 400, message: CAPTCHA_REQUIRED, result: CAPTCHA_DEMAND },
      ]);
      const account = await database.db
        .selectFrom('users')
        .select(['failed_logins', 'locked_until'])
        .where('username', '=', 'liuyang')
        .executeTakeFirstOrThrow();
      expect(account).toEqual({ failed_logins: 3, locked_until: null });

      // A wrong code is refused with the spec's message, still without counting against the account.
      const { checkKey, code } = await issueCaptcha(client, database.db);
      const wrong = await login(client, {
        username: 'liuyang',
        password: DEMO_PASSWORD,
        checkKey,
        captcha: code === 'aaaa' ? 'bbbb' : 'aaaa',
      });
      expect(wrong.body).toMatchObject({
        code: 400,
        message: '您输入的验证码不正确!',
        result: CAPTCHA_DEMAND,
      });

      const owner = await loginWithCaptcha(client, 'liuyang', DEMO_PASSWORD);
      expect(owner.body.code).toBe(200);
      // The right password cleared the user name's count: the next login needs no code.
      expect((await login(client, { username: 'liuyang', password: DEMO_PASSWORD })).body.code).toBe(200);
    });

    it('the account still locks after five wrong passwords, each beyond the third with a solved code', async () => {
      const client = await serverWith();
      for (let attempt = 1; attempt <= 3; attempt++) {
        await login(client, { username: 'liuyang', password: 'Wrong-pass1' });
      }
      expect((await loginWithCaptcha(client, 'liuyang', 'Wrong-pass1')).body.message).toBe(BAD_CREDENTIALS);
      expect((await loginWithCaptcha(client, 'liuyang', 'Wrong-pass1')).body).toMatchObject({
        code: 429,
        message: '密码错误次数过多，账号已锁定，请10分钟后再试',
      });
    });

    it('asks for the code on a user name of no account just the same, so the answers tell nothing', async () => {
      const client = await serverWith();
      for (const username of ['nobody', 'liuyang']) {
        const answers = [];
        for (let attempt = 1; attempt <= 4; attempt++) {
          answers.push((await login(client, { username, password: 'Wrong-pass1' })).body);
        }
        expect(answers.map(({ message, result }) => [message, result])).toEqual([
          [BAD_CREDENTIALS, null],
          [BAD_CREDENTIALS, null],
          [BAD_CREDENTIALS, CAPTCHA_DEMAND],
          [CAPTCHA_REQUIRED, CAPTCHA_DEMAND],
        ]);
      }
    });

    it('spraying from one address: after a few failures over any names every name needs the code, after more the address is refused even with it', async () => {
      const client = await serverWith({ loginCaptchaAfterFailuresPerIp: 4, loginMaxFailuresPerIp: 6 });
      for (const username of ['sp1', 'sp2', 'sp3', 'sp4']) {
        expect((await login(client, { username, password: 'Wrong-pass1' })).body.message).toBe(
          BAD_CREDENTIALS,
        );
      }
      // A name never tried before, and the right password: the address has to solve the code first.
      expect((await login(client, { username: 'admin', password: DEMO_PASSWORD })).body).toMatchObject({
        message: CAPTCHA_REQUIRED,
        result: CAPTCHA_DEMAND,
      });
      for (const username of ['sp5', 'sp6']) {
        expect((await loginWithCaptcha(client, username, 'Wrong-pass1')).body.message).toBe(BAD_CREDENTIALS);
      }
      const refused = await loginWithCaptcha(client, 'admin', DEMO_PASSWORD);
      expect(refused.body).toMatchObject({ success: false, code: 429 });
      expect(refused.body.message).toMatch(/^该地址登录失败次数过多，请\d+分钟后再试$/);
      // Another address (another server's memory here) is not affected.
      const elsewhere = await serverWith();
      expect((await login(elsewhere, { username: 'admin', password: DEMO_PASSWORD })).body.code).toBe(200);
    });

    const redisUrl = process.env.TEST_REDIS_URL;
    (redisUrl ? it : it.skip)('with Redis the counts hold across instances', async () => {
      const redis = { url: redisUrl!, prefix: `throttle-${randomUUID()}` };
      const first = await serverWith({}, redis);
      const second = await serverWith({}, redis);
      for (let attempt = 1; attempt <= 3; attempt++) {
        await login(first, { username: 'liuyang', password: 'Wrong-pass1' });
      }
      expect((await login(second, { username: 'liuyang', password: DEMO_PASSWORD })).body).toMatchObject({
        message: CAPTCHA_REQUIRED,
        result: CAPTCHA_DEMAND,
      });
      // Not shared with a deployment of another prefix.
      const other = await serverWith({}, { url: redisUrl!, prefix: `throttle-${randomUUID()}` });
      expect((await login(other, { username: 'liuyang', password: DEMO_PASSWORD })).body.code).toBe(200);
    });
  });

  describe('account look-ups', () => {
    const lookups = { accountLookupsPerIp: 7, accountLookupsPerTarget: 3 };

    it('checkOnlyUser answers a few times per name, then refuses with 429 whatever the answer would be', async () => {
      const client = await serverWith(lookups);
      const answers = [];
      for (let attempt = 1; attempt <= 4; attempt++) {
        answers.push((await client.get('/sys/user/checkOnlyUser?username=liuyang')).body);
      }
      expect(answers.map(({ code, message }) => [code, message])).toEqual([
        [409, '用户账号已存在'],
        [409, '用户账号已存在'],
        [409, '用户账号已存在'],
        [429, '操作过于频繁，请10分钟后再试'],
      ]);
      // Same for a free name: the refusal does not depend on whether the account exists.
      for (let attempt = 1; attempt <= 3; attempt++) {
        expect((await client.get('/sys/user/checkOnlyUser?username=free_name')).body.success).toBe(true);
      }
      // The address has now used its 7 look-ups (the refused one too) over any names and phones.
      const next = await client.get('/sys/user/checkOnlyUser?phone=13912345678');
      expect(next.body).toMatchObject({ success: false, code: 429 });
    });

    it('the SMS send and both password-recovery steps count against the same address', async () => {
      const client = await serverWith({ accountLookupsPerIp: 3, accountLookupsPerTarget: 100 });
      const sms = await client.post('/sys/sms', { mobile: '13912345670', smsmode: '2' });
      const verify = await client.post('/sys/user/phoneVerification', {
        phone: '13912345671',
        smscode: '123456',
      });
      const reset = await client.post('/sys/user/passwordChange', {
        username: 'liuyang',
        resetKey: 'x',
        password: 'New-pass1x',
        confirmpassword: 'New-pass1x',
      });
      for (const answer of [sms, verify, reset]) expect(answer.body.code).not.toBe(429);
      for (const answer of [
        await client.post('/sys/sms', { mobile: '13912345672', smsmode: '0' }),
        await client.post('/sys/user/phoneVerification', { phone: '13912345673', smscode: '123456' }),
        await client.get('/sys/user/checkOnlyUser?username=someone'),
      ]) {
        expect(answer.body).toMatchObject({ success: false, code: 429 });
      }
    });
  });
});
