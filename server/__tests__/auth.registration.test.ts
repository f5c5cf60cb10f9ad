import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../db';
import { verifyPassword } from '../modules/auth/passwords';
import { DEFAULT_DICTS, DEFAULT_MENUS, type MenuDefinition } from '../modules/auth/tenantOrganisation';
import {
  apiClient,
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

/** Every button of a menu tree: a new tenant's admin gets them all. */
const buttonCount = (menus: MenuDefinition[]): number =>
  menus.reduce((total, menu) => total + (menu.buttons?.length ?? 0) + buttonCount(menu.children ?? []), 0);

const CODE_INVALID = '手机验证码错误或已失效';
const PASSWORD = 'Company-Pa55';

interface RegisterBody {
  companyName?: string;
  username?: string;
  realname?: string;
  password?: string;
  phone?: string;
  smscode?: string;
}

interface PermissionPayload {
  menu: Array<{ id: string }>;
  auth: Array<{ action: string }>;
  allAuth: Array<{ action: string }>;
}

/** The menu payload without ids, which differ per tenant by design. */
function withoutIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutIds);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'id')
      .map(([key, inner]) => [key, withoutIds(inner)]),
  );
}

const sortedByAction = (buttons: Array<{ action: string }>) =>
  [...buttons].sort((a, b) => a.action.localeCompare(b.action));

