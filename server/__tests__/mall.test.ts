// The mall's buyer API and the employee-price programme (issue #22, DOMAIN §1.5 and §1.16) on both back ends:
// an outlet buyer signs in by SMS code and sees his own prices, stock and promotions, fills a cart and orders
// through the one placement of orders; a buyer token opens no back-office route and a back-office token no
// buyer route; an employee buys at employee price within the per-SKU limit and the monthly quota — also under
// concurrent orders —, pays online (WeChat Pay H5 against the simulator: its cashier, the signed notify; a
// replayed notify changes nothing, nobody pays another's order) and the order is picked up by its code in the
// back office; unpaid orders are cancelled after 30 minutes and can no longer be paid, a payment arriving after
// the cancellation goes back by the original route; refunds (online ones by the original route) free the
// quota; an outlet pays part of an order with its coins; the OpenAPI document lists the buyer routes.
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import type { Page } from '../../common/contract';
import { stableId } from '../db/ids';
import { demoUserId } from '../db/seed/ids';
import { listRouteAccess } from '../http/access';
import { simulatedPay } from '../integrations/wechatpay/simulator';
import { cancelExpiredEmployeeOrders } from '../modules/mall/employeeOrders';
import { coinBalanceOf, postCoins } from '../modules/funds/ledger';
import { PAY_QUERY_INTERVAL_MS, submitRefunds } from '../modules/payments/service';
import { addDays } from '../modules/stock/stockAge';
import { apiClient, loginAs, type ApiAnswer } from './support/auth';
import { insertManager } from './support/privilege';
import { testBackends } from './support/database';
import {
  activatePriceList,
  ok,
  openBusinessTestbed,
  orderableGoods,
  queryString,
  shanghaiToday,
  type BusinessTestbed,
  type Caller,
  type OrderableGoods,
} from './support/business';
import { until } from './support/until';
import { interceptWechatPay, refundAccepted, replayPaidNotifies } from './support/wechatPay';

interface CatalogueItem {
  skuId: string;
  casePrice: string;
  availableCases: number;
  monthLimit?: number | null;
  monthLeft?: number | null;
}

interface Prepay {
  payNo: string;
  amount: string;
  tradeType: string;
  h5Url: string | null;
  simulatorPayUrl: string | null;
}

