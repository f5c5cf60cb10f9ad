import {
  contains,
  parseListQuery,
  toListParams,
  writeListQuery,
  type ListQueryOptions,
} from '../../src/components/table/listQuery';
import { allKeys, findNode, parentKeys, withoutEmptyChildren } from '../../src/components/tree/treeKeys';

const options: ListQueryOptions = {
  filterKeys: ['username', 'status'],
  sortKeys: ['username', 'createTime'],
  defaultSort: { column: 'createTime', order: 'desc' },
};

describe('parseListQuery', () => {
  it('reads paging, sort and the owned filters; defaults fill the rest', () => {
    expect(
      parseListQuery(
        new URLSearchParams('pageNo=3&pageSize=20&column=username&order=asc&username=li&tab=2'),
        options,
      ),
    ).toEqual({
      pageNo: 3,
      pageSize: 20,
      column: 'username',
      order: 'asc',
      filters: { username: 'li' },
    });
    expect(parseListQuery(new URLSearchParams(''), options)).toEqual({
      pageNo: 1,
      pageSize: 10,
      column: 'createTime',
      order: 'desc',
      filters: {},
    });
  });

  it('ignores what it does not accept: bad page numbers and sizes, unknown sort columns, empty filters', () => {
    expect(
      parseListQuery(new URLSearchParams('pageNo=-1&pageSize=7&column=password&order=asc&status='), options),
    ).toEqual({ pageNo: 1, pageSize: 10, column: 'createTime', order: 'desc', filters: {} });
    expect(
      parseListQuery(new URLSearchParams('pageNo=abc&column=username&order=sideways'), options),
    ).toMatchObject({
      pageNo: 1,
      column: 'username',
      order: 'desc',
    });
  });
});

describe('writeListQuery', () => {
  it('writes only what differs from the defaults and keeps parameters the list does not own', () => {
    const next = writeListQuery(
      new URLSearchParams('tab=2&pageNo=4&username=old'),
      { pageNo: 1, pageSize: 10, column: 'createTime', order: 'desc', filters: { status: '2' } },
      options,
    );
    expect(next.toString()).toBe('tab=2&status=2');
  });

  it('round-trips a full query', () => {
    const query = {
      pageNo: 2,
      pageSize: 30,
      column: 'username',
      order: 'asc' as const,
      filters: { username: '张' },
    };
    expect(parseListQuery(writeListQuery(new URLSearchParams(), query, options), options)).toEqual(query);
  });
});

it('toListParams sends paging, sort and filters by name; contains() wraps in *…*', () => {
  expect(
    toListParams({ pageNo: 2, pageSize: 10, column: 'username', order: 'asc', filters: { status: '1' } }),
  ).toEqual({ pageNo: 2, pageSize: 10, column: 'username', order: 'asc', status: '1' });
  expect(contains('li')).toBe('*li*');
  expect(contains('')).toBeUndefined();
  expect(contains(undefined)).toBeUndefined();
});

describe('tree keys', () => {
  const tree = [
    {
      key: 'a',
      children: [
        { key: 'a1', children: [] },
        { key: 'a2', children: [{ key: 'a2x', children: null }] },
      ],
    },
    { key: 'b', children: null },
  ];

  it('lists every key, the parents, finds a node and drops empty children', () => {
    expect(allKeys(tree)).toEqual(['a', 'a1', 'a2', 'a2x', 'b']);
    expect(parentKeys(tree)).toEqual(['a', 'a2']);
    expect(findNode(tree, 'a2x')).toEqual({ key: 'a2x', children: null });
    expect(findNode(tree, 'zz')).toBeUndefined();
    expect(withoutEmptyChildren(tree)).toEqual([
      { key: 'a', children: [{ key: 'a1' }, { key: 'a2', children: [{ key: 'a2x' }] }] },
      { key: 'b' },
    ]);
  });
});
