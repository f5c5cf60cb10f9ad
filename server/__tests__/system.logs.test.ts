import { sql } from 'kysely';
import type { Page } from '../../common/contract';
import { demoUserId } from '../db/seed/ids';
import { loginAs } from './support/auth';
import { testBackends } from './support/database';
import { useTestServer } from './support/useTestServer';

interface Log {
  id: string;
  logType: number;
  logType_dictText: string;
  operateType: number | null;
  logContent: string;
  userid: string | null;
  username: string | null;
  createTime: string;
}

describe.each(testBackends())('/sys/log on %s', (backend) => {
  const context = useTestServer(backend);
  const admin = () => context.tokenOf('admin');

  beforeAll(async () => {
    await loginAs(context.client, 'zhangwei');
    await loginAs(context.client, 't2admin');
    // Two logins of three days ago, from one address.
    await context.database.db
      .insertInto('sys_log')
      .values(
        [1, 2].map(() => ({
          tenant_id: 'A01',
          log_type: 1 as const,
          log_content: '用户名: liuyang,登录成功！',
          username: 'liuyang',
          user_id: demoUserId('liuyang'),
          ip: '10.0.0.9',
          created_at: sql<Date>`now() - interval '3 days'`,
        })),
      )
      .execute();
  });

  it('pages the tenant’s login log with filters, newest first', async () => {
    const token = await admin();
    const { body } = await context.client.get<Page<Log>>('/sys/log/list?logType=1&pageSize=50', token);
    expect(body.result.records.length).toBeGreaterThanOrEqual(4);
    expect(body.result.records.every((log) => log.logType === 1 && log.logType_dictText === '登录日志')).toBe(
      true,
    );
    expect(body.result.records.some((log) => log.username === 't2admin')).toBe(false);
    const keyword = await context.client.get<Page<Log>>(`/sys/log/list?keyWord=zhangwei&logType=1`, token);
    expect(keyword.body.result.records.map((log) => log.username)).toEqual(['zhangwei']);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const recent = await context.client.get<Page<Log>>(
      `/sys/log/list?logType=1&createTime_begin=${today}&username=liuyang`,
      token,
    );
    expect(recent.body.result.total).toBe(0);
    expect((await context.client.get('/sys/log/list?createTime_begin=yesterday', token)).status).toBe(400);
  });

  it('counts logins and visits per day', async () => {
    const token = await admin();
    const info = await context.client.get<{
      totalVisitCount: number;
      todayVisitCount: number;
      todayIp: number;
    }>('/sys/loginfo', token);
    expect(info.body.message).toBe('登录成功');
    expect(info.body.result.totalVisitCount - info.body.result.todayVisitCount).toBe(2);
    expect(info.body.result.todayIp).toBe(1);
    const visits = await context.client.get<Array<{ visit: number; ip: number; tian: string; type: string }>>(
      '/sys/visitInfo',
      token,
    );
    expect(visits.body.result).toHaveLength(2);
    expect(visits.body.result[0]).toMatchObject({ visit: 2, ip: 1 });
    expect(visits.body.result[0].type).toBe(visits.body.result[0].tian.slice(5));
    const t2 = await context.client.get<{ totalVisitCount: number }>(
      '/sys/loginfo',
      await context.tokenOf('t2admin'),
    );
    // B01 counts only its own two logins (one above, one for this token).
    expect(t2.body.result.totalVisitCount).toBe(2);
  });

  it('lets the administrator delete rows, the deletion itself logged, never another tenant’s', async () => {
    const token = await admin();
    const { body } = await context.client.get<Page<Log>>('/sys/log/list?logType=1&username=liuyang', token);
    const [first, second] = body.result.records;
    const t2 = await context.client.delete(
      `/sys/log/delete?id=${first.id}`,
      await context.tokenOf('t2admin'),
    );
    expect(t2.body.success).toBe(false);
    expect(
      (await context.client.delete(`/sys/log/delete?id=${first.id}`, await context.tokenOf('zhangwei')))
        .status,
    ).toBe(403);
    expect((await context.client.delete(`/sys/log/delete?id=${first.id}`, token)).body).toMatchObject({
      success: true,
      message: '删除成功!',
    });
    expect((await context.client.delete(`/sys/log/deleteBatch?ids=${second.id},`, token)).body.success).toBe(
      true,
    );
    expect((await context.client.delete('/sys/log/deleteBatch?ids=abc', token)).body.message).toBe(
      '参数不识别！',
    );
    const operations = await context.client.get<Page<Log>>(
      `/sys/log/list?logType=2&keyWord=${encodeURIComponent('删除系统日志')}`,
      token,
    );
    expect(operations.body.result.records.map((log) => log.logContent).sort()).toEqual(
      [`删除系统日志: ${first.id}`, `删除系统日志: ${second.id}`].sort(),
    );
  });

  it('clears the whole log of the tenant only, leaving the clearing row', async () => {
    const token = await admin();
    expect((await context.client.delete('/sys/log/deleteBatch?ids=allclear', token)).body).toMatchObject({
      success: true,
      message: '清除成功!',
    });
    const { body } = await context.client.get<Page<Log>>('/sys/log/list', token);
    expect(body.result.records.map((log) => log.logContent)).toEqual([
      expect.stringMatching(/^清空系统日志: \d+ 条$/),
    ]);
    const t2 = await context.client.get<Page<Log>>('/sys/log/list', await context.tokenOf('t2admin'));
    expect(t2.body.result.total).toBeGreaterThan(0);
  });
});
