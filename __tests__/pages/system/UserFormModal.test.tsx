// The user form's validation: required fields with their Chinese messages, the password rules, the
// uniqueness checks when a field loses focus, and the add body; roles only for a caller holding
// user:assignRole, and never the caller's own roles or departments.
// The department picker offers only departments within the caller's data scope.
import { screen, waitFor, within } from '@testing-library/react';
import * as departApi from '../../../src/api/systemDepart';
import type { DepartTreeNode } from '../../../src/api/systemDepart';
import * as dictApi from '../../../src/api/systemDict';
import * as duplicateApi from '../../../src/api/systemDuplicate';
import * as roleApi from '../../../src/api/systemRole';
import * as userApi from '../../../src/api/systemUser';
import type { SysUser } from '../../../src/api/systemUser';
import { forgetDictItems } from '../../../src/components/dictCache';
import { UNIQUE_CHECK_FAILED } from '../../../src/components/form/uniqueRule';
import { departSelected } from '../../../src/features/session/slice';
import { UserFormModal } from '../../../src/pages/system/user/UserFormModal';
import { buttonByText, findDialog, ok, refused, setupUser } from '../../support/signIn';
import { renderSystemPage } from '../../support/systemPage';

jest.mock('../../../src/api/systemUser');
jest.mock('../../../src/api/systemRole');
jest.mock('../../../src/api/systemDepart');
jest.mock('../../../src/api/systemDict');
jest.mock('../../../src/api/systemDuplicate');

const users = jest.mocked(userApi);
const roles = jest.mocked(roleApi);
const departs = jest.mocked(departApi);
const dicts = jest.mocked(dictApi);
const duplicates = jest.mocked(duplicateApi);

const errorsOf = (dialog: HTMLElement) =>
  [...dialog.querySelectorAll('.ant-form-item-explain-error')].map((element) => element.textContent);

beforeEach(() => {
  forgetDictItems();
  roles.queryAllRoles.mockResolvedValue(ok([{ id: 'r1', roleName: '销售经理', roleCode: 'sales' }]));
  departs.queryDepartTree.mockResolvedValue(ok([]));
  dicts.getDictItems.mockResolvedValue(ok([{ value: '1', text: '男' }]));
  users.checkOnlyUser.mockResolvedValue(ok(true));
  duplicates.duplicateCheck.mockResolvedValue(ok(null));
  users.addUser.mockResolvedValue(ok(null, '添加成功！'));
});

afterEach(() => jest.clearAllMocks());

async function openAddForm(codes = ['user:assignRole']) {
  const onSaved = jest.fn();
  const onClose = jest.fn();
  await renderSystemPage(<UserFormModal open user={null} onClose={onClose} onSaved={onSaved} />, { codes });
  return { dialog: await findDialog('新增用户'), onSaved, onClose };
}

/** Fills the fields an add form requires. */
async function fillNewUser(user: ReturnType<typeof setupUser>) {
  await user.type(screen.getByPlaceholderText('请输入用户账号'), 'lisi');
  await user.type(screen.getByPlaceholderText('请输入登录密码'), 'abc12345');
  await user.type(screen.getByPlaceholderText('请重新输入登录密码'), 'abc12345');
  await user.type(screen.getByPlaceholderText('请输入用户姓名'), '李四');
  await user.type(screen.getByPlaceholderText('请输入手机号码'), '13800000009');
}

it('saving an empty form names every required field and sends nothing', async () => {
  const user = setupUser();
  const { dialog } = await openAddForm();
  await user.click(buttonByText(/保\s*存/, dialog));
  await waitFor(() =>
    expect(errorsOf(dialog)).toEqual([
      '请输入用户账号!',
      '请输入密码!',
      '请重新输入登录密码!',
      '请输入真实姓名!',
      '请输入手机号码!',
    ]),
  );
  expect(users.addUser).not.toHaveBeenCalled();
});

