// The list pattern: paging, sort and filters live in the URL; back/forward restore them.
import { screen, waitFor, within } from '@testing-library/react';
import { Form, Input } from 'antd';
import type { Page } from '../../common/contract';
import type { ListParams } from '../../src/api/systemTypes';
import { ListPage } from '../../src/components/table/ListPage';
import { useListPage } from '../../src/components/table/useListPage';
import { renderSystemPage } from '../support/systemPage';
import { buttonByText, ok, setupUser } from '../support/signIn';

interface Row {
  id: string;
  name: string;
}

const fetch = jest.fn<Promise<ReturnType<typeof ok<Page<Row>>>>, [ListParams]>();

function rows(count: number, prefix = '行'): Row[] {
  return Array.from({ length: count }, (_unused, index) => ({
    id: `${prefix}${index}`,
    name: `${prefix}${index}`,
  }));
}

function page(records: Row[], total: number) {
  return ok({ records, total, size: 10, current: 1, pages: Math.ceil(total / 10) });
}

function TestList({ onBatch, totalCap }: { onBatch?: (rows: Row[]) => void; totalCap?: number }) {
  const list = useListPage<Row>({
    filterKeys: ['name'],
    sortKeys: ['name', 'createTime'],
    defaultSort: { column: 'createTime', order: 'desc' },
    fetch: (params) => fetch(params),
  });
  return (
    <ListPage<Row>
      list={list}
      columns={[{ title: '名称', dataIndex: 'name', key: 'name', sorter: true }]}
      totalCap={totalCap}
      searchFields={
        <Form.Item name="name" label="名称">
          <Input placeholder="请输入名称" />
        </Form.Item>
      }
      batchActions={(selected) => (
        <button type="button" onClick={() => onBatch?.(selected)}>
          批量处理
        </button>
      )}
    />
  );
}

const lastParams = () => fetch.mock.calls.at(-1)?.[0];

beforeEach(() => {
  fetch.mockReset();
  fetch.mockResolvedValue(page(rows(10), 45));
});

it('loads the page the URL names and shows its filter in the search form', async () => {
  await renderSystemPage(<TestList />, { path: '/list?pageNo=2&name=ab&tab=x' });
  await waitFor(() =>
    expect(lastParams()).toEqual({
      pageNo: 2,
      pageSize: 10,
      column: 'createTime',
      order: 'desc',
      name: 'ab',
    }),
  );
  expect(screen.getByPlaceholderText('请输入名称')).toHaveValue('ab');
  expect(await screen.findByText('11-20 共 45 条')).toBeInTheDocument();
});

it('a total the server stopped counting at reads as the cap with a plus', async () => {
  fetch.mockResolvedValue(page(rows(10), 5001));
  await renderSystemPage(<TestList totalCap={5000} />, { path: '/list?tab=x' });
  expect(await screen.findByText('1-10 共 5000+ 条')).toBeInTheDocument();
});

it('a search writes the filter into the URL and goes back to page 1; reset clears it', async () => {
  const user = setupUser();
  const { search } = await renderSystemPage(<TestList />, { path: '/list?pageNo=3&tab=x' });
  await user.type(screen.getByPlaceholderText('请输入名称'), ' 张三 ');
  await user.click(buttonByText(/查\s*询/));
  await waitFor(() => expect(search()).toBe(`tab=x&name=${encodeURIComponent('张三')}`));
  await waitFor(() => expect(lastParams()).toMatchObject({ pageNo: 1, name: '张三' }));

  await user.click(buttonByText(/重\s*置/));
  await waitFor(() => expect(search()).toBe('tab=x'));
  expect(screen.getByPlaceholderText('请输入名称')).toHaveValue('');
});

it('paging and sorting go into the URL; back and forward restore them, form included', async () => {
  const user = setupUser();
  const { go, search } = await renderSystemPage(<TestList />, { path: '/list?name=ab' });
  await screen.findByText('行0');

  await user.click(screen.getByTitle('3'));
  await waitFor(() => expect(search()).toBe('pageNo=3&name=ab'));
  await waitFor(() => expect(lastParams()).toMatchObject({ pageNo: 3 }));

  await user.click(screen.getAllByText('名称', { selector: '.ant-table-column-title' })[0]);
  await waitFor(() => expect(search()).toBe('column=name&order=asc&name=ab'));
  await waitFor(() => expect(lastParams()).toMatchObject({ pageNo: 1, column: 'name', order: 'asc' }));

  await go(-1);
  await waitFor(() => expect(search()).toBe('pageNo=3&name=ab'));
  await waitFor(() =>
    expect(lastParams()).toEqual({
      pageNo: 3,
      pageSize: 10,
      column: 'createTime',
      order: 'desc',
      name: 'ab',
    }),
  );

  await go(-1);
  await waitFor(() => expect(search()).toBe('name=ab'));
  await go('/list?name=zz');
  await waitFor(() => expect(screen.getByPlaceholderText('请输入名称')).toHaveValue('zz'));
  await waitFor(() => expect(lastParams()).toMatchObject({ name: 'zz', pageNo: 1 }));
});

it('shows the empty state when nothing matches', async () => {
  fetch.mockResolvedValue(page([], 0));
  await renderSystemPage(<TestList />, { path: '/list' });
  expect(await screen.findByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument();
});

it('selected rows get the batch bar with their count; the batch action receives them', async () => {
  const user = setupUser();
  const onBatch = jest.fn();
  await renderSystemPage(<TestList onBatch={onBatch} />, { path: '/list' });
  await screen.findByText('行1');
  const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
  await user.click(within(rowOf('行1')).getByRole('checkbox'));
  await user.click(within(rowOf('行3')).getByRole('checkbox'));
  expect(screen.getByText('已选择', { exact: false })).toHaveTextContent('已选择 2 项');
  await user.click(screen.getByText('批量处理'));
  expect(onBatch).toHaveBeenCalledWith([
    { id: '行1', name: '行1' },
    { id: '行3', name: '行3' },
  ]);
});
