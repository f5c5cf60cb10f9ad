import { demoDepartId, demoUserId } from '../db/seed/ids';
import { nextLevelCode, nextOrgCode } from '../modules/system/departs/orgCode';
import { testBackends } from './support/database';
import { useTestServer } from './support/useTestServer';

interface DepartNode {
  id: string;
  key: string;
  title: string;
  orgCode: string;
  orgType: string;
  parentId: string;
  isLeaf: boolean;
  children: DepartNode[] | null;
}

const flatten = (nodes: DepartNode[]): DepartNode[] =>
  nodes.flatMap((node) => [node, ...flatten(node.children ?? [])]);

describe('department codes', () => {
  it('counts A01 … A99, then B01, and stops after Z99', () => {
    expect(nextLevelCode(undefined)).toBe('A01');
    expect(nextLevelCode('A09')).toBe('A10');
    expect(nextLevelCode('A99')).toBe('B01');
    expect(nextLevelCode('Z99')).toBeUndefined();
    expect(nextOrgCode('A01', ['A01A01', 'A01A02'])).toBe('A01A03');
    expect(nextOrgCode('', [])).toBe('A01');
  });
});

describe.each(testBackends())('/sys/sysDepart on %s', (backend) => {
  const context = useTestServer(backend);
  const admin = () => context.tokenOf('admin');
  const tree = async (token: string) =>
    (await context.client.get<DepartNode[]>('/sys/sysDepart/queryTreeList', token)).body.result;

  it('serves the tenant’s tree, its id tree, lazy children, the subtree and the parent names', async () => {
    const token = await admin();
    const nodes = await tree(token);
    expect(nodes.map((node) => node.title)).toEqual(['华饮酒业集团', '生产中心']);
    const shanghai = flatten(nodes).find((node) => node.orgCode === 'A01A01A01');
    expect(shanghai).toMatchObject({
      title: '上海办事处',
      orgType: '3',
      isLeaf: true,
      children: null,
      parentId: demoDepartId('A01', 'A01A01'),
    });
    const ids = await context.client.get<Array<{ key: string; title: string; children?: unknown[] }>>(
      '/sys/sysDepart/queryIdTree',
      token,
    );
    expect(ids.body.result[0]).toMatchObject({ key: demoDepartId('A01', 'A01'), title: '华饮酒业集团' });
    const lazy = await context.client.get<DepartNode[]>(
      `/sys/sysDepart/queryDepartTreeSync?pid=${demoDepartId('A01', 'A01')}`,
      token,
    );
    expect(lazy.body.result.map((node) => [node.title, node.isLeaf])).toEqual([
      ['华东大区', false],
      ['华南大区', false],
    ]);
    const down = await context.client.get<DepartNode[]>(
      `/sys/sysDepart/queryDownTreeList?departId=${demoDepartId('A01', 'A01A01')}`,
      token,
    );
    expect(flatten(down.body.result).map((node) => node.title)).toEqual([
      '华东大区',
      '上海办事处',
      '杭州办事处',
    ]);
    const parent = await context.client.get(
      `/sys/sysDepart/queryParentName?departId=${demoDepartId('A01', 'A01A01A02')}`,
      token,
    );
    expect(parent.body.result).toMatchObject({
      parentName: '华东大区',
      parentNames: ['华饮酒业集团', '华东大区'],
    });
    const found = await context.client.get<DepartNode[]>(
      `/sys/sysDepart/searchBy?keyWord=${encodeURIComponent('办事处')}`,
      token,
    );
    expect(found.body.result.map((node) => node.title).sort()).toEqual([
      '上海办事处',
      '广州办事处',
      '杭州办事处',
    ]);
  });

  it('shows another tenant none of these departments', async () => {
    const t2 = await context.client.get<DepartNode[]>(
      '/sys/sysDepart/queryTreeList',
      await context.tokenOf('t2admin'),
    );
    expect(flatten(t2.body.result).map((node) => node.title)).toEqual(['川府饮品']);
    const down = await context.client.get(
      `/sys/sysDepart/queryDownTreeList?departId=${demoDepartId('A01', 'A01')}`,
      await context.tokenOf('t2admin'),
    );
    expect(down.body).toMatchObject({ success: false, message: '未找到对应实体' });
  });

  it('adds departments with server-assigned codes, edits and deletes them with their descendants', async () => {
    const token = await admin();
    const region = await context.client.post<string>(
      '/sys/sysDepart/add',
      { parentId: demoDepartId('A01', 'A01'), departName: '西南大区', orgCategory: '2', orgCode: 'ZZZ' },
      token,
    );
    expect(region.body).toMatchObject({ success: true, message: '添加成功！' });
    const office = await context.client.post<string>(
      '/sys/sysDepart/add',
      { parentId: region.body.result, departName: '成都办事处' },
      token,
    );
    const root = await context.client.post<string>('/sys/sysDepart/add', { departName: '物流中心' }, token);
    const nodes = flatten(await tree(token));
    expect(nodes.find((node) => node.id === region.body.result)).toMatchObject({
      orgCode: 'A01A03',
      orgType: '2',
    });
    expect(nodes.find((node) => node.id === office.body.result)).toMatchObject({
      orgCode: 'A01A03A01',
      orgType: '3',
    });
    expect(nodes.find((node) => node.id === root.body.result)).toMatchObject({
      orgCode: 'A03',
      orgType: '1',
    });

    const edited = await context.client.put(
      '/sys/sysDepart/edit',
      { id: office.body.result, departName: '成都服务处', mobile: '02812345678' },
      token,
    );
    expect(edited.body).toMatchObject({ success: true, message: '修改成功!' });

    // A user of the office keeps their account but loses the department.
    await context.client.put(
      '/sys/user/edit',
      {
        id: demoUserId('wangfang'),
        username: 'wangfang',
        realname: '王芳',
        selecteddeparts: office.body.result,
      },
      token,
    );
    const deleted = await context.client.delete(`/sys/sysDepart/delete?id=${region.body.result}`, token);
    expect(deleted.body).toMatchObject({ success: true, message: '删除成功!' });
    const after = flatten(await tree(token)).map((node) => node.id);
    expect(after).not.toContain(office.body.result);
    const wangfang = await context.client.get<{ departIds: string | null }>(
      `/sys/user/queryById?id=${demoUserId('wangfang')}`,
      token,
    );
    expect(wangfang.body.result.departIds).toBeNull();
    const logs = await context.database.db
      .selectFrom('sys_log')
      .select('log_content')
      .where('log_type', '=', 2)
      .where('log_content', 'like', '%部门%')
      .execute();
    expect(logs.map((log) => log.log_content)).toEqual(
      expect.arrayContaining([
        '添加部门: 西南大区(A01A03)',
        '编辑部门: 成都服务处(A01A03A01)',
        '删除部门: 西南大区(A01A03)',
      ]),
    );
  });

  it.each([
    [{ departName: ' ' }, '请输入机构名称!'],
    [{ departName: 'x', orgCategory: '9' }, '机构类型只能是公司(1)、组织机构(2)或岗位(3)'],
    [{ departName: 'x', departOrder: 'a' }, '排序应为整数'],
    [{ departName: 'x', parentId: 'nope' }, '上级部门不存在'],
  ])('refuses the department %j', async (form, message) => {
    expect((await context.client.post('/sys/sysDepart/add', form, await admin())).body).toMatchObject({
      success: false,
      message,
    });
  });

  it('refuses changes without the codes and to another tenant’s departments', async () => {
    expect(
      (
        await context.client.post(
          '/sys/sysDepart/add',
          { departName: 'x' },
          await context.tokenOf('zhangwei'),
        )
      ).status,
    ).toBe(403);
    expect(
      (await context.client.get('/sys/sysDepart/queryTreeList', await context.tokenOf('wangfang'))).status,
    ).toBe(403);
    const t2 = await context.client.delete(
      `/sys/sysDepart/deleteBatch?ids=${demoDepartId('A01', 'A02')},`,
      await context.tokenOf('t2admin'),
    );
    expect(t2.body.success).toBe(false);
    const parent = await context.client.post(
      '/sys/sysDepart/add',
      { departName: 'x', parentId: demoDepartId('A01', 'A01') },
      await context.tokenOf('t2admin'),
    );
    expect(parent.body).toMatchObject({ success: false, message: '上级部门不存在' });
    expect(flatten(await tree(await admin())).some((node) => node.orgCode === 'A02')).toBe(true);
  });
});
