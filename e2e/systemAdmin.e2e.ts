// System administration in Chromium against the real server: an administrator creates a role, grants it
// a menu and a button, creates a user with that role, and that user sees exactly that menu and button.
// A second test walks every system page as the administrator and takes its picture.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { attemptTag } from './support/attempt';
import { buttonName, dialog, toast } from './support/antd';
import { launchBrowser, newPage, screenshot } from './support/chromium';
import { baseUrl, loginWithPassword } from './support/signIn';

// Each scenario walks several pages and two sign-ins.
jest.setTimeout(120000);

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});
beforeEach(async () => {
  ({ context, page, errors } = await newPage(browser));
});
afterEach(async () => {
  await context.close();
  expect(errors).toEqual([]);
});

async function signInAsAdmin(target: Page) {
  await loginWithPassword(target, 'admin');
  await target.waitForURL(`${baseUrl()}/dashboard/analysis`);
}

function treeNode(scope: Locator, title: string): Locator {
  return scope.locator('.ant-tree-treenode').filter({ has: scope.page().getByText(title, { exact: true }) });
}

test('a role with one menu and one button gives its new user exactly that menu and that button', async () => {
  const tag = attemptTag();
  const ROLE = { name: `仓库主管${tag}`, code: `e2e_keeper${tag}` };
  const NEW_USER = {
    username: `e2e_user${tag}`,
    password: 'Keeper2026',
    realname: '仓管小李',
    phone: `137000${tag}`,
  };
  await signInAsAdmin(page);

  // 1. The role.
  await page.goto(`${baseUrl()}/isystem/role`);
  await page.getByRole('columnheader', { name: '角色编码' }).waitFor();
  await page.getByRole('button', { name: buttonName('新增') }).click();
  const roleForm = dialog(page, '新增角色');
  await roleForm.getByPlaceholder('请输入角色名称').fill(ROLE.name);
  await roleForm.getByPlaceholder('请输入角色编码').fill('admin');
  await roleForm.getByPlaceholder('请输入描述').click(); // leaves the code field: checked on blur
  await roleForm.getByText('角色编码已存在').waitFor();
  await roleForm.getByPlaceholder('请输入角色编码').fill(ROLE.code);
  await roleForm.getByPlaceholder('请输入描述').fill('端到端测试创建的角色');
  await screenshot(page, 'system-role-form');
  await roleForm.getByRole('button', { name: buttonName('保存') }).click();
  await toast(page, '添加成功');
  const roleRow = page.locator('.ant-table-row', { hasText: ROLE.code });
  await roleRow.waitFor();

  // 2. Its permissions: the menu 系统管理 › 用户管理, its read code and the button 新增用户.
  await roleRow.getByRole('button', { name: buttonName('授权') }).click();
  const drawer = page.locator('.ant-drawer-section');
  await treeNode(drawer, '新增用户').waitFor();
  for (const title of ['系统管理', '用户管理', '查询用户', '新增用户']) {
    await treeNode(drawer, title).locator('.ant-tree-checkbox').click();
  }
  await drawer.getByText(/新增\s*4/).waitFor();
  await screenshot(page, 'system-role-permissions');
  await drawer.getByRole('button', { name: '保存并关闭' }).click();
  await toast(page, '保存成功');

  // 3. The user with that role.
  await page.goto(`${baseUrl()}/isystem/user`);
  await page.getByRole('columnheader', { name: '用户账号' }).waitFor();
  await page.getByRole('button', { name: buttonName('新增') }).click();
  const userForm = dialog(page, '新增用户');
  await userForm.getByPlaceholder('请输入用户账号').fill('admin');
  await userForm.getByPlaceholder('请输入登录密码').click();
  await userForm.getByText('用户账号已存在').waitFor();
  await userForm.getByPlaceholder('请输入用户账号').fill(NEW_USER.username);
  await userForm.getByPlaceholder('请输入登录密码').fill(NEW_USER.password);
  await userForm.getByPlaceholder('请重新输入登录密码').fill(NEW_USER.password);
  await userForm.getByPlaceholder('请输入用户姓名').fill(NEW_USER.realname);
  await userForm.locator('.ant-form-item', { hasText: '角色分配' }).locator('.ant-select').click();
  await page.locator('.ant-select-item-option', { hasText: ROLE.name }).click();
  await userForm.getByPlaceholder('请输入手机号码').fill(NEW_USER.phone);
  await userForm.getByPlaceholder('请输入工号').click();
  await screenshot(page, 'system-user-form');
  await userForm.getByRole('button', { name: buttonName('保存') }).click();
  await toast(page, '添加成功');
  await page.locator('.ant-table-row', { hasText: NEW_USER.username }).waitFor();
  await screenshot(page, 'system-user-list');

  // 4. The new user, in a browser of their own.
  const second = await newPage(browser);
  try {
    const userPage = second.page;
    await loginWithPassword(userPage, NEW_USER.username, NEW_USER.password);
    const menu = userPage.getByRole('navigation', { name: '侧边菜单' });
    await menu.getByText('系统管理').waitFor();
    await menu.getByText('系统管理').click();
    await menu.getByText('用户管理').click();
    await userPage.waitForURL(`${baseUrl()}/isystem/user`);
    await userPage.locator('.ant-table-row', { hasText: NEW_USER.username }).waitFor();
    const menuTexts = (await menu.locator('.ant-menu-title-content').allInnerTexts()).map((text) =>
      text.trim(),
    );
    // 首页 is every user's (the server always puts it first); the rest is what the role grants.
    expect(menuTexts).toEqual(['首页', '系统管理', '用户管理']);
    // The granted button and none of the others.
    await userPage.getByRole('button', { name: buttonName('新增') }).waitFor();
    for (const other of ['编辑', '密码', '冻结', '解冻', '删除']) {
      expect(await userPage.getByRole('button', { name: buttonName(other) }).count()).toBe(0);
    }
    await screenshot(userPage, 'system-new-user-sees-one-menu');
    // A page of another menu is not among their routes.
    await userPage.goto(`${baseUrl()}/isystem/role`);
    await userPage.getByText('抱歉，你访问的页面不存在').waitFor();
    expect(await userPage.getByRole('columnheader', { name: '角色编码' }).count()).toBe(0);
    expect(second.errors).toEqual([]);
  } finally {
    await second.context.close();
  }
});

