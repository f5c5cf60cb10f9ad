import type { PermissionTreeModel } from '../../../src/api/systemPermission';
import { loadMenuTree, toRows, withChildren } from '../../../src/pages/system/permission/lazyTree';
import { filtersToRange, rangeToFilters } from '../../../src/pages/system/log/LogListPage';
import { lastSevenDays } from '../../../src/pages/system/log/visitDays';
import { permissionDiff, saveRolePermissionBody } from '../../../src/pages/system/role/permissionDiff';
import dayjs from 'dayjs';

describe('role permission diff', () => {
  it('names the ids granted and the ids revoked', () => {
    expect(permissionDiff(['a', 'b', 'c'], ['b', 'x'])).toEqual({ added: ['a', 'c'], removed: ['x'] });
    expect(permissionDiff([], [])).toEqual({ added: [], removed: [] });
  });

  it('sends the checked ids (once each) and the ids the role had', () => {
    expect(saveRolePermissionBody('r1', ['a', 'b', 'a'], ['b', 'x'])).toEqual({
      roleId: 'r1',
      permissionIds: 'a,b',
      lastpermissionIds: 'b,x',
    });
  });
});

describe('seven-day visits', () => {
  it('fills the days without logins with zeros, oldest first, labelled MM-DD', () => {
    const days = lastSevenDays(
      [
        { tian: '2026-11-16', type: '11-16', visit: 4, ip: 2 },
        { tian: '2026-11-21', type: '11-21', visit: 9, ip: 3 },
      ],
      '2026-11-21',
    );
    expect(days.map((day) => day.label)).toEqual([
      '11-15',
      '11-16',
      '11-17',
      '11-18',
      '11-19',
      '11-20',
      '11-21',
    ]);
    expect(days.map((day) => day.visit)).toEqual([0, 4, 0, 0, 0, 0, 9]);
    expect(days.map((day) => day.ip)).toEqual([0, 2, 0, 0, 0, 0, 3]);
  });
});

describe('log time range ↔ URL fields', () => {
  it('one picker value becomes createTime_begin / _end and back', () => {
    const filters = rangeToFilters({
      keyWord: '登录',
      createTime: [dayjs('2026-11-01'), dayjs('2026-11-20')],
    });
    expect(filters).toEqual({
      keyWord: '登录',
      createTime_begin: '2026-11-01',
      createTime_end: '2026-11-20',
    });
    const values = filtersToRange({
      keyWord: '登录',
      createTime_begin: '2026-11-01',
      createTime_end: '2026-11-20',
    });
    expect(values.keyWord).toBe('登录');
    expect((values.createTime as dayjs.Dayjs[]).map((day) => day.format('YYYY-MM-DD'))).toEqual([
      '2026-11-01',
      '2026-11-20',
    ]);
    expect(rangeToFilters({ createTime: null })).toEqual({
      createTime_begin: undefined,
      createTime_end: undefined,
    });
    expect(filtersToRange({}).createTime).toBeUndefined();
  });
});

describe('lazy menu tree', () => {
  const node = (id: string, isLeaf: boolean): PermissionTreeModel => ({
    key: id,
    value: id,
    title: `菜单${id}`,
    menuType: 1,
    perms: null,
    isLeaf,
  });

  it('gives non-leaves an empty children list (an expander) and leaves none', () => {
    expect(toRows([node('m', false), node('b', true)])).toEqual([
      { id: 'm', name: '菜单m', menuType: 1, icon: undefined, perms: null, children: [] },
      { id: 'b', name: '菜单b', menuType: 1, icon: undefined, perms: null, children: undefined },
    ]);
  });

  it('puts loaded children under their parent; no children means a leaf', () => {
    const rows = toRows([node('m', false)]);
    expect(withChildren(rows, 'm', toRows([node('c', true)]))[0].children?.map((row) => row.id)).toEqual([
      'c',
    ]);
    expect(withChildren(rows, 'm', [])[0].children).toBeUndefined();
  });

  it('a reload opens again the levels that were expanded', async () => {
    const levels: Record<string, PermissionTreeModel[]> = {
      top: [node('sys', false), node('home', true)],
      sys: [node('user', false), node('role', false)],
      user: [node('user:add', true)],
      role: [node('role:add', true)],
    };
    const loadLevel = jest.fn(async (parentId?: string) => levels[parentId ?? 'top'] ?? []);
    const rows = await loadMenuTree(loadLevel, ['sys', 'user']);
    expect(loadLevel.mock.calls.map(([id]) => id)).toEqual([undefined, 'sys', 'user']);
    expect(rows[0].children?.[0].children?.map((row) => row.id)).toEqual(['user:add']);
    expect(rows[0].children?.[1].children).toEqual([]);
  });
});
