import ExcelJS from 'exceljs';
import type {
  Announcement,
  AnnouncementSendRow,
  TargetUser,
  UserAnnouncementLists,
} from '../../common/announcements';
import type { Page } from '../../common/contract';
import type { Database } from '../db';
import { demoAnnouncementId, demoUserId } from '../db/seed/ids';
import { apiClient, loginAs, openSeededDatabase, type ApiClient } from './support/auth';
import { testBackends, type TestDatabase } from './support/database';
import { startTestServer, type TestServer } from './support/server';

const NO_PERMISSION = '没有权限，请联系管理员授权';

interface Draft {
  titile: string;
  msgContent?: string;
  msgAbstract?: string;
  priority: 'L' | 'M' | 'H';
  msgCategory: '1' | '2';
  msgType: 'USER' | 'ALL';
  userIds?: string;
  startTime?: string;
  endTime?: string;
}

const draft = (overrides: Partial<Draft> = {}): Draft => ({
  titile: '五一放假通知',
  msgContent: '<p>五月一日至五日放假。</p>',
  priority: 'M',
  msgCategory: '1',
  msgType: 'ALL',
  ...overrides,
});

describe.each(testBackends())('announcements on %s', (backend) => {
  let testDatabase: TestDatabase;
  let database: Database;
  let server: TestServer;
  let client: ApiClient;
  /** admin: every code; wangfang: none of the 系统公告 codes; liuyang: another plain user; t2admin: tenant B01. */
  let admin: string;
  let wangfang: string;
  let liuyang: string;
  let t2admin: string;

  beforeAll(async () => {
    testDatabase = await openSeededDatabase(backend);
    database = testDatabase.database;
    server = await startTestServer({ database });
    client = apiClient(server.baseUrl);
    [admin, wangfang, liuyang, t2admin] = await Promise.all(
      ['admin', 'wangfang', 'liuyang', 't2admin'].map((username) => loginAs(client, username)),
    );
  });
  afterAll(async () => {
    await server.close();
    await testDatabase.dispose();
  });

  async function add(body: Draft, token = admin): Promise<string> {
    const { body: answer } = await client.post<string>('/sys/annountCement/add', body, token);
    expect(answer).toMatchObject({ success: true, message: '添加成功！' });
    return answer.result;
  }

  async function release(id: string, token = admin) {
    return client.get(`/sys/annountCement/doReleaseData?id=${id}`, token);
  }

  async function bell(token: string) {
    return (await client.get<UserAnnouncementLists>('/sys/annountCement/listByUser', token)).body.result;
  }

  async function operationLogs(content: string) {
    return database.db
      .selectFrom('sys_log')
      .select(['log_type', 'operate_type', 'username', 'tenant_id', 'request_url'])
      .where('log_content', '=', content)
      .execute();
  }

  describe('administration', () => {
    it('adds a draft, sanitising the HTML body and the title, and logs it', async () => {
      const id = await add(
        draft({
          titile: '<b>安全</b>通知<script>alert(1)</script>',
          msgContent:
            '<p onclick="steal()">正文<script>alert(1)</script><img src="x" onerror="steal()">' +
            '<a href="javascript:alert(1)">坏链接</a><a href="https://example.com" target="_blank">好链接</a></p>',
        }),
      );
      const { body } = await client.get<Announcement>(`/sys/annountCement/queryById?id=${id}`, admin);
      expect(body.result).toMatchObject({
        id,
        titile: '安全通知',
        msgContent:
          '<p>正文<img src="x" /><a rel="noopener noreferrer">坏链接</a>' +
          '<a href="https://example.com" target="_blank" rel="noopener noreferrer">好链接</a></p>',
        sendStatus: '0',
        sendStatus_dictText: '未发布',
        priority_dictText: '重要',
        msgType: 'ALL',
        userIds: '',
        createBy: 'admin',
        delFlag: '0',
      });
      expect(body.result.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(await operationLogs('添加系统公告：安全通知')).toEqual([
        expect.objectContaining({ log_type: 2, operate_type: 2, username: 'admin', tenant_id: 'A01' }),
      ]);
    });

    it('refuses bad bodies with a message naming the problem', async () => {
      const missing = await client.post('/sys/annountCement/add', { titile: 'x' }, admin);
      expect(missing.status).toBe(400);
      expect(missing.body.message).toMatch(/priority|msgCategory|msgType/);

      const badPriority = await client.post('/sys/annountCement/add', draft({ priority: 'X' as 'L' }), admin);
      expect(badPriority).toMatchObject({
        status: 400,
        body: { message: '参数 priority 应为 L、M、H 之一' },
      });

      const onlyMarkup = await client.post('/sys/annountCement/add', draft({ titile: '<i></i>' }), admin);
      expect(onlyMarkup.body).toMatchObject({ success: false, code: 400, message: '标题不能为空' });

      const noUsers = await client.post(
        '/sys/annountCement/add',
        draft({ msgType: 'USER', userIds: ',' }),
        admin,
      );
      expect(noUsers.body).toMatchObject({ success: false, message: '请选择指定用户' });

      const foreignUser = await client.post(
        '/sys/annountCement/add',
        draft({ msgType: 'USER', userIds: `${demoUserId('t2admin')},` }),
        admin,
      );
      expect(foreignUser.body).toMatchObject({ success: false, message: '指定的用户不存在' });

      const reversed = await client.post(
        '/sys/annountCement/add',
        draft({ startTime: '2026-05-02 00:00:00', endTime: '2026-05-01 00:00:00' }),
        admin,
      );
      expect(reversed.body).toMatchObject({ success: false, message: '结束时间不能早于开始时间' });

      const badDate = await client.post('/sys/annountCement/add', draft({ startTime: '明天' }), admin);
      expect(badDate.status).toBe(400);
    });

    it('lists with paging, filters and a whitelisted sort; unknown parameters are refused', async () => {
      const tag = `列表${Date.now()}`;
      for (const [index, priority] of (['L', 'M', 'H'] as const).entries()) {
        await add(draft({ titile: `${tag}-${index}`, priority, msgCategory: index === 2 ? '2' : '1' }));
      }
      const page = await client.get<Page<Announcement>>(
        `/sys/annountCement/list?titile=*${tag}*&pageNo=1&pageSize=2&column=titile&order=asc&_t=1`,
        admin,
      );
      expect(page.body.result).toMatchObject({ total: 3, size: 2, current: 1, pages: 2 });
      expect(page.body.result.records.map((record) => record.titile)).toEqual([`${tag}-0`, `${tag}-1`]);

      const urgent = await client.get<Page<Announcement>>(
        `/sys/annountCement/list?titile=*${tag}*&priority=H&msgCategory=2&sendStatus=0`,
        admin,
      );
      expect(urgent.body.result.records.map((record) => record.titile)).toEqual([`${tag}-2`]);

      // The LIKE signs of the filter are literal.
      const literal = await client.get<Page<Announcement>>('/sys/annountCement/list?titile=*%25*', admin);
      expect(literal.body.result.total).toBe(0);

      const unknownFilter = await client.get('/sys/annountCement/list?del_flag=1', admin);
      expect(unknownFilter).toMatchObject({ status: 400, body: { message: '参数 del_flag 不合法' } });
      const unknownSort = await client.get('/sys/annountCement/list?column=msg_content', admin);
      expect(unknownSort.status).toBe(400);
    });

    it('targets chosen users of the tenant and reports them back', async () => {
      const users = await client.get<Page<TargetUser>>('/sys/annountCement/targetUsers?keyword=王', admin);
      expect(users.body.result.records).toEqual([
        { id: demoUserId('wangfang'), username: 'wangfang', realname: '王芳' },
      ]);
      const all = await client.get<Page<TargetUser>>('/sys/annountCement/targetUsers?pageSize=100', admin);
      expect(all.body.result.records.map((user) => user.username)).not.toContain('t2admin');
      const chosen = await client.get<Page<TargetUser>>(
        `/sys/annountCement/targetUsers?ids=${demoUserId('liuyang')},${demoUserId('t2admin')},`,
        admin,
      );
      expect(chosen.body.result.records.map((user) => user.username)).toEqual(['liuyang']);

      const id = await add(
        draft({ msgType: 'USER', userIds: `${demoUserId('wangfang')},${demoUserId('liuyang')},` }),
      );
      const { body } = await client.get<Announcement>(`/sys/annountCement/queryById?id=${id}`, admin);
      expect((body.result.userIds ?? '').split(',').filter(Boolean).sort()).toEqual(
        [demoUserId('wangfang'), demoUserId('liuyang')].sort(),
      );
    });

    it('edits a draft and re-targets it; a released one must be revoked first', async () => {
      const id = await add(
        draft({ titile: '待修改', msgType: 'USER', userIds: `${demoUserId('wangfang')},` }),
      );
      const edited = await client.put(
        '/sys/annountCement/edit',
        { id, ...draft({ titile: '已修改', msgType: 'USER', userIds: `${demoUserId('liuyang')}` }) },
        admin,
      );
      expect(edited.body).toMatchObject({ success: true, message: '修改成功!' });
      const { body } = await client.get<Announcement>(`/sys/annountCement/queryById?id=${id}`, admin);
      expect(body.result).toMatchObject({ titile: '已修改', userIds: `${demoUserId('liuyang')},` });
      expect(await operationLogs('编辑系统公告：已修改')).toHaveLength(1);

      expect((await release(id)).body).toMatchObject({ success: true, message: '该系统通知发布成功' });
      const refused = await client.put(
        '/sys/annountCement/edit',
        { id, ...draft({ titile: '再改' }) },
        admin,
      );
      expect(refused.body).toMatchObject({
        success: false,
        code: 409,
        message: '已发布的公告不能修改，请先撤销',
      });

      const missing = await client.put('/sys/annountCement/edit', { id: 'nope', ...draft() }, admin);
      expect(missing.body).toMatchObject({ success: false, message: '未找到对应实体' });
    });

    it('releases, refuses a second release, revokes, and logs each step', async () => {
      const id = await add(draft({ titile: '发布撤销' }));
      expect((await release(id)).body.success).toBe(true);
      const { body: released } = await client.get<Announcement>(
        `/sys/annountCement/queryById?id=${id}`,
        admin,
      );
      expect(released.result).toMatchObject({ sendStatus: '1', sender: 'admin', cancelTime: null });
      expect(released.result.sendTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect((await release(id)).body).toMatchObject({ success: false, code: 409, message: '该公告已发布' });

      const revoked = await client.get(`/sys/annountCement/doReovkeData?id=${id}`, admin);
      expect(revoked.body).toMatchObject({ success: true, message: '该系统通知撤销成功' });
      const again = await client.get(`/sys/annountCement/doReovkeData?id=${id}`, admin);
      expect(again.body).toMatchObject({ success: false, message: '只有已发布的公告可以撤销' });
      const { body: after } = await client.get<Announcement>(`/sys/annountCement/queryById?id=${id}`, admin);
      expect(after.result.sendStatus).toBe('2');
      expect(after.result.cancelTime).not.toBeNull();

      expect(await operationLogs('发布系统公告：发布撤销')).toEqual([
        expect.objectContaining({ operate_type: 3, request_url: '/api/sys/annountCement/doReleaseData' }),
      ]);
      expect(await operationLogs('撤销系统公告：发布撤销')).toHaveLength(1);
    });

    it('deletes one or a batch (logically), and says when nothing matched', async () => {
      const [one, two, three] = [
        await add(draft({ titile: '删一' })),
        await add(draft({ titile: '删二' })),
        await add(draft({ titile: '删三' })),
      ];
      expect((await client.delete(`/sys/annountCement/delete?id=${one}`, admin)).body).toMatchObject({
        success: true,
        message: '删除成功!',
      });
      expect((await client.delete(`/sys/annountCement/delete?id=${one}`, admin)).body).toMatchObject({
        success: false,
        message: '未找到对应实体',
      });
      const batch = await client.delete(`/sys/annountCement/deleteBatch?ids=${two},${three},`, admin);
      expect(batch.body).toMatchObject({ success: true, message: '删除成功!' });
      expect((await client.delete('/sys/annountCement/deleteBatch?ids=,', admin)).body).toMatchObject({
        success: false,
        message: '参数不识别！',
      });
      const row = await database.db
        .selectFrom('sys_announcement')
        .select('del_flag')
        .where('id', '=', one)
        .executeTakeFirstOrThrow();
      expect(row.del_flag).toBe(1);
      expect(await operationLogs('删除系统公告：删一')).toHaveLength(1);
      expect(await operationLogs('删除系统公告：删二、删三')).toHaveLength(1);
    });

    it.each([
      ['GET', '/sys/annountCement/list'],
      ['GET', '/sys/annountCement/targetUsers'],
      ['POST', '/sys/annountCement/add'],
      ['PUT', '/sys/annountCement/edit'],
      ['DELETE', '/sys/annountCement/delete?id=x'],
      ['DELETE', '/sys/annountCement/deleteBatch?ids=x'],
      ['GET', '/sys/annountCement/doReleaseData?id=x'],
      ['GET', '/sys/annountCement/doReovkeData?id=x'],
    ])('%s %s: 403 without the permission code, 401 without a session', async (method, path) => {
      const call = (token?: string) =>
        method === 'GET'
          ? client.get(path, token)
          : method === 'DELETE'
            ? client.delete(path, token)
            : method === 'POST'
              ? client.post(path, draft(), token)
              : client.put(path, { id: 'x', ...draft() }, token);
      expect(await call(wangfang)).toMatchObject({ status: 403, body: { message: NO_PERMISSION } });
      expect((await call()).status).toBe(401);
    });

    it("another tenant sees, changes and targets none of this tenant's announcements", async () => {
      const id = await add(draft({ titile: '华饮内部' }));
      const theirs = await client.get<Page<Announcement>>('/sys/annountCement/list?pageSize=200', t2admin);
      expect(theirs.body.result.records.map((record) => record.id)).not.toContain(id);
      expect((await client.get(`/sys/annountCement/queryById?id=${id}`, t2admin)).body).toMatchObject({
        success: false,
        message: '未找到对应实体',
      });
      expect((await release(id, t2admin)).body.success).toBe(false);
      expect((await client.put('/sys/annountCement/edit', { id, ...draft() }, t2admin)).body.success).toBe(
        false,
      );
      expect((await client.delete(`/sys/annountCement/delete?id=${id}`, t2admin)).body.success).toBe(false);
      expect((await client.get(`/sys/annountCement/doReovkeData?id=${id}`, t2admin)).body.success).toBe(
        false,
      );
      const { body } = await client.get<Announcement>(`/sys/annountCement/queryById?id=${id}`, admin);
      expect(body.result).toMatchObject({ titile: '华饮内部', sendStatus: '0' });

      await release(id);
      const bellB = await bell(t2admin);
      expect([...bellB.anntMsgList, ...bellB.sysMsgList].map((item) => item.id)).not.toContain(id);
    });
  });

  describe("the user's own copies", () => {
    it('every user of a demo tenant finds the seeded welcome notice, released to everyone', async () => {
      const welcome = demoAnnouncementId('A01');
      const { body } = await client.get<Announcement>(`/sys/annountCement/queryById?id=${welcome}`, liuyang);
      expect(body.result).toMatchObject({
        titile: '欢迎使用渠道数字化平台',
        msgType: 'ALL',
        sendStatus: '1',
      });
      const other = await client.get(`/sys/annountCement/queryById?id=${demoAnnouncementId('B01')}`, liuyang);
      expect(other.body.success).toBe(false);
    });

    it('the bell lists released, unread announcements for everyone or the user, five per category', async () => {
      const before = await bell(liuyang);
      const forAll = await add(draft({ titile: '全员公告', msgCategory: '1' }));
      const forMe = await add(
        draft({ titile: '给刘洋', msgCategory: '2', msgType: 'USER', userIds: `${demoUserId('liuyang')},` }),
      );
      const forOther = await add(
        draft({ titile: '给王芳', msgType: 'USER', userIds: `${demoUserId('wangfang')},` }),
      );
      const unreleased = await add(draft({ titile: '草稿' }));
      expect(await bell(liuyang)).toEqual(before);

      await Promise.all([forAll, forMe, forOther].map((id) => release(id)));
      const after = await bell(liuyang);
      expect(after.anntMsgTotal).toBe(before.anntMsgTotal + 1);
      expect(after.sysMsgTotal).toBe(before.sysMsgTotal + 1);
      expect(after.anntMsgList[0]).toMatchObject({
        id: forAll,
        titile: '全员公告',
        sender: 'admin',
        priority: 'M',
      });
      expect(after.sysMsgList[0]).toMatchObject({ id: forMe, titile: '给刘洋' });
      expect(after.anntMsgList[0]).not.toHaveProperty('userIds');
      const ids = [...after.anntMsgList, ...after.sysMsgList].map((item) => item.id);
      expect(ids).not.toContain(forOther);
      expect(ids).not.toContain(unreleased);

      for (let index = 0; index < 6; index += 1) await release(await add(draft({ titile: `批量${index}` })));
      const many = await bell(liuyang);
      expect(many.anntMsgList).toHaveLength(5);
      expect(many.anntMsgList[0].titile).toBe('批量5');
      expect(many.anntMsgTotal).toBe(after.anntMsgTotal + 6);

      // Revoked or deleted: gone from the bell.
      await client.get(`/sys/annountCement/doReovkeData?id=${forMe}`, admin);
      expect((await bell(liuyang)).sysMsgTotal).toBe(before.sysMsgTotal);
    });

    it('queryById shows a user only what was released to them', async () => {
      const mine = await add(
        draft({ titile: '只给王芳', msgType: 'USER', userIds: `${demoUserId('wangfang')},` }),
      );
      const draftOnly = await add(draft({ titile: '王芳看不到的草稿' }));
      expect((await client.get(`/sys/annountCement/queryById?id=${mine}`, wangfang)).body.success).toBe(
        false,
      );
      await release(mine);
      const { body } = await client.get<Announcement>(`/sys/annountCement/queryById?id=${mine}`, wangfang);
      expect(body.result).toMatchObject({ titile: '只给王芳', sender: 'admin' });
      expect(body.result).not.toHaveProperty('userIds');
      expect((await client.get(`/sys/annountCement/queryById?id=${mine}`, liuyang)).body).toMatchObject({
        success: false,
        message: '未找到对应实体',
      });
      expect((await client.get(`/sys/annountCement/queryById?id=${draftOnly}`, wangfang)).body.success).toBe(
        false,
      );
    });

    it('marks one read (once), then all; only the caller’s own copies', async () => {
      const first = await add(draft({ titile: '已读一' }));
      const second = await add(draft({ titile: '已读二', msgCategory: '2' }));
      await release(first);
      await release(second);
      const unread = await bell(wangfang);
      expect(unread.anntMsgList.map((item) => item.id)).toContain(first);

      const marked = await client.put(
        '/sys/sysAnnouncementSend/editByAnntIdAndUserId',
        { anntId: first },
        wangfang,
      );
      expect(marked.body.success).toBe(true);
      const afterOne = await bell(wangfang);
      expect(afterOne.anntMsgTotal).toBe(unread.anntMsgTotal - 1);
      expect(afterOne.anntMsgList.map((item) => item.id)).not.toContain(first);
      // Liu Yang's copy is still unread.
      expect((await bell(liuyang)).anntMsgList.map((item) => item.id)).toContain(first);

      const { read_time: firstRead } = await database.db
        .selectFrom('sys_announcement_send')
        .select('read_time')
        .where('annt_id', '=', first)
        .where('user_id', '=', demoUserId('wangfang'))
        .executeTakeFirstOrThrow();
      await client.put('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: first }, wangfang);
      const { read_time: secondRead } = await database.db
        .selectFrom('sys_announcement_send')
        .select('read_time')
        .where('annt_id', '=', first)
        .where('user_id', '=', demoUserId('wangfang'))
        .executeTakeFirstOrThrow();
      expect(secondRead).toEqual(firstRead);

      const unknown = await client.put(
        '/sys/sysAnnouncementSend/editByAnntIdAndUserId',
        { anntId: 'nope' },
        wangfang,
      );
      expect(unknown.body).toMatchObject({ success: false, message: '未找到对应实体' });
      const empty = await client.put('/sys/sysAnnouncementSend/editByAnntIdAndUserId', {}, wangfang);
      expect(empty).toMatchObject({ status: 400, body: { message: '参数 anntId 不能为空' } });

      const all = await client.put<number>('/sys/sysAnnouncementSend/readAll', undefined, wangfang);
      expect(all.body).toMatchObject({ success: true, message: '全部已读' });
      expect(all.body.result).toBeGreaterThanOrEqual(1);
      expect(await bell(wangfang)).toEqual({
        anntMsgList: [],
        anntMsgTotal: 0,
        sysMsgList: [],
        sysMsgTotal: 0,
      });
      expect((await bell(liuyang)).anntMsgTotal).toBeGreaterThan(0);
    });

    it('pages the user’s own messages with the read filter', async () => {
      const id = await add(draft({ titile: '我的消息页' }));
      await release(id);
      const unread = await client.get<Page<AnnouncementSendRow>>(
        '/sys/sysAnnouncementSend/getMyAnnouncementSend?readFlag=0&titile=*我的消息页*',
        liuyang,
      );
      expect(unread.body.result.records).toEqual([
        expect.objectContaining({
          anntId: id,
          userId: demoUserId('liuyang'),
          titile: '我的消息页',
          readFlag: '0',
          readFlag_dictText: '未读',
          priority_dictText: '重要',
          sender: 'admin',
          readTime: null,
        }),
      ]);
      await client.put('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: id }, liuyang);
      const read = await client.get<Page<AnnouncementSendRow>>(
        '/sys/sysAnnouncementSend/getMyAnnouncementSend?readFlag=1&titile=*我的消息页*&pageSize=5',
        liuyang,
      );
      expect(read.body.result).toMatchObject({ total: 1, size: 5, current: 1, pages: 1 });
      expect(read.body.result.records[0].readTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

      const theirs = await client.get<Page<AnnouncementSendRow>>(
        '/sys/sysAnnouncementSend/getMyAnnouncementSend?pageSize=200',
        t2admin,
      );
      expect(theirs.body.result.records.map((row) => row.anntId)).not.toContain(id);
      const bad = await client.get('/sys/sysAnnouncementSend/getMyAnnouncementSend?userId=x', liuyang);
      expect(bad.status).toBe(400);
    });

    it('exports the user’s own messages as 我的消息 filters them, with the page’s column names', async () => {
      const id = await add(draft({ titile: '我的消息导出' }));
      await release(id);
      await client.get('/sys/sysAnnouncementSend/getMyAnnouncementSend', liuyang);
      const sheetOf = async (token: string, query: string) => {
        const answer = await fetch(`${server.baseUrl}/api/sys/sysAnnouncementSend/exportXls?${query}`, {
          headers: { 'x-access-token': token },
        });
        expect(answer.status).toBe(200);
        const book = new ExcelJS.Workbook();
        await book.xlsx.load(await answer.arrayBuffer());
        const sheet = book.worksheets[0]!;
        return Array.from({ length: sheet.actualRowCount }, (_, at) =>
          (sheet.getRow(at + 1).values as unknown[]).slice(1),
        );
      };
      const titled = `titile=${encodeURIComponent('*我的消息导出*')}`;
      const [headers, ...rows] = await sheetOf(liuyang, `readFlag=0&${titled}`);
      expect(headers).toEqual(['标题', '消息类型', '发布人', '优先级', '发布时间', '阅读状态']);
      expect(rows).toEqual([['我的消息导出', '通知公告', 'admin', '重要', expect.any(String), '未读']]);
      // Read: no longer among the unread; all of them as the list counts them; another tenant's not at all.
      await client.put('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: id }, liuyang);
      expect(await sheetOf(liuyang, `readFlag=0&${titled}`)).toHaveLength(1);
      const mine = await client.get<Page<AnnouncementSendRow>>(
        '/sys/sysAnnouncementSend/getMyAnnouncementSend',
        liuyang,
      );
      expect(await sheetOf(liuyang, '')).toHaveLength(mine.body.result.total + 1);
      expect(await sheetOf(t2admin, titled)).toHaveLength(1);
      const bad = await client.get('/sys/sysAnnouncementSend/exportXls?readFlag=2', liuyang);
      expect(bad.status).toBe(400);
    });

    it.each([
      ['GET', '/sys/annountCement/listByUser'],
      ['GET', '/sys/annountCement/queryById?id=x'],
      ['PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId'],
      ['PUT', '/sys/sysAnnouncementSend/readAll'],
      ['GET', '/sys/sysAnnouncementSend/getMyAnnouncementSend'],
      ['GET', '/sys/sysAnnouncementSend/exportXls'],
    ])('%s %s needs a session', async (method, path) => {
      const answer = method === 'GET' ? await client.get(path) : await client.put(path, { anntId: 'x' });
      expect(answer.status).toBe(401);
    });
  });
});
