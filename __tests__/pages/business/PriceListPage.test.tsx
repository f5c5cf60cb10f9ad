// 价目表: the list's filters come from the URL and the commands follow the status; the form refuses
// missing fields and overlapping tiers; 复制为新版本 sends the new code and validity.
import { screen, waitFor, within } from '@testing-library/react';
import * as productsApi from '../../../src/api/products';
import PriceListPage, {
  overlappingTier,
  toPriceListPayload,
} from '../../../src/pages/business/product/PriceListPage';
import dayjs from 'dayjs';
import { buttonByText, findDialog, ok, setupUser } from '../../support/signIn';
import { renderSystemPage } from '../../support/systemPage';

jest.mock('../../../src/api/products');

const api = jest.mocked(productsApi);
const page = <T,>(records: T[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });
const CODES = ['price:list', 'price:add', 'price:edit', 'price:status'];

const priceList = (over: Partial<productsApi.PriceList> = {}): productsApi.PriceList => ({
  id: 'p1',
  code: 'PL-2026',
  name: '2026 供货价',
  priceType: 'SUPPLY',
  priceType_dictText: '供货价',
  validFrom: '2026-01-01 00:00:00',
  validTo: null,
  priority: 100,
  status: 'ACTIVE',
  displayStatus: 'ACTIVE',
  itemCount: 3,
  remark: null,
  version: 2,
  ...over,
});

beforeEach(() => api.listSkus.mockResolvedValue(page([])));
afterEach(() => jest.clearAllMocks());

it('tiers of one SKU and unit may not overlap; other units and SKUs may', () => {
  const tier = (skuId: string, unit: 'CASE' | 'BASE', minQty: number, maxQty: number | null) => ({
    skuId,
    unit,
    price: 1,
    minQty,
    maxQty,
  });
  expect(overlappingTier([tier('a', 'CASE', 0, 10), tier('a', 'CASE', 10, null)])).toBeNull();
  expect(
    overlappingTier([tier('a', 'CASE', 0, 10), tier('a', 'BASE', 0, 10), tier('b', 'CASE', 0, null)]),
  ).toBeNull();
  expect(
    overlappingTier([tier('a', 'CASE', 0, null), tier('b', 'CASE', 0, 5), tier('a', 'CASE', 5, 8)]),
  ).toBe(3);
});

it('the payload carries dates as text and open tiers as null', () => {
  const body = toPriceListPayload({
    code: 'X',
    name: 'X',
    priceType: 'RETAIL',
    validFrom: dayjs('2026-03-01 08:00:00'),
    validTo: null,
    items: [{ skuId: 's1', unit: 'CASE', price: 40 }],
  });
  expect(body).toMatchObject({
    validFrom: '2026-03-01 08:00:00',
    validTo: null,
    scopes: [],
    items: [{ skuId: 's1', unit: 'CASE', price: 40, minQty: 0, maxQty: null }],
  });
});

it('lists what the URL filters; an active list offers 停用 and a copy, not an edit', async () => {
  const user = setupUser();
  api.listPriceLists.mockResolvedValue(page([priceList()]));
  api.disablePriceList.mockResolvedValue(ok(null, '停用成功'));
  await renderSystemPage(<PriceListPage />, { path: '/eMaterial/priceList?priceType=SUPPLY', codes: CODES });
  const row = (await screen.findByText('2026 供货价')).closest('tr') as HTMLElement;
  expect(api.listPriceLists).toHaveBeenCalledWith(
    expect.objectContaining({ priceType: 'SUPPLY' }),
    expect.anything(),
  );
  expect(within(row).getByText('2026-01-01 ~ 长期')).toBeInTheDocument();
  expect(within(row).queryByText(/^编\s*辑$/)).not.toBeInTheDocument();
  await user.click(buttonByText(/停\s*用/, row));
  const confirm = (
    await screen.findByText('确定停用价目表“2026 供货价”吗？', { selector: '.ant-modal-title' })
  ).closest('.ant-modal') as HTMLElement;
  await user.click(buttonByText(/停\s*用/, confirm));
  await waitFor(() => expect(api.disablePriceList).toHaveBeenCalledWith('p1'));
  expect(within(row).queryByText(/提交审批/)).not.toBeInTheDocument();
});