it('checks the account name, mobile and e-mail for uniqueness when the field loses focus', async () => {
  const user = setupUser();
  users.checkOnlyUser.mockImplementation(async (params) =>
    params.username === 'admin' ? refused('用户账号已存在', 409) : ok(true),
  );
  duplicates.duplicateCheck.mockResolvedValue(refused('该值不可用，系统中已存在！', 409));
  const { dialog } = await openAddForm();

  await user.type(screen.getByPlaceholderText('请输入用户账号'), 'admin');
  expect(users.checkOnlyUser).not.toHaveBeenCalled();
  await user.tab();
  expect(await screen.findByText('用户账号已存在')).toBeInTheDocument();
  expect(users.checkOnlyUser).toHaveBeenCalledWith({ username: 'admin' });

  await user.type(screen.getByPlaceholderText('请输入手机号码'), '13800000009');
  await user.tab();
  await waitFor(() => expect(users.checkOnlyUser).toHaveBeenCalledWith({ phone: '13800000009' }));

  await user.type(screen.getByPlaceholderText('请输入邮箱'), 'a@b.com');
  await user.tab();
  expect(await screen.findByText('邮箱已存在')).toBeInTheDocument();
  expect(duplicates.duplicateCheck).toHaveBeenCalledWith({
    tableName: 'sys_user',
    fieldName: 'email',
    fieldVal: 'a@b.com',
    dataId: undefined,
  });
  expect(errorsOf(dialog)).toEqual(['用户账号已存在', '邮箱已存在']);
});

describe('the mobile number’s uniqueness check says 已存在 only when the server answered taken (issue #15)', () => {
  async function blurPhone(phone: string) {
    const user = setupUser();
    const { dialog } = await openAddForm();
    await user.type(screen.getByPlaceholderText('请输入手机号码'), phone);
    await user.tab();
    return dialog;
  }

  it('a malformed number is refused by its format rule alone and never sent to the check', async () => {
    users.checkOnlyUser.mockResolvedValue(refused('手机号已存在', 409));
    const dialog = await blurPhone('123');
    await waitFor(() => expect(errorsOf(dialog)).toEqual(['您的手机号码格式不正确!']));
    expect(users.checkOnlyUser).not.toHaveBeenCalled();
  });

  it('the server answering taken (409) shows 手机号已存在', async () => {
    users.checkOnlyUser.mockResolvedValue(refused('手机号已存在', 409));
    const dialog = await blurPhone('13800000009');
    await waitFor(() => expect(errorsOf(dialog)).toEqual(['手机号已存在']));
    expect(users.checkOnlyUser).toHaveBeenCalledWith({ phone: '13800000009' });
  });

  it('any other refusal shows the server’s own words, not 已存在', async () => {
    users.checkOnlyUser.mockResolvedValue(refused('查询过于频繁，请60秒后再试', 429));
    const dialog = await blurPhone('13800000009');
    await waitFor(() => expect(errorsOf(dialog)).toEqual(['查询过于频繁，请60秒后再试']));
  });

  it('no answer at all (network) says the check failed, not that the number exists', async () => {
    users.checkOnlyUser.mockRejectedValue(new Error('Network Error'));
    const dialog = await blurPhone('13800000009');
    await waitFor(() => expect(errorsOf(dialog)).toEqual([UNIQUE_CHECK_FAILED]));
  });

  it('a free number passes', async () => {
    const dialog = await blurPhone('13800000009');
    await waitFor(() => expect(users.checkOnlyUser).toHaveBeenCalledWith({ phone: '13800000009' }));
    await waitFor(() => expect(errorsOf(dialog)).toEqual([]));
  });
});

