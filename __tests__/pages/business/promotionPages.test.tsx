// 促销列表: the URL's filters reach the server, each row offers the actions its state allows (the state table
// of common/promotions.ts) and the codes grant; 暂停 asks first and sends the command; the form's values
// become the server's input (period as Beijing text, tiers numbered, the time window only when set, a bundle's
// items); the 试算预览's panel shows what fires and why the others do not.
import { render, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import type { PromotionListRecord } from '../../../common/promotions';
import * as customersApi from '../../../src/api/customers';
import * as productsApi from '../../../src/api/products';
import * as promotionsApi from '../../../src/api/promotions';
import PromotionListPage from '../../../src/pages/business/promotion/PromotionListPage';
import { toPromotionInput } from '../../../src/pages/business/promotion/PromotionFormModal';
import { PricePreviewPanel } from '../../../src/pages/business/promotion/PricePreviewPanel';
import { buttonByText, findDialog, ok, rowActionNames, setupUser } from '../../support/signIn';
import { renderSystemPage } from '../../support/systemPage';

jest.mock('../../../src/api/promotions');
jest.mock('../../../src/api/customers');
jest.mock('../../../src/api/products');
jest.setTimeout(90000);

const api = jest.mocked(promotionsApi);
const page = <T,>(records: T[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });
const CODES = ['promotion:list', 'promotion:add', 'promotion:edit', 'promotion:status'];

const record = (over: Partial<PromotionListRecord> = {}): PromotionListRecord => ({
  id: 'p1',
  promoNo: 'CX202611260001',
  name: '劲鹏满10箱赠1箱',
  promoType: 'BUY_GIFT',
  promoType_dictText: '买赠',
  applyLevel: 'ORDER',
  applyLevel_dictText: '整单',
  audience: 'OUTLET',
  audience_dictText: '门店',
  groupId: 'g1',
  groupName: '夏季冰饮组',
  startAt: '2026-11-01 00:00:00',
  endAt: '2026-12-31 00:00:00',
  budgetType: 'GIFT_QTY',
  budgetTotal: '200.00',
  budgetUsed: '188.00',
  customerCount: 12,
  orderCount: 30,
  priority: 10,
  status: 'ACTIVE',
  status_dictText: '进行中',
  updateTime: '2026-11-20 10:00:00',
  ...over,
});

beforeEach(() => {
  api.listPromotionGroups.mockResolvedValue(page([]));
  jest.mocked(customersApi).listCustomers.mockResolvedValue(page([]));
  jest.mocked(customersApi).listLabels.mockResolvedValue(page([]));
  jest.mocked(productsApi).listSkus.mockResolvedValue(page([]));
  jest.mocked(productsApi).listCategories.mockResolvedValue(page([]));
  jest.mocked(productsApi).listBrands.mockResolvedValue(page([]));
});
afterEach(() => jest.clearAllMocks());

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

it('lists what the URL filters, with the budget used and the actions of each state', async () => {
  const user = setupUser();
  api.listPromotions.mockResolvedValue(
    page([
      record(),
      record({ id: 'p2', name: '草稿促销', status: 'DRAFT', status_dictText: '草稿', budgetType: 'NONE' }),
      record({ id: 'p3', name: '已结束促销', status: 'ENDED', status_dictText: '已结束' }),
    ]),
  );
  api.promotionCommand.mockResolvedValue(ok({ status: 'PAUSED' }, '操作成功'));
  await renderSystemPage(<PromotionListPage />, { path: '/ePromotion/list?status=ACTIVE', codes: CODES });
  expect(api.listPromotions).toHaveBeenCalledWith(
    expect.objectContaining({ status: 'ACTIVE' }),
    expect.anything(),
  );
  const active = await rowOf('劲鹏满10箱赠1箱');
  expect(active).toHaveTextContent('188.00 / 200.00（赠品）');
  expect(active).toHaveTextContent('夏季冰饮组');
  expect(await rowActionNames(user, active)).toEqual(expect.arrayContaining(['暂停', '结束', '复制']));
  expect(await rowActionNames(user, active)).not.toContain('编辑');
  expect(await rowActionNames(user, await rowOf('草稿促销'))).not.toContain('效果');
  expect(await rowActionNames(user, await rowOf('草稿促销'))).toEqual(
    expect.arrayContaining(['编辑', '提交', '作废']),
  );
  expect(await rowActionNames(user, await rowOf('已结束促销'))).toEqual(['复制', '效果']);

  await user.click(buttonByText(/暂\s*停/, active));
  const confirm = await findDialog('暂停「劲鹏满10箱赠1箱」');
  await user.click(buttonByText(/暂\s*停/, confirm));
  await waitFor(() => expect(api.promotionCommand).toHaveBeenCalledWith('pause', 'p1'));
});

it('效果 shows the server’s analysis of the promotion', async () => {
  const user = setupUser();
  api.listPromotions.mockResolvedValue(page([record()]));
  api.promotionEffect.mockResolvedValue(
    ok({
      promotionId: 'p1',
      promoNo: 'CX202611260001',
      name: '劲鹏满10箱赠1箱',
      startAt: '2026-11-01 00:00:00',
      endAt: '2026-12-31 00:00:00',
      periodDays: 8,
      orderCount: 2,
      customerCount: 1,
      cases: '5.00',
      discountAmount: '20.00',
      giftAmount: '48.00',
      creditAmount: '0.00',
      costAmount: '68.00',
      costPerCase: '13.60',
      baselineFrom: '2026-10-04 00:00:00',
      baselineTo: '2026-11-01 00:00:00',
      baselineCases: '7.00',
      expectedCases: '2.00',
      incrementalCases: '3.00',
      costPerIncrementalCase: null,
    }),
  );
  await renderSystemPage(<PromotionListPage />, { codes: ['promotion:list'] });
  await user.click(buttonByText(/效\s*果/, await rowOf('劲鹏满10箱赠1箱')));
  const dialog = await findDialog('效果分析：劲鹏满10箱赠1箱（CX202611260001）');
  expect(api.promotionEffect).toHaveBeenCalledWith('p1');
  for (const text of [
    '已计 8 天',
    '13.60',
    '3.00',
    '¥48.00',
    '2026-10-04 00:00:00 至 2026-11-01 00:00:00（不含）',
  ])
    expect(dialog).toHaveTextContent(text);
  expect(dialog).toHaveTextContent('单位增量箱费用—');
});

it('without the status code the state actions are not offered', async () => {
  const user = setupUser();
  api.listPromotions.mockResolvedValue(page([record()]));
  await renderSystemPage(<PromotionListPage />, { codes: ['promotion:list'] });
  expect(await rowActionNames(user, await rowOf('劲鹏满10箱赠1箱'))).toEqual(['效果']);
  expect(screen.queryByText('新建促销')).not.toBeInTheDocument();
});

it('the form names what is missing and sends nothing', async () => {
  const user = setupUser();
  api.listPromotions.mockResolvedValue(page([]));
  await renderSystemPage(<PromotionListPage />, { codes: CODES });
  await user.click(buttonByText('新建促销'));
  const dialog = await findDialog('新建促销');
  await user.click(buttonByText(/保\s*存/, dialog));
  for (const message of ['请输入促销名称!', '请选择活动时间!', '请输入门槛!', '请输入优惠值!']) {
    expect(await screen.findByText(message)).toBeInTheDocument();
  }
  expect(api.addPromotion).not.toHaveBeenCalled();
});

it('turns the form values into the server input', () => {
  const input = toPromotionInput({
    name: ' 满减 ',
    promoType: 'FULL_REDUCTION',
    applyLevel: 'ORDER',
    audience: 'OUTLET',
    customerScope: { channels: ['TT'] },
    productScope: {},
    period: [dayjs('2026-12-01 08:00'), dayjs('2026-12-31 20:00')],
    weekdays: [6, 7],
    fromHour: null,
    toHour: null,
    budgetType: 'AMOUNT',
    budgetTotal: 5000,
    firstOrderOnly: false,
    priority: 100,
    allowWithRebate: true,
    allowWithCoins: true,
    costBearer: 'BRAND',
    tiers: [
      { thresholdType: 'AMOUNT', thresholdValue: 1000, benefitType: 'REDUCE_AMOUNT', benefitValue: 50 },
      {
        thresholdType: 'AMOUNT',
        thresholdValue: 2000,
        benefitType: 'REDUCE_AMOUNT',
        benefitValue: 120,
        repeatable: true,
      },
    ],
  });
  expect(input).toMatchObject({
    startAt: '2026-12-01 08:00',
    endAt: '2026-12-31 20:00',
    timeWindow: { weekdays: [6, 7] },
    remark: null,
    tiers: [
      { tierNo: 1, thresholdValue: 1000, benefitValue: 50, giftSkuId: null, repeatable: false },
      { tierNo: 2, thresholdValue: 2000, benefitValue: 120, repeatable: true },
    ],
  });
});

it('a bundle sends its items; other types send none', () => {
  const base = {
    name: '套餐',
    applyLevel: 'ORDER' as const,
    audience: 'OUTLET' as const,
    customerScope: {},
    productScope: {},
    period: [dayjs('2026-12-01 08:00'), dayjs('2026-12-31 20:00')] as [dayjs.Dayjs, dayjs.Dayjs],
    budgetType: 'NONE' as const,
    firstOrderOnly: false,
    priority: 100,
    allowWithRebate: true,
    allowWithCoins: true,
    costBearer: 'BRAND' as const,
    tiers: [
      {
        thresholdType: 'SETS' as const,
        thresholdValue: 1,
        benefitType: 'SPECIAL_PRICE' as const,
        benefitValue: 90,
        repeatable: true,
      },
    ],
    bundleItems: [
      { skuId: 's1', qty: 2 },
      { skuId: 's2', qty: 6, unit: 'BASE' as const },
    ],
  };
  expect(toPromotionInput({ ...base, promoType: 'BUNDLE' })).toMatchObject({
    bundleItems: [
      { skuId: 's1', qty: 2, unit: 'CASE' },
      { skuId: 's2', qty: 6, unit: 'BASE' },
    ],
    tiers: [{ tierNo: 1, thresholdType: 'SETS', benefitValue: 90, repeatable: true }],
  });
  expect(toPromotionInput({ ...base, promoType: 'CUMULATIVE' }).bundleItems).toEqual([]);
});

it('the 试算预览 shows a bundle and a 累计返 firing, and why another does not', async () => {
  render(
    <PricePreviewPanel
      preview={{
        lines: [],
        goodsAmount: '240.00',
        promoDiscountAmount: '22.00',
        payableAmount: '218.00',
        applied: [
          {
            promotionId: 'p1',
            promoNo: 'CX1',
            name: '套餐 1+1',
            tierNo: 1,
            discountAmount: '12.00',
            gifts: [],
            description: '组合套餐 2 套：套餐价 90 元/套',
          },
          {
            promotionId: 'p2',
            promoNo: 'CX2',
            name: '累计 5 箱减 10',
            tierNo: 1,
            discountAmount: '10.00',
            gifts: [],
            description: '累计 5 箱（已审核订单 3 箱 + 本单 2 箱），达到第 1 档（满 5 箱）：减 10.00 元',
          },
        ],
        skipped: [
          {
            promotionId: 'p3',
            promoNo: 'CX3',
            name: '冬季套餐',
            reason: '未凑齐一套：缺 劲鹏 500ml（每套 1箱）',
          },
        ],
      }}
    />,
  );
  expect(screen.getByText(/套餐 1\+1（CX1）：组合套餐 2 套：套餐价 90 元\/套/)).toBeInTheDocument();
  expect(screen.getByText(/已审核订单 3 箱 \+ 本单 2 箱/)).toBeInTheDocument();
  expect(screen.getByText(/冬季套餐（CX3）：未凑齐一套：缺 劲鹏 500ml/)).toBeInTheDocument();
});
