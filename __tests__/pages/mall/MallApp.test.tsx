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

/** The buyer API for an outlet owner; payStatus says 已支付 from the `paidAfter`-th poll on. */
function serveOutlet(paidAfter: number) {
  let polls = 0;
  let paid = false;
  const order = {
    id: 'SO1',
    orderNo: 'SO202611270001',
    status: 'PENDING_AUDIT',
    status_dictText: '待审核',
    paymentMethod: 'ONLINE',
    paymentStatus: 'UNPAID',
    paymentStatus_dictText: '未支付',
    payableAmount: '96.00',
    orderedAt: '2026-11-27 10:00:00',
  };
  const answers: Record<string, () => unknown> = {
    '/me': () => ({ kind: 'OUTLET', name: '和顺便利店', mobile: '13700000019', quota: null }),
    '/catalogue': () => ({
      items: [
        { skuId: 'S1', name: '纯生啤酒', spec: null, saleUnit: '箱', casePrice: '48.00', availableCases: 9 },
      ],
      promotions: [],
    }),
    '/cart': () => (paid ? [] : [{ skuId: 'S1', cases: 2, name: '纯生啤酒' }]),
    '/cart/preview': () => ({ payableAmount: '96.00' }),
    '/orders/place': () => ({ id: order.id, orderNo: order.orderNo }),
    '/orders/list': () => ({
      records: [paid ? { ...order, paymentStatus: 'PAID', paymentStatus_dictText: '已支付' } : order],
    }),
    '/orders/pay': () => ({
      payNo: 'WXP2',
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
      h5Url: `http://127.0.0.1:1${CASHIER}`,
      simulatorPayUrl: CASHIER,
    }),
    [`/orders/payStatus?id=${order.id}`]: () => {
      polls += 1;
      paid = polls >= paidAfter;
      return {
        status: 'PENDING_AUDIT',
        status_dictText: '待审核',
        paymentStatus: paid ? 'PAID' : 'UNPAID',
        paymentStatus_dictText: paid ? '已支付' : '未支付',
        waiting: !paid,
      };
    },
  };
  call.mockImplementation(async (path: string) => {
    const answer = answers[path];
    if (!answer) throw new Error(`unexpected ${path}`);
    return answer() as never;
  });
  return order;
}

it('lets an outlet owner pay his order online: 在线支付 opens the cashier, the mall polls until it is paid', async () => {
  const order = serveOutlet(2);
  const cashier = { location: { href: '' }, close: jest.fn() };
  const open = jest.spyOn(window, 'open').mockReturnValue(cashier as unknown as Window);
  render(<MallApp />);
  await userEvent.click(await screen.findByRole('button', { name: /购物车/ }));
  expect(await screen.findByText('应付 ¥96.00')).toBeInTheDocument();
  expect(screen.getByLabelText('付款方式')).toHaveValue('ONLINE');
  await userEvent.click(screen.getByRole('button', { name: '提交并支付' }));

  expect(open).toHaveBeenCalledTimes(1);
  expect(call).toHaveBeenCalledWith('/orders/place', { paymentMethod: 'ONLINE' });
  await waitFor(() => expect(cashier.location.href).toBe(CASHIER));
  expect(call).toHaveBeenCalledWith('/orders/pay', { id: order.id });
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(`订单 ${order.orderNo} 已支付`), {
    timeout: 10_000,
  });
  expect(await screen.findByText(/待审核 · ¥96.00 · 已支付/)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: `去支付 ${order.orderNo}` })).toBeNull();
});

it('places a 货到付款 order of an outlet without opening the cashier', async () => {
  const order = serveOutlet(1);
  const open = jest.spyOn(window, 'open');
  render(<MallApp />);
  await userEvent.click(await screen.findByRole('button', { name: /购物车/ }));
  await userEvent.selectOptions(await screen.findByLabelText('付款方式'), 'COD');
  await userEvent.click(screen.getByRole('button', { name: '提交订单' }));

  expect(await screen.findByRole('status')).toHaveTextContent(`订单 ${order.orderNo} 已提交，等待审核`);
  expect(call).toHaveBeenCalledWith('/orders/place', { paymentMethod: 'COD' });
  expect(open).not.toHaveBeenCalled();
  expect(call).not.toHaveBeenCalledWith('/orders/pay', expect.anything());
});
