// 退款记录's 异常退款处理: only a refund the payer's card refused (ABNORMAL) offers it, and only to a holder of
// payment:refund; to the merchant's account it sends the route alone, to the payer's other card the card's bank,
// number and holder — the number checked before anything is sent.
import { screen, waitFor, within } from '@testing-library/react';
import * as paymentsApi from '../../../src/api/payments';
import type { RefundRow } from '../../../src/api/payments';
import PaymentListPage from '../../../src/pages/business/payment/PaymentListPage';
import { buttonByText, findDialog, ok, setupUser } from '../../support/signIn';
import { renderSystemPage } from '../../support/systemPage';

jest.mock('../../../src/api/payments');
jest.setTimeout(60000);

const api = jest.mocked(paymentsApi);
const page = <T,>(records: T[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });

const refund = (over: Partial<RefundRow>): RefundRow => ({
  id: 'r1',
  refundNo: 'TK2026112700001A1B2',
  bizType: 'ORDER',
  bizType_dictText: '订单',
  bizId: 'o1',
  bizNo: 'DD2026112700001',
  buyerName: '浦东便利店',
  paymentNo: 'SK2026112700001',
  returnNo: null,
  amount: '120.00',
  method: 'ONLINE',
  method_dictText: '原路退回',
  cause: 'MANUAL',
  cause_dictText: '手工退款',
  reason: '客户退款',
  status: 'ABNORMAL',
  status_dictText: '退款异常',
  wxRefundId: '50000123',
  lastError: null,
  createdAt: '2026-11-27 10:00:00',
  successTime: null,
  ...over,
});

beforeEach(() => {
  api.listPaymentRecords.mockResolvedValue(page([]));
  api.listPayTransactions.mockResolvedValue(page([]));
  api.listRefunds.mockResolvedValue(
    page([
      refund({}),
      refund({ id: 'r2', refundNo: 'TK2026112700002C3D4', status: 'SUCCESS', status_dictText: '退款成功' }),
    ]),
  );
  api.applyAbnormalRefund.mockResolvedValue(ok({ refundNo: 'TK2026112700001A1B2', status: 'PROCESSING' }));
});
afterEach(() => jest.clearAllMocks());

const openRefunds = async (codes: string[]) => {
  const user = setupUser();
  await renderSystemPage(<PaymentListPage />, { path: '/payment/list', codes });
  await user.click(await screen.findByText('退款记录'));
  const row = (no: string) => screen.findByText(no).then((cell) => cell.closest('tr') as HTMLElement);
  return { user, row };
};

test('only an ABNORMAL refund offers 异常退款处理, and only with payment:refund', async () => {
  const { row } = await openRefunds(['payRecord:list', 'payment:refund']);
  expect(within(await row('TK2026112700001A1B2')).getByText('异常退款处理')).toBeInTheDocument();
  expect(within(await row('TK2026112700002C3D4')).queryByText('异常退款处理')).toBeNull();
});

test('without payment:refund there is no 异常退款处理', async () => {
  const { row } = await openRefunds(['payRecord:list']);
  expect(within(await row('TK2026112700001A1B2')).queryByText('异常退款处理')).toBeNull();
});

test("to the payer's other card: the card is required and checked, then sent with the refund's id", async () => {
  const { user, row } = await openRefunds(['payRecord:list', 'payment:refund']);
  await user.click(within(await row('TK2026112700001A1B2')).getByText('异常退款处理'));
  const dialog = await findDialog('异常退款处理：TK2026112700001A1B2');
  await user.click(within(dialog).getByText('退至用户其他银行卡'));
  await user.click(within(dialog).getByText('请选择开户银行'));
  await user.click(await screen.findByText('招商银行', { selector: '.ant-select-item-option-content' }));
  await user.type(within(dialog).getByLabelText('银行卡号'), '6225-88');
  await user.type(within(dialog).getByLabelText('持卡人姓名'), '张三');
  await user.click(buttonByText(/确\s*定|保\s*存/, dialog));
  expect(await within(dialog).findByText('请输入12到19位数字的银行卡号!')).toBeInTheDocument();
  expect(api.applyAbnormalRefund).not.toHaveBeenCalled();

  await user.clear(within(dialog).getByLabelText('银行卡号'));
  await user.type(within(dialog).getByLabelText('银行卡号'), '6225880211112222');
  await user.click(buttonByText(/确\s*定|保\s*存/, dialog));
  await waitFor(() =>
    expect(api.applyAbnormalRefund).toHaveBeenCalledWith({
      id: 'r1',
      type: 'USER_BANK_CARD',
      bankType: 'CMB_DEBIT',
      bankAccount: '6225880211112222',
      realName: '张三',
    }),
  );
});

test("to the merchant's account: the route alone", async () => {
  const { user, row } = await openRefunds(['payRecord:list', 'payment:refund']);
  await user.click(within(await row('TK2026112700001A1B2')).getByText('异常退款处理'));
  const dialog = await findDialog('异常退款处理：TK2026112700001A1B2');
  expect(within(dialog).queryByLabelText('银行卡号')).toBeNull();
  await user.click(buttonByText(/确\s*定|保\s*存/, dialog));
  await waitFor(() =>
    expect(api.applyAbnormalRefund).toHaveBeenCalledWith({ id: 'r1', type: 'MERCHANT_BANK_CARD' }),
  );
});
