// Returns give back the coins their goods had consumed (issue #18, DOMAIN §1.4 coin rules, §1.5 ReturnOrder): a
// return of goods from an order paid partly with coins (金币抵扣) takes the returned quantity's share of each
// line's part of the deduction, its refund is the goods' value less that, and at 入库 the coins go back to the
// outlet's coin account as one ledger entry remembered on the return. Returns that together take back the whole
// order give back exactly what it spent; approving or receiving the same return twice at once gives back once
// (409 to the loser); another tenant finds none of it.
import type { Page } from '../../common/contract';
import type { OrderDetail, ReturnDetail, ReturnListRecord } from '../../common/orders';
import { ledgerSums } from '../modules/funds/queries';
import { testBackends } from './support/database';
import { type Caller, ok } from './support/business';
import { coinOrders } from './support/coinOrders';

describe.each(testBackends())('coins given back by returns on %s', (backend) => {
  const desk = coinOrders(backend, 'RCN');
  const { db, coins, detail, shippedOrder, givenBack } = desk;
  const returned = (id: string) =>
    ok(desk.bed.get<ReturnDetail>('admin', `/eOrder/eOrder/backOrderById?id=${id}`));

  /** A return of `bottles` of each SKU's line (0: none of it). */
  const addReturn = (order: OrderDetail, bottles: number[], caller: Caller = 'admin') =>
    desk.bed.post<{ id: string }>(caller, '/eOrder/eOrder/backOrder/add', {
      orderId: order.id,
      reason: 'QUALITY',
      refundMethod: 'ORIGINAL',
      lines: bottles
        .map((baseQty, index) => ({
          orderLineId: order.lines.find((line) => line.skuId === desk.goods.skuIds[index])?.id,
          baseQty,
        }))
        .filter((line) => line.baseQty > 0),
    });
  const audit = (id: string, caller: Caller = 'admin') =>
    desk.bed.post(caller, '/eOrder/eOrder/backOrder/audit', { id, pass: true });
  const receive = (id: string, caller: Caller = 'admin') =>
    desk.bed.post(caller, '/eOrder/eOrder/backOrder/receive', { id, warehouseId: desk.goods.warehouseId });

  it('gives back a partial return’s share at 入库, and two returns of the rest sum to what the order spent', async () => {
    // 1 case of the first SKU (48.00) and 2 of the second (96.00) = 144.00; 1000 coins (¥10.00) split 333 : 667.
    const order = await shippedOrder([1, 2], 1000);
    expect(order.amounts).toMatchObject({ coinDeductAmount: '10.00', payableAmount: '134.00' });
    expect(await coins()).toBe(4000);

    // 12 of the second line's 48 bottles: 24.00 of goods, round(667 × 12 / 48) = 167 coins of it.
    const first = await ok(addReturn(order, [0, 12]));
    expect(await returned(first.id)).toMatchObject({
      amount: '22.33',
      rebateBackAmount: '0.00',
      coinBackCoins: 167,
      status: 'SUBMITTED',
    });
    // Its approver reads what goes back beside the refund.
    const approval = await db()
      .selectFrom('approval_instances')
      .select('summary')
      .where('biz_type', '=', 'RETURN')
      .where('biz_id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(approval.summary.fields).toEqual(
      expect.arrayContaining([
        { label: '退款金额', value: '¥22.33' },
        { label: '退回金币', value: '167 金币' },
      ]),
    );
    expect(approval.summary.fields.map((field) => field.label)).not.toContain('退回返利');
    await ok(audit(first.id));
    expect(await coins()).toBe(4000);
    await ok(receive(first.id));
    expect(await coins()).toBe(4167);
    expect((await detail(order.id)).logs.at(-1)).toMatchObject({
      comment: expect.stringContaining('167 金币已退回金币账户'),
    });

    // The rest: the first line's 24 bottles (333 coins) and the second's last 36 (667 − 167 = 500).
    const rest = await ok(addReturn(order, [24, 36]));
    expect(await returned(rest.id)).toMatchObject({ amount: '111.67', coinBackCoins: 833 });
    await ok(audit(rest.id));
    await ok(receive(rest.id));
    expect(await coins()).toBe(5000);
    expect(await givenBack(order)).toEqual([
      {
        amount: '167.00',
        remark: expect.stringContaining('金币抵扣 167 金币'),
        exchangeId: null,
        returnId: first.id,
      },
      {
        amount: '833.00',
        remark: expect.stringContaining('金币抵扣 833 金币'),
        exchangeId: null,
        returnId: rest.id,
      },
    ]);
    // The order's returns list both with their coins; the account's ledger sums to its balance.
    const listed = await ok(
      desk.bed.get<Page<ReturnListRecord>>('admin', `/eOrder/eOrder/backOrder?orderId=${order.id}`),
    );
    expect(listed.records.map((each) => each.coinBackCoins).sort()).toEqual([167, 833]);
    expect((await detail(order.id)).returns.map((each) => each.coinBackCoins).sort()).toEqual([167, 833]);
    const sums = (await ledgerSums(db(), 'A01', desk.goods.outletId)).find(
      (sum) => sum.account_type === 'COIN',
    )!;
    expect([Number(sums.balance), Number(sums.frozen)]).toEqual([5000, 0]);
  }, 120_000);

  it('gives back all the coins of a full return, a cancelled return claiming none of them', async () => {
    // 2 cases of the second SKU (96.00) with 500 coins; a return of all of it cancelled, then made again.
    const order = await shippedOrder([0, 2], 500);
    expect(await coins()).toBe(4500);
    const cancelled = await ok(addReturn(order, [0, 48]));
    expect(await returned(cancelled.id)).toMatchObject({ amount: '91.00', coinBackCoins: 500 });
    await ok(desk.bed.post('admin', '/eOrder/eOrder/backOrder/cancel', { id: cancelled.id }));

    const full = await ok(addReturn(order, [0, 48]));
    expect(await returned(full.id)).toMatchObject({ amount: '91.00', coinBackCoins: 500 });
    await ok(audit(full.id));
    await ok(receive(full.id));
    expect(await coins()).toBe(5000);
    expect(await givenBack(order)).toEqual([
      { amount: '500.00', remark: expect.any(String), exchangeId: null, returnId: full.id },
    ]);
    expect((await returned(cancelled.id)).status).toBe('CANCELLED');
  }, 120_000);

  it('approves and receives the same return once when asked twice at once: 409 to the loser, the coins given back once', async () => {
    const order = await shippedOrder([0, 1], 300);
    const back = await ok(addReturn(order, [0, 12]));
    expect(await returned(back.id)).toMatchObject({ amount: '22.50', coinBackCoins: 150 });

    const audits = await Promise.all([audit(back.id), audit(back.id)]);
    expect(audits.map((each) => each.body.success).sort()).toEqual([false, true]);
    expect(audits.find((each) => !each.body.success)!.body).toMatchObject({ code: 409 });
    expect(await coins()).toBe(4700);

    const receipts = await Promise.all([receive(back.id), receive(back.id)]);
    expect(receipts.map((each) => each.body.success).sort()).toEqual([false, true]);
    expect(receipts.find((each) => !each.body.success)!.body).toMatchObject({ code: 409 });
    // A retry later is refused the same way.
    expect((await receive(back.id)).body).toMatchObject({ success: false, code: 409 });
    expect(await coins()).toBe(4850);
    expect(await givenBack(order)).toEqual([
      { amount: '150.00', remark: expect.any(String), exchangeId: null, returnId: back.id },
    ]);
    expect(await returned(back.id)).toMatchObject({ status: 'RECEIVED', coinBackCoins: 150 });
  }, 120_000);

  it('lets no other tenant see, approve or receive a return, nor touch the coins', async () => {
    const order = await shippedOrder([0, 1], 200);
    const balance = await coins();
    // Another tenant does not find the order to return from, nor the return.
    expect((await addReturn(order, [0, 12], 't2admin')).body).toMatchObject({ success: false, code: 404 });
    const back = await ok(addReturn(order, [0, 12]));
    expect((await desk.bed.get('t2admin', `/eOrder/eOrder/backOrderById?id=${back.id}`)).body).toMatchObject({
      success: false,
      code: 404,
    });
    const theirs = await ok(desk.bed.get<Page<ReturnListRecord>>('t2admin', '/eOrder/eOrder/backOrder'));
    expect(theirs.records.map((each) => each.id)).not.toContain(back.id);
    expect((await audit(back.id, 't2admin')).body).toMatchObject({ success: false, code: 404 });
    expect((await receive(back.id, 't2admin')).body).toMatchObject({ success: false, code: 404 });
    expect(await returned(back.id)).toMatchObject({ status: 'SUBMITTED', coinBackCoins: 100 });
    expect(await coins()).toBe(balance);
    expect(await givenBack(order)).toEqual([]);
  }, 120_000);
});
