// The dictionary items drawer (its own paging, the value checked on blur, the cached options of that
// code forgotten after a change) and the log page's tabs in the URL.
import { screen, waitFor, within } from '@testing-library/react';
import * as dictApi from '../../../src/api/systemDict';
import * as logApi from '../../../src/api/systemLog';
import { forgetDictItems, loadDictItems } from '../../../src/components/dictCache';
import DictListPage from '../../../src/pages/system/dict/DictListPage';
import LogListPage from '../../../src/pages/system/log/LogListPage';
import { buttonByText, findDialog, ok, refused, setupUser } from '../../support/signIn';
import { renderSystemPage } from '../../support/systemPage';

jest.mock('../../../src/api/systemDict');
jest.mock('../../../src/api/systemLog', () => ({
  ...jest.requireActual('../../../src/api/systemLog'),
  listLogs: jest.fn(),
}));
// The charts fetch figures of their own and are not what this test is about; the e2e run looks at them.
jest.mock('../../../src/pages/system/log/LogCharts', () => ({
  __esModule: true,
  default: () => <div>登录统计</div>,
}));

const dicts = jest.mocked(dictApi);
const logs = jest.mocked(logApi);
const page = <T,>(records: T[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });

afterEach(() => jest.clearAllMocks());

it('the items drawer lists the dictionary’s items, checks a new value on blur and forgets the cached options', async () => {
  const user = setupUser();
  forgetDictItems();
  dicts.getDictItems.mockResolvedValue(ok([{ value: '1', text: '正常' }]));
  await loadDictItems('user_status');
  dicts.listDicts.mockResolvedValue(page([{ id: 'dict1', dictName: '用户状态', dictCode: 'user_status' }]));
  dicts.listDictItems.mockResolvedValue(
    page([{ id: 'i1', dictId: 'dict1', itemText: '正常', itemValue: '1', sortOrder: 1, status: 1 }]),
  );
  dicts.dictItemCheck.mockImplementation(async ({ itemValue }) =>
    itemValue === '1' ? refused('该值不可用，系统中已存在！', 409) : ok(null),
  );
  dicts.addDictItem.mockResolvedValue(ok(null, '保存成功！'));
  await renderSystemPage(<DictListPage />, { codes: ['dictItem:add', 'dictItem:edit', 'dictItem:delete'] });

  await user.click(await screen.findByText('字典配置'));
  const drawer = (await screen.findByText('字典配置：用户状态（user_status）')).closest(
    '.ant-drawer',
  ) as HTMLElement;
  await within(drawer).findByText('正常');
  expect(dicts.listDictItems).toHaveBeenCalledWith(expect.objectContaining({ dictId: 'dict1', pageNo: 1 }));

  await user.click(buttonByText('新增字典项', drawer));
  const dialog = await findDialog('新增字典项');
  await user.type(within(dialog).getByPlaceholderText('请输入名称'), '冻结');
  await user.type(within(dialog).getByPlaceholderText('请输入数据值'), '1');
  await user.tab();
  expect(await within(dialog).findByText('该值不可用，系统中已存在！')).toBeInTheDocument();
  await user.clear(within(dialog).getByPlaceholderText('请输入数据值'));
  await user.type(within(dialog).getByPlaceholderText('请输入数据值'), '2');
  await user.click(buttonByText(/保\s*存/, dialog));
  await waitFor(() =>
    expect(dicts.addDictItem).toHaveBeenCalledWith(
      expect.objectContaining({ dictId: 'dict1', itemText: '冻结', itemValue: '2', status: '1' }),
    ),
  );
  // The next use of the dictionary fetches it again.
  await waitFor(() => expect(dicts.listDictItems).toHaveBeenCalledTimes(2));
  await loadDictItems('user_status');
  expect(dicts.getDictItems).toHaveBeenCalledTimes(2);
});

it('the items drawer’s 导出 sends the dictionary and its filters, the name searched in (issue #15)', async () => {
  const user = setupUser();
  dicts.listDicts.mockResolvedValue(page([{ id: 'dict1', dictName: '用户状态', dictCode: 'user_status' }]));
  dicts.listDictItems.mockResolvedValue(
    page([{ id: 'i1', dictId: 'dict1', itemText: '正常', itemValue: '1', sortOrder: 1, status: 0 }]),
  );
  dicts.exportDictItems.mockResolvedValue(null);
  await renderSystemPage(<DictListPage />);
  await user.click(await screen.findByText('字典配置'));
  const drawer = (await screen.findByText('字典配置：用户状态（user_status）')).closest(
    '.ant-drawer',
  ) as HTMLElement;
  expect(await within(drawer).findByText('不启用')).toBeInTheDocument();
  await user.type(within(drawer).getByPlaceholderText('请输入名称'), '正');
  await user.click(buttonByText(/查\s*询/, drawer));
  await waitFor(() =>
    expect(dicts.listDictItems).toHaveBeenLastCalledWith(expect.objectContaining({ itemText: '*正*' })),
  );
  await user.click(within(drawer).getByRole('button', { name: /导\s*出/ }));
  expect(dicts.exportDictItems).toHaveBeenCalledWith(
    expect.objectContaining({ dictId: 'dict1', itemText: '*正*' }),
  );
  expect(dicts.exportDictItems.mock.calls[0]![0]).not.toHaveProperty('pageNo');
});

it('the log tabs live in the URL: the operation tab asks for logType 2 with its own filters', async () => {
  const user = setupUser();
  logs.listLogs.mockResolvedValue(
    page([{ id: 'l1', logType: 1, logContent: '用户名: admin,登录成功！', username: 'admin' }]),
  );
  const { search } = await renderSystemPage(<LogListPage />, { path: '/isystem/log?keyWord=admin' });
  await screen.findByText('用户名: admin,登录成功！');
  expect(logs.listLogs).toHaveBeenLastCalledWith(expect.objectContaining({ logType: '1', keyWord: 'admin' }));
  expect(await screen.findByText('登录统计')).toBeInTheDocument();
  expect(screen.queryByText('操作类型', { selector: 'label' })).not.toBeInTheDocument();

  await user.click(screen.getByRole('tab', { name: '操作日志' }));
  await waitFor(() => expect(search()).toBe('logType=2'));
  await waitFor(() =>
    expect(logs.listLogs).toHaveBeenLastCalledWith(expect.objectContaining({ logType: '2', pageNo: 1 })),
  );
  expect(logs.listLogs.mock.calls.at(-1)?.[0]).not.toHaveProperty('keyWord', 'admin');
  // The operation tab filters by operation type too.
  expect(await screen.findByText('操作类型', { selector: 'label' })).toBeInTheDocument();
});
