// The rules of the 退货 and 换货 dialogs without rendering them: what was typed in 箱 + 瓶 becomes base
// units, bounded by what may still go back; an exchange's new goods use their own case size; what the order still
// owes after its returns.
import { pickedLines, picksProblem } from '../../../src/pages/business/order/ReturnDialog';
import { toSwapInput } from '../../../src/pages/business/order/SwapDialog';
import { owed } from '../../../src/pages/business/order/PaymentDialog';
import { amountSteps } from '../../../src/pages/business/order/orderView';
import { orderDetail } from '../../support/orders';

const order = orderDetail({ status: 'SIGNED' });
Object.assign(order.lines[0], { shippedBaseQty: 27, returnableBaseQty: 15 });
const unshipped = { ...order.lines[0], id: 'l2', shippedBaseQty: 0, returnableBaseQty: 0 };
order.lines.push(unshipped);

it('takes the shipped lines with a quantity, in base units', () => {
  expect(pickedLines(order, { l1: { cases: 1, units: 2 } })).toEqual([{ orderLineId: 'l1', baseQty: 14 }]);
  expect(pickedLines(order, { l1: { cases: 0, units: 0 }, l2: { units: 3 } })).toEqual([]);
});

it('refuses more than may go back, and nothing at all', () => {
  expect(picksProblem(order, { l1: { cases: 1, units: 4 } })).toBe('华饮可乐 500ml 最多可退 1箱3瓶');
  expect(picksProblem(order, {})).toBe('请填写要退回的数量');
  expect(picksProblem(order, { l1: { cases: 1, units: 3 } })).toBeNull();
});

it('an exchange sends what goes back and the new goods in their own case size', () => {
  const caseSize = (skuId: string) => ({ s1: 12, s9: 24 })[skuId];
  expect(
    toSwapInput(
      order,
      {
        picks: { l1: { units: 6 } },
        issue: [{ skuId: 's9', cases: 1, units: 1 }],
        reason: 'FLAVOR',
        remark: '  ',
      },
      caseSize,
    ),
  ).toEqual({
    orderId: 'o1',
    reason: 'FLAVOR',
    remark: null,
    returnLines: [{ orderLineId: 'l1', baseQty: 6 }],
    issueLines: [{ skuId: 's9', baseQty: 25 }],
  });
});

it('an order owes its payable less the goods returned to stock less what was paid, never below zero', () => {
  const amounts = (returnedAmount: string, paidAmount: string) => ({
    payableAmount: '114.00',
    paidAmount,
    amounts: { ...order.amounts, payableAmount: '114.00', returnedAmount, paidAmount },
  });
  expect(owed(amounts('0.00', '14.00'))).toBe(100);
  expect(owed(amounts('28.50', '14.00'))).toBe(71.5);
  expect(owed(amounts('28.50', '100.00'))).toBe(0);
  // The detail shows what went back between the payable and the paid.
  expect(
    amountSteps(amounts('28.50', '14.00').amounts)
      .map((step) => step.label)
      .slice(-3),
  ).toEqual(['应付金额', '已退货', '已付金额']);
  expect(amountSteps(amounts('0.00', '14.00').amounts).map((step) => step.label)).not.toContain('已退货');
});
