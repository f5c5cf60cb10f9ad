// 服务商 (issue #20): a provider's engineers are listed under the providers, each with its 变更记录 — the drawer
// reads the SERVICE_ENGINEER history of that engineer, as the providers' own 变更记录 reads theirs.
import { screen, waitFor, within } from '@testing-library/react';
import * as historyApi from '../../../src/api/changeHistory';
import * as repairsApi from '../../../src/api/repairs';
import ServiceProviderListPage from '../../../src/pages/business/mes/ServiceProviderListPage';
import { buttonByText, findDialog, ok, setupUser } from '../../support/signIn';
import { renderSystemPage } from '../../support/systemPage';
import { chooseRegion } from '../../support/regions';

jest.mock('../../../src/api/repairs');
jest.mock('../../../src/api/changeHistory');
jest.setTimeout(60000);

const repairs = jest.mocked(repairsApi);
const history = jest.mocked(historyApi);

beforeEach(() => {
  repairs.listProviders.mockResolvedValue(
    ok({
      records: [
        {
          id: 'sp-yl',
          code: 'SP-YL',
          name: '粤冷制冷设备服务有限公司',
          coverageAreaCodes: ['440100'],
          contactName: '陈经理',
          contactMobile: '13926000001',
          slaHours: 48,
          engineerCount: 2,
          openOrders: 3,
          status_dictText: '启用',
        },
      ],
      total: 1,
      size: 10,
      current: 1,
      pages: 1,
    }),
  );
  repairs.listEngineers.mockResolvedValue(
    ok([
      {
        id: 'e-li',
        name: '李师傅',
        mobile: '13926000011',
        username: 'eng_li',
        isManager: false,
        status: 'ACTIVE',
        status_dictText: '启用',
      },
      { id: 'e-wu', name: '吴师傅', mobile: '13926000012', username: null, isManager: true },
    ]),
  );
  history.changeHistory.mockResolvedValue(
    ok([
      {
        id: 'h1',
        operateType: 3,
        content: '编辑工程师 吴师傅',
        username: 'admin',
        createdAt: '2026-11-20 10:00:00',
        changes: [{ field: 'mobile', before: '13926000099', after: '13926000012' }],
      },
    ]),
  );
});
afterEach(() => jest.clearAllMocks());

/** A dialog's field by its name (the list's search form has fields of the same names). */
const field = (dialog: HTMLElement, name: string) => dialog.querySelector<HTMLInputElement>(`input#${name}`)!;

it('opens an engineer’s 变更记录 from the engineers of a provider', async () => {
  const user = setupUser();
  await renderSystemPage(<ServiceProviderListPage />, { path: '/mes/provider', codes: ['repair:list'] });
  const engineers = (await screen.findByText('吴师傅')).closest('table') as HTMLElement;
  expect(repairs.listEngineers).toHaveBeenCalledWith('sp-yl');
  expect(within(engineers).getByRole('columnheader', { name: '变更记录' })).toBeInTheDocument();
  const row = within(engineers).getByText('吴师傅').closest('tr') as HTMLElement;
  await user.click(within(row).getByRole('button', { name: /查\s*看/ }));

  const drawer = (await screen.findByText('变更记录：吴师傅 13926000012')).closest(
    '.ant-drawer',
  ) as HTMLElement;
  expect(history.changeHistory).toHaveBeenCalledWith('SERVICE_ENGINEER', 'e-wu');
  expect(await within(drawer).findByText('编辑工程师 吴师傅')).toBeInTheDocument();
});

it('shows coverage areas by name and edits them with the region picker, sending the codes (issue #15)', async () => {
  const user = setupUser();
  repairs.saveProvider.mockResolvedValue(ok(null));
  await renderSystemPage(<ServiceProviderListPage />, {
    path: '/mes/provider',
    codes: ['repair:list', 'repair:provider'],
  });
  const row = (await screen.findByText('粤冷制冷设备服务有限公司')).closest('tr') as HTMLElement;
  expect(await within(row).findByText('广东省 / 广州市')).toBeInTheDocument();
  await user.click(within(row).getByText(/编\s*辑/, { selector: 'button, button > span' }));
  const dialog = await findDialog('编辑服务商');
  expect(within(dialog).queryByText(/行政区划代码/)).toBeNull();
  const areas = within(dialog).getByRole('combobox', { name: '覆盖区域' });
  await chooseRegion(user, areas, '南山', '广东省 / 深圳市 / 南山区');
  await user.click(buttonByText(/保\s*存/, dialog));
  await waitFor(() => expect(repairs.saveProvider).toHaveBeenCalledTimes(1));
  expect(repairs.saveProvider).toHaveBeenCalledWith(
    expect.objectContaining({ id: 'sp-yl', coverageAreaCodes: ['440100', '440305'] }),
  );
});

it('asks for a coverage area before saving a new provider', async () => {
  const user = setupUser();
  await renderSystemPage(<ServiceProviderListPage />, {
    path: '/mes/provider',
    codes: ['repair:list', 'repair:provider'],
  });
  await user.click(buttonByText(/新增服务商/));
  const dialog = await findDialog('新增服务商');
  await user.click(buttonByText(/保\s*存/, dialog));
  expect(await within(dialog).findByText('请选择覆盖区域!')).toBeInTheDocument();
  expect(repairs.saveProvider).not.toHaveBeenCalled();
});

it('adds an engineer to a provider and edits one, then lists them again (issue #20)', async () => {
  const user = setupUser();
  repairs.saveEngineer.mockResolvedValue(ok(null));
  await renderSystemPage(<ServiceProviderListPage />, {
    path: '/mes/provider',
    codes: ['repair:list', 'repair:provider'],
  });
  await screen.findByText('吴师傅');
  await user.click(buttonByText(/新增工程师/));
  const adding = await findDialog('新增工程师');
  await user.click(buttonByText(/保\s*存/, adding));
  expect(await within(adding).findByText('请输入姓名!')).toBeInTheDocument();
  await user.type(field(adding, 'name'), '周师傅');
  await user.type(field(adding, 'mobile'), '139');
  await user.click(buttonByText(/保\s*存/, adding));
  expect(await within(adding).findByText(/手机号/)).toBeInTheDocument();
  await user.type(field(adding, 'mobile'), '26000013');
  await user.click(within(adding).getByRole('switch'));
  await user.click(buttonByText(/保\s*存/, adding));
  await waitFor(() =>
    expect(repairs.saveEngineer).toHaveBeenCalledWith({
      id: undefined,
      providerId: 'sp-yl',
      name: '周师傅',
      mobile: '13926000013',
      username: null,
      isManager: true,
      status: 'ACTIVE',
    }),
  );
  await waitFor(() => expect(repairs.listEngineers).toHaveBeenCalledTimes(2));

  const row = screen.getByText('李师傅').closest('tr') as HTMLElement;
  await user.click(within(row).getByText(/编\s*辑/, { selector: 'button, button > span' }));
  const editing = await findDialog('编辑工程师');
  expect(field(editing, 'username')).toHaveValue('eng_li');
  await user.clear(field(editing, 'mobile'));
  await user.type(field(editing, 'mobile'), '13926000019');
  await user.click(buttonByText(/保\s*存/, editing));
  await waitFor(() =>
    expect(repairs.saveEngineer).toHaveBeenLastCalledWith(
      expect.objectContaining({ id: 'e-li', providerId: 'sp-yl', mobile: '13926000019', username: 'eng_li' }),
    ),
  );
});
