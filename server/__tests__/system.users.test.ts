import type { Page } from '../../common/contract';
import { demoDepartId, demoRoleId, demoUserId } from '../db/seed/ids';
import { DEMO_PASSWORD, loginAs } from './support/auth';
import { testBackends } from './support/database';
import { useTestServer } from './support/useTestServer';

interface User {
  id: string;
  username: string;
  realname: string;
  sex: number | null;
  sex_dictText: string | null;
  status: number;
  status_dictText: string | null;
  orgCodeTxt: string | null;
  departIds: string | null;
  phone: string | null;
  createTime: string;
}

const NEW_PASSWORD = 'Fresh-Pa55word';

describe.each(testBackends())('/sys/user on %s', (backend) => {
  const context = useTestServer(backend);
  const admin = () => context.tokenOf('admin');

  const operationLogs = (content: string) =>
    context.database.db
      .selectFrom('sys_log')
      .select(['log_content', 'operate_type', 'tenant_id', 'username'])
      .where('log_type', '=', 2)
      .where('log_content', 'like', `%${content}%`)
      .execute();

  describe('list', () => {
    it('pages the tenant’s users with their departments and dictionary texts', async () => {
      const { body } = await context.client.get<Page<User>>(
        '/sys/user/list?pageNo=1&pageSize=3&column=username&order=asc',
        await admin(),
      );
      expect(body.success).toBe(true);
      expect(body.result).toMatchObject({ total: 7, size: 3, current: 1, pages: 3 });
      expect(body.result.records.map((user) => user.username)).toEqual(['admin', 'liuyang', 'mes_wxg']);
      const first = body.result.records[0];
      expect(first).toMatchObject({
        sex: 1,
        sex_dictText: '男',
        status: 1,
        status_dictText: '正常',
        orgCodeTxt: '华饮酒业集团',
      });
      expect(first.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(JSON.stringify(body.result)).not.toMatch(/password|argon/i);
    });

    it('filters by contains, equality and department subtree, and sorts descending', async () => {
      const token = await admin();
      const byName = await context.client.get<Page<User>>(
        `/sys/user/list?realname=${encodeURIComponent('*张*')}`,
        token,
      );
      expect(byName.body.result.records.map((user) => user.username)).toEqual(['zhangwei']);
      const women = await context.client.get<Page<User>>('/sys/user/list?sex=2', token);
      expect(women.body.result.records.map((user) => user.username)).toEqual(['wangfang']);
      const east = await context.client.get<Page<User>>(
        `/sys/user/list?departId=${demoDepartId('A01', 'A01A01')}`,
        token,
      );
      expect(east.body.result.records.map((user) => user.username)).toEqual(['zhangwei']);
      const sorted = await context.client.get<Page<User>>(
        '/sys/user/list?column=username&order=desc&pageSize=2',
        token,
      );
      expect(sorted.body.result.records.map((user) => user.username)).toEqual(['zhaolei', 'zhangwei']);
    });

    it('rejects unknown filter and sort fields with 400', async () => {
      const token = await admin();
      const filter = await context.client.get('/sys/user/list?password_hash=x', token);
      expect(filter.status).toBe(400);
      expect(filter.body.message).toBe('不支持按字段 password_hash 筛选');
      const sort = await context.client.get('/sys/user/list?column=password_hash', token);
      expect(sort.status).toBe(400);
      expect(sort.body.message).toBe('不支持按字段 password_hash 排序');
      expect((await context.client.get('/sys/user/list?pageSize=201', token)).status).toBe(400);
      expect((await context.client.get('/sys/user/list?sex=abc', token)).body.message).toBe(
        '参数 sex 应为整数',
      );
    });

    it('never shows another tenant’s users', async () => {
      const { body } = await context.client.get<Page<User>>(
        '/sys/user/list?pageSize=200',
        await context.tokenOf('t2admin'),
      );
      expect(body.result.records.map((user) => user.username)).toEqual(['t2admin']);
      const byId = await context.client.get(
        `/sys/user/queryById?id=${demoUserId('admin')}`,
        await context.tokenOf('t2admin'),
      );
      expect(byId.body).toMatchObject({ success: false, message: '未找到对应实体' });
    });

    it('refuses a user without user:list', async () => {
      const { status, body } = await context.client.get('/sys/user/list', await context.tokenOf('wangfang'));
      expect(status).toBe(403);
      expect(body.message).toBe('没有权限，请联系管理员授权');
    });
  });

  describe('add and edit', () => {
    const newUser = {
      username: 'chenjing',
      realname: '陈静',
      password: NEW_PASSWORD,
      confirmpassword: NEW_PASSWORD,
      sex: 2,
      phone: '13700000001',
      email: 'chenjing@example.com',
      birthday: '1990-05-01',
      workNo: 'E1001',
      selectedroles: `${demoRoleId('A01', 'sales')},`,
      selecteddeparts: `${demoDepartId('A01', 'A01A01A01')},${demoDepartId('A01', 'A01A01A02')}`,
    };

    it('adds a user with roles and departments, who can then sign in', async () => {
      const { body } = await context.client.post<string>('/sys/user/add', newUser, await admin());
      expect(body).toMatchObject({ success: true, code: 200, message: '添加成功！' });
      const user = await context.client.get<User>(`/sys/user/queryById?id=${body.result}`, await admin());
      expect(user.body.result).toMatchObject({
        username: 'chenjing',
        sex_dictText: '女',
        orgCodeTxt: '上海办事处,杭州办事处',
      });
      const roles = await context.client.get<string[]>(
        `/sys/user/queryUserRole?userid=${body.result}`,
        await admin(),
      );
      expect(roles.body.result).toEqual([demoRoleId('A01', 'sales')]);
      await expect(loginAs(context.client, 'chenjing', NEW_PASSWORD)).resolves.toEqual(expect.any(String));
      expect(await operationLogs('添加用户: chenjing')).toEqual([
        { log_content: '添加用户: chenjing', operate_type: 2, tenant_id: 'A01', username: 'admin' },
      ]);
    });

    it.each([
      [{ username: '' }, '请输入用户账号!'],
      [{ username: 'a b' }, '用户账号应为3到32位字母、数字或下划线'],
      [{ username: 'zhangwei' }, '用户账号已存在'],
      [{ username: 'x_1', phone: '13800000002' }, '手机号已存在'],
      [{ username: 'x_1', phone: '12345' }, '您的手机号码格式不正确!'],
      [{ username: 'x_1', phone: '', email: 'not-mail' }, '请输入正确格式的邮箱!'],
      [{ username: 'x_1', phone: '', email: 'admin@example.com' }, '邮箱已存在'],
      [{ username: 'x_1', phone: '', email: '', realname: ' ' }, '请输入真实姓名'],
      [{ username: 'x_1', phone: '', email: '', password: '' }, '请输入密码!'],
      [
        { username: 'x_1', phone: '', email: '', password: 'short', confirmpassword: 'short' },
        '密码至少8位，且须包含字母和数字',
      ],
      [{ username: 'x_1', phone: '', email: '', confirmpassword: 'other' }, '两次输入的密码不一样！'],
      [
        { username: 'x_1', phone: '', email: '', selectedroles: demoRoleId('B01', 'admin') },
        '所选角色不存在',
      ],
      [
        { username: 'x_1', phone: '', email: '', selecteddeparts: demoDepartId('B01', 'A01') },
        '所选部门不存在',
      ],
    ])('refuses %j with its message', async (change, message) => {
      const { status, body } = await context.client.post(
        '/sys/user/add',
        { ...newUser, ...change },
        await admin(),
      );
      expect(status).toBe(200);
      expect(body).toMatchObject({ success: false, message });
    });

    it('edits the fields, roles and departments but never the password', async () => {
      const token = await admin();
      const id = demoUserId('liuyang');
      const { body } = await context.client.put(
        '/sys/user/edit',
        {
          id,
          username: 'liuyang',
          realname: '刘洋洋',
          password: 'Ignored-123',
          selectedroles: demoRoleId('A01', 'sales'),
          selecteddeparts: demoDepartId('A01', 'A02'),
        },
        token,
      );
      expect(body).toMatchObject({ success: true, message: '修改成功!' });
      const user = await context.client.get<User>(`/sys/user/queryById?id=${id}`, token);
      expect(user.body.result).toMatchObject({
        realname: '刘洋洋',
        orgCodeTxt: '生产中心',
        departIds: demoDepartId('A01', 'A02'),
      });
      await expect(loginAs(context.client, 'liuyang')).resolves.toEqual(expect.any(String));
      expect(await operationLogs('编辑用户: liuyang')).toHaveLength(1);
    });

    it('refuses to edit another tenant’s user and a user without user:edit', async () => {
      const t2 = await context.client.put(
        '/sys/user/edit',
        { id: demoUserId('zhangwei'), username: 'zhangwei', realname: '改' },
        await context.tokenOf('t2admin'),
      );
      expect(t2.body).toMatchObject({ success: false, message: '未找到对应实体' });
      const denied = await context.client.put(
        '/sys/user/edit',
        { id: demoUserId('zhangwei') },
        await context.tokenOf('wangfang'),
      );
      expect(denied.status).toBe(403);
    });
  });

  describe('freeze, delete and password', () => {
    it('freezes (ending the sessions) and unfreezes in batch', async () => {
      const token = await admin();
      const victim = await loginAs(context.client, 'mes_zg');
      const { body } = await context.client.put(
        '/sys/user/frozenBatch',
        { ids: `${demoUserId('mes_zg')},`, status: '2' },
        token,
      );
      expect(body).toMatchObject({ success: true, message: '操作成功!' });
      expect((await context.client.get('/user/info', victim)).status).toBe(401);
      expect(
        (await context.client.post('/sys/login', { username: 'mes_zg', password: DEMO_PASSWORD })).body
          .message,
      ).toBe('该用户已冻结，请联系管理员');
      await context.client.put('/sys/user/frozenBatch', { ids: demoUserId('mes_zg'), status: 1 }, token);
      await expect(loginAs(context.client, 'mes_zg')).resolves.toEqual(expect.any(String));
      expect(await operationLogs('冻结用户: mes_zg')).toHaveLength(1);
    });

    it('refuses to freeze oneself, a bad status, and another tenant’s user', async () => {
      const token = await admin();
      expect(
        (await context.client.put('/sys/user/frozenBatch', { ids: demoUserId('admin'), status: '2' }, token))
          .body.message,
      ).toBe('不能冻结当前登录的用户');
      expect(
        (await context.client.put('/sys/user/frozenBatch', { ids: demoUserId('mes_zg'), status: '3' }, token))
          .body.message,
      ).toBe('状态只能是正常(1)或冻结(2)');
      expect(
        (await context.client.put('/sys/user/frozenBatch', { ids: '', status: '2' }, token)).body.message,
      ).toBe('请选择用户');
      const t2 = await context.client.put(
        '/sys/user/frozenBatch',
        { ids: demoUserId('mes_zg'), status: '2' },
        await context.tokenOf('t2admin'),
      );
      expect(t2.body.success).toBe(false);
      await expect(loginAs(context.client, 'mes_zg')).resolves.toEqual(expect.any(String));
    });

    it('sets a password as an administrator: only the password, and the user’s sessions end', async () => {
      const token = await admin();
      const victim = await loginAs(context.client, 'mes_wxg');
      const mismatch = await context.client.put(
        '/sys/user/changPassword',
        { username: 'mes_wxg', password: NEW_PASSWORD, confirmpassword: 'x' },
        token,
      );
      expect(mismatch.body).toMatchObject({ success: false, message: '两次输入密码不一致!' });
      const { body } = await context.client.put(
        '/sys/user/changePassword',
        { username: 'mes_wxg', password: NEW_PASSWORD, confirmpassword: NEW_PASSWORD, realname: 'hacked' },
        token,
      );
      expect(body).toMatchObject({ success: true, message: '密码修改成功!' });
      expect((await context.client.get('/user/info', victim)).status).toBe(401);
      await expect(loginAs(context.client, 'mes_wxg', NEW_PASSWORD)).resolves.toEqual(expect.any(String));
      const user = await context.client.get<User>(`/sys/user/queryById?id=${demoUserId('mes_wxg')}`, token);
      expect(user.body.result.realname).toBe('吴师傅');
      const other = await context.client.put(
        '/sys/user/changePassword',
        { username: 'zhangwei', password: NEW_PASSWORD, confirmpassword: NEW_PASSWORD },
        await context.tokenOf('t2admin'),
      );
      expect(other.body).toMatchObject({ success: false, message: '用户不存在！' });
      expect(
        (await context.client.put('/sys/user/changePassword', {}, await context.tokenOf('liuyang'))).status,
      ).toBe(403);
    });

    it('deletes logically (ending the sessions), never oneself nor another tenant’s user', async () => {
      const token = await admin();
      const added = await context.client.post<string>(
        '/sys/user/add',
        { username: 'temp_1', realname: '临时', password: NEW_PASSWORD },
        token,
      );
      const victim = await loginAs(context.client, 'temp_1', NEW_PASSWORD);
      expect(
        (await context.client.delete(`/sys/user/delete?id=${demoUserId('admin')}`, token)).body.message,
      ).toBe('不能删除当前登录的用户');
      expect(
        (
          await context.client.delete(
            `/sys/user/delete?id=${added.body.result}`,
            await context.tokenOf('t2admin'),
          )
        ).body.success,
      ).toBe(false);
      const { body } = await context.client.delete(`/sys/user/delete?id=${added.body.result}`, token);
      expect(body).toMatchObject({ success: true, message: '删除用户成功' });
      expect((await context.client.get('/user/info', victim)).status).toBe(401);
      const row = await context.database.db
        .selectFrom('users')
        .select('del_flag')
        .where('username', '=', 'temp_1')
        .executeTakeFirstOrThrow();
      expect(row.del_flag).toBe(1);
      expect(
        (await context.client.get(`/sys/user/queryById?id=${added.body.result}`, token)).body.success,
      ).toBe(false);
      expect(await operationLogs('删除用户: temp_1')).toHaveLength(1);
    });

    it('deletes in batch and needs user:deleteBatch', async () => {
      const token = await admin();
      const ids: string[] = [];
      for (const username of ['temp_2', 'temp_3']) {
        ids.push(
          (
            await context.client.post<string>(
              '/sys/user/add',
              { username, realname: '临时', password: NEW_PASSWORD },
              token,
            )
          ).body.result,
        );
      }
      expect(
        (
          await context.client.delete(
            `/sys/user/deleteBatch?ids=${ids.join(',')},`,
            await context.tokenOf('zhangwei'),
          )
        ).status,
      ).toBe(403);
      const { body } = await context.client.delete(`/sys/user/deleteBatch?ids=${ids.join(',')},`, token);
      expect(body).toMatchObject({ success: true, message: '批量删除用户成功' });
      expect((await context.client.delete('/sys/user/deleteBatch?ids=', token)).body.message).toBe(
        '请选择用户',
      );
    });
  });

  describe('queries', () => {
    it('lists the users of a department, optionally by name', async () => {
      const token = await admin();
      const { body } = await context.client.get<User[]>(
        `/sys/user/queryUserByDepId?id=${demoDepartId('A01', 'A01A02A01')}`,
        token,
      );
      expect(body.result.map((user) => user.username)).toEqual(['zhangwei', 'zhaolei']);
      const none = await context.client.get<User[]>(
        `/sys/user/queryUserByDepId?id=${demoDepartId('A01', 'A01A01A01')}&realname=${encodeURIComponent('王')}`,
        token,
      );
      expect(none.body.result).toEqual([]);
      const t2 = await context.client.get(
        `/sys/user/queryUserByDepId?id=${demoDepartId('A01', 'A01A01A01')}`,
        await context.tokenOf('t2admin'),
      );
      expect(t2.body.success).toBe(false);
    });

    it('maps users to role names and lists a user’s departments', async () => {
      const token = await admin();
      const map = await context.client.get<Record<string, string>>('/sys/user/queryUserRoleMap', token);
      expect(map.body.result[demoUserId('admin')]).toBe('系统管理员');
      expect(map.body.result[demoUserId('t2admin')]).toBeUndefined();
      const departs = await context.client.get(
        '/sys/user/userDepartList?userId=' + demoUserId('zhangwei'),
        token,
      );
      expect(departs.body.result).toEqual([
        {
          key: demoDepartId('A01', 'A01A01A01'),
          value: demoDepartId('A01', 'A01A01A01'),
          title: '上海办事处',
        },
        {
          key: demoDepartId('A01', 'A01A01A02'),
          value: demoDepartId('A01', 'A01A01A02'),
          title: '杭州办事处',
        },
        {
          key: demoDepartId('A01', 'A01A02A01'),
          value: demoDepartId('A01', 'A01A02A01'),
          title: '广州办事处',
        },
      ]);
    });
  });
});