it('a draft is submitted to the 审批中心; a list in approval offers neither an edit nor a second submission', async () => {
  const user = setupUser();
  api.listPriceLists.mockResolvedValue(
    page([
      priceList({ status: 'DRAFT', displayStatus: 'DRAFT' }),
      priceList({ id: 'p2', name: '2026 出厂价', status: 'DRAFT', displayStatus: 'PENDING' }),
    ]),
  );
  api.submitPriceList.mockResolvedValue(ok({ status: 'PENDING' }, '已提交审批'));
  await renderSystemPage(<PriceListPage />, { codes: CODES });
  const pending = (await screen.findByText('2026 出厂价')).closest('tr') as HTMLElement;
  expect(within(pending).getByText('审批中')).toBeInTheDocument();
  expect(within(pending).queryByText(/^编\s*辑$/)).not.toBeInTheDocument();
  expect(within(pending).queryByText(/提交审批/)).not.toBeInTheDocument();
  expect(within(pending).queryByText(/停\s*用/)).not.toBeInTheDocument();
  const draft = screen.getByText('2026 供货价').closest('tr') as HTMLElement;
  expect(within(draft).getByText(/^编\s*辑$/)).toBeInTheDocument();
  await user.click(buttonByText('提交审批', draft));
  const confirm = (
    await screen.findByText('提交价目表“2026 供货价”审批', { selector: '.ant-modal-title' })
  ).closest('.ant-modal') as HTMLElement;
  await user.click(buttonByText(/提\s*交/, confirm));
  await waitFor(() => expect(api.submitPriceList).toHaveBeenCalledWith('p1'));
});

it('the form names the missing header and item fields and sends nothing', async () => {
  const user = setupUser();
  api.listPriceLists.mockResolvedValue(page([]));
  await renderSystemPage(<PriceListPage />, { codes: CODES });
  await user.click(buttonByText('新增价目表'));
  const dialog = await findDialog('新增价目表');
  await user.click(buttonByText(/保\s*存/, dialog));
  for (const message of [
    '请输入编码!',
    '请输入名称!',
    '请选择价格类型!',
    '请选择生效时间!',
    '请选择商品!',
    '请输入价格!',
  ]) {
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
  }
  expect(api.addPriceList).not.toHaveBeenCalled();
});

it('复制为新版本 sends the new code and validity', async () => {
  const user = setupUser();
  api.listPriceLists.mockResolvedValue(page([priceList()]));
  api.copyPriceList.mockResolvedValue(ok({ id: 'p2' }, '复制成功！'));
  await renderSystemPage(<PriceListPage />, { codes: CODES });
  await user.click(
    buttonByText('复制为新版本', (await screen.findByText('2026 供货价')).closest('tr') as HTMLElement),
  );
  const dialog = await findDialog('复制为新版本');
  await user.click(buttonByText(/保\s*存/, dialog));
  expect(await within(dialog).findByText('请输入新编码!')).toBeInTheDocument();
  await user.type(within(dialog).getByPlaceholderText('请输入新编码'), 'PL-2027');
  await user.click(buttonByText(/保\s*存/, dialog));
  await waitFor(() =>
    expect(api.copyPriceList).toHaveBeenCalledWith(
      expect.objectContaining({
        id: 'p1',
        code: 'PL-2027',
        name: '2026 供货价',
        validFrom: dayjs().add(1, 'day').startOf('day').format('YYYY-MM-DD HH:mm:ss'),
      }),
    ),
  );
  await waitFor(() => expect(api.listPriceLists).toHaveBeenCalledTimes(2));
});
