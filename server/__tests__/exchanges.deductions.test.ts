// Exchanges and the deductions of their order (issue #18, DOMAIN §1.5 ExchangeOrder, §1.4 coin rules): an exchange
// replaces goods, so like for like the order's 金币抵扣 stays spent on the new goods and nothing goes back; for
// cheaper goods the value not replaced gives back its share of what the taken goods had consumed (as a return of
// that value would) when the exchange is carried out, and a later return of the rest of the line gets what is
// left. Another tenant finds none of it.
import type { OrderDetail, SwapDetail } from '../../common/orders';
import { ledgerSums } from '../modules/funds/queries';
import { testBackends } from './support/database';
import { type Caller, ok } from './support/business';
import { coinOrders } from './support/coinOrders';

describe.each(testBackends())('deductions and exchanges on %s', (backend) => {
  const desk = coinOrders(backend, 'XCN');
  const { db, coins, detail, givenBack } = desk;
  const swapped = (id: string) =>
    ok(desk.bed.get<SwapDetail>('admin', `/eOrder/eOrder/getSwapOrderById?id=${id}`));
  /** 2 cases (48 bottles, 96.00) of the second SKU, 1000 coins (¥10.00) of it paid with coins, shipped. */
  const shippedOrder = () => desk.shippedOrder([0, 2], 1000);
  /** `taken` bottles of the order's line for `issued` bottles of the first SKU (2.00 a bottle, as the taken). */
  const addSwap = (order: OrderDetail, taken: number, issued: number, caller: Caller = 'admin') =>
    desk.bed.post<{ id: string }>(caller, '/eOrder/eOrder/swapOrder/add', {
      orderId: order.id,
      reason: 'NEAR_EXPIRY',
      returnLines: [{ orderLineId: order.lines[0].id, baseQty: taken }],
      issueLines: [{ skuId: desk.goods.skuIds[0], baseQty: issued }],
    });
  const carryOut = async (id: string) => {
    await ok(desk.bed.post('admin', '/eOrder/eOrder/swapOrder/audit', { id, pass: true }));
    await ok(
      desk.bed.post('admin', '/eOrder/eOrder/swapOrder/execute', { id, warehouseId: desk.goods.warehouseId }),
    );
  };

  it('gives nothing back like for like, the unreplaced share for cheaper goods, the rest to a later return', async () => {
    const order = await shippedOrder();
    expect(order.amounts).toMatchObject({ coinDeductAmount: '10.00', payableAmount: '86.00' });
    expect(await coins()).toBe(4000);

    // 12 bottles (24.00) for 12 bottles of the other SKU (24.00): the coins stay spent on the new goods.
    const even = await ok(addSwap(order, 12, 12));
    expect(await swapped(even.id)).toMatchObject({
      priceDiffAmount: '0.00',
      rebateBackAmount: '0.00',
      coinBackCoins: 0,
    });
    await carryOut(even.id);
    expect(await coins()).toBe(4000);
    expect(await givenBack(order)).toEqual([]);

    // 24 bottles (48.00, their coins round(1000 × 24 / 48) = 500) for 12 bottles (24.00): half the value is not
    // replaced, so half of the 500 coins — 250 (¥2.50) — go back; the other 21.50 of the 24.00 is owed in money.
    const cheaper = await ok(addSwap(order, 24, 12));
    expect(await swapped(cheaper.id)).toMatchObject({
      priceDiffAmount: '-24.00',
      rebateBackAmount: '0.00',
      coinBackCoins: 250,
      status: 'SUBMITTED',
    });
    expect(await coins()).toBe(4000);
    await carryOut(cheaper.id);
    expect(await coins()).toBe(4250);
    expect((await detail(order.id)).logs.at(-1)).toMatchObject({
      comment: expect.stringContaining('250 金币已退回金币账户'),
    });

    // The last 12 bottles returned: their round(1000 × 12 / 48) = 250 coins, 24.00 − 2.50 refunded.
    const back = await ok(
      desk.bed.post<{ id: string }>('admin', '/eOrder/eOrder/backOrder/add', {
        orderId: order.id,
        reason: 'QUALITY',
        refundMethod: 'ORIGINAL',
        lines: [{ orderLineId: order.lines[0].id, baseQty: 12 }],
      }),
    );
    await ok(desk.bed.post('admin', '/eOrder/eOrder/backOrder/audit', { id: back.id, pass: true }));
    await ok(
      desk.bed.post('admin', '/eOrder/eOrder/backOrder/receive', {
        id: back.id,
        warehouseId: desk.goods.warehouseId,
      }),
    );
    expect((await detail(order.id)).returns).toEqual([
      expect.objectContaining({ id: back.id, amount: '21.50', coinBackCoins: 250 }),
    ]);
    expect(await coins()).toBe(4500);
    expect(await givenBack(order)).toEqual([
      {
        amount: '250.00',
        remark: expect.stringContaining('换货单'),
        exchangeId: cheaper.id,
        returnId: null,
      },
      { amount: '250.00', remark: expect.stringContaining('退单'), exchangeId: null, returnId: back.id },
    ]);
    // The order's exchanges list what each gave back; the coin ledger sums to the balance.
    expect((await detail(order.id)).exchanges.map((each) => each.coinBackCoins).sort()).toEqual([0, 250]);
    const sums = (await ledgerSums(db(), 'A01', desk.goods.outletId)).find(
      (sum) => sum.account_type === 'COIN',
    )!;
    expect([Number(sums.balance), Number(sums.frozen)]).toEqual([4500, 0]);
  }, 120_000);

  it('lets no other tenant exchange the order or see the exchange', async () => {
    const order = await shippedOrder();
    expect((await addSwap(order, 24, 12, 't2admin')).body).toMatchObject({ success: false, code: 404 });
    const swap = await ok(addSwap(order, 24, 12));
    expect(
      (await desk.bed.get('t2admin', `/eOrder/eOrder/getSwapOrderById?id=${swap.id}`)).body,
    ).toMatchObject({
      success: false,
      code: 404,
    });
    expect(
      (
        await desk.bed.post('t2admin', '/eOrder/eOrder/swapOrder/execute', {
          id: swap.id,
          warehouseId: desk.goods.warehouseId,
        })
      ).body,
    ).toMatchObject({ success: false, code: 404 });
  }, 120_000);
});
