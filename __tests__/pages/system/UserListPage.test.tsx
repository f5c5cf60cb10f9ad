// The users page shows each button only to holders of its code, sends its filters as the server's contains
// form, and disables the actions on a user the server says is above the caller (manageable: false).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

const EVERY_CODE = ['add', 'edit', 'delete', 'deleteBatch', 'frozen', 'password'].map(
  (button) => `user:${button}`,
);
const HINT = '该用户拥有您没有的权限，您不能编辑、冻结、删除或修改其密码';

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
  await renderSystemPage(<UserListPage />, { codes: EVERY_CODE });
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

it('disables, with the reason, the actions on a user above the caller, and keeps him out of the selection', async () => {
  const admin = { ...LI, id: 'u1', username: 'admin', realname: '管理员', manageable: false };
  users.listUsers.mockResolvedValue(
    ok({ records: [{ ...LI, manageable: true }, admin], total: 2, size: 10, current: 1, pages: 1 }),
  );
  await renderSystemPage(<UserListPage />, { codes: EVERY_CODE });
  const rowOf = async (username: string) =>
    (await screen.findByText(username)).closest('tr') as HTMLTableRowElement;
  const [liRow, adminRow] = [await rowOf('lisi'), await rowOf('admin')];
  const editOf = (row: HTMLElement) => within(row).getByRole('button', { name: /编\s*辑/ });
  expect(editOf(liRow)).toBeEnabled();
  expect(editOf(adminRow)).toBeDisabled();
  await userEvent.hover(editOf(adminRow).parentElement as HTMLElement);
  expect(await screen.findByText(HINT)).toBeInTheDocument();
  // The row menu: 密码, 冻结, 删除 disabled (the reason on hover); 角色 still opens.
  await userEvent.click(within(adminRow).getByText('更多'));
  const item = async (label: string) => (await screen.findByRole('menuitem', { name: label })).closest('li');
  for (const label of ['密码', '冻结', '删除']) {
    expect(await item(label)).toHaveAttribute('aria-disabled', 'true');
    expect(within((await item(label)) as HTMLElement).getByTitle(HINT)).toBeInTheDocument();
  }
  expect(await item('角色')).not.toHaveAttribute('aria-disabled', 'true');
  await userEvent.click(screen.getByRole('menuitem', { name: '删除' }));
  expect(screen.queryByText(/确定删除/)).not.toBeInTheDocument();
  expect(users.deleteUser).not.toHaveBeenCalled();
  // Only lisi can join a selection.
  expect(within(liRow).getByRole('checkbox')).toBeEnabled();
  expect(within(adminRow).getByRole('checkbox')).toBeDisabled();
});

it('keeps every action open on a user within the caller’s reach', async () => {
  users.listUsers.mockResolvedValue(
    ok({ records: [{ ...LI, manageable: true }], total: 1, size: 10, current: 1, pages: 1 }),
  );
  await renderSystemPage(<UserListPage />, { codes: EVERY_CODE });
  const row = (await screen.findByText('lisi')).closest('tr') as HTMLTableRowElement;
  await userEvent.click(within(row).getByText('更多'));
  for (const label of ['密码', '冻结', '删除', '角色']) {
    const item = (await screen.findByRole('menuitem', { name: label })).closest('li');
    expect(item).not.toHaveAttribute('aria-disabled', 'true');
  }
  expect(screen.queryByTitle(HINT)).not.toBeInTheDocument();
});
