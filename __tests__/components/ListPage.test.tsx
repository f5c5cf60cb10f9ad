// The list pattern: paging, sort and filters live in the URL; back/forward restore them.
import { act, screen, waitFor, within } from '@testing-library/react';
import { Form, Input } from 'antd';
import type { Page } from '../../common/contract';
import type { ListParams } from '../../src/api/systemTypes';
import { ListPage } from '../../src/components/table/ListPage';
import { useListPage } from '../../src/components/table/useListPage';
import { deviceChanged } from '../../src/features/layout/slice';
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

describe('the table toolbar', () => {
  interface Lot {
    id: string;
    name: string;
    amount: string;
    status: string;
  }
  const lots = (): Promise<ReturnType<typeof ok<Page<Lot>>>> =>
    Promise.resolve(
      ok({
        records: [{ id: 'l1', name: '批次一', amount: '¥12.00', status: '正常' }],
        total: 1,
        size: 10,
        current: 1,
        pages: 1,
      }),
    );
  const lotFetch = jest.fn(lots);

  function LotList() {
    const list = useListPage<Lot>({ filterKeys: [], fetch: () => lotFetch() });
    return (
      <ListPage<Lot>
        list={list}
        compactColumns={['name', 'status']}
        columns={[
          { title: '名称', dataIndex: 'name', key: 'name' },
          { title: '金额', dataIndex: 'amount', key: 'amount' },
          { title: '状态', dataIndex: 'status', key: 'status' },
        ]}
      />
    );
  }

  const headers = () =>
    Array.from(document.querySelectorAll('.ant-table-thead th')).map((cell) => cell.textContent);

  beforeEach(() => {
    localStorage.clear();
    lotFetch.mockClear();
  });

  it('hides and moves columns, remembered for the page; 重置 restores them; 刷新 reloads', async () => {
    const user = setupUser();
    await renderSystemPage(<LotList />, { path: '/lots' });
    await screen.findByText('批次一');
    expect(headers()).toEqual(['名称', '金额', '状态']);

    await user.click(screen.getByRole('button', { name: '列设置' }));
    const settings = await screen.findByRole('group', { name: '列设置' });
    await user.click(within(settings).getByRole('checkbox', { name: '金额' }));
    // Up past the hidden 金额, then past 名称.
    await user.click(within(settings).getByRole('button', { name: '状态上移' }));
    await user.click(within(settings).getByRole('button', { name: '状态上移' }));
    expect(headers()).toEqual(['状态', '名称']);
    expect(localStorage.getItem('pro__tableSettings::/lots')).toContain('"hidden":["amount"]');

    // 重置 sits in the settings popover, which a click elsewhere (刷新) closes.
    await user.click(screen.getByRole('button', { name: /重\s*置/ }));
    expect(headers()).toEqual(['名称', '金额', '状态']);
    expect(localStorage.getItem('pro__tableSettings::/lots')).toBeNull();

    await user.click(screen.getByRole('button', { name: '刷新' }));
    await waitFor(() => expect(lotFetch).toHaveBeenCalledTimes(2));
  }, 180000);

  it('a page opened again shows the columns as the user left them; another page does not', async () => {
    localStorage.setItem(
      'pro__tableSettings::/lots',
      JSON.stringify({ value: { order: [], hidden: ['status'], density: 'small' }, expire: null }),
    );
    await renderSystemPage(<LotList />, { path: '/lots' });
    await screen.findByText('批次一');
    expect(headers()).toEqual(['名称', '金额']);
    expect(document.querySelector('.ant-table-small')).not.toBeNull();
  });

  it('密度 changes the rows’ size', async () => {
    const user = setupUser();
    await renderSystemPage(<LotList />, { path: '/lots' });
    await screen.findByText('批次一');
    await user.click(screen.getByRole('button', { name: '密度' }));
    await user.click(await screen.findByText('紧凑'));
    await waitFor(() => expect(document.querySelector('.ant-table-small')).not.toBeNull());
  }, 180000);

  it('before the first answer the table shows no 暂无数据 under the spinner', async () => {
    let answer: (value: Awaited<ReturnType<typeof lots>>) => void = () => undefined;
    lotFetch.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    await renderSystemPage(<LotList />, { path: '/lots' });
    await waitFor(() => expect(lotFetch).toHaveBeenCalled());
    expect(screen.queryByText('暂无数据')).not.toBeInTheDocument();
    answer(ok({ records: [], total: 0, size: 10, current: 1, pages: 0 }));
    expect(await screen.findByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument();
  });

  it('on a tablet only the compact columns show, the others in the row’s detail', async () => {
    const user = setupUser();
    const { store } = await renderSystemPage(<LotList />, { path: '/lots' });
    act(() => {
      store.dispatch(deviceChanged('tablet'));
    });
    await screen.findByText('批次一');
    expect(headers().filter(Boolean)).toEqual(['名称', '状态']);
    await user.click(screen.getByRole('button', { name: /展开行/ }));
    const detail = await screen.findByText('¥12.00');
    expect(detail.closest('.ant-descriptions')).toHaveTextContent('金额');
  });
});
