// The two tree screens: the menu table loads a level when it is expanded and warns that a delete takes
// the children along; the department tree searches, adds under the chosen department and warns that
// descendants go too; departments outside the caller's data scope keep their actions disabled (issue #14).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as departApi from '../../../src/api/systemDepart';
import * as permissionApi from '../../../src/api/systemPermission';
import DepartListPage from '../../../src/pages/system/depart/DepartListPage';
import PermissionListPage from '../../../src/pages/system/permission/PermissionListPage';
import { buttonByText, findDialog, ok, setupUser } from '../../support/signIn';
import { renderSystemPage } from '../../support/systemPage';

jest.mock('../../../src/api/systemPermission', () => ({
  ...jest.requireActual('../../../src/api/systemPermission'),
  queryListAsync: jest.fn(),
  listPermissionTree: jest.fn(),
  deletePermission: jest.fn(),
}));
jest.mock('../../../src/api/systemDepart');
const permissions = jest.mocked(permissionApi);
const departs = jest.mocked(departApi);

afterEach(() => jest.clearAllMocks());

const menu = (key: string, title: string, menuType: 0 | 1 | 2, isLeaf: boolean) => ({
  key,
  value: key,
  title,
  menuType,
  isLeaf,
  perms: menuType === 2 ? key : null,
});

const confirmDialog = async () => {
  await waitFor(() => expect(document.querySelector('.ant-modal-confirm')).not.toBeNull());
  return document.querySelector('.ant-modal-confirm') as HTMLElement;
};

describe('menu management', () => {
  beforeEach(() => {
    permissions.queryListAsync.mockImplementation(async (pid?: string) =>
      ok(
        pid === 'sys'
          ? [menu('user', '用户管理', 1, false)]
          : pid === 'user'
            ? [menu('user:add', '新增用户', 2, true)]
            : [
                { ...menu('home', '首页', 0, true), icon: 'home' },
                { ...menu('sys', '系统管理', 0, false), icon: 'no-such-icon' },
              ],
      ),
    );
    permissions.deletePermission.mockResolvedValue(ok(null, '删除成功!'));
  });

  it('loads the top level, then each level when its row is expanded', async () => {
    const user = setupUser();
    await renderSystemPage(<PermissionListPage />, { codes: ['permission:delete'] });
    const sysRow = (await screen.findByText('系统管理')).closest('tr') as HTMLElement;
    expect(permissions.queryListAsync).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('用户管理')).not.toBeInTheDocument();
    await user.click(sysRow.querySelector('.ant-table-row-expand-icon') as HTMLElement);
    expect(await screen.findByText('用户管理')).toBeInTheDocument();
    expect(permissions.queryListAsync).toHaveBeenLastCalledWith('sys');
    const userRow = screen.getByText('用户管理').closest('tr') as HTMLElement;
    await user.click(userRow.querySelector('.ant-table-row-expand-icon') as HTMLElement);
    expect(await screen.findByText('新增用户')).toBeInTheDocument();
    expect(screen.getByText('user:add')).toBeInTheDocument();
    // 首页 is a leaf: no expander.
    const homeRow = screen.getByText('首页').closest('tr') as HTMLElement;
    expect(homeRow.querySelector('.ant-table-row-expand-icon-spaced')).not.toBeNull();
  });

  it("shows a menu's icon, its name on hover; a name it does not know as text", async () => {
    await renderSystemPage(<PermissionListPage />, { codes: [] });
    const homeRow = (await screen.findByText('首页')).closest('tr') as HTMLElement;
    expect(homeRow.querySelector('[title="home"] .anticon-home')).not.toBeNull();
    const sysRow = screen.getByText('系统管理').closest('tr') as HTMLElement;
    expect(within(sysRow).getByTitle('no-such-icon')).toHaveTextContent('no-such-icon');
  });

  it('a delete says the children go too, then reloads', async () => {
    const user = setupUser();
    await renderSystemPage(<PermissionListPage />, { codes: ['permission:delete'] });
    const sysRow = (await screen.findByText('系统管理')).closest('tr') as HTMLElement;
    expect(within(sysRow).queryByText(/编\s*辑/)).not.toBeInTheDocument();
    await user.click(buttonByText(/删\s*除/, sysRow));
    const confirm = await confirmDialog();
    expect(confirm).toHaveTextContent('确定删除“系统管理”吗？');
    expect(confirm).toHaveTextContent('其下级菜单和按钮也会一并删除');
    await user.click(buttonByText(/删\s*除/, confirm));
    await waitFor(() => expect(permissions.deletePermission).toHaveBeenCalledWith('sys'));
    await waitFor(() => expect(permissions.queryListAsync).toHaveBeenCalledTimes(2));
  });
});

