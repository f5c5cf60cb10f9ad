// 收款记录 lists employee orders' payments beside sales orders': each row names its kind of document; 退款 is
// offered on a sales order's payment only (an employee order is refunded from 内购订单, whose state follows).
// 工资代扣 is a 收款方式 shown and filtered on like the others.
import { screen, waitFor, within } from '@testing-library/react';
import * as paymentsApi from '../../../src/api/payments';
import type { PaymentRecordRow } from '../../../src/api/payments';
import PaymentListPage from '../../../src/pages/business/payment/PaymentListPage';
import { buttonByText, ok, setupUser } from '../../support/signIn';
import { renderSystemPage } from '../../support/systemPage';

jest.mock('../../../src/api/payments');
jest.setTimeout(60000);

const api = jest.mocked(paymentsApi);
const page = <T,>(records: T[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });

const record = (over: Partial<PaymentRecordRow>): PaymentRecordRow => ({
  id: 'p1',
  bizType: 'ORDER',
  bizType_dictText: '订单',
  paymentNo: 'SK2026112700001',
  orderId: 'o1',
  orderNo: 'SO2026112700001',
  customerName: '浦东便利店',
  amount: '120.00',
  refundedAmount: '0.00',
  channel: 'WECHAT',
  channel_dictText: '微信',
  source: 'ONLINE',
  source_dictText: '在线支付',
  paidAt: '2026-11-27 10:00:00',
  referenceNo: null,
  payNo: 'WXP2026112700001A1B2',
  transactionId: '4200001',
  remark: null,
  createdByName: null,
  ...over,
});

beforeEach(() => {
  api.listPaymentRecords.mockResolvedValue(
    page([
      record({}),
      record({
        id: 'p2',
        bizType: 'EMPLOYEE_ORDER',
        bizType_dictText: '内购订单',
        paymentNo: 'WXP2026112700002C3D4',
        orderId: 'e1',
        orderNo: 'EO2026112700001',
        customerName: '陈晓华',
      }),
    ]),
  );
  api.listPayTransactions.mockResolvedValue(page([]));
  api.listRefunds.mockResolvedValue(page([]));
});
afterEach(() => jest.clearAllMocks());

test('an employee order’s payment is listed with its kind and employee, without 退款', async () => {
  await renderSystemPage(<PaymentListPage />, { path: '/payment/list', codes: ['payment:refund'] });
  const row = async (no: string) => (await screen.findByText(no)).closest('tr') as HTMLElement;
  const employee = await row('WXP2026112700002C3D4');
  expect(within(employee).getByText('内购订单 EO2026112700001')).toBeInTheDocument();
  expect(within(employee).getByText('陈晓华')).toBeInTheDocument();
  expect(within(employee).queryByText(/退\s*款/)).toBeNull();
  const sales = await row('SK2026112700001');
  expect(within(sales).getByText('订单 SO2026112700001')).toBeInTheDocument();
  expect(within(sales).getByText(/退\s*款/)).toBeInTheDocument();
});

test('a 工资代扣 payment shows its 收款方式, and 收款方式 filters by it', async () => {
  api.listPaymentRecords.mockResolvedValue(
    page([
      record({
        id: 'p3',
        bizType: 'EMPLOYEE_ORDER',
        bizType_dictText: '内购订单',
        paymentNo: 'SK2026112800003',
        orderId: 'e2',
        orderNo: 'EO2026112800002',
        customerName: '李明',
        channel: 'PAYROLL',
        channel_dictText: '工资代扣',
        source: 'MANUAL',
        source_dictText: '线下登记',
        payNo: null,
        transactionId: null,
      }),
    ]),
  );
  const user = setupUser();
  await renderSystemPage(<PaymentListPage />, { path: '/payment/list', codes: ['payment:refund'] });
  const row = (await screen.findByText('SK2026112800003')).closest('tr') as HTMLElement;
  expect(within(row).getByText('工资代扣')).toBeInTheDocument();
  expect(within(row).queryByText(/退\s*款/)).toBeNull();

  await user.click(screen.getByLabelText('收款方式'));
  await user.click(
    await waitFor(() => document.querySelector<HTMLElement>('.ant-select-item-option[title="工资代扣"]')!),
  );
  await user.click(buttonByText(/查\s*询/));
  await waitFor(() =>
    expect(api.listPaymentRecords.mock.lastCall?.[0]).toMatchObject({ channel: 'PAYROLL' }),
  );
});
