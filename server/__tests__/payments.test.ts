// Online payment and refunds (issue #22 Money) on both back ends, against the WeChat Pay simulator over real
// HTTP: a prepay paid at the simulator's cashier settles the order through the signed, encrypted notify; a
// forged, tampered or stale notify is refused and changes nothing; a replayed one and concurrent ones settle
// once; a notify with another amount is not believed; an order invalidated after payment is refunded by the
// original route (refund notify) or, paid by hand, gets a recorded refund; refunds never exceed what was paid;
// a received 原路退回 return of an order paid online is refunded online once, up to what is left online;
// 退款对账 settles a refund whose notify was lost, or whose 异常退款处理 crashed after its claim, by asking WeChat Pay.
import { generateKeyPairSync } from 'node:crypto';
import type { Page } from '../../common/contract';
import type { OrderDetail, ReturnDetail } from '../../common/orders';
import { centsText, toCents, yuan } from '../modules/orders/money';
import { rsaSign, signedMessage, unixNow, nonce } from '../integrations/wechatpay/crypto';
import {
  notifyBody,
  platformHeaders,
  simulatedKeys,
  simulatedPay,
} from '../integrations/wechatpay/simulator';
import { reconcileRefunds } from '../modules/payments/service';
import { testBackends } from './support/database';
import { interceptWechatPay } from './support/wechatPay';
import {
  ok,
  openBusinessTestbed,
  orderableGoods,
  type BusinessTestbed,
  type Caller,
} from './support/business';
import { until } from './support/until';

interface Prepay {
  payNo: string;
  amount: string;
  h5Url: string | null;
  simulatorPayUrl: string | null;
}

interface PaymentRow {
  paymentNo: string;
  orderNo: string;
  amount: string;
  refundedAmount: string;
  source: string;
  channel: string;
  transactionId: string | null;
}

interface RefundRow {
  id: string;
  refundNo: string;
  amount: string;
  method: string;
  cause: string;
  status: string;
  reason: string;
  returnNo: string | null;
}

