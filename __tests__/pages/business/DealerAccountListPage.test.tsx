// 经销商账号 on the shared list layer: every dealer's accounts in the brand user's scope, filtered from the URL
// (dealer, keyword, status, creation day) and exported the same; a dealer's administrator adding an account
// gets its own dealer chosen; the server's refusal stays in the modal.
import { screen, waitFor, within } from '@testing-library/react';
import * as dealersApi from '../../../src/api/dealers';
import DealerAccountListPage from '../../../src/pages/business/dealer/DealerAccountListPage';
import { buttonByText, findDialog, ok, refused, setupUser } from '../../support/signIn';
import { renderSystemPage } from '../../support/systemPage';

jest.mock('../../../src/api/dealers');
jest.setTimeout(60000);

const api = jest.mocked(dealersApi);
const page = <T,>(records: T[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });

const account: dealersApi.DealerAccount = {
  id: 'u1',
  username: 'dealer1wh',
  realname: '陈仓管',
  phone: '13800000021',
  status: 1,
  status_dictText: '正常',
  roleIds: ['r1'],
  roleNames: '经销商仓管',
  dealerId: 'd1',
  dealerName: '广州顺达商贸',
  dealerCode: 'D0001',
  createTime: '2026-10-01 09:00:00',
};

beforeEach(() => {
  api.listDealerAccounts.mockResolvedValue(page([account]));
  api.accountDealerOptions.mockResolvedValue(ok([{ id: 'd1', customerCode: 'D0001', name: '广州顺达商贸' }]));
  api.dealerRoleOptions.mockResolvedValue(
    ok([{ id: 'r1', roleCode: 'dealer_keeper', roleName: '经销商仓管' }]),
  );
});
afterEach(() => jest.clearAllMocks());

it('lists what the URL filters with each account’s dealer, and exports the same', async () => {
  const user = setupUser({ delay: null });
  api.exportDealerAccounts.mockResolvedValue(null);
  await renderSystemPage(<DealerAccountListPage />, {
    path: '/eDealer/account?dealerId=d1&keyword=138&status=1&createTime_begin=2026-10-01',
    codes: ['dealer:account'],
  });
  const row = (await screen.findByText('dealer1wh')).closest('tr')!;
  const filters = { dealerId: 'd1', keyword: '138', status: '1', createTime_begin: '2026-10-01' };
  expect(api.listDealerAccounts).toHaveBeenCalledWith(expect.objectContaining(filters), expect.anything());
  expect(within(row).getByText('广州顺达商贸')).toBeInTheDocument();
  expect(within(row).getByText('正常')).toBeInTheDocument();
  await user.click(buttonByText(/导\s*出/));
  await waitFor(() =>
    expect(api.exportDealerAccounts).toHaveBeenCalledWith(expect.objectContaining(filters)),
  );
});

it('a list without a dealer asks for every account the caller manages', async () => {
  await renderSystemPage(<DealerAccountListPage />, { path: '/eDealer/account', codes: [] });
  await screen.findByText('dealer1wh');
  expect(api.listDealerAccounts.mock.calls[0][0]).not.toHaveProperty('dealerId');
  // Without dealer:account no command shows.
  expect(screen.queryByText('新增账号')).not.toBeInTheDocument();
  expect(screen.queryByText(/编\s*辑/)).not.toBeInTheDocument();
});

it('adds an account for the only dealer offered; the server’s refusal stays in the modal', async () => {
  const user = setupUser({ delay: null });
  api.saveDealerAccount.mockResolvedValueOnce(refused('用户名已存在', 409));
  await renderSystemPage(<DealerAccountListPage />, { path: '/eDealer/account', codes: ['dealer:account'] });
  await screen.findByText('dealer1wh');
  await user.click(buttonByText('新增账号'));
  const form = await findDialog('新增经销商账号');
  // The one dealer the caller manages is chosen at once.
  expect(await within(form).findByText('广州顺达商贸（D0001）')).toBeInTheDocument();
  await user.type(within(form).getByLabelText('用户名'), 'dealer1new');
  await user.type(within(form).getByLabelText('姓名'), '新仓管');
  await user.type(within(form).getByLabelText('密码'), 'Demo@2026pass');
  await user.click(within(form).getByText('经销商角色'));
  await user.click(await screen.findByText('经销商仓管', { selector: '.ant-select-item-option-content' }));
  await user.click(buttonByText(/确\s*定|保\s*存/, form));
  expect(await within(form).findByText('用户名已存在')).toBeInTheDocument();
  expect(api.saveDealerAccount).toHaveBeenCalledWith(
    expect.objectContaining({ dealerId: 'd1', username: 'dealer1new', realname: '新仓管', roleIds: ['r1'] }),
  );
});
