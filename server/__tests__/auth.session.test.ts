import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../db';
import { defaultMenuRowsOf } from '../modules/auth/tenantOrganisation';
import { demoDepartId, demoPermissionId, demoRoleId, demoUserId } from '../db/seed/ids';
import { apiClient, DEMO_PASSWORD, loginAs, openSeededDatabase, type ApiClient } from './support/auth';
import { testBackends, type TestDatabase } from './support/database';
import { startTestServer, type TestServer } from './support/server';

const TOKEN_EXPIRED = 'Token失效，请重新登录';

interface Depart {
  id: string;
  orgCode: string;
  departName: string;
  parentId: string;
}
interface MenuNode {
  id: string;
  path: string;
  name: string;
  hidden?: boolean;
  meta: { title: string };
  children?: MenuNode[];
}
interface PermissionPayload {
  menu: MenuNode[];
  auth: Array<{ action: string; type: string; describe: string }>;
  allAuth: Array<{ action: string; status: string; type: string; describe: string }>;
}

const ALL_BUTTONS = [
  'dealer:list',
  'dealer:edit',
  'dealer:account',
  'repair:list',
  'repair:dispatch',
  'repair:work',
  'repair:approve',
  'repair:provider',
  'repair:faultCode',
  'repair:report',
  'spare:list',
  'spare:edit',
  'spare:move',
  'spare:issue',
  'spare:request',
  'agreementTemplate:list',
  'agreementTemplate:edit',
  'coopAgreement:list',
  'coopAgreement:edit',
  'coopAgreement:sign',
  'coopAgreement:terminate',
  'rebate:list',
  'rebate:policy',
  'rebate:calc',
  'rebate:confirm',
  'fund:list',
  'visitPlan:list',
  'visitPlan:add',
  'visitPlan:approve',
  'visit:list',
  'visit:checkIn',
  'visitRoute:list',
  'visitRoute:add',
  'visitRoute:edit',
  'visitRule:list',
  'visitRule:edit',
  'execution:list',
  'execution:review',
  'execution:finalReview',
  'execution:revoke',
  'execution:appeal',
  'executionTemplate:list',
  'executionTemplate:edit',
  'coin:list',
  'coin:adjust',
  'user:list',
  'user:add',
  'user:edit',
  'user:delete',
  'user:deleteBatch',
  'user:frozen',
  'user:password',
  'user:assignRole',
  'approval:center',
  'approval:flow',
  'role:list',
  'role:add',
  'role:edit',
  'role:delete',
  'role:deleteBatch',
  'role:authorize',
  'permission:list',
  'permission:add',
  'permission:edit',
  'permission:delete',
  'permission:deleteBatch',
  'depart:list',
  'depart:add',
  'depart:edit',
  'depart:delete',
  'depart:deleteBatch',
  'dict:list',
  'dict:add',
  'dict:edit',
  'dict:delete',
  'dict:deleteBatch',
  'dictItem:add',
  'dictItem:edit',
  'dictItem:delete',
  'annountCement:list',
  'annountCement:add',
  'annountCement:edit',
  'annountCement:delete',
  'annountCement:release',
  'log:list',
  'annountCement:revoke',
  'log:delete',
  'product:list',
  'product:add',
  'product:edit',
  'product:status',
  'price:list',
  'price:add',
  'price:edit',
  'price:status',
  'customer:list',
  'customer:add',
  'customer:edit',
  'customer:status',
  'customer:link',
  'customer:team',
  'customer:audit',
  'customer:verify',
  'label:list',
  'label:add',
  'label:edit',
  'label:tag',
  'stock:list',
  'stock:in',
  'stock:out',
  'stock:transfer',
  'stock:adjust',
  'stock:config',
  'nearExpiry:list',
  'warehouse:add',
  'warehouse:edit',
  'custStock:list',
  'order:list',
  'order:add',
  'order:audit',
  'order:deliver',
  'order:sign',
  'order:invalid',
  'order:print',
  'order:return',
  'payment:list',
  'payment:add',
  'kpi:list',
  'kpi:edit',
  'kpi:publish',
  'kpi:report',
  'kpi:snapshot',
  'report:sales',
  'report:dealer',
  'report:rebuild',
  'erp:list',
  'erp:retry',
  'erp:ignore',
  'erp:config',
  'log:deleteBatch',
  'promotion:list',
  'promotion:add',
  'promotion:edit',
  'promotion:status',
  'promotion:group',
  'promotion:preview',
  'asset:list',
  'asset:add',
  'asset:apply',
  'asset:deposit',
  'asset:deliver',
  'asset:inspect',
  'asset:exception',
  'asset:model',
  'posm:list',
  'posm:request',
  'posm:issue',
  'posm:receive',
  'posm:verify',
  'posm:stock',
  'posm:material',
  'ad:list',
  'ad:apply',
  'ad:produce',
  'ad:accept',
  'ad:settle',
  'ad:price',
  'display:list',
  'display:policy',
  'display:policyApprove',
  'display:apply',
  'display:terminate',
  'employee:buyer',
  'employee:list',
  'employee:order',
  'employee:pickup',
  'employee:price',
  'display:inspect',
  'display:review',
  'display:pay',
  // Payments and WeChat (#22).
  'payRecord:list',
  'payment:refund',
  'wxconfig:list',
  'wxconfig:edit',
  'wxplatform:list',
  'wxplatform:authorize',
  'wxplatform:release',
];

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const titles = (nodes: MenuNode[]): unknown[] =>
  nodes.map((node) => (node.children ? [node.meta.title, titles(node.children)] : node.meta.title));