describe.each(testBackends())('registering a company on %s', (backend) => {
  let testDatabase: TestDatabase;
  let database: Database;
  let server: TestServer;
  let client: ApiClient;
  /** Each registration gets its own user name and mobile number. */
  let serial = 0;

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
  });

  function newApplicant() {
    serial += 1;
    return {
      companyName: `测试饮品公司${serial}`,
      username: `company_${serial}`,
      realname: '赵总',
      password: PASSWORD,
      phone: `1361000${String(serial).padStart(4, '0')}`,
    };
  }

  /** Sends the registration code to the applicant's phone and returns the form with it. */
  async function withRegistrationCode(applicant: ReturnType<typeof newApplicant>) {
    const sent = await requestSmsCode(client, database.db, applicant.phone, '1');
    if (!sent.body.success) throw new Error(`no registration code: ${sent.body.message}`);
    return { ...applicant, smscode: await latestSmsCode(client, applicant.phone) };
  }

  const register = (body: RegisterBody) =>
    client.post<{ username: string; tenantName: string }>('/sys/user/register', body);

  const tenantOf = async (username: string) =>
    (
      await database.db
        .selectFrom('users')
        .select('tenant_id')
        .where('username', '=', username)
        .executeTakeFirstOrThrow()
    ).tenant_id;

  const countOf = async (table: 'tenants' | 'users' | 'permissions') =>
    Number(
      (
        await database.db
          .selectFrom(table)
          .select(sql<string>`count(*)`.as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  const waitingCodes = () =>
    database.db.selectFrom('sms_codes').select('id').where('consumed_at', 'is', null).execute();

  describe('GET /sys/user/checkOnlyUser', () => {
    it('answers result true for a free user name or mobile number', async () => {
      for (const query of [
        'username=nobody_here',
        'phone=13912345678',
        'username=nobody_here&phone=13912345678',
      ]) {
        const { status, body } = await client.get(`/sys/user/checkOnlyUser?${query}`);
        expect(status).toBe(200);
        expect(body).toMatchObject({ success: true, code: 200, result: true });
      }
    });

    it.each([
      ['username=admin', 409, '用户账号已存在'],
      ['username=admin&phone=13912345678', 409, '用户账号已存在'],
      ['phone=13800000001', 409, '手机号已存在'],
      ['username=nobody_here&phone=13800000001', 409, '手机号已存在'],
      ['phone=12345678901', 400, '您的手机号码格式不正确!'],
      ['phone=1380000', 400, '您的手机号码格式不正确!'],
      ['', 400, '请输入要校验的用户账号或手机号'],
    ])('answers ?%s with %s %s', async (query, code, message) => {
      const { status, body } = await client.get(`/sys/user/checkOnlyUser?${query}`);
      expect(status).toBe(200);
      expect(body).toEqual({ success: false, code, message, result: null, timestamp: expect.any(Number) });
    });

    it('counts a deleted account: its name and number stay taken', async () => {
      await database.db.updateTable('users').set({ del_flag: 1 }).where('username', '=', 'liuyang').execute();
      try {
        expect((await client.get('/sys/user/checkOnlyUser?username=liuyang')).body.message).toBe(
          '用户账号已存在',
        );
        expect((await client.get('/sys/user/checkOnlyUser?phone=13800000003')).body.message).toBe(
          '手机号已存在',
        );
      } finally {
        await database.db
          .updateTable('users')
          .set({ del_flag: 0 })
          .where('username', '=', 'liuyang')
          .execute();
      }
    });
  });

  describe('POST /sys/sms with smsmode 1', () => {
    it('sends the registration text to a number no account has', async () => {
      const { body } = await requestSmsCode(client, database.db, '13912345678', '1');
      expect(body).toMatchObject({ success: true, code: 200, message: '验证码已发送，5分钟内有效' });
      expect(await latestSmsText(client, '13912345678')).toMatch(
        /^【渠道数字化平台】您的注册验证码为 \d{6}，5分钟内有效/,
      );
      const stored = await database.db.selectFrom('sms_codes').select('purpose').execute();
      expect(stored).toEqual([{ purpose: 'REGISTER' }]);
    });

    it('refuses a number an account already has, a frozen one too, and sends nothing', async () => {
      await database.db.updateTable('users').set({ status: 2 }).where('username', '=', 'wangfang').execute();
      try {
        for (const mobile of ['13800000001', '13800000004']) {
          expect((await requestSmsCode(client, database.db, mobile, '1')).body).toMatchObject({
            success: false,
            code: 409,
            message: '该手机号已注册，请直接登录',
          });
        }
      } finally {
        await database.db
          .updateTable('users')
          .set({ status: 1 })
          .where('username', '=', 'wangfang')
          .execute();
      }
      expect(await database.db.selectFrom('sms_outbox').selectAll().execute()).toEqual([]);
    });

    it('keeps the graphic code and the throttles of every SMS', async () => {
      expect((await client.post('/sys/sms', { mobile: '13912345678', smsmode: '1' })).body.message).toBe(
        '请输入验证码!',
      );
      expect((await requestSmsCode(client, database.db, '13912345678', '1')).body.success).toBe(true);
      expect((await requestSmsCode(client, database.db, '13912345678', '1')).body).toMatchObject({
        success: false,
        code: 429,
        message: '验证码发送过于频繁，请60秒后再试',
      });
    });
  });

  describe('POST /sys/user/register', () => {
    it('creates the tenant, its root department, its administrator role and the user, and logs it', async () => {
      const form = await withRegistrationCode(newApplicant());
      const { status, body } = await register(form);
      expect(status).toBe(200);
      expect(body).toEqual({
        success: true,
        code: 200,
        message: '注册成功',
        result: { username: form.username, tenantName: form.companyName },
        timestamp: expect.any(Number),
      });

      const user = await database.db
        .selectFrom('users')
        .selectAll()
        .where('username', '=', form.username)
        .executeTakeFirstOrThrow();
      expect(user).toMatchObject({
        realname: '赵总',
        phone: form.phone,
        status: 1,
        del_flag: 0,
        org_code: null,
      });
      expect(user.id).toMatch(/^[0-9a-f]{32}$/);
      expect(user.password_hash).toMatch(/^\$argon2id\$/);
      await expect(verifyPassword(user.password_hash, PASSWORD)).resolves.toBe(true);

      const tenantId = user.tenant_id;
      expect(tenantId).toMatch(/^C\d{5}$/);
      expect(
        await database.db
          .selectFrom('tenants')
          .select(['name', 'status'])
          .where('tenant_id', '=', tenantId)
          .executeTakeFirst(),
      ).toEqual({ name: form.companyName, status: 1 });
      const departs = await database.db
        .selectFrom('departs')
        .innerJoin('user_departs', 'user_departs.depart_id', 'departs.id')
        .select(['departs.org_code', 'departs.depart_name', 'departs.parent_id', 'departs.org_type'])
        .where('departs.tenant_id', '=', tenantId)
        .where('user_departs.user_id', '=', user.id)
        .execute();
      expect(departs).toEqual([
        { org_code: 'A01', depart_name: form.companyName, parent_id: null, org_type: '1' },
      ]);
      const roles = await database.db
        .selectFrom('roles')
        .innerJoin('user_roles', 'user_roles.role_id', 'roles.id')
        .select(['roles.role_code', 'roles.role_name', 'roles.role_level', 'roles.tenant_id'])
        .where('user_roles.user_id', '=', user.id)
        .execute();
      expect(roles).toEqual([
        { role_code: 'admin', role_name: '系统管理员', role_level: 1, tenant_id: tenantId },
      ]);

      const logged = await database.db
        .selectFrom('sys_log')
        .select(['log_type', 'operate_type', 'log_content', 'tenant_id', 'user_id', 'request_url'])
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(logged).toEqual({
        log_type: 2,
        operate_type: 2,
        log_content: `用户名: ${form.username},注册企业 ${form.companyName}(${tenantId})成功！`,
        tenant_id: tenantId,
        user_id: user.id,
        request_url: '/api/sys/user/register',
      });
      // The code is used up.
      expect(await waitingCodes()).toEqual([]);
    });

    it('gives the registered administrator a working login and exactly the demo tenants’ menu and buttons', async () => {
      const form = await withRegistrationCode(newApplicant());
      expect((await register(form)).body.success).toBe(true);
      const tenantId = await tenantOf(form.username);

      const { body } = await client.post<LoginAnswer>('/sys/login', {
        username: form.username,
        password: PASSWORD,
      });
      expect(body).toMatchObject({ success: true, code: 200, message: '登录成功' });
      expect(body.result.multi_depart).toBe(1);
      expect(body.result.userInfo).toMatchObject({
        username: form.username,
        realname: '赵总',
        phone: form.phone,
        orgCode: 'A01',
        cpycod: tenantId,
        tenantName: form.companyName,
        roleEnum: null,
      });
      expect(body.result.roles).toEqual([
        {
          id: expect.stringMatching(/^[0-9a-f]{32}$/),
          roleCode: 'admin',
          roleName: '系统管理员',
          roleLevel: 1,
        },
      ]);
      expect(body.result.departs).toEqual([
        { id: expect.any(String), orgCode: 'A01', departName: form.companyName, parentId: '' },
      ]);

      const registered = await client.get<PermissionPayload>(
        '/sys/permission/getUserPermissionByToken',
        body.result.token,
      );
      const demo = await client.get<PermissionPayload>(
        '/sys/permission/getUserPermissionByToken',
        await loginAs(client, 't2admin'),
      );
      expect(registered.body.result.menu.length).toBeGreaterThan(0);
      expect(withoutIds(registered.body.result.menu)).toEqual(withoutIds(demo.body.result.menu));
      // Buttons of one menu share their sort numbers, so their order follows the (per-tenant) ids.
      expect(sortedByAction(registered.body.result.auth)).toEqual(sortedByAction(demo.body.result.auth));
      expect(sortedByAction(registered.body.result.allAuth)).toEqual(
        sortedByAction(demo.body.result.allAuth),
      );
      expect(registered.body.result.auth).toHaveLength(buttonCount(DEFAULT_MENUS));
      // The company starts with the product's dictionaries, its own rows.
      const dicts = await database.db
        .selectFrom('dicts')
        .select('dict_code')
        .where('tenant_id', '=', tenantId)
        .execute();
      expect(dicts.map((dict) => dict.dict_code).sort()).toEqual(
        DEFAULT_DICTS.map((dict) => dict.code).sort(),
      );
      // The ids are the new tenant's own rows.
      const menuIds = registered.body.result.menu.map((node) => node.id);
      const owners = await database.db
        .selectFrom('permissions')
        .select('tenant_id')
        .distinct()
        .where('id', 'in', menuIds)
        .execute();
      expect(owners).toEqual([{ tenant_id: tenantId }]);
    });

    it('gives each company the next free company code', async () => {
      await database.db
        .insertInto('tenants')
        .values({ tenant_id: 'C00041', name: '手工录入的公司' })
        .execute();
      const form = await withRegistrationCode(newApplicant());
      expect((await register(form)).body.success).toBe(true);
      expect(await tenantOf(form.username)).toBe('C00042');
      const next = await withRegistrationCode(newApplicant());
      expect((await register(next)).body.success).toBe(true);
      expect(await tenantOf(next.username)).toBe('C00043');
    });

    const tooLong = '公'.repeat(65);
    it.each([
      ['no company name', '请输入公司名称', { companyName: undefined }],
      ['a blank company name', '请输入公司名称', { companyName: '   ' }],
      ['a 1-character company name', '公司名称应为2到64个字符', { companyName: '公' }],
      ['a 65-character company name', '公司名称应为2到64个字符', { companyName: tooLong }],
      ['no user name', '请输入用户名!', { username: undefined }],
      ['a 2-character user name', '用户账号应为3到32位字母、数字或下划线', { username: 'ab' }],
      ['a 33-character user name', '用户账号应为3到32位字母、数字或下划线', { username: 'a'.repeat(33) }],
      ['a user name with a space', '用户账号应为3到32位字母、数字或下划线', { username: 'with space' }],
      ['a user name in Chinese', '用户账号应为3到32位字母、数字或下划线', { username: '张三丰' }],
      [
        'an e-mail address as user name',
        '用户账号应为3到32位字母、数字或下划线',
        { username: 'me@example.com' },
      ],
      ['no real name', '请输入真实姓名', { realname: undefined }],
      ['a blank real name', '请输入真实姓名', { realname: '  ' }],
      ['no password', '请输入密码!', { password: undefined }],
      ['a 6-character password', '密码至少8位，且须包含字母和数字', { password: 'Short1' }],
      ['a password without digits', '密码至少8位，且须包含字母和数字', { password: 'lettersonly' }],
      ['a password without letters', '密码至少8位，且须包含字母和数字', { password: '1234567890' }],
      ['no mobile number', '请输入手机号', { phone: undefined }],
      ['a malformed mobile number', '您的手机号码格式不正确!', { phone: '12345678901' }],
      ['no SMS code', '请输入验证码!', { smscode: undefined }],
    ])('refuses %s with %s, creates nothing and keeps the code', async (_, message, change) => {
      const form = await withRegistrationCode(newApplicant());
      const tenantsBefore = await countOf('tenants');
      expect((await register({ ...form, ...change })).body).toMatchObject({
        success: false,
        code: 400,
        message,
      });
      expect(await countOf('tenants')).toBe(tenantsBefore);
      expect(await waitingCodes()).toHaveLength(1);
    });

    it('accepts the boundaries: 2- and 64-character company names, 3- and 32-character user names', async () => {
      const shortName = `z${String(serial + 1).padStart(2, '0')}`;
      const longName = `long_${serial + 2}`.padEnd(32, 'x');
      for (const [companyName, username] of [
        ['川渝', shortName],
        ['公'.repeat(64), longName],
      ]) {
        const form = { ...(await withRegistrationCode(newApplicant())), companyName, username };
        expect((await register(form)).body).toMatchObject({
          success: true,
          result: { username, tenantName: companyName },
        });
      }
    });

    it('refuses a wrong code and uses it up', async () => {
      const form = await withRegistrationCode(newApplicant());
      const wrong = form.smscode === '000000' ? '111111' : '000000';
      expect((await register({ ...form, smscode: wrong })).body).toMatchObject({
        success: false,
        code: 400,
        message: CODE_INVALID,
      });
      expect((await register(form)).body.message).toBe(CODE_INVALID);
      expect(
        await database.db.selectFrom('users').select('id').where('username', '=', form.username).execute(),
      ).toEqual([]);
    });

    it('refuses an expired code, and a code sent to another number', async () => {
      const form = await withRegistrationCode(newApplicant());
      await database.db
        .updateTable('sms_codes')
        .set({ expires_at: sql<Date>`now() - interval '1 second'` })
        .execute();
      expect((await register(form)).body.message).toBe(CODE_INVALID);

      const other = await withRegistrationCode(newApplicant());
      expect((await register({ ...newApplicant(), smscode: other.smscode })).body.message).toBe(CODE_INVALID);
    });

    it('refuses a taken user name or number before using the code up', async () => {
      const form = await withRegistrationCode(newApplicant());
      expect((await register({ ...form, username: 'admin' })).body).toMatchObject({
        success: false,
        code: 409,
        message: '用户账号已存在',
      });
      // Someone else got the number after the code was sent.
      await database.db
        .updateTable('users')
        .set({ phone: form.phone })
        .where('username', '=', 'wangfang')
        .execute();
      try {
        expect((await register(form)).body).toMatchObject({
          success: false,
          code: 409,
          message: '手机号已存在',
        });
      } finally {
        await database.db
          .updateTable('users')
          .set({ phone: '13800000004' })
          .where('username', '=', 'wangfang')
          .execute();
      }
      expect(await waitingCodes()).toHaveLength(1);
      expect((await register(form)).body.success).toBe(true);
    });

    it('lets exactly one of two concurrent registrations of one user name through, leaving nothing of the other', async () => {
      const first = await withRegistrationCode(newApplicant());
      const second = await withRegistrationCode({ ...newApplicant(), username: first.username });
      const tenantsBefore = await countOf('tenants');
      const permissionsBefore = await countOf('permissions');

      const answers = await Promise.all([register(first), register(second)]);
      expect(answers.map((answer) => answer.body.success).sort()).toEqual([false, true]);
      expect(answers.find((answer) => !answer.body.success)?.body).toMatchObject({
        code: 409,
        message: '用户账号已存在',
      });
      // The winner's code is used up. The loser's is too when it passed the early check as well (the unique
      // index decided); when it came after the winner's commit, the early check refused it before using its code.
      // Which of the two happens is the machine's timing.
      const loser = answers[0].body.success ? second : first;
      const waiting = await database.db
        .selectFrom('sms_codes')
        .select('mobile')
        .where('consumed_at', 'is', null)
        .execute();
      expect(waiting.filter(({ mobile }) => mobile !== loser.phone)).toEqual([]);
      expect(await countOf('tenants')).toBe(tenantsBefore + 1);
      const perTenant = await database.db
        .selectFrom('permissions')
        .select(sql<string>`count(*)`.as('count'))
        .where('tenant_id', '=', 'A01')
        .executeTakeFirstOrThrow();
      expect(await countOf('permissions')).toBe(permissionsBefore + Number(perTenant.count));
    });
  });

  /** Waits until some session of the test database waits for a lock another one holds. */
  async function untilALockIsAwaited(): Promise<void> {
    for (let attempt = 0; attempt < 250; attempt++) {
      const { rows } = await sql<{ waiting: number }>`select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`.execute(database.db);
      if (rows[0].waiting > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('no session ever waited for a lock');
  }

  const postgresOnly = backend === 'postgres' ? it : it.skip;

  postgresOnly(
    'answers 手机号已存在 when another transaction takes the number after the early check',
    async () => {
      const form = await withRegistrationCode(newApplicant());
      const holder = `holder_${serial}`;
      let registering: ReturnType<typeof register> | undefined;
      await database.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('users')
          .values({
            id: randomUUID().replace(/-/g, ''),
            tenant_id: 'A01',
            username: holder,
            realname: '占用者',
            phone: form.phone,
            password_hash: 'x',
          })
          .execute();
        // The early check cannot see this uncommitted row; the insert of the user waits on its index entry.
        registering = register(form);
        await untilALockIsAwaited();
      });
      const answer = await (registering as ReturnType<typeof register>);
      expect(answer.body).toMatchObject({ success: false, code: 409, message: '手机号已存在' });
      expect(await waitingCodes()).toEqual([]);
      expect(
        await database.db
          .selectFrom('tenants')
          .select('tenant_id')
          .where('name', '=', form.companyName)
          .execute(),
      ).toEqual([]);
      await database.db.deleteFrom('users').where('username', '=', holder).execute();
    },
  );
});
