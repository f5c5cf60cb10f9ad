import { createHmac, createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../db';
import { demoUserId } from '../db/seed/ids';
import { SMS_DAILY_LIMIT_PER_IP, SMS_DAILY_LIMIT_PER_MOBILE } from '../modules/auth/smsCodes';
import {
  apiClient,
  issueCaptcha,
  openSeededDatabase,
  type ApiClient,
  type LoginAnswer,
} from './support/auth';
import { testBackends, type TestDatabase } from './support/database';
import { UNTHROTTLED_LOOKUPS, startTestServer, type TestServer } from './support/server';
import { closedPort, GATEWAY_OK, startFakeSmsGateway, type FakeSmsGateway } from './support/smsGateway';

const ADMIN_MOBILE = '13800000001';
const CODE_INVALID = '手机验证码错误或已失效';
const SENT = '验证码已发送，5分钟内有效';

/** Local midnight in Asia/Shanghai, plus or minus some seconds: "today" and "yesterday" for the daily caps. */
const shanghaiMidnightPlus = (seconds: number) =>
  sql<Date>`(date_trunc('day', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai') + make_interval(secs => ${seconds})`;

describe.each(testBackends())('SMS codes and the phone login on %s', (backend) => {
  let testDatabase: TestDatabase;
  let database: Database;
  let server: TestServer;
  let client: ApiClient;

  beforeAll(async () => {
    testDatabase = await openSeededDatabase(backend);
    database = testDatabase.database;
    // These tests call the endpoints more often than the look-up throttles allow one address (those are
    // tested in auth.throttles.test.ts).
    server = await startTestServer({ database, rateLimits: UNTHROTTLED_LOOKUPS });
    client = apiClient(server.baseUrl);
  });
  afterAll(async () => {
    await server.close();
    await testDatabase.dispose();
  });
  beforeEach(async () => {
    await database.db.deleteFrom('sms_codes').execute();
    await database.db.deleteFrom('sms_outbox').execute();
    await database.db.updateTable('users').set({ failed_logins: 0, locked_until: null, status: 1 }).execute();
  });

  /** POST /sys/sms with a fresh, correct graphic code. */
  async function requestCode(mobile: string) {
    const { checkKey, code } = await issueCaptcha(client, database.db);
    return client.post('/sys/sms', { mobile, smsmode: '0', captcha: code, checkKey });
  }

  /** The latest code the simulator "sent" to a mobile, read as a developer would. */
  async function latestCode(mobile: string): Promise<string> {
    const { body } = await client.get<Array<{ content: string }>>(`/dev/sms/outbox?mobile=${mobile}`);
    const match = body.result[0]?.content.match(/\d{6}/);
    if (!match) throw new Error(`no code in the outbox of ${mobile}`);
    return match[0];
  }

  const phoneLogin = (mobile: string, captcha: string) =>
    client.post<LoginAnswer>('/sys/phoneLogin', { mobile, captcha, remember_me: true });

  /** Inserts sent-code rows directly, to reach the daily caps without sending. */
  async function insertSentCodes(
    count: number,
    row: { mobile?: (index: number) => string; ip?: string; secondsAfterMidnight: number },
  ) {
    for (let index = 0; index < count; index++) {
      await sql`insert into sms_codes (mobile, purpose, code_hash, ip, created_at, expires_at, consumed_at)
        values (${row.mobile?.(index) ?? ADMIN_MOBILE}, 'LOGIN', 'x', ${row.ip ?? '127.0.0.1'},
          ${shanghaiMidnightPlus(row.secondsAfterMidnight)}, now(), now())`.execute(database.db);
    }
  }

  /** Moves every sent code back in time (created_at is the database's own). */
  const sentSecondsAgo = (seconds: number) =>
    sql`update sms_codes set created_at = now() - make_interval(secs => ${seconds})`.execute(database.db);

  it('sends a code through the simulator and logs the user in with it (the full phone login)', async () => {
    const sent = await requestCode(ADMIN_MOBILE);
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({
      success: true,
      code: 200,
      message: SENT,
      result: null,
      timestamp: expect.any(Number),
    });

    const outbox = await client.get<Array<{ mobile: string; content: string; createdAt: string }>>(
      `/dev/sms/outbox?mobile=${ADMIN_MOBILE}`,
    );
    expect(outbox.body.result).toEqual([
      {
        mobile: ADMIN_MOBILE,
        content: expect.stringMatching(/^【渠道数字化平台】您的登录验证码为 \d{6}，5分钟内有效/),
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      },
    ]);
    const code = await latestCode(ADMIN_MOBILE);
    // Stored hashed, valid 5 minutes.
    const stored = await database.db.selectFrom('sms_codes').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(code);
    const minutes = (stored.expires_at.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(4.9);
    expect(minutes).toBeLessThanOrEqual(5);

    const { status, body } = await phoneLogin(ADMIN_MOBILE, code);
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, code: 200, message: '登录成功' });
    expect(body.result.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.result.userInfo).toMatchObject({ id: demoUserId('admin'), username: 'admin', cpycod: 'A01' });
    expect(body.result.multi_depart).toBe(1);
    const me = await client.get<{ userInfo: { username: string } }>('/user/info', body.result.token);
    expect(me.body.result.userInfo.username).toBe('admin');

    const logged = await database.db
      .selectFrom('sys_log')
      .select(['log_content', 'request_url', 'user_id'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(logged).toEqual({
      log_content: '用户名: admin,登录成功！',
      request_url: '/api/sys/phoneLogin',
      user_id: demoUserId('admin'),
    });
  });

  it('accepts a code once only', async () => {
    await requestCode(ADMIN_MOBILE);
    const code = await latestCode(ADMIN_MOBILE);
    expect((await phoneLogin(ADMIN_MOBILE, code)).body.code).toBe(200);
    expect((await phoneLogin(ADMIN_MOBILE, code)).body).toMatchObject({
      success: false,
      code: 400,
      message: CODE_INVALID,
    });
  });

  it('uses the code up on a wrong attempt, and counts the attempt as a failed login', async () => {
    await requestCode(ADMIN_MOBILE);
    const code = await latestCode(ADMIN_MOBILE);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await phoneLogin(ADMIN_MOBILE, wrong)).body).toMatchObject({
      success: false,
      code: 400,
      message: CODE_INVALID,
    });
    expect((await phoneLogin(ADMIN_MOBILE, code)).body).toMatchObject({
      success: false,
      message: CODE_INVALID,
    });
    const { failed_logins } = await database.db
      .selectFrom('users')
      .select('failed_logins')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(failed_logins).toBe(2);
  });

  it('refuses an expired code', async () => {
    await requestCode(ADMIN_MOBILE);
    const code = await latestCode(ADMIN_MOBILE);
    await database.db
      .updateTable('sms_codes')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .execute();
    expect((await phoneLogin(ADMIN_MOBILE, code)).body).toMatchObject({
      success: false,
      message: CODE_INVALID,
    });
  });

  it('replaces a waiting code with a newer one', async () => {
    await requestCode(ADMIN_MOBILE);
    await sentSecondsAgo(61);
    await requestCode(ADMIN_MOBILE);
    const rows = await database.db
      .selectFrom('sms_codes')
      .select((eb) => eb('consumed_at', 'is not', null).as('used'))
      .orderBy('id')
      .execute();
    expect(rows).toEqual([{ used: true }, { used: false }]);
    expect((await phoneLogin(ADMIN_MOBILE, await latestCode(ADMIN_MOBILE))).body.code).toBe(200);
  });

  it('applies the lock and the freeze of the password login', async () => {
    await requestCode(ADMIN_MOBILE);
    await database.db
      .updateTable('users')
      .set({ locked_until: sql<Date>`now() + interval '5 minutes'` })
      .where('username', '=', 'admin')
      .execute();
    expect((await phoneLogin(ADMIN_MOBILE, await latestCode(ADMIN_MOBILE))).body).toMatchObject({
      success: false,
      code: 429,
      message: '密码错误次数过多，账号已锁定，请10分钟后再试',
    });

    await requestCode('13800000004');
    await database.db.updateTable('users').set({ status: 2 }).where('username', '=', 'wangfang').execute();
    expect((await phoneLogin('13800000004', await latestCode('13800000004'))).body).toMatchObject({
      success: false,
      code: 409,
      message: '该用户已冻结，请联系管理员',
    });
  });

  it.each([
    [{}, '请输入手机号'],
    [{ mobile: '' }, '请输入手机号'],
    [{ mobile: '12345678901' }, '您的手机号码格式不正确!'],
    [{ mobile: ADMIN_MOBILE }, '请输入验证码!'],
    [{ mobile: '13912345678', captcha: '123456' }, CODE_INVALID],
  ])('refuses the phone login %j with %s', async (body, message) => {
    expect((await client.post('/sys/phoneLogin', body)).body).toMatchObject({
      success: false,
      code: 400,
      message,
    });
  });

  describe('POST /sys/sms', () => {
    it.each([
      [{ smsmode: '0' }, '请输入手机号'],
      [{ mobile: '1380000000', smsmode: '0' }, '您的手机号码格式不正确!'],
      [{ mobile: '23800000001', smsmode: '0' }, '您的手机号码格式不正确!'],
      [{ mobile: ADMIN_MOBILE, smsmode: '0' }, '请输入验证码!'],
      [{ mobile: ADMIN_MOBILE, smsmode: '0', captcha: 'abcd' }, '验证码已失效，请刷新后重试'],
      [
        { mobile: ADMIN_MOBILE, smsmode: '0', captcha: 'abcd', checkKey: 'never-issued' },
        '验证码已失效，请刷新后重试',
      ],
    ])('refuses %j with %s and sends nothing', async (body, message) => {
      expect((await client.post('/sys/sms', body)).body).toMatchObject({
        success: false,
        code: 400,
        message,
      });
      expect(await database.db.selectFrom('sms_outbox').selectAll().execute()).toEqual([]);
    });

    it('refuses a wrong graphic code and uses it up', async () => {
      const { checkKey, code } = await issueCaptcha(client, database.db);
      const wrong = code === 'aaaa' ? 'bbbb' : 'aaaa';
      expect(
        (await client.post('/sys/sms', { mobile: ADMIN_MOBILE, captcha: wrong, checkKey })).body.message,
      ).toBe('您输入的验证码不正确!');
      expect(
        (await client.post('/sys/sms', { mobile: ADMIN_MOBILE, captcha: code, checkKey })).body.message,
      ).toBe('验证码已失效，请刷新后重试');
    });

    it('refuses an SMS mode other than 0 (login), 1 (registration) and 2 (password recovery)', async () => {
      const { status, body } = await client.post('/sys/sms', { mobile: ADMIN_MOBILE, smsmode: '3' });
      expect(status).toBe(400);
      expect(body.message).toBe('参数 smsmode 应为 0、1、2 之一');
    });

    it('refuses a number of no active account', async () => {
      expect((await requestCode('13912345678')).body).toMatchObject({
        success: false,
        code: 400,
        message: '该手机号未注册或未绑定账号',
      });
      await database.db.updateTable('users').set({ status: 2 }).where('username', '=', 'wangfang').execute();
      expect((await requestCode('13800000004')).body.message).toBe('该手机号未注册或未绑定账号');
    });

    it('sends one code per mobile per 60 s', async () => {
      expect((await requestCode(ADMIN_MOBILE)).body.message).toBe(SENT);
      expect((await requestCode(ADMIN_MOBILE)).body).toMatchObject({
        success: false,
        code: 429,
        message: '验证码发送过于频繁，请60秒后再试',
      });
      // Another mobile is not held back.
      expect((await requestCode('13800000002')).body.message).toBe(SENT);
      await sentSecondsAgo(61);
      expect((await requestCode(ADMIN_MOBILE)).body.message).toBe(SENT);
    });

    it(`sends at most ${SMS_DAILY_LIMIT_PER_MOBILE} codes a day to one mobile; yesterday's do not count`, async () => {
      await insertSentCodes(SMS_DAILY_LIMIT_PER_MOBILE - 1, { secondsAfterMidnight: 1 });
      await insertSentCodes(5, { secondsAfterMidnight: -1 });
      expect((await requestCode(ADMIN_MOBILE)).body.message).toBe(SENT);
      await sql`update sms_codes set created_at = ${shanghaiMidnightPlus(1)} where code_hash != 'x'`.execute(
        database.db,
      );
      expect((await requestCode(ADMIN_MOBILE)).body).toMatchObject({
        success: false,
        code: 429,
        message: '今日验证码发送次数已达上限',
      });
    });

    it(`sends at most ${SMS_DAILY_LIMIT_PER_IP} codes a day to one IP address`, async () => {
      const otherMobile = (index: number) => `1370000${String(index).padStart(4, '0')}`;
      await insertSentCodes(SMS_DAILY_LIMIT_PER_IP - 1, { mobile: otherMobile, secondsAfterMidnight: 1 });
      await insertSentCodes(3, { mobile: otherMobile, ip: '10.0.0.9', secondsAfterMidnight: 1 });
      expect((await requestCode(ADMIN_MOBILE)).body.message).toBe(SENT);
      expect((await requestCode('13800000002')).body).toMatchObject({
        success: false,
        code: 429,
        message: '今日验证码发送次数已达上限',
      });
    });

    it('counts concurrent requests for one mobile one after another', async () => {
      const answers = await Promise.all([
        requestCode(ADMIN_MOBILE),
        requestCode(ADMIN_MOBILE),
        requestCode(ADMIN_MOBILE),
      ]);
      expect(answers.filter((answer) => answer.body.success)).toHaveLength(1);
      expect(await database.db.selectFrom('sms_outbox').selectAll().execute()).toHaveLength(1);
    });
  });

  it('answers the outbox only for a given mobile', async () => {
    const { status, body } = await client.get('/dev/sms/outbox');
    expect(status).toBe(400);
    expect(body.message).toContain('mobile');
  });
});