describe('department management', () => {
  const tree = [
    {
      id: 'd1',
      key: 'd1',
      value: 'd1',
      title: '华饮酒业集团',
      departName: '华饮酒业集团',
      orgCode: 'A01',
      orgCategory: '1',
      parentId: '',
      children: [
        {
          id: 'd2',
          key: 'd2',
          value: 'd2',
          title: '华东大区',
          departName: '华东大区',
          orgCode: 'A01A01',
          orgCategory: '2',
          parentId: 'd1',
          children: null,
        },
      ],
    },
  ];

  beforeEach(() => {
    departs.queryDepartTree.mockResolvedValue(ok(tree));
    departs.searchDeparts.mockResolvedValue(ok([{ ...tree[0].children[0] }]));
    departs.addDepart.mockResolvedValue(ok(null, '添加成功！'));
    departs.deleteDepart.mockResolvedValue(ok(null, '删除成功!'));
    departs.queryDepartScope.mockResolvedValue(ok({ wholeTenant: true }));
  });

  const codes = ['depart:add', 'depart:edit', 'depart:delete', 'depart:deleteBatch'];

  it('a chosen department fills the form; 添加下级 sends its id as the parent; the name is required', async () => {
    const user = setupUser();
    await renderSystemPage(<DepartListPage />, { codes });
    await screen.findByText('华东大区');
    // The first expansion animates; a click lands once the nodes have settled.
    await waitFor(() => expect(document.querySelector('.ant-tree-treenode-motion')).toBeNull());
    await user.click(screen.getByText('华东大区'));
    expect(await screen.findByText('A01A01')).toBeInTheDocument();
    expect(screen.getByDisplayValue('华东大区')).toBeInTheDocument();
    await user.click(buttonByText('添加下级'));
    const dialog = await findDialog('添加“华东大区”的下级部门');
    await user.click(buttonByText(/保\s*存/, dialog));
    expect(await within(dialog).findByText('请输入机构名称!')).toBeInTheDocument();
    await user.type(within(dialog).getByPlaceholderText('请输入机构名称'), '上海办事处');
    await user.click(buttonByText(/保\s*存/, dialog));
    await waitFor(() =>
      expect(departs.addDepart).toHaveBeenCalledWith(
        expect.objectContaining({ departName: '上海办事处', parentId: 'd2' }),
      ),
    );
  });

  it('deleting says the descendants go too', async () => {
    const user = setupUser();
    await renderSystemPage(<DepartListPage />, { codes });
    await user.click(await screen.findByText('华饮酒业集团'));
    await screen.findByText('A01');
    // The whole tenant is his (wholeTenant): a top-level department too.
    await waitFor(() => expect(buttonByText('一级部门')).toBeEnabled());
    await user.click(buttonByText(/^删\s*除$/));
    const confirm = await confirmDialog();
    expect(confirm).toHaveTextContent('确定删除部门“华饮酒业集团”吗？');
    expect(confirm).toHaveTextContent('其下级部门也会一并删除');
    await user.click(buttonByText(/删\s*除/, confirm));
    await waitFor(() => expect(departs.deleteDepart).toHaveBeenCalledWith('d1'));
  });

  it('a search shows the matching departments only', async () => {
    const user = setupUser();
    await renderSystemPage(<DepartListPage />, { codes });
    await screen.findByText('华饮酒业集团');
    await user.type(screen.getByPlaceholderText('请输入部门名称'), '华东{Enter}');
    await waitFor(() => expect(screen.queryByText('华饮酒业集团')).not.toBeInTheDocument());
    expect(departs.searchDeparts).toHaveBeenCalledWith('华东');
    expect(screen.getByText('华东大区')).toBeInTheDocument();
  });

  describe('a manager of 华东大区 (the server marks his scope, and he does not reach the whole tenant)', () => {
    const node = (
      id: string,
      name: string,
      parentId: string,
      inScope: boolean,
      children: object[] | null,
    ) => ({
      id,
      key: id,
      value: id,
      title: name,
      departName: name,
      orgCode: id.toUpperCase(),
      orgCategory: '2',
      parentId,
      inScope,
      children,
    });
    const scoped = [
      node('a01', '华饮酒业集团', '', false, [
        node('a01a01', '华东大区', 'a01', true, [node('a01a01a01', '上海办事处', 'a01a01', true, null)]),
        node('a01a02', '华南大区', 'a01', false, null),
      ]),
    ];
    const OUTSIDE = '不能操作您管辖范围以外的部门';
    const ADD_OUTSIDE = '只能在您管辖范围以内的部门下添加部门';

    beforeEach(() => {
      departs.queryDepartTree.mockResolvedValue(ok(scoped as never));
      departs.queryDepartScope.mockResolvedValue(ok({ wholeTenant: false }));
    });

    const treeNodeOf = (name: string) =>
      screen.getByText(name, { selector: '.ant-tree-title' }).closest('.ant-tree-treenode') as HTMLElement;
    async function choose(user: ReturnType<typeof setupUser>, name: string) {
      await waitFor(() => expect(document.querySelector('.ant-tree-treenode-motion')).toBeNull());
      await user.click(screen.getByText(name, { selector: '.ant-tree-title' }));
      await screen.findByText(`部门信息：${name}`);
    }
    /** Whether the button is disabled, and the reason its wrapper gives on hover. */
    async function refusal(text: string | RegExp) {
      const button = buttonByText(text);
      if (!(button as HTMLButtonElement).disabled) return null;
      await userEvent.hover(button.parentElement as HTMLElement);
      const tip = await screen.findByRole('tooltip');
      const reason = tip.textContent;
      await userEvent.unhover(button.parentElement as HTMLElement);
      await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
      return reason;
    }

    it('a department outside his scope: 添加下级, 添加同级, 保存 and 删除 disabled with the reason; no top level', async () => {
      const user = setupUser();
      await renderSystemPage(<DepartListPage />, { codes });
      await screen.findByText('华南大区');
      await waitFor(() => expect(departs.queryDepartScope).toHaveBeenCalled());
      expect(await refusal('一级部门')).toBe(ADD_OUTSIDE);
      await choose(user, '华南大区');
      expect(await refusal('添加下级')).toBe(ADD_OUTSIDE);
      expect(await refusal('添加同级')).toBe(ADD_OUTSIDE);
      expect(await refusal(/^保\s*存$/)).toBe(OUTSIDE);
      expect(await refusal(/^删\s*除$/)).toBe(OUTSIDE);
      expect(screen.getByDisplayValue('华南大区')).toBeDisabled();
      // Out of the batch selection too; his own departments may join it.
      expect(treeNodeOf('华南大区').querySelector('.ant-tree-checkbox-disabled')).not.toBeNull();
      expect(treeNodeOf('华饮酒业集团').querySelector('.ant-tree-checkbox-disabled')).not.toBeNull();
      expect(treeNodeOf('华东大区').querySelector('.ant-tree-checkbox-disabled')).toBeNull();
      expect(departs.deleteDepart).not.toHaveBeenCalled();
    });

    it('his own region: everything open but a sibling of it, whose parent lies outside; an office’s sibling is his', async () => {
      const user = setupUser();
      await renderSystemPage(<DepartListPage />, { codes });
      await screen.findByText('华东大区');
      await choose(user, '华东大区');
      expect(await refusal('添加下级')).toBeNull();
      expect(await refusal(/^保\s*存$/)).toBeNull();
      expect(await refusal(/^删\s*除$/)).toBeNull();
      expect(await refusal('添加同级')).toBe(ADD_OUTSIDE);
      await choose(user, '上海办事处');
      expect(await refusal('添加同级')).toBeNull();
      await user.click(buttonByText('添加同级'));
      const dialog = await findDialog('添加“上海办事处”的同级部门');
      await user.type(within(dialog).getByPlaceholderText('请输入机构名称'), '苏州办事处');
      await user.click(buttonByText(/保\s*存/, dialog));
      await waitFor(() =>
        expect(departs.addDepart).toHaveBeenCalledWith(
          expect.objectContaining({ departName: '苏州办事处', parentId: 'a01a01' }),
        ),
      );
    });
  });
});
