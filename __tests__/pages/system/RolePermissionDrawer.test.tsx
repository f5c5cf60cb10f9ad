// The role permission tree: the role's grants checked, check/uncheck all, expand/collapse all, and the
// save that sends the checked ids with the ids the role had (the server applies the difference);
// and the role form's code check on blur.
import { screen, waitFor } from '@testing-library/react';
import * as roleApi from '../../../src/api/systemRole';
import { RoleFormModal } from '../../../src/pages/system/role/RoleFormModal';
import { RolePermissionDrawer } from '../../../src/pages/system/role/RolePermissionDrawer';
import { buttonByText, findDialog, ok, refused, setupUser } from '../../support/signIn';
import { renderSystemPage } from '../../support/systemPage';

jest.mock('../../../src/api/systemRole');
const roles = jest.mocked(roleApi);

const node = (key: string, title: string, children?: unknown[]) => ({
  key,
  value: key,
  title,
  ...(children ? { children } : { isLeaf: true }),
});

const TREE = [
  node('home', '首页'),
  node('sys', '系统管理', [
    node('user', '用户管理', [node('user:add', '新增用户'), node('user:edit', '编辑用户')]),
  ]),
];
const ROLE = { id: 'r1', roleName: '销售经理', roleCode: 'sales' };

const checkedTitles = () =>
  [...document.querySelectorAll('.ant-tree-treenode-checkbox-checked .ant-tree-title')].map(
    (el) => el.textContent,
  );

/** The check box of the tree node titled `title` (a click on the title selects, it does not check). */
const checkboxOf = (title: string) =>
  screen.getByText(title).closest('.ant-tree-treenode')?.querySelector('.ant-tree-checkbox') as HTMLElement;

const saved = () => {
  const body = roles.saveRolePermission.mock.calls.at(-1)?.[0];
  return (
    body && {
      permissionIds: body.permissionIds.split(',').filter(Boolean).sort(),
      last: body.lastpermissionIds.split(',').filter(Boolean).sort(),
    }
  );
};

beforeEach(() => {
  roles.queryPermissionTree.mockResolvedValue(ok({ treeList: TREE as never, ids: [] }));
  roles.queryRolePermission.mockResolvedValue(ok(['home', 'user:edit']));
  roles.saveRolePermission.mockResolvedValue(ok(null, '保存成功！'));
});

afterEach(() => jest.clearAllMocks());

it("shows the whole tree expanded with the role's grants checked", async () => {
  await renderSystemPage(<RolePermissionDrawer role={ROLE} onClose={() => undefined} />);
  expect(await screen.findByText('角色权限配置：销售经理')).toBeInTheDocument();
  await waitFor(() => expect(checkedTitles()).toEqual(['首页', '编辑用户']));
  expect(roles.queryRolePermission).toHaveBeenCalledWith('r1');
});

it('check all then save sends every id with the old grants; uncheck all then save revokes them all', async () => {
  const user = setupUser();
  const onClose = jest.fn();
  await renderSystemPage(<RolePermissionDrawer role={ROLE} onClose={onClose} />);
  await waitFor(() => expect(checkedTitles()).toHaveLength(2));

  await user.click(buttonByText('全部勾选'));
  expect(checkedTitles()).toEqual(['首页', '系统管理', '用户管理', '新增用户', '编辑用户']);
  expect(screen.getByText(/新增/, { selector: '.ant-typography' })).toHaveTextContent(/新增\s*3\s*移除\s*0/);
  await user.click(buttonByText('仅保存'));
  await waitFor(() =>
    expect(saved()).toEqual({
      permissionIds: ['home', 'sys', 'user', 'user:add', 'user:edit'],
      last: ['home', 'user:edit'],
    }),
  );
  expect(roles.saveRolePermission.mock.calls[0][0].roleId).toBe('r1');
  expect(onClose).not.toHaveBeenCalled();

  await user.click(buttonByText('取消全选'));
  expect(checkedTitles()).toEqual([]);
  await user.click(buttonByText('保存并关闭'));
  await waitFor(() => expect(roles.saveRolePermission).toHaveBeenCalledTimes(2));
  // What was saved a moment ago is what the role has now.
  expect(saved()).toEqual({ permissionIds: [], last: ['home', 'sys', 'user', 'user:add', 'user:edit'] });
  await waitFor(() => expect(onClose).toHaveBeenCalled());
});

it('a single check adds that node only; with the linkage on its parents are granted with it', async () => {
  const user = setupUser();
  await renderSystemPage(<RolePermissionDrawer role={ROLE} onClose={() => undefined} />);
  await waitFor(() => expect(checkedTitles()).toHaveLength(2));
  await user.click(checkboxOf('新增用户'));
  await user.click(buttonByText('仅保存'));
  await waitFor(() => expect(saved()?.permissionIds).toEqual(['home', 'user:add', 'user:edit']));

  await user.click(screen.getByRole('switch', { name: '父子关联' }));
  await user.click(checkboxOf('新增用户'));
  await user.click(checkboxOf('新增用户'));
  await user.click(buttonByText('仅保存'));
  // Both buttons checked: 用户管理 is fully checked, 系统管理 with it; parents are saved too.
  await waitFor(() =>
    expect(saved()?.permissionIds).toEqual(['home', 'sys', 'user', 'user:add', 'user:edit']),
  );
});

it('collapse all hides the nested nodes; expand all shows them again', async () => {
  const user = setupUser();
  await renderSystemPage(<RolePermissionDrawer role={ROLE} onClose={() => undefined} />);
  expect(await screen.findByText('新增用户')).toBeInTheDocument();
  await user.click(buttonByText('折叠所有'));
  await waitFor(() => expect(screen.queryByText('新增用户')).not.toBeInTheDocument());
  expect(screen.getByText('系统管理')).toBeInTheDocument();
  await user.click(buttonByText('展开所有'));
  expect(await screen.findByText('新增用户')).toBeInTheDocument();
});

it('the role form checks the role code when it loses focus and requires name and code', async () => {
  const user = setupUser();
  roles.checkRoleCode.mockResolvedValue(refused('角色编码已存在', 409));
  await renderSystemPage(
    <RoleFormModal open role={null} onClose={() => undefined} onSaved={() => undefined} />,
  );
  const dialog = await findDialog('新增角色');
  await user.type(screen.getByPlaceholderText('请输入角色编码'), 'admin');
  await user.tab();
  expect(await screen.findByText('角色编码已存在')).toBeInTheDocument();
  expect(roles.checkRoleCode).toHaveBeenCalledWith('admin', undefined);
  await user.click(buttonByText(/保\s*存/, dialog));
  expect(await screen.findByText('请输入角色名称!')).toBeInTheDocument();
  expect(roles.addRole).not.toHaveBeenCalled();
});