it('enforces the account-name, password, confirmation, mobile and e-mail formats', async () => {
  const user = setupUser();
  const { dialog } = await openAddForm();
  await user.type(screen.getByPlaceholderText('请输入用户账号'), 'a b');
  await user.type(screen.getByPlaceholderText('请输入登录密码'), 'abcdefgh');
  await user.type(screen.getByPlaceholderText('请重新输入登录密码'), 'abcdefgx');
  await user.type(screen.getByPlaceholderText('请输入用户姓名'), '李四');
  await user.type(screen.getByPlaceholderText('请输入手机号码'), '12345678901');
  await user.type(screen.getByPlaceholderText('请输入邮箱'), 'not-an-email');
  await user.click(buttonByText(/保\s*存/, dialog));
  await waitFor(() =>
    expect(errorsOf(dialog)).toEqual([
      '用户账号应为3到32位字母、数字或下划线!',
      '密码至少8位，且须包含字母和数字!',
      '两次输入的密码不一样！',
      '您的手机号码格式不正确!',
      '请输入正确格式的邮箱!',
    ]),
  );
  expect(users.addUser).not.toHaveBeenCalled();
});

it('a valid form sends the user with roles and departments comma-joined, then closes and reloads', async () => {
  const user = setupUser();
  const { dialog, onSaved, onClose } = await openAddForm();
  await fillNewUser(user);
  await user.click(screen.getByText('请选择角色'));
  await user.click(await screen.findByText('销售经理', { selector: '.ant-select-item-option-content' }));
  await user.click(buttonByText(/保\s*存/, dialog));
  await waitFor(() => expect(users.addUser).toHaveBeenCalled());
  expect(users.addUser.mock.calls[0][0]).toMatchObject({
    username: 'lisi',
    password: 'abc12345',
    confirmpassword: 'abc12345',
    realname: '李四',
    phone: '13800000009',
    selectedroles: 'r1',
    selecteddeparts: '',
  });
  await waitFor(() => expect(onSaved).toHaveBeenCalled());
  expect(onClose).toHaveBeenCalled();
});

it('a refusal from the server stays in the modal with everything typed', async () => {
  const user = setupUser();
  users.addUser.mockResolvedValue(refused('所选角色不存在'));
  const { dialog, onSaved } = await openAddForm();
  await fillNewUser(user);
  await user.click(buttonByText(/保\s*存/, dialog));
  expect(await screen.findByText('所选角色不存在')).toBeInTheDocument();
  expect(screen.getByPlaceholderText('请输入用户账号')).toHaveValue('lisi');
  expect(onSaved).not.toHaveBeenCalled();
});

it('without user:assignRole the form neither shows nor sends roles', async () => {
  const user = setupUser();
  const { dialog, onSaved } = await openAddForm([]);
  expect(screen.queryByText('角色分配')).not.toBeInTheDocument();
  expect(screen.queryByText('请选择角色')).not.toBeInTheDocument();
  expect(roles.queryAllRoles).not.toHaveBeenCalled();
  await fillNewUser(user);
  await user.click(buttonByText(/保\s*存/, dialog));
  await waitFor(() => expect(onSaved).toHaveBeenCalled());
  expect(users.addUser.mock.calls[0][0]).not.toHaveProperty('selectedroles');
  expect(users.addUser.mock.calls[0][0]).toMatchObject({ username: 'lisi', selecteddeparts: '' });
});

it('editing one’s own account shows the roles and departments locked and sends neither', async () => {
  const user = setupUser();
  users.queryUserRole.mockResolvedValue(ok(['r1']));
  users.userDepartList.mockResolvedValue(ok([]));
  users.editUser.mockResolvedValue(ok(null, '修改成功!'));
  const me = { id: 'me', username: 'lisi', realname: '李四', phone: '13800000009' } as SysUser;
  const onSaved = jest.fn();
  const { store } = await renderSystemPage(
    <UserFormModal open user={me} onClose={jest.fn()} onSaved={onSaved} />,
    { codes: ['user:assignRole'] },
  );
  store.dispatch(departSelected({ id: 'me', username: 'lisi', realname: '李四' }));
  const dialog = await findDialog('编辑用户');
  expect(await screen.findByText('不能修改自己的角色')).toBeInTheDocument();
  expect(screen.getByText('不能修改自己的部门')).toBeInTheDocument();
  expect(dialog.querySelectorAll('.ant-select-disabled')).toHaveLength(2);
  await user.click(buttonByText(/保\s*存/, dialog));
  await waitFor(() => expect(onSaved).toHaveBeenCalled());
  const body = users.editUser.mock.calls[0][0];
  expect(body).toMatchObject({ id: 'me', realname: '李四' });
  expect(body).not.toHaveProperty('selectedroles');
  expect(body).not.toHaveProperty('selecteddeparts');
});