describe.each(testBackends())('payments on %s', (backend) => {
  let bed: BusinessTestbed;
  let outletId: string;
  let skuId: string;
  let warehouseId: string;
  const db = () => bed.testDatabase.database.db;
  const post = <T>(caller: Caller, path: string, body: unknown) => ok(bed.post<T>(caller, path, body));
  const get = <T>(caller: Caller, path: string) => ok(bed.get<T>(caller, path));

  const place = () =>
    post<{ id: string; orderNo: string; payableAmount: string }>('admin', '/eOrder/eOrder/add', {
      buyerId: outletId,
      paymentMethod: 'ONLINE',
      lines: [{ skuId, cases: 2 }],
    });
  const order = (id: string) =>
    db()
      .selectFrom('sales_orders')
      .select(['paid_amount', 'returned_amount', 'payment_status', 'status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const prepayId = (prepay: Prepay) =>
    new URL(prepay.simulatorPayUrl!, 'http://x').searchParams.get('prepay_id')!;
  const payAtCashier = async (prepay: Prepay) => {
    const response = await fetch(`${bed.server.baseUrl}/sim/wechatpay/cashier/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prepay_id: prepayId(prepay) }),
    });
    return (await response.json()) as { ok: boolean; status: number };
  };
  const tenantId = 'A01';
  const notifyUrl = () => `${bed.server.baseUrl}/api/payment/notify/${tenantId}/pay`;
  const postNotify = (body: string, headers: Record<string, string>) =>
    fetch(notifyUrl(), { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  /** A TRANSACTION.SUCCESS resource for one of our transactions, as the platform would send it. */
  const successOf = async (payNo: string, total?: number) => {
    const row = await db()
      .selectFrom('pay_transactions')
      .select(['amount', 'app_id'])
      .where('pay_no', '=', payNo)
      .executeTakeFirstOrThrow();
    return {
      appid: row.app_id,
      mchid: simulatedKeys().merchant.mchId,
      out_trade_no: payNo,
      transaction_id: `4200${Date.now()}`,
      trade_type: 'MWEB',
      trade_state: 'SUCCESS',
      success_time: new Date().toISOString(),
      amount: { total: total ?? Math.round(Number(row.amount) * 100), payer_total: 0, currency: 'CNY' },
    };
  };
  const paymentsOf = async (orderNo: string) =>
    (await get<Page<PaymentRow>>('admin', `/payment/record/list?keyword=${orderNo}`)).records;
  const refundsOf = async (orderNo: string) =>
    (await get<Page<RefundRow>>('admin', `/payment/refund/list?keyword=${orderNo}`)).records;

  beforeAll(async () => {
    bed = await openBusinessTestbed(backend);
    const goods = await orderableGoods(bed, 'admin', `PAY${backend}`, 'A01A01');
    outletId = goods.outletId;
    skuId = goods.skuId;
    warehouseId = goods.warehouseId;
  }, 180_000);
  afterAll(() => bed?.close());

  it('pays an order online: prepay, the cashier, the signed notify; the payment is listed', async () => {
    const placed = await place();
    const prepay = await post<Prepay>('admin', '/payment/prepay', { orderId: placed.id });
    expect(prepay).toMatchObject({ amount: placed.payableAmount });
    expect(prepay.h5Url).toContain('/sim/wechatpay/cashier?prepay_id=');
    // Asking again while it is open answers the same transaction.
    expect((await post<Prepay>('admin', '/payment/prepay', { orderId: placed.id })).payNo).toBe(prepay.payNo);
    const cashier = await fetch(`${bed.server.baseUrl}${prepay.simulatorPayUrl}`);
    expect(await cashier.text()).toContain('确认支付');

    expect(await payAtCashier(prepay)).toMatchObject({ ok: true, status: 204 });
    expect(await order(placed.id)).toMatchObject({
      payment_status: 'PAID',
      paid_amount: placed.payableAmount,
    });
    const [payment] = await paymentsOf(placed.orderNo);
    expect(payment).toMatchObject({ source: 'ONLINE', channel: 'WECHAT', amount: placed.payableAmount });
    expect(payment.transactionId).toMatch(/^42000/);
    // Paid: no second prepay.
    const again = await bed.post('admin', '/payment/prepay', { orderId: placed.id });
    expect(again.body).toMatchObject({ success: false, message: expect.stringContaining('已无待付金额') });
  });

  it('refuses forged, tampered and stale notifies and changes nothing', async () => {
    const placed = await place();
    const prepay = await post<Prepay>('admin', '/payment/prepay', { orderId: placed.id });
    const body = notifyBody('TRANSACTION.SUCCESS', await successOf(prepay.payNo));

    // Signed by someone else's key.
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forgedPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const timestamp = unixNow();
    const nonceStr = nonce();
    const forged = await postNotify(body, {
      ...platformHeaders(body),
      'wechatpay-nonce': nonceStr,
      'wechatpay-timestamp': String(timestamp),
      'wechatpay-signature': rsaSign(forgedPem, signedMessage(timestamp, nonceStr, body)),
    });
    expect(forged.status).toBe(401);
    // Signed by the platform, then changed.
    const tampered = await postNotify(
      body.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESS" '),
      platformHeaders(body),
    );
    expect(tampered.status).toBe(401);
    // Signed by the platform ten minutes ago (a replay of an old capture).
    const stale = await postNotify(body, platformHeaders(body, unixNow() - 600));
    expect(stale.status).toBe(401);
    // Signed, but the resource was not encrypted under our APIv3 key.
    const envelope = JSON.parse(body) as { resource: { ciphertext: string } };
    const flipped = Buffer.from(envelope.resource.ciphertext, 'base64');
    flipped[0] ^= 1;
    envelope.resource.ciphertext = flipped.toString('base64');
    const badResource = JSON.stringify(envelope);
    expect((await postNotify(badResource, platformHeaders(badResource))).status).toBe(401);
    // Without any signature.
    expect((await postNotify(body, {})).status).toBe(401);

    expect(await order(placed.id)).toMatchObject({ payment_status: 'UNPAID' });
    expect(await paymentsOf(placed.orderNo)).toEqual([]);
  });

  it('settles a replayed notify and concurrent notifies once; a wrong amount is not believed', async () => {
    const placed = await place();
    const prepay = await post<Prepay>('admin', '/payment/prepay', { orderId: placed.id });
    const wrong = notifyBody('TRANSACTION.SUCCESS', await successOf(prepay.payNo, 1));
    expect((await postNotify(wrong, platformHeaders(wrong))).status).toBe(204);
    expect(await order(placed.id)).toMatchObject({ payment_status: 'UNPAID' });

    const resource = await successOf(prepay.payNo);
    const bodies = Array.from({ length: 4 }, () => notifyBody('TRANSACTION.SUCCESS', resource));
    const replay = bodies[0];
    const headers = platformHeaders(replay);
    const answers = await Promise.all([
      postNotify(replay, headers),
      postNotify(replay, headers),
      ...bodies.slice(1).map((body) => postNotify(body, platformHeaders(body))),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([204, 204, 204, 204, 204]);
    expect(await paymentsOf(placed.orderNo)).toHaveLength(1);
    expect(await order(placed.id)).toMatchObject({
      payment_status: 'PAID',
      paid_amount: placed.payableAmount,
    });
    const events = await db()
      .selectFrom('pay_notify_events')
      .select(['notify_id', 'outcome'])
      .where('out_no', '=', prepay.payNo)
      .execute();
    // The wrong amount, then four distinct ids (the replay recorded once): one settled them.
    expect(events).toHaveLength(5);
    expect(events.filter((event) => event.outcome === 'SETTLED')).toHaveLength(1);
    expect(events.filter((event) => event.outcome === 'AMOUNT_MISMATCH')).toHaveLength(1);
  });

  it('refunds an order invalidated after online payment by the original route', async () => {
    const placed = await place();
    const prepay = await post<Prepay>('admin', '/payment/prepay', { orderId: placed.id });
    await payAtCashier(prepay);
    await post('admin', '/eOrder/eOrder/orderInvalid', { id: placed.id, reason: '客户不要了' });
    const [refund] = await until(
      () => refundsOf(placed.orderNo),
      (rows) => rows[0]?.status === 'SUCCESS',
      'the refund notify',
    );
    expect(refund).toMatchObject({ method: 'ONLINE', cause: 'ORDER_CLOSED', amount: placed.payableAmount });
    expect(await order(placed.id)).toMatchObject({
      status: 'INVALID',
      payment_status: 'REFUNDED',
      paid_amount: '0.00',
    });
    const [payment] = await paymentsOf(placed.orderNo);
    expect(payment.refundedAmount).toBe(placed.payableAmount);
  });

  it('holds a refund WeChat Pay reports ABNORMAL until 异常退款处理 sends it elsewhere; then it settles', async () => {
    const placed = await place();
    const prepay = await post<Prepay>('admin', '/payment/prepay', { orderId: placed.id });
    await payAtCashier(prepay);
    // The payer's card is closed since: the bank refuses the refund and WeChat Pay reports it ABNORMAL.
    simulatedPay.closedCards.add(prepay.payNo);
    const { refunds } = await post<{ refunds: RefundRow[] }>('admin', '/payment/refund/add', {
      orderId: placed.id,
      reason: '客户退款',
    });
    const abnormal = await until(
      () => refundsOf(placed.orderNo),
      (rows) => rows[0]?.status === 'ABNORMAL',
      'the ABNORMAL refund notify',
    );
    expect(abnormal).toEqual([
      expect.objectContaining({
        refundNo: refunds[0].refundNo,
        status: 'ABNORMAL',
        buyerName: `PAY${backend}便利店`,
      }),
    ]);
    // WeChat Pay holds the money: nothing is settled, nothing is refundable again.
    expect(await order(placed.id)).toMatchObject({
      payment_status: 'REFUNDING',
      paid_amount: placed.payableAmount,
    });
    expect((await paymentsOf(placed.orderNo))[0].refundedAmount).toBe(placed.payableAmount);
    const again = await bed.post('admin', '/payment/refund/add', { orderId: placed.id, reason: '再次退款' });
    expect(again.body).toMatchObject({ success: false, message: expect.stringContaining('没有可退的款项') });

    const id = abnormal[0].id;
    const toCard = {
      id,
      type: 'USER_BANK_CARD',
      bankType: 'ICBC_DEBIT',
      bankAccount: '6222020200112233445',
      realName: '张三',
    };
    // To a card: which card and whose are required; another tenant does not see the refund.
    const { bankAccount: _account, ...noAccount } = toCard;
    expect((await bed.post('admin', '/payment/refund/applyAbnormal', noAccount)).status).toBe(400);
    expect(
      (await bed.post('admin', '/payment/refund/applyAbnormal', { ...toCard, bankAccount: '12ab' })).status,
    ).toBe(400);
    expect((await bed.post('t2admin', '/payment/refund/applyAbnormal', toCard)).body).toMatchObject({
      success: false,
      code: 404,
    });

    // Two operators at once: one sends it (the account encrypted for the platform, which checks it), one gets 409.
    const [first, second] = await Promise.all([
      bed.post('admin', '/payment/refund/applyAbnormal', toCard),
      bed.post('admin', '/payment/refund/applyAbnormal', { id, type: 'MERCHANT_BANK_CARD' }),
    ]);
    expect([first.body.code, second.body.code].sort()).toEqual([200, 409]);
    await until(
      () => order(placed.id),
      (row) => row.payment_status === 'REFUNDED',
      'the refund notify after 异常退款处理',
    );
    expect((await refundsOf(placed.orderNo))[0]).toMatchObject({ status: 'SUCCESS' });
    expect((await paymentsOf(placed.orderNo))[0].refundedAmount).toBe(placed.payableAmount);
    // Settled: nothing to handle any more.
    const late = await bed.post('admin', '/payment/refund/applyAbnormal', { id, type: 'MERCHANT_BANK_CARD' });
    expect(late.body).toMatchObject({ success: false, code: 409 });
  });

  /** A refund row by its number, as stored. */
  const refundRow = (refundNo: string) =>
    db()
      .selectFrom('refunds')
      .select(['status', 'updated_at', 'last_error'])
      .where('refund_no', '=', refundNo)
      .executeTakeFirstOrThrow();
  const reconcile = (olderThanMs: number) => reconcileRefunds(db(), bed.server.app.payRuntime, olderThanMs);
  /** An order paid online at the simulator's cashier. */
  const paidOnline = async () => {
    const placed = await place();
    const prepay = await post<Prepay>('admin', '/payment/prepay', { orderId: placed.id });
    await payAtCashier(prepay);
    return { ...placed, payNo: prepay.payNo };
  };

  it('退款对账: a refund whose notify was lost is asked at WeChat Pay once old enough and settled as the notify would', async () => {
    const placed = await paidOnline();
    // WeChat Pay takes the refund and succeeds, but its notify never arrives (it posts to nowhere).
    const restore = interceptWechatPay(bed.server.app.payRuntime, (real) => ({
      refund: (request) => real.refund({ ...request, notifyUrl: 'http://127.0.0.1:9/lost' }),
    }));
    let refundNo = '';
    try {
      const { refunds } = await post<{ refunds: Array<{ refundNo: string; status: string }> }>(
        'admin',
        '/payment/refund/add',
        { orderId: placed.id, reason: '通知丢失' },
      );
      refundNo = refunds[0].refundNo;
    } finally {
      restore();
    }
    expect(await refundRow(refundNo)).toMatchObject({ status: 'PROCESSING' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await refundRow(refundNo)).toMatchObject({ status: 'PROCESSING' });
    // Younger than the age: not asked.
    expect(await reconcile(600_000)).toMatchObject({ asked: 0 });
    expect(await refundRow(refundNo)).toMatchObject({ status: 'PROCESSING' });
    // Old enough: WeChat Pay says SUCCESS, and the order is settled as by the notify.
    const settled = await reconcile(0);
    expect(settled.settled).toBeGreaterThanOrEqual(1);
    expect(await refundRow(refundNo)).toMatchObject({ status: 'SUCCESS' });
    expect(await order(placed.id)).toMatchObject({ payment_status: 'REFUNDED', paid_amount: '0.00' });
    expect((await paymentsOf(placed.orderNo))[0].refundedAmount).toBe(placed.payableAmount);
    // Nothing is settled twice: a late notify of it, or another run, finds it settled.
    const late = notifyBody('REFUND.SUCCESS', {
      mchid: simulatedKeys().merchant.mchId,
      out_trade_no: placed.payNo,
      out_refund_no: refundNo,
      refund_id: 'late',
      refund_status: 'SUCCESS',
      amount: { refund: Math.round(Number(placed.payableAmount) * 100) },
    });
    const lateAnswer = await fetch(`${bed.server.baseUrl}/api/payment/notify/${tenantId}/refund`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...platformHeaders(late) },
      body: late,
    });
    expect(lateAnswer.status).toBe(204);
    expect(await order(placed.id)).toMatchObject({ payment_status: 'REFUNDED', paid_amount: '0.00' });
    await reconcile(0);
    expect(await refundRow(refundNo)).toMatchObject({ status: 'SUCCESS' });
    expect(await order(placed.id)).toMatchObject({ payment_status: 'REFUNDED', paid_amount: '0.00' });
  });

  it('退款对账: a 异常退款处理 claimed but never sent goes back to 退款异常; one still processing waits, one closed is refundable again', async () => {
    const placed = await paidOnline();
    simulatedPay.closedCards.add(placed.payNo);
    const { refunds } = await post<{ refunds: Array<{ refundNo: string }> }>('admin', '/payment/refund/add', {
      orderId: placed.id,
      reason: '卡已注销',
    });
    const [{ refundNo }] = refunds;
    await until(
      () => refundRow(refundNo),
      (row) => row.status === 'ABNORMAL',
      'the ABNORMAL refund notify',
    );
    // 异常退款处理 claimed it (ABNORMAL → PROCESSING) and the instance died before WeChat Pay heard of it.
    await db()
      .updateTable('refunds')
      .set({ status: 'PROCESSING', updated_at: new Date(Date.now() - 3_600_000) })
      .where('refund_no', '=', refundNo)
      .execute();
    await reconcile(600_000);
    // WeChat Pay still holds it ABNORMAL: so is the refund again, and it can be handled again.
    expect(await refundRow(refundNo)).toMatchObject({ status: 'ABNORMAL' });
    expect(await order(placed.id)).toMatchObject({ payment_status: 'REFUNDING' });

    // A refund WeChat Pay still processes is left alone and asked again one age later; a closed one settles.
    const second = await paidOnline();
    let answer: 'PROCESSING' | 'CLOSED' = 'PROCESSING';
    const restore = interceptWechatPay(bed.server.app.payRuntime, (real) => ({
      refund: (request) => real.refund({ ...request, notifyUrl: 'http://127.0.0.1:9/lost' }),
      queryRefund: async (outRefundNo) => ({
        ...(await real.queryRefund(outRefundNo)),
        status: answer,
        refund_status: answer,
      }),
    }));
    try {
      const { refunds: queued } = await post<{ refunds: Array<{ refundNo: string }> }>(
        'admin',
        '/payment/refund/add',
        { orderId: second.id, reason: '处理中' },
      );
      const no = queued[0].refundNo;
      const before = await refundRow(no);
      await new Promise((resolve) => setTimeout(resolve, 20));
      await reconcile(0);
      const after = await refundRow(no);
      expect(after.status).toBe('PROCESSING');
      expect(after.updated_at.getTime()).toBeGreaterThan(before.updated_at.getTime());
      // Just asked: not asked again before the age has passed once more.
      expect(await reconcile(60_000)).toMatchObject({ asked: 0 });
      answer = 'CLOSED';
      await reconcile(0);
      expect(await refundRow(no)).toMatchObject({ status: 'CLOSED' });
      // Nothing left the merchant: the order is paid again and its amount refundable.
      expect(await order(second.id)).toMatchObject({
        payment_status: 'PAID',
        paid_amount: second.payableAmount,
      });
      expect((await paymentsOf(second.orderNo))[0].refundedAmount).toBe('0.00');
    } finally {
      restore();
    }
  });

  it('records a refund of an order paid by hand and closed; refunds never exceed what was paid', async () => {
    const placed = await place();
    await post('admin', '/payment/add', { orderId: placed.id, amount: 50, channel: 'BANK_TRANSFER' });
    // Partial refund by hand, then one more than what is left.
    const { refunds } = await post<{ refunds: RefundRow[] }>('admin', '/payment/refund/add', {
      orderId: placed.id,
      amount: 20,
      reason: '少发货',
    });
    expect(refunds).toMatchObject([{ method: 'OFFLINE', status: 'SUCCESS', amount: '20.00' }]);
    const over = await bed.post('admin', '/payment/refund/add', {
      orderId: placed.id,
      amount: 31,
      reason: '再退',
    });
    expect(over.body).toMatchObject({ success: false, message: '退款金额 31.00 超过可退金额 30.00' });
    // Two refunds of the rest at once: one of them.
    const both = await Promise.all([
      bed.post('admin', '/payment/refund/add', { orderId: placed.id, amount: 30, reason: '并发一' }),
      bed.post('admin', '/payment/refund/add', { orderId: placed.id, amount: 30, reason: '并发二' }),
    ]);
    expect(both.filter((answer) => (answer.body as { success: boolean }).success)).toHaveLength(1);
    expect(await order(placed.id)).toMatchObject({ paid_amount: '0.00', payment_status: 'REFUNDED' });

    const second = await place();
    await post('admin', '/payment/add', { orderId: second.id, amount: 10, channel: 'CASH' });
    await post('admin', '/eOrder/eOrder/orderInvalid', { id: second.id, reason: '重复下单' });
    expect(await refundsOf(second.orderNo)).toMatchObject([
      { method: 'OFFLINE', cause: 'ORDER_CLOSED', status: 'SUCCESS', amount: '10.00' },
    ]);
  });

  it('refunds a received 原路退回 return of an order paid online, once, never more than is left online', async () => {
    const ship = async (id: string) => {
      await post('admin', '/eOrder/eOrder/auditOrder', { ids: [id], pass: true });
      await post('admin', '/eOrder/eOrder/saveOrderDeliver', { id });
      return get<OrderDetail>('admin', `/eOrder/eOrder/queryById?id=${id}`);
    };
    const addReturn = async (detail: OrderDetail, baseQty: number, refundMethod = 'ORIGINAL') => {
      const { id } = await post<{ id: string }>('admin', '/eOrder/eOrder/backOrder/add', {
        orderId: detail.id,
        reason: 'QUALITY',
        refundMethod,
        lines: [{ orderLineId: detail.lines[0].id, baseQty }],
      });
      await post('admin', '/eOrder/eOrder/backOrder/audit', { id, pass: true });
      return get<ReturnDetail>('admin', `/eOrder/eOrder/backOrderById?id=${id}`);
    };
    const receive = (id: string) =>
      bed.post('admin', '/eOrder/eOrder/backOrder/receive', { id, warehouseId });
    const settled = (orderNo: string, count: number) =>
      until(
        () => refundsOf(orderNo),
        (rows) => rows.length === count && rows.every((row) => row.status === 'SUCCESS'),
        'the refund notifies',
      );

    const placed = await place();
    await payAtCashier(await post<Prepay>('admin', '/payment/prepay', { orderId: placed.id }));
    const shipped = await ship(placed.id);
    // 12 of the 48 bottles: a quarter of the order.
    const first = await addReturn(shipped, 12);
    expect(toCents(first.amount)).toBe(toCents(placed.payableAmount) / 4);
    // Received twice at once: one receipt, one refund.
    const both = await Promise.all([receive(first.id), receive(first.id)]);
    expect(both.filter((answer) => (answer.body as { success: boolean }).success)).toHaveLength(1);
    expect((await receive(first.id)).body).toMatchObject({ success: false, code: 409 });
    const [refund] = await settled(placed.orderNo, 1);
    expect(refund).toMatchObject({
      method: 'ONLINE',
      cause: 'RETURN',
      amount: first.amount,
      returnNo: first.returnNo,
      reason: `退单 ${first.returnNo} 退货退款`,
    });
    // The order no longer owes the returned goods: paid in full, nothing left to charge online.
    expect(await order(placed.id)).toMatchObject({
      paid_amount: centsText(toCents(placed.payableAmount) - toCents(first.amount)),
      returned_amount: first.amount,
      payment_status: 'PAID',
    });
    expect((await bed.post('admin', '/payment/prepay', { orderId: placed.id })).body).toMatchObject({
      success: false,
      message: `订单 ${placed.orderNo} 已无待付金额`,
    });
    const { logs, amounts } = await get<OrderDetail>('admin', `/eOrder/eOrder/queryById?id=${placed.id}`);
    expect(amounts.returnedAmount).toBe(first.amount);
    expect(logs.map((log) => log.comment)).toContain(
      `退单 ${first.returnNo} 退款 ${refund.refundNo}：¥${first.amount}（原路退回）`,
    );

    // Refunded by hand meanwhile down to ¥12.00 left: the next return of 24.00 refunds only that.
    const left = toCents(placed.payableAmount) - toCents(first.amount);
    await post('admin', '/payment/refund/add', {
      orderId: placed.id,
      amount: (left - 1200) / 100,
      reason: '协商退款',
    });
    const second = await addReturn(shipped, 12);
    expect(second.amount).toBe(first.amount);
    await ok(receive(second.id));
    const rows = await settled(placed.orderNo, 3);
    expect(rows.find((row) => row.returnNo === second.returnNo)).toMatchObject({
      method: 'ONLINE',
      cause: 'RETURN',
      amount: '12.00',
    });
    expect(await order(placed.id)).toMatchObject({ paid_amount: '0.00', payment_status: 'REFUNDED' });
    // Nothing left to refund: a third return is received without one.
    await ok(receive((await addReturn(shipped, 12)).id));
    expect(await refundsOf(placed.orderNo)).toHaveLength(3);

    // Paid otherwise (by hand), or another 退款方式: the return refunds nothing here, as before.
    const cod = await post<{ id: string; orderNo: string; payableAmount: string }>(
      'admin',
      '/eOrder/eOrder/add',
      { buyerId: outletId, paymentMethod: 'COD', lines: [{ skuId, cases: 2 }] },
    );
    await post('admin', '/payment/add', {
      orderId: cod.id,
      amount: Number(cod.payableAmount),
      channel: 'CASH',
    });
    const codShipped = await ship(cod.id);
    await ok(receive((await addReturn(codShipped, 12)).id));
    // 冲抵欠款 of an order not yet paid: it owes the rest only, and 登记收款 takes no more.
    const unpaid = await post<{ id: string; orderNo: string; payableAmount: string }>(
      'admin',
      '/eOrder/eOrder/add',
      { buyerId: outletId, paymentMethod: 'COD', lines: [{ skuId, cases: 2 }] },
    );
    const offset = await addReturn(await ship(unpaid.id), 12, 'OFFSET_AR');
    await ok(receive(offset.id));
    const rest = toCents(unpaid.payableAmount) - toCents(offset.amount);
    expect(
      (
        await bed.post('admin', '/payment/add', {
          orderId: unpaid.id,
          amount: Number(unpaid.payableAmount),
          channel: 'CASH',
        })
      ).body,
    ).toMatchObject({
      success: false,
      code: 409,
      message: `收款金额 ${yuan(toCents(unpaid.payableAmount))} 超过未付金额 ${yuan(rest)}`,
    });
    await post('admin', '/payment/add', { orderId: unpaid.id, amount: rest / 100, channel: 'CASH' });
    expect(await order(unpaid.id)).toMatchObject({ payment_status: 'PAID', paid_amount: centsText(rest) });
    // Signed and paid all but the goods coming back: the return's 入库 settles it, and the order is done.
    const signed = await post<{ id: string; payableAmount: string }>('admin', '/eOrder/eOrder/add', {
      buyerId: outletId,
      paymentMethod: 'COD',
      lines: [{ skuId, cases: 2 }],
    });
    const signedDetail = await ship(signed.id);
    await post('admin', '/eOrder/eOrder/saveOrderSign', { id: signed.id });
    const settling = await addReturn(signedDetail, 12, 'OFFSET_AR');
    await post('admin', '/payment/add', {
      orderId: signed.id,
      amount: (toCents(signed.payableAmount) - toCents(settling.amount)) / 100,
      channel: 'CASH',
    });
    expect(await order(signed.id)).toMatchObject({ payment_status: 'PARTIAL', status: 'SIGNED' });
    await ok(receive(settling.id));
    expect(await order(signed.id)).toMatchObject({ payment_status: 'PAID', status: 'COMPLETED' });
    const online = await place();
    await payAtCashier(await post<Prepay>('admin', '/payment/prepay', { orderId: online.id }));
    await ok(receive((await addReturn(await ship(online.id), 12, 'TO_PREPAID')).id));
    expect(await refundsOf(cod.orderNo)).toEqual([]);
    expect(await refundsOf(online.orderNo)).toEqual([]);
    expect(await order(cod.id)).toMatchObject({ paid_amount: cod.payableAmount, payment_status: 'PAID' });
  });

  it('keeps other tenants and callers without the permission out', async () => {
    const placed = await place();
    expect((await bed.post('t2admin', '/payment/prepay', { orderId: placed.id })).body).toMatchObject({
      success: false,
    });
    expect((await bed.get('wangfang', '/payment/record/list')).status).toBe(403);
    const other = await get<Page<PaymentRow>>('t2admin', `/payment/record/list?keyword=${placed.orderNo}`);
    expect(other.records).toEqual([]);
  });
});

describe.each(testBackends())('WeChat configuration on %s', (backend) => {
  let bed: BusinessTestbed;
  beforeAll(async () => {
    bed = await openBusinessTestbed(backend);
  }, 180_000);
  afterAll(() => bed?.close());

  it('stores secrets encrypted and never answers them', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const apiV3Key = 'A'.repeat(31) + 'Z';
    await ok(
      bed.post('admin', '/wxconfig/save', {
        kind: 'PAY_MERCHANT',
        name: '品牌微信支付',
        mode: 'SIMULATOR',
        mchId: '1900000109',
        serialNo: 'SERIAL01',
        apiV3Key,
        privateKey: pem,
      }),
    );
    await ok(
      bed.post('admin', '/wxconfig/save', {
        kind: 'MINI_MALL',
        name: '商城',
        mode: 'SIMULATOR',
        appId: 'wx1',
        appSecret: 'mall-secret-value',
      }),
    );
    const answer = await bed.get('admin', '/wxconfig/list');
    const text = JSON.stringify(answer.body);
    for (const secret of [apiV3Key, 'mall-secret-value', 'PRIVATE KEY']) expect(text).not.toContain(secret);
    expect(answer.body).toMatchObject({
      result: expect.arrayContaining([
        expect.objectContaining({
          kind: 'PAY_MERCHANT',
          apiV3KeySet: true,
          privateKeySet: true,
          mchId: '1900000109',
        }),
        expect.objectContaining({ kind: 'MINI_MALL', appSecretSet: true, appId: 'wx1' }),
      ]),
    });
    const stored = await bed.testDatabase.database.db
      .selectFrom('wx_accounts')
      .select(['api_v3_key_enc', 'app_secret_enc'])
      .where('tenant_id', '=', 'A01')
      .execute();
    for (const row of stored) {
      expect(JSON.stringify(row)).not.toContain(apiV3Key);
      expect(JSON.stringify(row)).not.toContain('mall-secret-value');
    }
    // A blank secret keeps the stored one; a bad key is refused; other tenants and users see nothing of it.
    await ok(
      bed.post('admin', '/wxconfig/save', {
        kind: 'MINI_MALL',
        name: '商城2',
        mode: 'SIMULATOR',
        appSecret: '',
      }),
    );
    expect(JSON.stringify((await bed.get('admin', '/wxconfig/list')).body)).toContain('"appSecretSet":true');
    const bad = await bed.post('admin', '/wxconfig/save', {
      kind: 'PAY_MERCHANT',
      name: 'x',
      mode: 'SIMULATOR',
      apiV3Key: 'short',
    });
    expect(bad.body).toMatchObject({ success: false, message: 'APIv3 密钥必须为 32 位' });
    expect((await bed.get('wangfang', '/wxconfig/list')).status).toBe(403);
    expect(JSON.stringify((await bed.get('t2admin', '/wxconfig/list')).body)).not.toContain('1900000109');
  });
});
