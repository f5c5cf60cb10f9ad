import type { Page } from '../../common/contract';
import { dictIdOf } from '../modules/auth/tenantOrganisation';
import { testBackends } from './support/database';
import { useTestServer } from './support/useTestServer';

interface Dict {
  id: string;
  dictCode: string;
  dictName: string;
}
interface Item {
  id: string;
  itemText: string;
  itemValue: string;
  sortOrder: number;
}

describe.each(testBackends())('/sys/dict and /sys/dictItem on %s', (backend) => {
  const context = useTestServer(backend);
  const admin = () => context.tokenOf('admin');

  it('serves a dictionary’s items to any signed-in user of the tenant, never a table', async () => {
    const { body } = await context.client.get(
      '/sys/dict/getDictItems/priority',
      await context.tokenOf('wangfang'),
    );
    expect(body.result).toEqual([
      { value: 'L', text: '低', title: '低' },
      { value: 'M', text: '中', title: '中' },
      { value: 'H', text: '高', title: '高' },
    ]);
    expect(
      (await context.client.get('/sys/dict/getDictItems/sys_user,realname,id', await admin())).status,
    ).toBe(400);
    expect((await context.client.get('/sys/dict/getDictItems/priority')).status).toBe(401);
    const all = await context.client.get<Record<string, unknown[]>>(
      '/sys/dict/queryAllDictItems',
      await admin(),
    );
    expect(all.body.result.sex).toEqual([
      { value: '1', text: '男', title: '男' },
      { value: '2', text: '女', title: '女' },
    ]);
  });

  it('pages and searches the tenant’s dictionaries', async () => {
    const { body } = await context.client.get<Page<Dict>>(
      `/sys/dict/list?dictName=${encodeURIComponent('*状态*')}&pageSize=50`,
      await admin(),
    );
    expect(body.result.records.map((dict) => dict.dictCode)).toEqual(
      expect.arrayContaining(['user_status', 'order_status']),
    );
    expect(body.result.records.every((dict) => dict.dictName.includes('状态'))).toBe(true);
    const tree = await context.client.get<Array<{ key: string; title: string }>>(
      `/sys/dict/treeList?dictName=${encodeURIComponent('性别')}`,
      await admin(),
    );
    expect(tree.body.result).toEqual([
      expect.objectContaining({ key: dictIdOf('A01', 'sex'), title: '性别' }),
    ]);
    const t2 = await context.client.get<Page<Dict>>(
      '/sys/dict/list?dictCode=sex',
      await context.tokenOf('t2admin'),
    );
    expect(t2.body.result.records.map((dict) => dict.id)).toEqual([dictIdOf('B01', 'sex')]);
  });

  it('adds, edits and deletes a dictionary and its items', async () => {
    const token = await admin();
    const dict = await context.client.post<string>(
      '/sys/dict/add',
      { dictName: '包装', dictCode: 'package_unit', type: '0' },
      token,
    );
    expect(dict.body).toMatchObject({ success: true, message: '保存成功！' });
    expect(
      (await context.client.post('/sys/dict/add', { dictName: '重复', dictCode: 'package_unit' }, token)).body
        .message,
    ).toBe('字典编码已存在');
    expect(
      (
        await context.client.put(
          '/sys/dict/edit',
          { id: dict.body.result, dictName: '包装单位', dictCode: 'package_unit' },
          token,
        )
      ).body.success,
    ).toBe(true);

    const box = await context.client.post<string>(
      '/sys/dictItem/add',
      { dictId: dict.body.result, itemText: '箱', itemValue: 'BOX', sortOrder: '1' },
      token,
    );
    expect(box.body.success).toBe(true);
    await context.client.post(
      '/sys/dictItem/add',
      { dictId: dict.body.result, itemText: '瓶', itemValue: 'BOTTLE', sortOrder: '2' },
      token,
    );
    expect(
      (
        await context.client.post(
          '/sys/dictItem/add',
          { dictId: dict.body.result, itemText: '箱子', itemValue: 'BOX' },
          token,
        )
      ).body.message,
    ).toBe('该值不可用，系统中已存在！');
    expect(
      (
        await context.client.get(
          `/sys/dictItem/dictItemCheck?dictId=${dict.body.result}&itemValue=BOX`,
          token,
        )
      ).body.success,
    ).toBe(false);
    expect(
      (
        await context.client.get(
          `/sys/dictItem/dictItemCheck?dictId=${dict.body.result}&itemValue=BOX&id=${box.body.result}`,
          token,
        )
      ).body,
    ).toMatchObject({ success: true, message: '该值可用！' });
    expect(
      (
        await context.client.put(
          '/sys/dictItem/edit',
          { id: box.body.result, itemText: '整箱', itemValue: 'BOX', sortOrder: '3' },
          token,
        )
      ).body.success,
    ).toBe(true);

    const items = await context.client.get<Page<Item>>(
      `/sys/dictItem/list?dictId=${dict.body.result}`,
      token,
    );
    expect(items.body.result.records.map((item) => item.itemText)).toEqual(['瓶', '整箱']);
    expect((await context.client.get('/sys/dict/getDictItems/package_unit', token)).body.result).toEqual([
      { value: 'BOTTLE', text: '瓶', title: '瓶' },
      { value: 'BOX', text: '整箱', title: '整箱' },
    ]);
    expect(
      (await context.client.delete(`/sys/dictItem/delete?id=${box.body.result}`, token)).body.success,
    ).toBe(true);
    expect(
      (await context.client.delete(`/sys/dict/delete?id=${dict.body.result}`, token)).body,
    ).toMatchObject({ success: true, message: '删除成功!' });
    expect((await context.client.get('/sys/dict/getDictItems/package_unit', token)).body.result).toEqual([]);
    const logs = await context.database.db
      .selectFrom('sys_log')
      .select('log_content')
      .where('log_content', 'like', '%字典%')
      .execute();
    expect(logs.map((log) => log.log_content)).toEqual(
      expect.arrayContaining([
        '添加字典: 包装(package_unit)',
        '添加字典项: package_unit BOX=箱',
        '删除字典项: package_unit BOX',
        '删除字典: package_unit',
      ]),
    );
  });

  it.each([
    [{ dictName: '', dictCode: 'a' }, '请输入字典名称!'],
    [{ dictName: 'a', dictCode: '' }, '请输入字典编码!'],
    [{ dictName: 'a', dictCode: 'a,b' }, '字典编码应为字母、数字或下划线，最多64位'],
    [{ dictName: 'a', dictCode: 'ab', type: '7' }, '字典类型只能是字符串(0)或数字(1)'],
  ])('refuses the dictionary %j', async (form, message) => {
    expect((await context.client.post('/sys/dict/add', form, await admin())).body).toMatchObject({
      success: false,
      message,
    });
  });

  it('refuses items that do not fit, another tenant’s dictionaries, and callers without the codes', async () => {
    const token = await admin();
    expect(
      (
        await context.client.post(
          '/sys/dictItem/add',
          { dictId: dictIdOf('A01', 'sex'), itemText: '未知', itemValue: 'x' },
          token,
        )
      ).body.message,
    ).toBe('该字典的数据值应为数字');
    expect(
      (
        await context.client.post(
          '/sys/dictItem/add',
          { dictId: dictIdOf('A01', 'sex'), itemText: '', itemValue: '3' },
          token,
        )
      ).body.message,
    ).toBe('请输入名称!');
    const t2 = await context.client.post(
      '/sys/dictItem/add',
      { dictId: dictIdOf('A01', 'sex'), itemText: '未知', itemValue: '3' },
      await context.tokenOf('t2admin'),
    );
    expect(t2.body).toMatchObject({ success: false, message: '未找到对应实体' });
    expect(
      (
        await context.client.get(
          `/sys/dictItem/list?dictId=${dictIdOf('A01', 'sex')}`,
          await context.tokenOf('t2admin'),
        )
      ).body.success,
    ).toBe(false);
    expect(
      (
        await context.client.delete(
          `/sys/dict/delete?id=${dictIdOf('A01', 'sex')}`,
          await context.tokenOf('t2admin'),
        )
      ).body.success,
    ).toBe(false);
    expect((await context.client.get('/sys/dict/list', await context.tokenOf('zhangwei'))).status).toBe(403);
    expect(
      (await context.client.post('/sys/dictItem/add', {}, await context.tokenOf('zhangwei'))).status,
    ).toBe(403);
  });
});