describe('the departments offered (issue #14: only within the caller’s data scope, as the server marks them)', () => {
  const node = (
    id: string,
    title: string,
    inScope: boolean,
    children?: DepartTreeNode[],
  ): DepartTreeNode => ({
    id,
    key: id,
    value: id,
    title,
    departName: title,
    inScope,
    children: children ?? null,
  });
  // A manager of 华东大区; the edited rep belongs to 广州办事处, outside his scope.
  const TREE = [
    node('a01', '华饮酒业集团', false, [
      node('east', '华东大区', true, [node('sh', '上海办事处', true), node('hz', '杭州办事处', true)]),
      node('south', '华南大区', false, [node('gz', '广州办事处', false), node('sz', '深圳办事处', false)]),
    ]),
    node('a02', '生产中心', false),
  ];
  const REP = { id: 'rep', username: 'zhaolei', realname: '赵磊', phone: '13800000007' } as SysUser;

  beforeEach(() => {
    departs.queryDepartTree.mockResolvedValue(ok(TREE));
    users.userDepartList.mockResolvedValue(ok([{ key: 'gz', value: 'gz', title: '广州办事处' }]));
    users.editUser.mockResolvedValue(ok(null, '修改成功!'));
  });

  const treeNode = (title: string) =>
    document
      .querySelector(`.ant-select-tree-node-content-wrapper[title="${title}"]`)
      ?.closest('.ant-select-tree-treenode');
  const disabled = (title: string) =>
    treeNode(title)?.classList.contains('ant-select-tree-treenode-disabled');

  async function openPicker(user: ReturnType<typeof setupUser>, dialog: HTMLElement) {
    const field = within(dialog).getByText('所属部门').closest('.ant-form-item') as HTMLElement;
    await user.click(field.querySelector('.ant-select') as HTMLElement);
    await waitFor(() => expect(treeNode('上海办事处')).toBeTruthy());
    return field;
  }

  it('editing: the scope’s departments open, the user’s department outside it shown locked and kept', async () => {
    const user = setupUser();
    const onSaved = jest.fn();
    await renderSystemPage(<UserFormModal open user={REP} onClose={jest.fn()} onSaved={onSaved} />);
    const dialog = await findDialog('编辑用户');
    const field = await openPicker(user, dialog);
    // 生产中心 and 深圳办事处 lie outside and are not his: left out. The branches above stay, locked.
    expect(treeNode('生产中心')).toBeFalsy();
    expect(treeNode('深圳办事处')).toBeFalsy();
    expect(['华饮酒业集团', '华南大区', '广州办事处'].map(disabled)).toEqual([true, true, true]);
    expect(['华东大区', '上海办事处', '杭州办事处'].map(disabled)).toEqual([false, false, false]);
    // 广州办事处 stays chosen, its tag without a remove button.
    const tag = within(field).getByText('广州办事处').closest('.ant-select-selection-item') as HTMLElement;
    expect(tag.querySelector('.ant-select-selection-item-remove')).toBeNull();
    await user.click(treeNode('上海办事处')?.querySelector('.ant-select-tree-checkbox') as HTMLElement);
    await user.click(buttonByText(/保\s*存/, dialog));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(users.editUser.mock.calls[0][0].selecteddeparts?.split(',').sort()).toEqual(['gz', 'sh']);
  });

  it('adding: only the scope’s departments, under their locked parents', async () => {
    const user = setupUser();
    const { dialog } = await openAddForm([]);
    await openPicker(user, dialog);
    expect(treeNode('广州办事处')).toBeFalsy();
    expect(treeNode('华南大区')).toBeFalsy();
    expect(treeNode('生产中心')).toBeFalsy();
    expect(disabled('华饮酒业集团')).toBe(true);
    expect(disabled('杭州办事处')).toBe(false);
  });
});