describe.each(testBackends())('SMS outside development on %s', (backend) => {
  let testDatabase: TestDatabase;
  let gateway: FakeSmsGateway;
  let production: TestServer;
  let withGateway: TestServer;
  let unreachable: TestServer;
  const sms = {
    accessKeyId: 'AK-demo',
    accessKeySecret: 'secret-demo',
    signName: '华饮酒业',
    templateCodes: { LOGIN: 'SMS_LOGIN_01', REGISTER: 'SMS_REGISTER_01', RESET_PASSWORD: 'SMS_RESET_01' },
  };

  beforeAll(async () => {
    testDatabase = await openSeededDatabase(backend);
    gateway = await startFakeSmsGateway();
    production = await startTestServer({ database: testDatabase.database, production: true });
    withGateway = await startTestServer({
      database: testDatabase.database,
      sms: { url: gateway.url, ...sms },
    });
    unreachable = await startTestServer({
      database: testDatabase.database,
      sms: { url: `http://127.0.0.1:${await closedPort()}/send`, ...sms },
    });
  });
  afterAll(async () => {
    await production.close();
    await withGateway.close();
    await unreachable.close();
    await gateway.close();
    await testDatabase.dispose();
  });
  beforeEach(async () => {
    await testDatabase.database.db.deleteFrom('sms_codes').execute();
    gateway.behave(GATEWAY_OK);
  });

  it.each([
    ['in production mode', () => production],
    ['next to a real gateway', () => withGateway],
  ])('has no SMS outbox %s (404 envelope)', async (_, server) => {
    const { status, body } = await apiClient(server().baseUrl).get(`/dev/sms/outbox?mobile=${ADMIN_MOBILE}`);
    expect(status).toBe(404);
    expect(body).toMatchObject({ success: false, code: 404, message: '路径不存在，请检查路径是否正确' });
  });

  it('sends the login code through the configured gateway, signed, with the login template', async () => {
    const client = apiClient(withGateway.baseUrl);
    const { checkKey, code } = await issueCaptcha(client, testDatabase.database.db);
    const { body } = await client.post('/sys/sms', {
      mobile: ADMIN_MOBILE,
      smsmode: '0',
      captcha: code,
      checkKey,
    });
    expect(body).toMatchObject({ success: true, message: SENT });

    const request = gateway.received.at(-1);
    if (!request) throw new Error('the gateway received nothing');
    const payload = JSON.parse(request.rawBody) as {
      signName: string;
      templateCode: string;
      mobile: string;
      params: { code: string };
    };
    expect(payload).toMatchObject({
      signName: '华饮酒业',
      templateCode: 'SMS_LOGIN_01',
      mobile: ADMIN_MOBILE,
    });
    expect(payload.params.code).toMatch(/^\d{6}$/);
    const canonical = [
      'POST',
      new URL(gateway.url).pathname,
      request.headers['x-sms-timestamp'],
      request.headers['x-sms-nonce'],
      createHash('sha256').update(request.rawBody).digest('hex'),
    ].join('\n');
    expect(request.headers['x-sms-signature']).toBe(
      createHmac('sha256', 'secret-demo').update(canonical).digest('base64'),
    );

    const login = await client.post<LoginAnswer>('/sys/phoneLogin', {
      mobile: ADMIN_MOBILE,
      captcha: payload.params.code,
    });
    expect(login.body.code).toBe(200);
  });

  it.each([
    ['1', '13912345678', 'SMS_REGISTER_01'],
    ['2', ADMIN_MOBILE, 'SMS_RESET_01'],
  ])(
    'sends the codes of smsmode %s (to %s) with their own template %s',
    async (smsmode, mobile, template) => {
      const client = apiClient(withGateway.baseUrl);
      const { checkKey, code } = await issueCaptcha(client, testDatabase.database.db);
      const { body } = await client.post('/sys/sms', { mobile, smsmode, captcha: code, checkKey });
      expect(body).toMatchObject({ success: true, message: SENT });
      const payload = JSON.parse(gateway.received.at(-1)?.rawBody ?? '{}') as Record<string, unknown>;
      expect(payload).toMatchObject({ templateCode: template, mobile, params: { code: expect.any(String) } });
    },
  );

  /** Asks for a login code through a server, with a correct graphic code. */
  async function send(server: TestServer) {
    const client = apiClient(server.baseUrl);
    const { checkKey, code } = await issueCaptcha(client, testDatabase.database.db);
    return client.post('/sys/sms', { mobile: ADMIN_MOBILE, smsmode: '0', captcha: code, checkKey });
  }

  it('answers 短信发送失败 when the gateway refuses, and the failed send does not count', async () => {
    gateway.behave({ status: 500, body: 'down' });
    const failed = await send(withGateway);
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ success: false, code: 500, message: '短信发送失败，请稍后重试' });
    expect(await testDatabase.database.db.selectFrom('sms_codes').selectAll().execute()).toEqual([]);
    gateway.behave(GATEWAY_OK);
    expect((await send(withGateway)).body.success).toBe(true);
  });

  it('answers 短信发送失败, not 数据库暂不可用, when the gateway cannot be reached', async () => {
    const failed = await send(unreachable);
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ success: false, code: 500, message: '短信发送失败，请稍后重试' });
  });
});
