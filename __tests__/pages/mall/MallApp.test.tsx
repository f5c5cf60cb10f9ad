// The web mall's employee payment (issue #22): placing an order opens the WeChat Pay cashier (the simulator's
// outside production) in a window opened at the click, the mall polls the order until it is paid and says so;
// a 待付款 order of the list gets 去支付, with a link to the cashier when the browser blocks the window.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as mallApi from '../../../src/mall/api';
import { MallApp } from '../../../src/mall/MallApp';

jest.mock('../../../src/mall/api', () => ({
  ...jest.requireActual<typeof mallApi>('../../../src/mall/api'),
  call: jest.fn(),
}));
const call = jest.mocked(mallApi.call);

const CASHIER = '/sim/wechatpay/cashier?prepay_id=wx201';
const pending = {
  id: 'O1',
  orderNo: 'EO202611270001',
  status: 'PENDING_PAYMENT',
  status_dictText: '待付款',
  payableAmount: '30.00',
  pickupPointName: '总部自提点',
  pickupCode: null,
};

/** The buyer API as the mall sees it; payStatus answers 待付款 until `paidAfter` polls. */
function serve(paidAfter: number) {
  let polls = 0;
  let paid = false;
  const answers: Record<string, () => unknown> = {
    '/me': () => ({ kind: 'EMPLOYEE', name: '员工E1', mobile: '13911110003', quota: null }),
    '/catalogue': () => ({
      items: [
        { skuId: 'S1', name: '纯生啤酒', spec: null, saleUnit: '箱', casePrice: '30.00', availableCases: 9 },
      ],
      promotions: [],
    }),
    '/cart': () => (paid ? [] : [{ skuId: 'S1', cases: 1, name: '纯生啤酒' }]),
    '/pickupPoints': () => [{ id: 'P1', name: '总部自提点', address: '滨江区 1 号' }],
    '/employee/orders/list': () => [
      paid ? { ...pending, status: 'PAID', status_dictText: '已付款', pickupCode: '12345678' } : pending,
    ],
    '/employee/orders/place': () => ({ id: pending.id, orderNo: pending.orderNo }),
    '/employee/orders/pay': () => ({
      payNo: 'WXP1',
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
      h5Url: `http://127.0.0.1:1${CASHIER}`,
      simulatorPayUrl: CASHIER,
    }),
    [`/employee/orders/payStatus?id=${pending.id}`]: () => {
      polls += 1;
      paid = polls >= paidAfter;
      return paid
        ? { status: 'PAID', status_dictText: '已付款' }
        : { status: 'PENDING_PAYMENT', status_dictText: '待付款' };
    },
  };
  call.mockImplementation(async (path: string) => {
    const answer = answers[path];
    if (!answer) throw new Error(`unexpected ${path}`);
    return answer() as never;
  });
}

beforeEach(() => {
  mallApi.mallToken.set('buyer-token');
  call.mockReset();
});
afterEach(() => jest.restoreAllMocks());

it('opens the cashier for a placed order and polls it until it is paid', async () => {
  serve(2);
  const cashier = { location: { href: '' }, close: jest.fn() };
  const open = jest.spyOn(window, 'open').mockReturnValue(cashier as unknown as Window);
  render(<MallApp />);
  await userEvent.click(await screen.findByRole('button', { name: /购物车/ }));
  await userEvent.click(screen.getByRole('button', { name: '提交并支付' }));

  expect(open).toHaveBeenCalledTimes(1);
  await waitFor(() => expect(cashier.location.href).toBe(CASHIER));
  expect(call).toHaveBeenCalledWith('/employee/orders/pay', { id: pending.id });
  expect(await screen.findByRole('status')).toHaveTextContent(`订单 ${pending.orderNo} 待支付`);
  await waitFor(
    () => expect(screen.getByRole('status')).toHaveTextContent(`订单 ${pending.orderNo} 已支付`),
    {
      timeout: 10_000,
    },
  );
  expect(cashier.close).not.toHaveBeenCalled();
  expect(await screen.findByLabelText('提货码')).toHaveTextContent('12345678');
});

it('offers 去支付 on a 待付款 order, with a link when the window is blocked', async () => {
  serve(1);
  jest.spyOn(window, 'open').mockReturnValue(null);
  render(<MallApp />);
  await screen.findByRole('button', { name: /购物车/ });
  await userEvent.click(screen.getByRole('button', { name: '我的订单' }));
  await userEvent.click(await screen.findByRole('button', { name: `去支付 ${pending.orderNo}` }));

  expect(await screen.findByRole('link', { name: '打开支付页' })).toHaveAttribute('href', CASHIER);
  await waitFor(
    () => expect(screen.getByRole('status')).toHaveTextContent(`订单 ${pending.orderNo} 已支付`),
    {
      timeout: 10_000,
    },
  );
  expect(screen.queryByRole('link', { name: '打开支付页' })).toBeNull();
  expect(screen.queryByRole('button', { name: `去支付 ${pending.orderNo}` })).toBeNull();
});