describe.each(testBackends())('mall buyer API and employee shop on %s', (backend) => {
  let bed: BusinessTestbed;
  let goods: OrderableGoods;
  let pickupPointId: string;
  let client: ReturnType<typeof apiClient>;
  const OUTLET_MOBILE = '13911110001';

  const admin = <T = { id: string }>(path: string, body: unknown) => ok(bed.post<T>('admin', path, body));
  const as = <T>(token: string, path: string, body?: unknown): Promise<ApiAnswer<T>> =>
    body === undefined ? client.get<T>(path, token) : client.post<T>(path, body, token);
  const buyerOk = <T>(token: string, path: string, body?: unknown) => ok(as<T>(token, path, body));

  /** Signs a buyer in as the mall does: an SMS code (read from the simulator's outbox), then the login. */
  const signIn = async (mobile: string, kind: 'OUTLET' | 'EMPLOYEE') => {
    expect((await client.post('/buyer/sms', { mobile })).body).toMatchObject({ success: true });
    const { content } = await bed.testDatabase.database.db
      .selectFrom('sms_outbox')
      .select('content')
      .where('mobile', '=', mobile)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const code = /(\d{6})/.exec(content)![1];
    return (await ok(client.post<{ token: string }>('/buyer/login', { mobile, code, kind }))).token;
  };

  /** 收款记录 (/payment/record/list) as `caller` sees it, filtered by `query`. */
  const paymentRecords = async (caller: Caller, query: Record<string, string>) =>
    (
      await ok(
        bed.get<{ records: Array<Record<string, unknown>> }>(
          caller,
          `/payment/record/list${queryString(query)}`,
        ),
      )
    ).records;

  let outletSession: Promise<string> | undefined;
  /** The outlet buyer, signed in once: a code is sent to one mobile at most once a minute. */
  const outletToken = () => (outletSession ??= signIn(OUTLET_MOBILE, 'OUTLET'));

  const addEmployee = async (
    employeeNo: string,
    mobile: string,
    quota: number,
    cases: number | null = null,
  ) =>
    admin('/eEmployee/buyer/save', {
      employeeNo,
      name: `员工${employeeNo}`,
      mobile,
      companyName: '华饮酒业集团',
      monthlyQuotaAmount: quota,
      monthlyQuotaCases: cases,
    });

  /** The payer presses 确认支付 at the simulator's cashier; it then posts the signed notify to us. */
  const payAtCashier = async (prepay: Prepay) => {
    const prepayId = new URL(prepay.simulatorPayUrl!, 'http://x').searchParams.get('prepay_id');
    const response = await fetch(`${bed.server.baseUrl}/sim/wechatpay/cashier/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prepay_id: prepayId }),
    });
    return (await response.json()) as { ok: boolean; status: number };
  };
  const employeeOrder = (id: string) =>
    bed.testDatabase.database.db
      .selectFrom('employee_orders')
      .select(['status', 'version', 'paid_amount', 'payment_ref'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const refundsOf = (id: string) =>
    bed.testDatabase.database.db
      .selectFrom('refunds')
      .select(['method', 'cause', 'status', 'amount'])
      .where('biz_type', '=', 'EMPLOYEE_ORDER')
      .where('biz_id', '=', id)
      .execute();
  const placeOnline = (token: string, cases = 1) =>
    buyerOk<{ id: string; orderNo: string; payableAmount: string }>(token, '/buyer/employee/orders/place', {
      pickupPointId,
      paymentMethod: 'ONLINE',
      lines: [{ skuId: goods.skuIds[1], cases }],
    });

  beforeAll(async () => {
    bed = await openBusinessTestbed(backend);
    client = apiClient(bed.server.baseUrl);
    goods = await orderableGoods(bed, 'admin', 'MALL', 'A01A02', 2);
    const { db } = bed.testDatabase.database;
    await db
      .updateTable('customers')
      .set({ boss_mobile: OUTLET_MOBILE })
      .where('id', '=', goods.outletId)
      .execute();
    await db
      .updateTable('skus')
      .set({ employee_mall_visible: true })
      .where('id', 'in', goods.skuIds)
      .execute();
    const list = await admin('/eMaterial/priceList/add', {
      code: 'MALL-EMP',
      name: '员工价目表',
      priceType: 'EMPLOYEE',
      validFrom: `${addDays(shanghaiToday(), -30)} 00:00:00`,
      scopes: [],
      items: goods.skuIds.map((skuId) => ({ skuId, unit: 'CASE', price: 30, floorPrice: null })),
    });
    await activatePriceList(bed, 'admin', list.id);
    await admin('/eEmployee/price/limit', { skuId: goods.skuIds[0], perMonthLimitQty: 3 });
    pickupPointId = (
      await admin('/eEmployee/pickupPoint/save', { name: '总部自提点', address: '杭州市滨江区 1 号' })
    ).id;
  }, 180_000);
  afterAll(() => bed?.close());

  it('lets an outlet buyer sign in, see his prices and stock, fill a cart and order through the one placement', async () => {
    const token = await outletToken();
    const me = await buyerOk<{ kind: string; buyerId: string }>(token, '/buyer/me');
    expect(me).toMatchObject({ kind: 'OUTLET', buyerId: goods.outletId });
    const catalogue = await buyerOk<{ items: CatalogueItem[] }>(token, '/buyer/catalogue');
    expect(catalogue.items.find((item) => item.skuId === goods.skuId)).toMatchObject({
      casePrice: '48.00',
      availableCases: 40,
    });
    await buyerOk(token, '/buyer/cart/set', { skuId: goods.skuId, cases: 2 });
    const cart = await buyerOk<Array<{ skuId: string; cases: number }>>(token, '/buyer/cart');
    expect(cart).toEqual([expect.objectContaining({ skuId: goods.skuId, cases: 2 })]);
    const preview = await buyerOk<{ payableAmount: string }>(token, '/buyer/cart/preview', {});
    expect(preview.payableAmount).toBe('96.00');
    const placed = await buyerOk<{ id: string; orderNo: string; payableAmount: string }>(
      token,
      '/buyer/orders/place',
      {
        paymentMethod: 'COD',
        buyerRemark: '下午送',
      },
    );
    expect(placed.payableAmount).toBe('96.00');
    expect(await buyerOk(token, '/buyer/cart')).toEqual([]);
    // The back office sees it as a mall order of the outlet, priced as the PC would.
    const order = await ok(
      bed.get<Record<string, unknown>>('admin', `/eOrder/eOrder/queryById?id=${placed.id}`),
    );
    expect(order).toMatchObject({
      orderType: 'OUTLET_MALL',
      sourceChannel: 'MINIPROGRAM',
      status: 'PENDING_AUDIT',
    });
    const mine = await buyerOk<{ records: Array<{ id: string }> }>(token, '/buyer/orders/list');
    expect(mine.records.map((row) => row.id)).toContain(placed.id);
    const detail = await buyerOk<{ status: string; log: Array<{ action: string }> }>(
      token,
      `/buyer/orders/detail${queryString({ id: placed.id })}`,
    );
    expect(detail).toMatchObject({
      status: 'PENDING_AUDIT',
      log: [expect.objectContaining({ action: 'CREATE' })],
    });
    expect(
      (await buyerOk<{ status: string }>(token, '/buyer/orders/cancel', { id: placed.id, reason: '下错了' }))
        .status,
    ).toBe('CANCELLED');
    // Another tenant's buyer, or an order that is not his: not found.
    expect((await as(token, `/buyer/orders/detail${queryString({ id: 'x'.repeat(32) })}`)).body.success).toBe(
      false,
    );
  });

  it('lets an outlet buyer pay part of his order with his own coins, frozen at submit and freed when he cancels', async () => {
    const token = await outletToken();
    const coins = () => coinBalanceOf(bed.testDatabase.database.db, 'A01', goods.outletId);
    const before = await coins();
    await bed.testDatabase.database.db.transaction().execute((trx) =>
      postCoins(trx, {
        tenantId: 'A01',
        customerId: goods.outletId,
        coins: 500,
        entryType: 'EARN_EXECUTION',
        source: { type: 'EXECUTION', no: `ZX-MALL-${backend}` },
      }),
    );
    const available = before.available + 500;
    const lines = [{ skuId: goods.skuId, cases: 2 }];
    // 2 cases = 96.00, coins may pay 20% of it: 1920 coins.
    const preview = await buyerOk<{ payableAmount: string; coins: { available: number; coins: number } }>(
      token,
      '/buyer/cart/preview',
      { lines, coinDeductCoins: 300 },
    );
    expect(preview.coins).toMatchObject({ available, coins: 300 });
    expect(preview.payableAmount).toBe('93.00');
    const short = await as(token, '/buyer/orders/place', {
      paymentMethod: 'COD',
      lines,
      coinDeductCoins: available + 1,
    });
    expect(short.body).toMatchObject({ success: false, code: 409 });
    const placed = await buyerOk<{ id: string; payableAmount: string }>(token, '/buyer/orders/place', {
      paymentMethod: 'COD',
      lines,
      coinDeductCoins: 300,
    });
    expect(placed.payableAmount).toBe('93.00');
    expect(await coins()).toMatchObject({ frozen: before.frozen + 300, available: available - 300 });
    await buyerOk(token, '/buyer/orders/cancel', { id: placed.id, reason: '不要了' });
    expect(await coins()).toMatchObject({ frozen: before.frozen, available });
  });

  it('lets an outlet buyer pay his 在线支付 order by WeChat Pay; the payment is the order’s 收款', async () => {
    const token = await outletToken();
    const lines = [{ skuId: goods.skuId, cases: 1 }];
    const cod = await buyerOk<{ id: string }>(token, '/buyer/orders/place', { paymentMethod: 'COD', lines });
    expect((await as(token, '/buyer/orders/pay', { id: cod.id })).body).toMatchObject({
      success: false,
      code: 409,
    });
    await buyerOk(token, '/buyer/orders/cancel', { id: cod.id, reason: '改为在线支付' });
    const placed = await buyerOk<{ id: string; orderNo: string; payableAmount: string }>(
      token,
      '/buyer/orders/place',
      { paymentMethod: 'ONLINE', lines },
    );
    const prepay = await buyerOk<Prepay>(token, '/buyer/orders/pay', { id: placed.id });
    expect(prepay).toMatchObject({ amount: placed.payableAmount, tradeType: 'H5' });
    expect(prepay.h5Url).toContain('/sim/wechatpay/cashier?prepay_id=');
    expect((await buyerOk<Prepay>(token, '/buyer/orders/pay', { id: placed.id })).payNo).toBe(prepay.payNo);
    const status = () =>
      buyerOk<{ status: string; paymentStatus: string; waiting: boolean }>(
        token,
        `/buyer/orders/payStatus${queryString({ id: placed.id })}`,
      );
    expect(await status()).toMatchObject({ status: 'PENDING_AUDIT', paymentStatus: 'UNPAID', waiting: true });
    // Not another buyer's order.
    expect((await as(token, '/buyer/orders/pay', { id: 'x'.repeat(32) })).body).toMatchObject({
      success: false,
      code: 404,
    });

    expect(await payAtCashier(prepay)).toMatchObject({ ok: true, status: 204 });
    expect(await status()).toMatchObject({
      status: 'PENDING_AUDIT',
      paymentStatus: 'PAID',
      paymentStatus_dictText: '已支付',
      waiting: false,
    });
    expect((await as(token, '/buyer/orders/pay', { id: placed.id })).body).toMatchObject({
      success: false,
      code: 409,
    });
    // The back office's 收款记录 has it as the order's online payment.
    expect(await paymentRecords('admin', { keyword: placed.orderNo })).toEqual([
      expect.objectContaining({
        bizType: 'ORDER',
        orderId: placed.id,
        source: 'ONLINE',
        channel: 'WECHAT',
        amount: placed.payableAmount,
      }),
    ]);
  });

  it('keeps buyer and back-office tokens apart: neither opens the other side', async () => {
    const token = await signIn('13911110002', 'EMPLOYEE').catch(() => undefined);
    expect(token).toBeUndefined(); // no such employee yet: no code is sent
    await addEmployee('E-GATE', '13911110002', 500);
    const buyer = await signIn('13911110002', 'EMPLOYEE');
    const routes = listRouteAccess(bed.server.app).filter(
      (route) => route.url.startsWith('/api/') && route.method !== 'HEAD',
    );
    const backOffice = routes.filter((route) => route.access !== 'public' && route.access !== 'buyer');
    expect(backOffice.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    for (const route of backOffice) {
      const response = await fetch(`${bed.server.baseUrl}${route.url.replace(/:(\w+)/g, 'x')}`, {
        method: route.method,
        headers: { 'x-access-token': buyer },
      });
      if (response.status !== 401) wrong.push(`${route.method} ${route.url} → ${response.status}`);
    }
    expect(wrong).toEqual([]);
    const buyerRoutes = routes.filter((route) => route.access === 'buyer');
    expect(buyerRoutes.length).toBeGreaterThan(10);
    const adminToken = (await bed.get('admin', '/sys/user/list')).status === 200;
    expect(adminToken).toBe(true);
    for (const route of buyerRoutes) {
      const without = await fetch(`${bed.server.baseUrl}${route.url}`, { method: route.method });
      const backOfficeToken = await bed[route.method === 'GET' ? 'get' : 'post'](
        'admin',
        route.url.slice(4),
        {},
      );
      if (without.status !== 401 || backOfficeToken.status !== 401)
        wrong.push(`${route.method} ${route.url} → ${without.status}/${backOfficeToken.status}`);
    }
    expect(wrong).toEqual([]);
    // The employee's token does not open the outlet's routes either.
    expect((await as(buyer, '/buyer/orders/list')).body).toMatchObject({ success: false, code: 403 });
  });

  it('sells to an employee at employee price within the per-SKU limit, takes the payment and hands over by code', async () => {
    await addEmployee('E-1001', '13911110003', 500, 20);
    const token = await signIn('13911110003', 'EMPLOYEE');
    const catalogue = await buyerOk<{ items: CatalogueItem[] }>(token, '/buyer/catalogue');
    expect(catalogue.items.find((item) => item.skuId === goods.skuIds[0])).toMatchObject({
      casePrice: '30.00',
      monthLimit: 3,
      monthLeft: 3,
    });
    const points = await buyerOk<Array<{ id: string }>>(token, '/buyer/pickupPoints');
    expect(points.map((point) => point.id)).toContain(pickupPointId);
    await buyerOk(token, '/buyer/cart/set', { skuId: goods.skuIds[0], cases: 2 });
    const placed = await buyerOk<{ id: string; orderNo: string; status: string; payableAmount: string }>(
      token,
      '/buyer/employee/orders/place',
      { pickupPointId, paymentMethod: 'ONLINE' },
    );
    expect(placed).toMatchObject({ status: 'PENDING_PAYMENT', payableAmount: '60.00' });
    // Two more of a SKU limited to 3 a month: refused, naming what is left.
    const over = await as(token, '/buyer/employee/orders/place', {
      pickupPointId,
      paymentMethod: 'ONLINE',
      lines: [{ skuId: goods.skuIds[0], cases: 2 }],
    });
    expect(over.body).toMatchObject({ success: false, code: 409 });
    expect(over.body.message).toContain('还可购 1');

    // 去支付: a WeChat Pay H5 prepay; asked again while open, the same one.
    const prepay = await buyerOk<Prepay>(token, '/buyer/employee/orders/pay', { id: placed.id });
    expect(prepay).toMatchObject({ amount: '60.00', tradeType: 'H5' });
    expect(prepay.h5Url).toContain('/sim/wechatpay/cashier?prepay_id=');
    expect((await buyerOk<Prepay>(token, '/buyer/employee/orders/pay', { id: placed.id })).payNo).toBe(
      prepay.payNo,
    );
    // Nobody else pays (or looks at) his order.
    await addEmployee('E-OTHER', '13911110006', 500);
    const other = await signIn('13911110006', 'EMPLOYEE');
    expect((await as(other, '/buyer/employee/orders/pay', { id: placed.id })).body).toMatchObject({
      success: false,
      code: 404,
    });
    expect(
      (await as(other, `/buyer/employee/orders/payStatus${queryString({ id: placed.id })}`)).body,
    ).toMatchObject({ success: false, code: 404 });
    const status = () =>
      buyerOk<{ status: string }>(token, `/buyer/employee/orders/payStatus${queryString({ id: placed.id })}`);
    expect(await status()).toMatchObject({ status: 'PENDING_PAYMENT', status_dictText: '待付款' });

    // The cashier needs the payer's click; the simulator then posts the signed notify and the order is paid.
    const cashier = await fetch(`${bed.server.baseUrl}${prepay.simulatorPayUrl}`);
    expect(await cashier.text()).toContain('确认支付');
    expect(await payAtCashier(prepay)).toMatchObject({ ok: true, status: 204 });
    expect(await status()).toMatchObject({ status: 'PAID', orderNo: placed.orderNo });
    const paidRow = await employeeOrder(placed.id);
    expect(paidRow).toMatchObject({ status: 'PAID', paid_amount: '60.00' });
    expect(paidRow.payment_ref).toMatch(/^42000/);
    // The same notify again, and another notify of the same payment: acknowledged, nothing changes.
    const { db } = bed.testDatabase.database;
    const transaction = await db
      .selectFrom('pay_transactions')
      .select(['order_id', 'transaction_id'])
      .where('pay_no', '=', prepay.payNo)
      .executeTakeFirstOrThrow();
    expect(transaction.order_id).toBeNull(); // an employee order is no sales order
    expect(await replayPaidNotifies(db, bed.server.baseUrl, 'A01', prepay.payNo)).toEqual([204, 204]);
    expect(await employeeOrder(placed.id)).toEqual(paidRow);
    expect(await refundsOf(placed.id)).toEqual([]);
    // 收款记录 lists the employee order's payment as it lists a sales order's (once, whatever the replays).
    expect(await paymentRecords('admin', { keyword: placed.orderNo })).toEqual([
      expect.objectContaining({
        bizType: 'EMPLOYEE_ORDER',
        bizType_dictText: '内购订单',
        paymentNo: prepay.payNo,
        orderId: placed.id,
        orderNo: placed.orderNo,
        customerName: '员工E-1001',
        amount: '60.00',
        refundedAmount: '0.00',
        channel: 'WECHAT',
        source: 'ONLINE',
        transactionId: transaction.transaction_id,
      }),
    ]);
    const keyword = placed.orderNo;
    expect(
      await paymentRecords('admin', { bizType: 'EMPLOYEE_ORDER', source: 'ONLINE', keyword }),
    ).toHaveLength(1);
    expect(await paymentRecords('admin', { bizType: 'ORDER', keyword })).toEqual([]);
    expect(await paymentRecords('t2admin', { keyword })).toEqual([]);
    // Paid: no second payment.
    expect((await as(token, '/buyer/employee/orders/pay', { id: placed.id })).body).toMatchObject({
      success: false,
      code: 409,
    });
    const [mine] = await buyerOk<Array<{ id: string; status: string; pickupCode: string }>>(
      token,
      '/buyer/employee/orders/list',
    );
    expect(mine).toMatchObject({
      id: placed.id,
      status: 'PAID',
      pickupCode: expect.stringMatching(/^\d{8}$/),
    });
    const found = await ok(
      bed.get<{ id: string; employeeName: string }>(
        'admin',
        `/eEmployee/pickup/lookup?code=${mine.pickupCode}`,
      ),
    );
    expect(found).toMatchObject({ id: placed.id, employeeName: '员工E-1001' });
    expect(
      (await admin<{ status: string }>('/eEmployee/pickup/confirm', { code: mine.pickupCode })).status,
    ).toBe('PICKED_UP');
    const again = await bed.post('admin', '/eEmployee/pickup/confirm', { code: mine.pickupCode });
    expect(again.body).toMatchObject({ success: false, code: 409 });
    // Someone without the permission cannot verify a pickup.
    expect((await bed.post('wangfang', '/eEmployee/pickup/confirm', { code: mine.pickupCode })).status).toBe(
      403,
    );
    const listed = await ok(
      bed.get<{ records: Array<{ id: string; status: string }> }>(
        'admin',
        '/eEmployee/order/list?status=PICKED_UP',
      ),
    );
    expect(listed.records.map((row) => row.id)).toContain(placed.id);
    const usage = await ok(
      bed.get<{ records: Array<{ employeeNo: string; usedAmount: string; usedCases: number }> }>(
        'admin',
        '/eEmployee/buyer/list?employeeNo=E-1001',
      ),
    );
    expect(usage.records[0]).toMatchObject({ usedAmount: '60.00', usedCases: 2 });
  });

  it('pages 员工价目表, 自提点 and 自提核销’s records with their filters, each behind its list’s code', async () => {
    type Price = {
      skuId: string;
      skuCode: string;
      price: string;
      priceListId: string;
      perMonthLimitQty: number | null;
    };
    const prices = (query: string) =>
      ok(bed.get<Page<Price>>('admin', `/eEmployee/price/list?pageSize=50&${query}`));
    const all = await prices('');
    expect(all.records.map((row) => row.skuId)).toEqual(expect.arrayContaining(goods.skuIds));
    // A limit set, or none; by SKU code; by price list; sorted by price on the server.
    const limited = await prices('limited=true');
    expect(limited.records.map((row) => row.skuId)).toContain(goods.skuIds[0]);
    expect(limited.records.every((row) => row.perMonthLimitQty !== null)).toBe(true);
    const open = await prices('limited=false');
    expect(open.records.map((row) => row.skuId)).toContain(goods.skuIds[1]);
    expect(open.records.every((row) => row.perMonthLimitQty === null)).toBe(true);
    expect(limited.total + open.total).toBe(all.total);
    const code = all.records.find((row) => row.skuId === goods.skuIds[1])!.skuCode;
    const byCode = await prices(`keyword=${encodeURIComponent(code)}`);
    expect(byCode.records.map((row) => row.skuCode)).toContain(code);
    expect(byCode.records.every((row) => row.skuCode.includes(code))).toBe(true);
    const lists = await ok(
      bed.get<Array<{ id: string; code: string }>>('admin', '/eEmployee/price/priceLists'),
    );
    const mallList = lists.find((list) => list.code === 'MALL-EMP')!;
    const ofList = await prices(`priceListId=${mallList.id}`);
    expect(ofList.total).toBe(goods.skuIds.length);
    const byPrice = (await prices('column=price&order=desc')).records.map((row) => Number(row.price));
    expect(byPrice).toEqual([...byPrice].sort((a, b) => b - a));

    // 自提点: by name, address or contact, and status.
    await admin('/eEmployee/pickupPoint/save', {
      name: '宁波旧仓自提点',
      address: '宁波市北仑区',
      status: 'DISABLED',
    });
    type Point = { id: string; name: string; status: string };
    const points = (query: string) =>
      ok(bed.get<Page<Point>>('admin', `/eEmployee/pickupPoint/list?${query}`));
    expect((await points(`keyword=${encodeURIComponent('滨江')}`)).records.map((row) => row.id)).toEqual([
      pickupPointId,
    ]);
    const active = await points('status=ACTIVE&pageSize=100');
    expect(active.records.map((row) => row.id)).toContain(pickupPointId);
    expect(active.records.map((row) => row.name)).not.toContain('宁波旧仓自提点');

    // 自提核销's records: orders at the counter or handed over, found by the employee's mobile and pickup day.
    type Pickup = {
      status: string;
      employeeMobile: string;
      pickedUpAt: string | null;
      pickedUpByName: string | null;
    };
    const pickups = (query: string) => ok(bed.get<Page<Pickup>>('admin', `/eEmployee/pickup/list?${query}`));
    const today = shanghaiToday();
    const handed = await pickups(`keyword=13911110003&pickedUpAt_begin=${today}&pickedUpAt_end=${today}`);
    expect(handed.records).toEqual([
      expect.objectContaining({
        status: 'PICKED_UP',
        employeeMobile: '13911110003',
        pickedUpByName: expect.any(String),
      }),
    ]);
    const tomorrow = addDays(today, 1);
    expect((await pickups(`keyword=13911110003&pickedUpAt_begin=${tomorrow}`)).total).toBe(0);
    const counter = await pickups('pageSize=100');
    expect(
      counter.records.every((row) =>
        ['PAID', 'READY_FOR_PICKUP', 'PICKED_UP', 'COMPLETED'].includes(row.status),
      ),
    ).toBe(true);
    expect((await bed.get('admin', '/eEmployee/pickup/list?status=CANCELLED')).status).toBe(400);
    // 内购员工名单 and 内购订单 are found by the employee's mobile as well.
    const buyers = await ok(
      bed.get<Page<{ employeeNo: string }>>('admin', '/eEmployee/buyer/list?keyword=1391111000'),
    );
    expect(buyers.records.map((row) => row.employeeNo)).toEqual(expect.arrayContaining(['E-GATE', 'E-1001']));
    const orders = await ok(bed.get<Page<Pickup>>('admin', '/eEmployee/order/list?keyword=13911110003'));
    expect(orders.records.map((row) => row.employeeMobile)).toEqual(['13911110003']);

    // A pickup clerk (employee:pickup only) reads the records and the pickup points its filter offers, not the
    // orders or prices; someone without either code reads none of them.
    await insertManager(bed.testDatabase.database.db, {
      username: 'pickupclerk',
      phone: '13800000091',
      extra: ['/eEmployee', '/eEmployee/pickup', 'employee:pickup'],
    });
    const clerk = await loginAs(client, 'pickupclerk');
    const statusOf = async (path: string, token: string) =>
      (await fetch(`${bed.server.baseUrl}/api${path}`, { headers: { 'x-access-token': token } })).status;
    const exports = ['/eEmployee/pickup/exportXls', '/eEmployee/pickupPoint/exportXls'];
    for (const path of ['/eEmployee/pickup/list', '/eEmployee/pickupPoint/list', ...exports])
      expect(await statusOf(path, clerk)).toBe(200);
    for (const path of ['/eEmployee/order/list', '/eEmployee/price/list', '/eEmployee/price/exportXls'])
      expect(await statusOf(path, clerk)).toBe(403);
    for (const path of exports) expect((await bed.download('wangfang', path)).status).toBe(403);
  });

  it('holds the monthly quota under concurrent orders: exactly as many as fit are placed', async () => {
    await addEmployee('E-RACE', '13911110004', 100);
    const token = await signIn('13911110004', 'EMPLOYEE');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        as<{ id: string }>(token, '/buyer/employee/orders/place', {
          pickupPointId,
          paymentMethod: 'PAYROLL',
          lines: [{ skuId: goods.skuIds[1], cases: 1 }],
        }),
      ),
    );
    const placed = answers.filter((answer) => answer.body.success);
    expect(placed).toHaveLength(3); // 3 × ¥30 fit in ¥100, a fourth does not
    for (const refused of answers.filter((answer) => !answer.body.success)) {
      expect(refused.body).toMatchObject({ code: 409, message: expect.stringContaining('超出本月内购额度') });
    }
    const me = await buyerOk<{ quota: { usedAmount: string; leftAmount: string } }>(token, '/buyer/me');
    expect(me.quota).toMatchObject({ usedAmount: '90.00', leftAmount: '10.00' });
    // A refund gives the quota back.
    const refunded = await admin<{ status: string }>('/eEmployee/order/refund', {
      id: placed[0].body.result!.id,
      reason: '员工离职',
    });
    expect(refunded.status).toBe('REFUNDED');
    expect((await buyerOk<{ quota: { usedAmount: string } }>(token, '/buyer/me')).quota.usedAmount).toBe(
      '60.00',
    );
  });

  it('records a 工资代扣 order’s payment when it is placed and its refund as a recorded refund, both in 支付管理', async () => {
    await addEmployee('E-PAYROLL', '13911110013', 300);
    const token = await signIn('13911110013', 'EMPLOYEE');
    const placed = await buyerOk<{ id: string; orderNo: string; payableAmount: string; status: string }>(
      token,
      '/buyer/employee/orders/place',
      { pickupPointId, paymentMethod: 'PAYROLL', lines: [{ skuId: goods.skuIds[1], cases: 2 }] },
    );
    expect(placed).toMatchObject({ payableAmount: '60.00', status: 'PAID' });
    const [payment] = await paymentRecords('admin', { keyword: placed.orderNo });
    expect(payment).toMatchObject({
      bizType: 'EMPLOYEE_ORDER',
      orderId: placed.id,
      orderNo: placed.orderNo,
      customerName: '员工E-PAYROLL',
      amount: '60.00',
      refundedAmount: '0.00',
      channel: 'PAYROLL',
      channel_dictText: '工资代扣',
      source: 'MANUAL',
      payNo: null,
    });
    expect(payment.paymentNo).toMatch(/^SK\d{12}$/);
    expect((await employeeOrder(placed.id)).payment_ref).toBe(payment.paymentNo);
    // 收款方式 filters: 工资代扣 lists the employee orders' payroll payments only.
    const payroll = await paymentRecords('admin', { channel: 'PAYROLL', pageSize: '100' });
    expect(payroll.map((row) => row.paymentNo)).toContain(payment.paymentNo);
    expect(new Set(payroll.map((row) => `${row.bizType} ${row.channel}`))).toEqual(
      new Set(['EMPLOYEE_ORDER PAYROLL']),
    );
    expect(
      (await paymentRecords('admin', { channel: 'WECHAT', pageSize: '100' })).map((row) => row.paymentNo),
    ).not.toContain(payment.paymentNo);
    // 登记收款 of a sales order does not take 工资代扣: the request is refused before the order is looked up.
    const receipt = (channel: string) =>
      bed
        .post('admin', '/payment/add', { orderId: placed.id, amount: 1, channel })
        .then((answer) => answer.body);
    expect(await receipt('PAYROLL')).toMatchObject({ success: false, code: 400 });
    expect(await receipt('CASH')).toMatchObject({ success: false, code: 404 });

    // 退款: recorded at once (no gateway), the order REFUNDED, the payment refunded, its quota free again.
    const refunded = await admin<{ status: string }>('/eEmployee/order/refund', {
      id: placed.id,
      reason: '员工离职',
    });
    expect(refunded.status).toBe('REFUNDED');
    expect(await refundsOf(placed.id)).toEqual([
      { method: 'OFFLINE', cause: 'MANUAL', status: 'SUCCESS', amount: '60.00' },
    ]);
    expect((await paymentRecords('admin', { keyword: placed.orderNo }))[0]).toMatchObject({
      refundedAmount: '60.00',
    });
    const refunds = await ok(
      bed.get<{ records: Array<Record<string, unknown>> }>(
        'admin',
        `/payment/refund/list${queryString({ keyword: placed.orderNo })}`,
      ),
    );
    expect(refunds.records).toEqual([
      expect.objectContaining({
        bizType: 'EMPLOYEE_ORDER',
        buyerName: '员工E-PAYROLL',
        paymentNo: payment.paymentNo,
        method: 'OFFLINE',
        channel: 'PAYROLL',
        channel_dictText: '工资代扣',
        status: 'SUCCESS',
      }),
    ]);
    expect((await buyerOk<{ quota: { usedAmount: string } }>(token, '/buyer/me')).quota.usedAmount).toBe(
      '0.00',
    );
    // Nothing is left to refund: a second refund is refused by the order's state.
    const again = await bed.post('admin', '/eEmployee/order/refund', { id: placed.id, reason: '再退' });
    expect(again.body).toMatchObject({ success: false, code: 409 });
  });

  it('cancels an order unpaid 30 minutes after placing; it can no longer be paid and frees its quota', async () => {
    await addEmployee('E-LATE', '13911110005', 100);
    const token = await signIn('13911110005', 'EMPLOYEE');
    const placed = await buyerOk<{ id: string; orderNo: string }>(token, '/buyer/employee/orders/place', {
      pickupPointId,
      paymentMethod: 'ONLINE',
      lines: [{ skuId: goods.skuIds[1], cases: 3 }],
    });
    const { db } = bed.testDatabase.database;
    expect(await cancelExpiredEmployeeOrders(db)).not.toContain(placed.orderNo);
    await db
      .updateTable('employee_orders')
      .set({ pay_deadline: sql<Date>`now() - interval '1 minute'` })
      .where('id', '=', placed.id)
      .execute();
    // Past its deadline, before the job has run: no payment is taken.
    const tooLate = await as(token, '/buyer/employee/orders/pay', { id: placed.id });
    expect(tooLate.body).toMatchObject({ success: false, code: 409 });
    expect(tooLate.body.message).toContain('支付时限');
    expect(await cancelExpiredEmployeeOrders(db)).toContain(placed.orderNo);
    const [mine] = await buyerOk<Array<{ status: string; pickupCode: string | null; cancelReason: string }>>(
      token,
      '/buyer/employee/orders/list',
    );
    expect(mine).toMatchObject({ status: 'CANCELLED', pickupCode: null });
    expect(mine.cancelReason).toContain('30 分钟');
    const pay = await as(token, '/buyer/employee/orders/pay', { id: placed.id });
    expect(pay.body).toMatchObject({ success: false, code: 409 });
    expect((await buyerOk<{ quota: { usedAmount: string } }>(token, '/buyer/me')).quota.usedAmount).toBe(
      '0.00',
    );
  });

  it('gives back a payment that arrives after the order was cancelled; a cancel closes the open payment', async () => {
    await addEmployee('E-RACE2', '13911110007', 300);
    const token = await signIn('13911110007', 'EMPLOYEE');
    const { db } = bed.testDatabase.database;
    // The payer is at the cashier while the expiry job cancels the order.
    const late = await placeOnline(token);
    const prepay = await buyerOk<Prepay>(token, '/buyer/employee/orders/pay', { id: late.id });
    await db
      .updateTable('employee_orders')
      .set({ pay_deadline: sql<Date>`now() - interval '1 minute'` })
      .where('id', '=', late.id)
      .execute();
    expect(await cancelExpiredEmployeeOrders(db)).toContain(late.orderNo);
    // The notify is acknowledged (the platform would otherwise retry it for a day), the order stays cancelled
    // and the money goes back by the original route.
    expect(await payAtCashier(prepay)).toMatchObject({ ok: true, status: 204 });
    expect(await employeeOrder(late.id)).toMatchObject({ status: 'CANCELLED', paid_amount: '0.00' });
    expect(await refundsOf(late.id)).toEqual([
      { method: 'ONLINE', cause: 'ORDER_CLOSED', status: 'PENDING', amount: late.payableAmount },
    ]);
    await submitRefunds(db, bed.server.app.payRuntime, 'A01');
    await until(
      () => refundsOf(late.id),
      (rows) => rows[0]?.status === 'SUCCESS',
      'the refund notify',
    );
    expect((await employeeOrder(late.id)).status).toBe('CANCELLED');

    // The employee cancels with a prepay open: it is closed, the cashier no longer takes it.
    const dropped = await placeOnline(token);
    const open = await buyerOk<Prepay>(token, '/buyer/employee/orders/pay', { id: dropped.id });
    expect(
      (await buyerOk<{ status: string }>(token, '/buyer/employee/orders/cancel', { id: dropped.id })).status,
    ).toBe('CANCELLED');
    expect(await payAtCashier(open)).toMatchObject({ ok: false });
    expect(await refundsOf(dropped.id)).toEqual([]);
  });

  it('refunds an order paid online by the original route; it is refunded when the refund settles', async () => {
    await addEmployee('E-REFUND', '13911110008', 300);
    const token = await signIn('13911110008', 'EMPLOYEE');
    const placed = await placeOnline(token, 2);
    await payAtCashier(await buyerOk<Prepay>(token, '/buyer/employee/orders/pay', { id: placed.id }));
    expect((await employeeOrder(placed.id)).status).toBe('PAID');
    const refunding = await admin<{ status: string }>('/eEmployee/order/refund', {
      id: placed.id,
      reason: '员工不要了',
    });
    expect(refunding.status).toBe('REFUNDING');
    await until(
      () => employeeOrder(placed.id),
      (row) => row.status === 'REFUNDED',
      'the refund notify',
    );
    expect(await refundsOf(placed.id)).toEqual([
      { method: 'ONLINE', cause: 'MANUAL', status: 'SUCCESS', amount: placed.payableAmount },
    ]);
    // Nothing left to refund: a second refund is refused by the order's state.
    const again = await bed.post('admin', '/eEmployee/order/refund', { id: placed.id, reason: '再退' });
    expect(again.body).toMatchObject({ success: false, code: 409 });
    expect((await buyerOk<{ quota: { usedAmount: string } }>(token, '/buyer/me')).quota.usedAmount).toBe(
      '0.00',
    );
  });

  it('lists an employee order’s payment and refund in 支付管理 by 单据类型, to readers of 内购订单 only', async () => {
    await addEmployee('E-LIST', '13911110012', 300);
    const token = await signIn('13911110012', 'EMPLOYEE');
    const placed = await placeOnline(token);
    const prepay = await buyerOk<Prepay>(token, '/buyer/employee/orders/pay', { id: placed.id });
    await payAtCashier(prepay);
    await admin('/eEmployee/order/refund', { id: placed.id, reason: '员工不要了' });
    await until(
      () => employeeOrder(placed.id),
      (row) => row.status === 'REFUNDED',
      'the refund notify',
    );
    // A sales order of 华南大区 waiting for its online payment.
    const order = await admin<{ id: string; orderNo: string }>('/eOrder/eOrder/add', {
      buyerId: goods.outletId,
      paymentMethod: 'ONLINE',
      lines: [{ skuId: goods.skuIds[0], cases: 1 }],
    });
    const orderPrepay = await admin<Prepay>('/payment/prepay', { orderId: order.id });

    type Row = { payNo?: string; refundNo?: string; bizType: string; bizNo: string };
    const list = async (caller: Caller, path: string, query: Record<string, string> = {}) =>
      (
        await ok(
          bed.get<Page<Row & Record<string, unknown>>>(
            caller,
            `${path}${queryString({ pageSize: 100, ...query })}`,
          ),
        )
      ).records;
    const transactions = '/payment/transaction/list';
    const refunds = '/payment/refund/list';
    expect(await list('admin', transactions, { keyword: placed.orderNo })).toEqual([
      expect.objectContaining({
        payNo: prepay.payNo,
        bizType: 'EMPLOYEE_ORDER',
        bizType_dictText: '内购订单',
        bizNo: placed.orderNo,
        status: 'SUCCESS',
        refundedAmount: '30.00',
      }),
    ]);
    expect(await list('admin', refunds, { keyword: placed.orderNo })).toEqual([
      expect.objectContaining({
        bizType: 'EMPLOYEE_ORDER',
        bizType_dictText: '内购订单',
        bizNo: placed.orderNo,
        buyerName: '员工E-LIST',
        status: 'SUCCESS',
        amount: '30.00',
      }),
    ]);
    // 单据类型 filters.
    const employeeRows = await list('admin', transactions, { bizType: 'EMPLOYEE_ORDER' });
    expect(new Set(employeeRows.map((row) => row.bizType))).toEqual(new Set(['EMPLOYEE_ORDER']));
    expect(employeeRows.map((row) => row.payNo)).toContain(prepay.payNo);
    const orderRows = await list('admin', transactions, { bizType: 'ORDER' });
    expect(new Set(orderRows.map((row) => row.bizType))).toEqual(new Set(['ORDER']));
    expect(orderRows.map((row) => row.payNo)).toContain(orderPrepay.payNo);
    expect(await list('admin', refunds, { bizType: 'ORDER' })).toEqual([]);

    // The exports: the screen's columns, the filtered rows.
    for (const [path, headers] of [
      ['/payment/transaction/exportXls', ['支付单号', '单据类型', '单据号', '金额', '已退']],
      ['/payment/refund/exportXls', ['退款单号', '单据类型', '单据号', '买方', '退款金额']],
    ] as const) {
      const file = await bed.download('admin', `${path}?bizType=EMPLOYEE_ORDER`);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file.body);
      const sheet = book.worksheets[0];
      expect((sheet.getRow(1).values as unknown[]).slice(1, headers.length + 1)).toEqual(headers);
      const rows = await list('admin', path.replace('exportXls', 'list'), { bizType: 'EMPLOYEE_ORDER' });
      expect(sheet.actualRowCount - 1).toBe(rows.length);
      const mine = sheet.getRows(2, rows.length)!.find((row) => row.getCell(3).value === placed.orderNo);
      expect(mine?.getCell(2).value).toBe('内购订单');
    }

    // zhangwei, given 查看收款与退款 alone: none of the employee shop's, nor the sales order outside his
    // offices; 查看 of a transaction he does not see is refused. Given 查看员工内购 too: the employee order's.
    const { db } = bed.testDatabase.database;
    const grant = async (code: string) => {
      const roleId = stableId('role', 'A01', `pay-${code}`);
      await db
        .insertInto('roles')
        .values({ id: roleId, tenant_id: 'A01', role_code: `pay_${code}`, role_name: code })
        .execute();
      await db
        .insertInto('role_permissions')
        .values({ tenant_id: 'A01', role_id: roleId, permission_id: stableId('permission', 'A01', code) })
        .execute();
      await db
        .insertInto('user_roles')
        .values({ tenant_id: 'A01', user_id: demoUserId('zhangwei'), role_id: roleId })
        .execute();
    };
    await grant('payRecord:list');
    expect(await list('zhangwei', transactions)).toEqual([]);
    expect(await list('zhangwei', refunds)).toEqual([]);
    const records = '/payment/record/list';
    expect(await list('zhangwei', records, { bizType: 'EMPLOYEE_ORDER' })).toEqual([]);
    expect((await bed.post('zhangwei', '/payment/query', { payNo: prepay.payNo })).body).toMatchObject({
      success: false,
      code: 404,
    });
    await grant('employee:list');
    expect((await list('zhangwei', transactions)).map((row) => row.payNo)).toEqual(
      employeeRows.map((row) => row.payNo),
    );
    expect((await list('zhangwei', refunds)).map((row) => row.bizNo)).toContain(placed.orderNo);
    expect(await list('zhangwei', transactions, { bizType: 'ORDER' })).toEqual([]);
    // 收款记录 the same: the employee order’s payment (refunded), no sales order outside his offices.
    expect(await list('zhangwei', records, { keyword: placed.orderNo })).toEqual([
      expect.objectContaining({
        bizType: 'EMPLOYEE_ORDER',
        paymentNo: prepay.payNo,
        refundedAmount: '30.00',
      }),
    ]);
    expect(await list('zhangwei', records, { bizType: 'ORDER', keyword: order.orderNo })).toEqual([]);
    expect(await ok(bed.post('zhangwei', '/payment/query', { payNo: prepay.payNo }))).toMatchObject({
      payNo: prepay.payNo,
      status: 'SUCCESS',
    });
  });

  it('keeps an order whose refund WeChat Pay reports ABNORMAL 退款中 until 异常退款处理 pays it out', async () => {
    await addEmployee('E-ABNORMAL', '13911110009', 300);
    const token = await signIn('13911110009', 'EMPLOYEE');
    const placed = await placeOnline(token, 2);
    const prepay = await buyerOk<Prepay>(token, '/buyer/employee/orders/pay', { id: placed.id });
    await payAtCashier(prepay);
    // The employee's card is closed since: the bank refuses the refund, WeChat Pay reports it ABNORMAL.
    simulatedPay.closedCards.add(prepay.payNo);
    await admin('/eEmployee/order/refund', { id: placed.id, reason: '员工不要了' });
    await until(
      () => refundsOf(placed.id),
      (rows) => rows[0]?.status === 'ABNORMAL',
      'the ABNORMAL refund notify',
    );
    // WeChat Pay holds the money: the order is still being refunded, the quota still used.
    expect((await employeeOrder(placed.id)).status).toBe('REFUNDING');
    const { db } = bed.testDatabase.database;
    const transaction = () =>
      db
        .selectFrom('pay_transactions')
        .select('refunded_amount')
        .where('pay_no', '=', prepay.payNo)
        .executeTakeFirstOrThrow();
    expect((await transaction()).refunded_amount).toBe('60.00');
    expect((await buyerOk<{ quota: { usedAmount: string } }>(token, '/buyer/me')).quota.usedAmount).toBe(
      '60.00',
    );

    // 异常退款处理 in /payment: to the merchant's account, to be handed to the employee; then it settles.
    const { id } = await db
      .selectFrom('refunds')
      .select('id')
      .where('biz_id', '=', placed.id)
      .executeTakeFirstOrThrow();
    await admin('/payment/refund/applyAbnormal', { id, type: 'MERCHANT_BANK_CARD' });
    await until(
      () => employeeOrder(placed.id),
      (row) => row.status === 'REFUNDED',
      'the refund notify after 异常退款处理',
    );
    expect(await refundsOf(placed.id)).toEqual([
      { method: 'ONLINE', cause: 'MANUAL', status: 'SUCCESS', amount: '60.00' },
    ]);
    expect((await transaction()).refunded_amount).toBe('60.00');
    expect((await buyerOk<{ quota: { usedAmount: string } }>(token, '/buyer/me')).quota.usedAmount).toBe(
      '0.00',
    );
  });

  it('puts an order back to 已付款 when WeChat Pay answers its refund CLOSED at once', async () => {
    await addEmployee('E-CLOSED', '13911110010', 300);
    const token = await signIn('13911110010', 'EMPLOYEE');
    const placed = await placeOnline(token);
    await payAtCashier(await buyerOk<Prepay>(token, '/buyer/employee/orders/pay', { id: placed.id }));
    await admin('/eEmployee/order/ready', { id: placed.id });
    const restore = interceptWechatPay(bed.server.app.payRuntime, () => ({
      refund: async (request) => ({ ...(await refundAccepted().refund!(request)), status: 'CLOSED' }),
    }));
    try {
      await admin('/eEmployee/order/refund', { id: placed.id, reason: '员工不要了' });
    } finally {
      restore();
    }
    expect((await employeeOrder(placed.id)).status).toBe('PAID');
    expect(await refundsOf(placed.id)).toEqual([
      { method: 'ONLINE', cause: 'MANUAL', status: 'CLOSED', amount: '30.00' },
    ]);
  });

  it('asks WeChat Pay about a pending payment every few seconds at most while the mall polls', async () => {
    await addEmployee('E-POLL', '13911110011', 300);
    const token = await signIn('13911110011', 'EMPLOYEE');
    const placed = await placeOnline(token);
    const prepay = await buyerOk<Prepay>(token, '/buyer/employee/orders/pay', { id: placed.id });
    const asked: string[] = [];
    const restore = interceptWechatPay(bed.server.app.payRuntime, (real) => ({
      query: (outTradeNo) => {
        asked.push(outTradeNo);
        return real.query(outTradeNo);
      },
    }));
    const status = async () =>
      (
        await buyerOk<{ status: string }>(
          token,
          `/buyer/employee/orders/payStatus${queryString({ id: placed.id })}`,
        )
      ).status;
    try {
      expect(await Promise.all([status(), status(), status()])).toEqual(Array(3).fill('PENDING_PAYMENT'));
      expect(asked).toEqual([prepay.payNo]);
      await new Promise((resolve) => setTimeout(resolve, PAY_QUERY_INTERVAL_MS + 100));
      expect(await status()).toBe('PENDING_PAYMENT');
      expect(await status()).toBe('PENDING_PAYMENT');
      expect(asked).toEqual([prepay.payNo, prepay.payNo]);
      // Paid: the notify settles it and the poll answers from the order, without asking.
      await payAtCashier(prepay);
      expect(await status()).toBe('PAID');
      expect(asked).toHaveLength(2);
    } finally {
      restore();
    }
  });

  it('serves the OpenAPI document of the buyer routes only', async () => {
    const response = await fetch(`${bed.server.baseUrl}/api/buyer/openapi.json`);
    const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/buyer/login',
        '/api/buyer/catalogue',
        '/api/buyer/orders/place',
        '/api/buyer/employee/orders/place',
        '/api/buyer/employee/orders/pay',
        '/api/buyer/employee/orders/payStatus',
      ]),
    );
    expect(Object.keys(document.paths).filter((path) => !path.startsWith('/api/buyer/'))).toEqual([]);
  });
});
