// Issue #23: the menu answer is serialised once per tenant and role set and answered conditionally (ETag/304);
// every write that changes what a user gets shows at the very next request.
import { demoPermissionId, demoRoleId } from '../db/seed/ids';
import { testBackends } from './support/database';
import { useTestServer } from './support/useTestServer';

const MENU_PATH = '/sys/permission/getUserPermissionByToken';

interface MenuAnswer {
  menu: Array<{ meta: { title: string }; children?: Array<{ meta: { title: string } }> }>;
  auth: Array<{ action: string | null }>;
}

describe.each(testBackends())('hot reads over HTTP on %s', (backend) => {
  const context = useTestServer(backend);

  /** A raw GET, to see headers and a 304's empty body. */
  async function get(path: string, token: string, ifNoneMatch?: string) {
    const headers: Record<string, string> = { 'x-access-token': token };
    if (ifNoneMatch) headers['if-none-match'] = ifNoneMatch;
    const response = await fetch(`${context.server.baseUrl}/api${path}`, { headers });
    const text = await response.text();
    return { status: response.status, etag: response.headers.get('etag'), response, text };
  }
  const titles = (answer: MenuAnswer) => answer.menu.map((node) => node.meta.title);
  async function menuOf(token: string): Promise<MenuAnswer> {
    const { status, text } = await get(MENU_PATH, token);
    expect(status).toBe(200);
    const body = JSON.parse(text) as { success: boolean; message: string; result: MenuAnswer };
    expect(body).toMatchObject({ success: true, message: '查询成功', code: 200 });
    return body.result;
  }
  async function saveSalesPermissions(permissionIds: string[], lastpermissionIds: string[]) {
    const saved = await context.client.post(
      '/sys/permission/saveRolePermission',
      {
        roleId: demoRoleId('A01', 'sales'),
        permissionIds: permissionIds.join(','),
        lastpermissionIds: lastpermissionIds.join(','),
      },
      await context.tokenOf('admin'),
    );
    expect(saved.body.success).toBe(true);
  }

  it("shows a role's edited permissions in its users' next menu answer, and what each role set gets", async () => {
    const wangfang = await context.tokenOf('wangfang');
    const admin = await context.tokenOf('admin');
    const before = await menuOf(wangfang);
    expect(titles(before)).toEqual(['首页', '拜访管理', '我的消息']);
    expect(await menuOf(wangfang)).toEqual(before);
    // Another role set in the same tenant gets its own answer, not the cached one.
    expect(titles(await menuOf(admin))).toContain('系统管理');

    const kept = [
      demoPermissionId('A01', '/dashboard/analysis'),
      demoPermissionId('A01', '/isps/userAnnouncement'),
    ];
    const granted = [
      demoPermissionId('A01', '/isystem'),
      demoPermissionId('A01', '/isystem/user'),
      demoPermissionId('A01', 'user:list'),
    ];
    await saveSalesPermissions([...kept, ...granted], kept);
    const widened = await menuOf(wangfang);
    expect(titles(widened)).toEqual(['首页', '系统管理', '拜访管理', '我的消息']);
    expect(widened.auth.map((button) => button.action)).toContain('user:list');

    await saveSalesPermissions(kept, [...kept, ...granted]);
    expect(await menuOf(wangfang)).toEqual(before);
  });

  it('shows a renamed menu at the next request, and a user given another role his new menu', async () => {
    const wangfang = await context.tokenOf('wangfang');
    const { db } = context.database;
    const announcements = demoPermissionId('A01', '/isps/userAnnouncement');
    expect(titles(await menuOf(wangfang))).toContain('我的消息');
    await db.updateTable('permissions').set({ name: '站内信' }).where('id', '=', announcements).execute();
    expect(titles(await menuOf(wangfang))).toEqual(['首页', '拜访管理', '站内信']);
    await db.updateTable('permissions').set({ name: '我的消息' }).where('id', '=', announcements).execute();
    expect(titles(await menuOf(wangfang))).toEqual(['首页', '拜访管理', '我的消息']);

    const user = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'wangfang')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('user_roles')
      .values({ tenant_id: 'A01', user_id: user.id, role_id: demoRoleId('A01', 'admin') })
      .execute();
    expect(titles(await menuOf(wangfang))).toContain('系统管理');
    await db
      .deleteFrom('user_roles')
      .where('user_id', '=', user.id)
      .where('role_id', '=', demoRoleId('A01', 'admin'))
      .execute();
    expect(titles(await menuOf(wangfang))).toEqual(['首页', '拜访管理', '我的消息']);
  });

  it('answers 304 without a body to the ETag the client holds, and 200 with a new tag once it changed', async () => {
    const wangfang = await context.tokenOf('wangfang');
    const first = await get(MENU_PATH, wangfang);
    expect(first.etag).toMatch(/^W\/".+"$/);
    expect(first.response.headers.get('cache-control')).toBe('private, no-cache');
    const again = await get(MENU_PATH, wangfang);
    expect(again.etag).toBe(first.etag);

    const notModified = await get(MENU_PATH, wangfang, first.etag as string);
    expect(notModified.status).toBe(304);
    expect(notModified.text).toBe('');
    expect(notModified.etag).toBe(first.etag);
    expect((await get(MENU_PATH, wangfang, `"other", ${first.etag}`)).status).toBe(304);
    expect((await get(MENU_PATH, wangfang, '"other"')).status).toBe(200);
    // Without a session no tag helps: the gate answers first.
    expect((await get(MENU_PATH, 'not-a-token', first.etag as string)).status).toBe(401);

    const kept = [
      demoPermissionId('A01', '/dashboard/analysis'),
      demoPermissionId('A01', '/isps/userAnnouncement'),
    ];
    const granted = [demoPermissionId('A01', '/isystem'), demoPermissionId('A01', '/isystem/user')];
    await saveSalesPermissions([...kept, ...granted], kept);
    const changed = await get(MENU_PATH, wangfang, first.etag as string);
    expect(changed.status).toBe(200);
    expect(changed.etag).not.toBe(first.etag);
    await saveSalesPermissions(kept, [...kept, ...granted]);
    // The same answer again: the same tag.
    expect((await get(MENU_PATH, wangfang, first.etag as string)).status).toBe(304);
  });

  it("shows a dictionary item's new text at the next request, with a new ETag; the same answer, 304", async () => {
    const admin = await context.tokenOf('admin');
    const path = '/sys/dict/getDictItems/sex';
    const first = await get(path, admin);
    expect(first.status).toBe(200);
    const items = (
      JSON.parse(first.text) as { result: Array<{ value: string; text: string; title: string }> }
    ).result;
    expect(items.length).toBeGreaterThan(0);
    expect((await get(path, admin, first.etag as string)).status).toBe(304);

    const { db } = context.database;
    const item = await db
      .selectFrom('dict_items')
      .innerJoin('dicts', 'dicts.id', 'dict_items.dict_id')
      .select(['dict_items.id', 'dict_items.item_value', 'dict_items.item_text'])
      .where('dicts.tenant_id', '=', 'A01')
      .where('dicts.dict_code', '=', 'sex')
      .orderBy('dict_items.sort_order')
      .executeTakeFirstOrThrow();
    const edit = (itemText: string) =>
      context.client.put('/sys/dictItem/edit', { id: item.id, itemText, itemValue: item.item_value }, admin);
    expect((await edit('改过的名')).body.success).toBe(true);
    const changed = await get(path, admin, first.etag as string);
    expect(changed.status).toBe(200);
    expect(changed.etag).not.toBe(first.etag);
    expect(JSON.parse(changed.text).result).toContainEqual({
      value: item.item_value,
      text: '改过的名',
      title: '改过的名',
    });
    expect((await edit(item.item_text)).body.success).toBe(true);
    const restored = await get(path, admin);
    expect(JSON.parse(restored.text).result).toEqual(items);
    expect(restored.etag).toBe(first.etag);
  });
  it('answers the bell from one serialisation per user, 304 while unchanged, and shows a release and a read at the next request', async () => {
    const bellPath = '/sys/annountCement/listByUser';
    const admin = await context.tokenOf('admin');
    const wangfang = await context.tokenOf('wangfang');
    const bellOf = (text: string) =>
      (JSON.parse(text) as { result: { anntMsgList: Array<{ id: string }>; anntMsgTotal: number } }).result;
    const first = await get(bellPath, wangfang);
    expect(first.status).toBe(200);
    expect((await get(bellPath, wangfang, first.etag as string)).status).toBe(304);

    const added = await context.client.post<string>(
      '/sys/annountCement/add',
      { titile: '缓存测试公告', msgContent: '<p>内容</p>', msgCategory: '1', msgType: 'ALL', priority: 'L' },
      admin,
    );
    expect(added.body.success).toBe(true);
    expect((await get(bellPath, wangfang, first.etag as string)).status).toBe(304);
    const released = await context.client.get(
      `/sys/annountCement/doReleaseData?id=${added.body.result}`,
      admin,
    );
    expect(released.body.success).toBe(true);
    const afterRelease = await get(bellPath, wangfang, first.etag as string);
    expect(afterRelease.status).toBe(200);
    const withNew = bellOf(afterRelease.text);
    expect(withNew.anntMsgList.map((notice) => notice.id)).toContain(added.body.result);
    expect(withNew.anntMsgTotal).toBe(bellOf(first.text).anntMsgTotal + 1);

    const read = await context.client.put(
      '/sys/sysAnnouncementSend/editByAnntIdAndUserId',
      { anntId: added.body.result },
      wangfang,
    );
    expect(read.body.success).toBe(true);
    const afterRead = await get(bellPath, wangfang, afterRelease.etag as string);
    expect(afterRead.status).toBe(200);
    expect(bellOf(afterRead.text)).toEqual(bellOf(first.text));
  });
});