test('every system page shows its data to the administrator', async () => {
  await signInAsAdmin(page);

  await page.goto(`${baseUrl()}/isystem/user?column=username&order=asc`);
  await page.locator('.ant-table-row', { hasText: 'admin' }).first().waitFor();
  await screenshot(page, 'system-users');

  await page.goto(`${baseUrl()}/isystem/depart`);
  await page.locator('.ant-tree-title').first().click();
  await page.getByText('机构编码').waitFor();
  await screenshot(page, 'system-departs');

  // A filter in the address: the list opens filtered, the search form shows it.
  await page.goto(`${baseUrl()}/isystem/dict?dictCode=user_status`);
  const statusRow = page.locator('.ant-table-row', { hasText: 'user_status' });
  await statusRow.waitFor();
  expect(await page.getByPlaceholder('请输入字典编码').inputValue()).toBe('user_status');
  await statusRow.getByRole('button', { name: '字典配置' }).click();
  await page.locator('.ant-drawer-section .ant-table-row').first().waitFor();
  await screenshot(page, 'system-dict-items');

  await page.goto(`${baseUrl()}/isystem/log`);
  await page.getByRole('img', { name: '近七日登录统计图' }).locator('svg').waitFor();
  await page.locator('.ant-table-row').first().waitFor();
  await screenshot(page, 'system-logs');
  await page.getByRole('tab', { name: '操作日志' }).click();
  await page.waitForURL(/logType=2/);
  await page.locator('.ant-table-row').first().waitFor();
  await screenshot(page, 'system-operation-logs');

  await page.goto(`${baseUrl()}/isystem/permission`);
  const systemRow = page.locator('.ant-table-row', { hasText: '系统管理' });
  const editUserMenu = page
    .locator('.ant-table-row', { hasText: '用户管理' })
    .getByRole('button', { name: buttonName('编辑') });
  await systemRow.locator('.ant-table-row-expand-icon').click();
  await editUserMenu.waitFor();
  await screenshot(page, 'system-permissions');
  await editUserMenu.click();
  // The lazy rows carry no component: the form reads the node's every field.
  const component = dialog(page, '编辑菜单').getByPlaceholder('如 system/UserList 或 layouts/RouteView');
  await page.waitForFunction(
    () =>
      (
        document.querySelector(
          'input[placeholder="如 system/UserList 或 layouts/RouteView"]',
        ) as HTMLInputElement | null
      )?.value === 'system/UserList',
  );
  expect(await component.inputValue()).toBe('system/UserList');
  await screenshot(page, 'system-permission-form');
  await dialog(page, '编辑菜单')
    .getByRole('button', { name: buttonName('取消') })
    .click();
});
