// The users page shows each button only to holders of its code, and sends its filters as the server's
// contains form.
import { screen, waitFor } from '@testing-library/react';
import * as dictApi from '../../../src/api/systemDict';
import * as userApi from '../../../src/api/systemUser';
import { forgetDictItems } from '../../../src/components/dictCache';
import UserListPage from '../../../src/pages/system/user/UserListPage';
import { ok } from '../../support/signIn';
import { renderSystemPage } from '../../support/systemPage';

jest.mock('../../../src/api/systemUser');
jest.mock('../../../src/api/systemDict');
const users = jest.mocked(userApi);
const dicts = jest.mocked(dictApi);

const LI = {
  id: 'u9',
  username: 'lisi',
  realname: '李四',
  phone: '13800000009',
  status: '1',
  status_dictText: '正常',
};

beforeEach(() => {
  forgetDictItems();
  dicts.getDictItems.mockResolvedValue(ok([]));
  users.listUsers.mockResolvedValue(ok({ records: [LI], total: 1, size: 10, current: 1, pages: 1 }));
});

afterEach(() => jest.clearAllMocks());

const button = (text: string) =>
  screen.queryByText(new RegExp(`^${text.split('').join('\\s*')}$`), { selector: 'button span' });

it('with only user:add: the add button, no edit, no row selection', async () => {
  await renderSystemPage(<UserListPage />, { path: '/isystem/user?username=li', codes: ['user:add'] });
  await screen.findByText('lisi');
  expect(button('新增')).toBeInTheDocument();
  expect(button('编辑')).not.toBeInTheDocument();
  expect(document.querySelector('.ant-table-selection-column')).toBeNull();
  expect(users.listUsers).toHaveBeenCalledWith(
    expect.objectContaining({ username: '*li*', pageNo: 1, pageSize: 10 }),
  );
});

it('with every code: edit, the 更多 menu and row selection for the batch actions', async () => {
  await renderSystemPage(<UserListPage />, {
    codes: ['user:add', 'user:edit', 'user:delete', 'user:deleteBatch', 'user:frozen', 'user:password'],
  });
  await screen.findByText('lisi');
  expect(button('编辑')).toBeInTheDocument();
  expect(screen.getByText('更多')).toBeInTheDocument();
  await waitFor(() => expect(document.querySelector('.ant-table-selection-column')).not.toBeNull());
});

it('with no code: neither add nor edit', async () => {
  await renderSystemPage(<UserListPage />, { codes: [] });
  await screen.findByText('lisi');
  expect(button('新增')).not.toBeInTheDocument();
  expect(button('编辑')).not.toBeInTheDocument();
});