describe.each(testBackends())('sessions and the signed-in account on %s', (backend) => {
  let testDatabase: TestDatabase;
  let database: Database;
  let server: TestServer;
  let client: ApiClient;

  beforeAll(async () => {
    testDatabase = await openSeededDatabase(backend);
    database = testDatabase.database;
    server = await startTestServer({ database });
    client = apiClient(server.baseUrl);
  });
  afterAll(async () => {
    await server.close();
    await testDatabase.dispose();
  });

  const failure = (status: number, message: string) => ({
    status,
    body: { success: false, code: status, message, result: null, timestamp: expect.any(Number) },
  });

  describe('tokens', () => {
    it('answers a protected route without a token with 401 未登录，请先登录', async () => {
      expect(await client.get('/user/info')).toEqual(failure(401, '未登录，请先登录'));
      expect(await client.get('/user/info', '')).toEqual(failure(401, '未登录，请先登录'));
    });

    it('answers an unknown token with 401 Token失效，请重新登录', async () => {
      expect(await client.get('/user/info', 'not-a-token')).toEqual(failure(401, TOKEN_EXPIRED));
    });

    it('refuses a token after its 7 days', async () => {
      const token = await loginAs(client, 'admin');
      expect((await client.get('/user/info', token)).status).toBe(200);
      await database.db
        .updateTable('sessions')
        .set({ expires_at: sql<Date>`now() - interval '1 second'` })
        .where('token_hash', '=', hashOf(token))
        .execute();
      expect(await client.get('/user/info', token)).toEqual(failure(401, TOKEN_EXPIRED));
    });

    it('refuses the session of a frozen or deleted user', async () => {
      const token = await loginAs(client, 'wangfang');
      await database.db.updateTable('users').set({ status: 2 }).where('username', '=', 'wangfang').execute();
      expect(await client.get('/user/info', token)).toEqual(failure(401, TOKEN_EXPIRED));
      await database.db
        .updateTable('users')
        .set({ status: 1, del_flag: 1 })
        .where('username', '=', 'wangfang')
        .execute();
      expect(await client.get('/user/info', token)).toEqual(failure(401, TOKEN_EXPIRED));
      await database.db
        .updateTable('users')
        .set({ del_flag: 0 })
        .where('username', '=', 'wangfang')
        .execute();
    });

    it('notes when a session was last used, at most once a minute', async () => {
      const token = await loginAs(client, 'admin');
      const lastSeen = async () =>
        (
          await database.db
            .selectFrom('sessions')
            .select('last_seen_at')
            .where('token_hash', '=', hashOf(token))
            .executeTakeFirstOrThrow()
        ).last_seen_at.getTime();
      await database.db
        .updateTable('sessions')
        .set({ last_seen_at: sql<Date>`now() - interval '1 hour'` })
        .where('token_hash', '=', hashOf(token))
        .execute();
      const before = await lastSeen();
      await client.get('/user/info', token);
      const after = await lastSeen();
      expect(after - before).toBeGreaterThan(59 * 60_000);
      await client.get('/user/info', token);
      expect(await lastSeen()).toBe(after);
    });
  });

  describe('POST /sys/logout', () => {
    it('revokes the session, answers 退出登录成功！, and logs it once', async () => {
      const token = await loginAs(client, 'admin');
      const other = await loginAs(client, 'admin');
      const { id: since } = await database.db
        .selectFrom('sys_log')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirstOrThrow();

      const first = await client.post('/sys/logout', undefined, token);
      expect(first).toEqual({
        status: 200,
        body: {
          success: true,
          code: 200,
          message: '退出登录成功！',
          result: null,
          timestamp: expect.any(Number),
        },
      });
      expect(await client.get('/user/info', token)).toEqual(failure(401, TOKEN_EXPIRED));
      // Another session of the same user lives on.
      expect((await client.get('/user/info', other)).status).toBe(200);

      // Idempotent: again, with an unknown token, or with none, the answer is the same; nothing is logged.
      for (const again of [token, 'unknown-token', undefined]) {
        expect((await client.post('/sys/logout', undefined, again)).body).toMatchObject({
          success: true,
          message: '退出登录成功！',
        });
      }
      const rows = await database.db
        .selectFrom('sys_log')
        .select(['log_type', 'log_content', 'user_id', 'tenant_id', 'request_url'])
        .where('id', '>', String(since))
        .execute();
      expect(rows).toEqual([
        {
          log_type: 1,
          log_content: '用户名: admin,退出成功！',
          user_id: demoUserId('admin'),
          tenant_id: 'A01',
          request_url: '/api/sys/logout',
        },
      ]);
    });

    it('lets a client whose session has expired log out', async () => {
      const token = await loginAs(client, 'admin');
      await database.db
        .updateTable('sessions')
        .set({ expires_at: sql<Date>`now() - interval '1 second'` })
        .where('token_hash', '=', hashOf(token))
        .execute();
      expect((await client.post('/sys/logout', undefined, token)).body).toMatchObject({ success: true });
    });
  });

  describe('GET /user/info and the departments', () => {
    it('answers the session user, roles and departments', async () => {
      const token = await loginAs(client, 'admin');
      const { body } = await client.get<{
        userInfo: Record<string, unknown>;
        roles: unknown[];
        departs: Depart[];
      }>('/user/info', token);
      expect(body).toMatchObject({ success: true, code: 200 });
      expect(body.result.userInfo).toMatchObject({
        id: demoUserId('admin'),
        username: 'admin',
        cpycod: 'A01',
        tenantName: '华饮酒业集团',
      });
      expect(body.result.roles).toEqual([
        { id: demoRoleId('A01', 'admin'), roleCode: 'admin', roleName: '系统管理员', roleLevel: 1 },
      ]);
      expect(body.result.departs.map((depart) => depart.orgCode)).toEqual(['A01']);
    });

    it("answers the caller's tenant only: t2admin sees B01's company and department", async () => {
      const token = await loginAs(client, 't2admin');
      const info = await client.get<{ userInfo: Record<string, unknown>; departs: Depart[] }>(
        '/user/info',
        token,
      );
      expect(info.body.result.userInfo).toMatchObject({
        cpycod: 'B01',
        tenantName: '川府饮品',
        orgCode: 'A01',
      });
      const departs = await client.get<{ list: Depart[]; orgCode: string }>(
        '/sys/user/getCurrentUserDeparts',
        token,
      );
      expect(departs.body.result).toEqual({
        list: [{ id: demoDepartId('B01', 'A01'), orgCode: 'A01', departName: '川府饮品', parentId: '' }],
        orgCode: 'A01',
      });
    });

    it('lets zhangwei pick one of his departments, and only his own', async () => {
      const token = await loginAs(client, 'zhangwei');
      const before = await client.get<{ list: Depart[]; orgCode: string | null }>(
        '/sys/user/getCurrentUserDeparts',
        token,
      );
      expect(before.body).toMatchObject({ success: true, code: 200 });
      expect(before.body.result.list).toEqual([
        {
          id: demoDepartId('A01', 'A01A01A01'),
          orgCode: 'A01A01A01',
          departName: '上海办事处',
          parentId: demoDepartId('A01', 'A01A01'),
        },
        {
          id: demoDepartId('A01', 'A01A01A02'),
          orgCode: 'A01A01A02',
          departName: '杭州办事处',
          parentId: demoDepartId('A01', 'A01A01'),
        },
        {
          id: demoDepartId('A01', 'A01A02A01'),
          orgCode: 'A01A02A01',
          departName: '广州办事处',
          parentId: demoDepartId('A01', 'A01A02'),
        },
      ]);
      expect(before.body.result.orgCode).toBeNull();

      const chosen = await client.put<{ userInfo: Record<string, unknown> }>(
        '/sys/selectDepart',
        { orgCode: 'A01A01A02', username: 'zhangwei' },
        token,
      );
      expect(chosen.body).toMatchObject({ success: true, code: 200 });
      expect(chosen.body.result.userInfo).toMatchObject({ username: 'zhangwei', orgCode: 'A01A01A02' });
      expect(JSON.stringify(chosen.body)).not.toMatch(/password|argon2/);
      const after = await client.get<{ orgCode: string }>('/sys/user/getCurrentUserDeparts', token);
      expect(after.body.result.orgCode).toBe('A01A01A02');

      // An empty username means the caller.
      expect(
        (await client.put('/sys/selectDepart', { orgCode: 'A01A01A01', username: '' }, token)).body.success,
      ).toBe(true);
      expect((await client.put('/sys/selectDepart', { orgCode: 'A01A01A01' }, token)).body.success).toBe(
        true,
      );
    });

    it.each([
      [{ orgCode: 'A01A01A01', username: 'admin' }, '只允许切换自己的部门'],
      [{ orgCode: 'A02' }, '所选部门无效'],
      [{ orgCode: 'Z99' }, '所选部门无效'],
      [{}, '所选部门无效'],
    ])('refuses selectDepart %j for zhangwei: %s', async (choice, message) => {
      const token = await loginAs(client, 'zhangwei');
      expect((await client.put('/sys/selectDepart', choice, token)).body).toMatchObject({
        success: false,
        code: 400,
        message,
      });
    });

    it('refuses a department of another tenant', async () => {
      const token = await loginAs(client, 't2admin');
      expect((await client.put('/sys/selectDepart', { orgCode: 'A01A01' }, token)).body.message).toBe(
        '所选部门无效',
      );
    });
  });

  describe('PUT /sys/user/updatePassword', () => {
    const change = (token: string, body: Record<string, string>) =>
      client.put('/sys/user/updatePassword', body, token);

    it.each([
      [
        {
          username: 'admin',
          oldpassword: DEMO_PASSWORD,
          password: 'New-pass1',
          confirmpassword: 'New-pass1',
        },
        '只允许修改自己的密码！',
      ],
      [{ password: 'New-pass1', confirmpassword: 'New-pass1' }, '请输入旧密码!'],
      [{ oldpassword: DEMO_PASSWORD, password: '', confirmpassword: '' }, '新密码不允许为空!'],
      [
        { oldpassword: DEMO_PASSWORD, password: 'New-pass1', confirmpassword: 'New-pass2' },
        '两次输入密码不一致!',
      ],
      [
        { oldpassword: DEMO_PASSWORD, password: 'short1', confirmpassword: 'short1' },
        '新密码至少8位，且须包含字母和数字',
      ],
      [
        { oldpassword: DEMO_PASSWORD, password: 'lettersonly', confirmpassword: 'lettersonly' },
        '新密码至少8位，且须包含字母和数字',
      ],
      [
        { oldpassword: DEMO_PASSWORD, password: '1234567890', confirmpassword: '1234567890' },
        '新密码至少8位，且须包含字母和数字',
      ],
      [
        {
          oldpassword: DEMO_PASSWORD,
          password: `a1${'x'.repeat(63)}`,
          confirmpassword: `a1${'x'.repeat(63)}`,
        },
        '新密码至少8位，且须包含字母和数字',
      ],
      [{ oldpassword: 'Wrong-old1', password: 'New-pass1', confirmpassword: 'New-pass1' }, '旧密码输入错误!'],
    ])('refuses %j with %s', async (body, message) => {
      const token = await loginAs(client, 'mes_zg');
      expect((await change(token, body)).body).toMatchObject({ success: false, code: 400, message });
    });

    it('changes the password, keeps the own session and revokes every other one', async () => {
      const kept = await loginAs(client, 'mes_zg');
      const elsewhere = await loginAs(client, 'mes_zg');
      const someoneElse = await loginAs(client, 'mes_wxg');
      const { body } = await change(kept, {
        username: 'mes_zg',
        oldpassword: DEMO_PASSWORD,
        password: 'Changed-pass9',
        confirmpassword: 'Changed-pass9',
      });
      expect(body).toMatchObject({ success: true, code: 200, message: '密码修改成功！' });
      expect((await client.get('/user/info', kept)).status).toBe(200);
      expect(await client.get('/user/info', elsewhere)).toEqual(failure(401, TOKEN_EXPIRED));
      expect((await client.get('/user/info', someoneElse)).status).toBe(200);

      expect(
        (await client.post('/sys/login', { username: 'mes_zg', password: DEMO_PASSWORD })).body.message,
      ).toBe('用户名或密码错误');
      const fresh = await loginAs(client, 'mes_zg', 'Changed-pass9');
      expect(
        (
          await change(fresh, {
            oldpassword: 'Changed-pass9',
            password: DEMO_PASSWORD,
            confirmpassword: DEMO_PASSWORD,
          })
        ).body.success,
      ).toBe(true);
    });
  });

  describe('GET /sys/permission/getUserPermissionByToken', () => {
    const permissionsOf = async (username: string) => {
      const token = await loginAs(client, username);
      // The v2.2 client's ?token= is ignored: the session says who the caller is.
      const { status, body } = await client.get<PermissionPayload>(
        '/sys/permission/getUserPermissionByToken?token=someone-else',
        token,
      );
      expect(status).toBe(200);
      expect(body).toMatchObject({ success: true, code: 200, message: '查询成功' });
      return body.result;
    };

    it('gives admin every menu and every button of the tenant', async () => {
      const { menu, auth, allAuth } = await permissionsOf('admin');
      expect(titles(menu)).toEqual([
        '首页',
        ['系统管理', ['用户管理', '角色管理', '菜单管理', '部门管理', '数据字典', '系统公告', '系统日志']],
        ['产品管理', ['商品列表', '品牌管理', '品类管理', '价目表']],
        ['客户管理', ['客户列表', '门店审核', '客户标签']],
        ['库存管理', ['仓库库存', '临期预警', '库存流水', '仓库管理', '经销商库存']],
        ['订单管理', ['订单列表']],
        [
          '拜访管理',
          ['拜访计划', '拜访记录', '拜访线路', '打卡规则', '门店执行审核', '评分模板', '金币账户'],
        ],
        ['销售报表', ['目标设置', '达成报表', '销售分析', '经销商进销存日报', '经销商月报']],
        ['ERP集成', ['同步失败订单', 'ERP配置']],
        ['促销管理', ['促销列表', '促销组管理', '试算预览']],
        ['协议管理', ['协议模板', '合作协议']],
        ['返利管理', ['返利政策', '返利核算', '资金账户']],
        ['资产管理', ['资产台账', '资产申请', '资产型号', '资产审批', '资产交接', '资产报表']],
        ['物料管理', ['物料申请', '物料库存', '物料目录']],
        ['广告审批', ['广告申请', '广告价目表']],
        ['员工内购', ['内购员工名单', '员工价目表', '内购订单', '自提核销']],
        ['陈列管理', ['陈列方案', '陈列协议', '陈列检核', '检核复核', '兑付批次']],
        ['经销商管理', ['经销商档案', '经销商账号']],
        ['支付管理', ['收款与退款', '微信配置', '小程序发布']],
        ['审批管理', ['审批中心', '审批流配置']],
        [
          '维修服务',
          [
            '维修工单',
            '我的工单',
            '派工台',
            '备件目录',
            '备件库存',
            '领用/退库',
            '备件申请',
            '服务商',
            '故障代码',
            '维修报表',
          ],
        ],
        '下载中心',
        '我的消息',
      ]);
      expect(menu[0]).toEqual({
        id: demoPermissionId('A01', '/dashboard/analysis'),
        route: '1',
        path: '/dashboard/analysis',
        name: 'dashboard-analysis',
        component: 'dashboard/Analysis',
        redirect: null,
        meta: {
          keepAlive: false,
          internalOrExternal: false,
          title: '首页',
          componentName: 'Analysis',
          icon: 'home',
        },
      });
      expect(menu[1]).toMatchObject({
        path: '/isystem',
        component: 'layouts/RouteView',
        meta: { icon: 'setting' },
      });
      expect(menu[1].children?.[0]).toEqual({
        id: demoPermissionId('A01', '/isystem/user'),
        route: '1',
        path: '/isystem/user',
        name: 'isystem-user',
        component: 'system/UserList',
        meta: { keepAlive: false, internalOrExternal: false, title: '用户管理', componentName: 'UserList' },
      });
      expect(menu.at(-1)).toMatchObject({ path: '/isps/userAnnouncement', hidden: true });
      expect(auth.map((button) => button.action).sort()).toEqual([...ALL_BUTTONS].sort());
      expect(auth).toContainEqual({ action: 'user:add', type: '1', describe: '新增用户' });
      expect(allAuth).toHaveLength(ALL_BUTTONS.length);
      expect(allAuth).toContainEqual({ action: 'log:delete', status: '1', type: '1', describe: '删除日志' });
    });

    it('gives zhangwei the menus and buttons of his role', async () => {
      const { menu, auth, allAuth } = await permissionsOf('zhangwei');
      expect(titles(menu)).toEqual([
        '首页',
        ['系统管理', ['用户管理', '部门管理']],
        ['客户管理', ['客户列表']],
        ['库存管理', ['仓库库存', '临期预警']],
        ['订单管理', ['订单列表']],
        [
          '拜访管理',
          ['拜访计划', '拜访记录', '拜访线路', '打卡规则', '门店执行审核', '评分模板', '金币账户'],
        ],
        ['销售报表', ['目标设置', '达成报表', '销售分析']],
        ['资产管理', ['资产台账', '资产申请', '资产审批', '资产交接']],
        ['物料管理', ['物料申请', '物料库存', '物料目录']],
        ['广告审批', ['广告申请', '广告价目表']],
        ['陈列管理', ['陈列方案', '陈列协议', '陈列检核', '检核复核']],
        ['审批管理', ['审批中心']],
        '我的消息',
      ]);
      expect(auth.map((button) => button.action).sort()).toEqual(
        [
          'approval:center',
          'asset:list',
          'asset:apply',
          'asset:inspect',
          'posm:list',
          'posm:request',
          'posm:issue',
          'posm:receive',
          'posm:verify',
          'ad:list',
          'ad:apply',
          'ad:accept',
          'customer:add',
          'customer:edit',
          'customer:list',
          'display:apply',
          'display:inspect',
          'display:list',
          'display:review',
          'kpi:list',
          'kpi:report',
          'report:sales',
          'order:add',
          'order:audit',
          'order:invalid',
          'order:list',
          'order:print',
          'payment:list',
          'depart:list',
          'role:list',
          'stock:list',
          'nearExpiry:list',
          'user:add',
          'user:edit',
          'user:list',
          'visit:checkIn',
          'visit:list',
          'visitPlan:add',
          'visitPlan:approve',
          'visitPlan:list',
          'visitRoute:add',
          'visitRoute:edit',
          'visitRoute:list',
          'visitRule:list',
          'execution:list',
          'execution:review',
          'execution:finalReview',
          'execution:revoke',
          'execution:appeal',
          'executionTemplate:list',
          'coin:list',
          'coin:adjust',
        ].sort(),
      );
      expect(allAuth).toHaveLength(ALL_BUTTONS.length);
    });

    it('gives wangfang (业务代表) the home page, her visit menus and her messages, and every button rule of the tenant', async () => {
      const { menu, auth, allAuth } = await permissionsOf('wangfang');
      expect(titles(menu)).toEqual([
        '首页',
        ['拜访管理', ['拜访计划', '拜访记录', '拜访线路', '门店执行审核']],
        '我的消息',
      ]);
      expect(auth.map((button) => button.action).sort()).toEqual(
        [
          'visit:checkIn',
          'visit:list',
          'visitPlan:list',
          'visitRoute:list',
          'execution:list',
          'execution:appeal',
        ].sort(),
      );
      expect(allAuth.map((button) => button.action).sort()).toEqual([...ALL_BUTTONS].sort());
    });

    it('puts the home page first even when no role grants it', async () => {
      await database.db
        .deleteFrom('role_permissions')
        .where('role_id', '=', demoRoleId('A01', 'sales'))
        .where('permission_id', '=', demoPermissionId('A01', '/dashboard/analysis'))
        .execute();
      const { menu } = await permissionsOf('wangfang');
      expect(menu.map((node) => node.id)).toEqual([
        demoPermissionId('A01', '/dashboard/analysis'),
        demoPermissionId('A01', '/eVisit'),
        demoPermissionId('A01', '/isps/userAnnouncement'),
      ]);
    });

    it("gives t2admin tenant B01's rows only, and an inactive button rule stays out of auth", async () => {
      await database.db
        .updateTable('permissions')
        .set({ status: '0' })
        .where('id', '=', demoPermissionId('B01', 'log:delete'))
        .execute();
      const { menu, auth, allAuth } = await permissionsOf('t2admin');
      const ids = (nodes: MenuNode[]): string[] =>
        nodes.flatMap((node) => [node.id, ...ids(node.children ?? [])]);
      const b01Ids = new Set(
        (
          await database.db.selectFrom('permissions').select('id').where('tenant_id', '=', 'B01').execute()
        ).map((row) => row.id),
      );
      // Every menu of the default tree (buttons are not menu entries).
      expect(ids(menu).length).toBe(defaultMenuRowsOf('B01').filter((row) => row.menu_type !== 2).length);
      expect(ids(menu).every((id) => b01Ids.has(id))).toBe(true);
      expect(auth.map((button) => button.action)).not.toContain('log:delete');
      expect(auth).toHaveLength(ALL_BUTTONS.length - 1);
      expect(allAuth).toContainEqual({ action: 'log:delete', status: '0', type: '1', describe: '删除日志' });
      // Tenant A01's own rule is untouched.
      const admin = await permissionsOf('admin');
      expect(admin.auth.map((button) => button.action)).toContain('log:delete');
    });
  });
});
