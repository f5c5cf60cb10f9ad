// 经销商档案 (issue #15): the authorised areas are shown by name and chosen with the region picker; what is
// saved stays the codes.
import { screen, waitFor, within } from '@testing-library/react';
import * as dealersApi from '../../../src/api/dealers';
import DealerProfileListPage from '../../../src/pages/business/dealer/DealerProfileListPage';
import { buttonByText, findDialog, ok, setupUser } from '../../support/signIn';
import { renderSystemPage } from '../../support/systemPage';
import { chooseRegion } from '../../support/regions';

jest.mock('../../../src/api/dealers');
jest.setTimeout(60000);

const dealers = jest.mocked(dealersApi);

beforeEach(() => {
  dealers.listDealers.mockResolvedValue(
    ok({
      records: [
        {
          id: 'd-gz',
          customerCode: 'D-GZ01',
          name: '广州粤饮商贸',
          cityCode: '440100',
          contactName: null,
          contactMobile: null,
          status: 'ACTIVE',
          erpType: 'NONE',
          erpType_dictText: '无',
          legalPerson: null,
          taxNo: null,
          invoiceTitle: null,
          bankName: null,
          bankAccount: null,
          licenseNo: null,
          authorizedAreaCodes: ['440100', '310000'],
          authorizedChannels: [],
          contractNo: null,
          contractStart: null,
          contractEnd: null,
          depositAmount: null,
          annualTargetCases: null,
          dmsEnabled: false,
          remark: null,
          accountCount: 0,
          erpConnectionName: null,
        },
      ],
      total: 1,
      size: 10,
      current: 1,
      pages: 1,
    }),
  );
  dealers.saveDealerProfile.mockResolvedValue(ok(null));
});
afterEach(() => jest.clearAllMocks());

it('shows authorised areas by name and edits them with the region picker, saving the codes', async () => {
  const user = setupUser();
  await renderSystemPage(<DealerProfileListPage />, { path: '/eDealer/profile', codes: ['dealer:edit'] });
  const row = (await screen.findByText('广州粤饮商贸')).closest('tr') as HTMLElement;
  expect(await within(row).findByText('广东省 / 广州市、上海市')).toBeInTheDocument();
  expect(within(row).queryByText(/440100/)).toBeNull();

  await user.click(within(row).getByRole('button', { name: '编辑档案' }));
  const dialog = await findDialog('经销商档案：广州粤饮商贸');
  expect(within(dialog).queryByText(/行政区编码/)).toBeNull();
  const areas = within(dialog).getByRole('combobox', { name: '授权区域' });
  await chooseRegion(user, areas, '南山', '广东省 / 深圳市 / 南山区');
  await user.click(buttonByText(/保\s*存/, dialog));
  await waitFor(() => expect(dealers.saveDealerProfile).toHaveBeenCalledTimes(1));
  expect(dealers.saveDealerProfile).toHaveBeenCalledWith(
    expect.objectContaining({ id: 'd-gz', authorizedAreaCodes: ['440100', '310000', '440305'] }),
  );
  // The list reads its rows again after the save.
  await waitFor(() => expect(dealers.listDealers).toHaveBeenCalledTimes(2));
});
