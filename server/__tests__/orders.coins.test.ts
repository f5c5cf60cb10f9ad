// 金币抵扣 over HTTP (DOMAIN §1.4 coin rules, §1.5 order states): an outlet's coins pay part of its order at
// 100 coins = ¥1, at most 20% of the goods after promotions — frozen at submit (409 when the outlet has not that
// many available), spent at the audit, unfrozen at cancel and rejection, given back at invalidation; the
// ledger entries summing to the account; the ERP's lines carrying the deduction; another outlet, a dealer and
// another tenant cannot use them.
import type { Page } from '../../common/contract';
import type { CoinDeduction } from '../../common/execution';
import type { OrderDetail } from '../../common/orders';
import type { PromotionPreview } from '../../common/promotions';
import type { ErpDocumentLine } from '../db/schema';
import { coinBalanceOf } from '../modules/funds/ledger';
import { ledgerSums } from '../modules/funds/queries';
import { testBackends } from './support/database';
import {
  addQueueingErpConnection,
  type BusinessTestbed,
  earnCoins,
  type Caller,
  ok,
  openBusinessTestbed,
  orderableGoods,
  type OrderableGoods,
} from './support/business';

describe.each(testBackends())('coin deduction on orders on %s', (backend) => {
  let bed: BusinessTestbed;
  let goods: OrderableGoods;
  let otherOutletId: string;
  let dealerId: string;
  const connectionId = `erp-coins-${backend}`;
  const db = () => bed.testDatabase.database.db;

  const place = (
    coinDeductCoins: number | undefined,
    cases = 2,
    buyerId = goods.outletId,
    caller: Caller = 'admin',
  ) =>
    bed.post<{ id: string; payableAmount: string }>(caller, '/eOrder/eOrder/add', {
      buyerId,
      paymentMethod: 'COD',
      lines: [{ skuId: goods.skuId, cases }],
      ...(coinDeductCoins === undefined ? {} : { coinDeductCoins }),
    });
  const audit = (id: string, body: Record<string, unknown> = { pass: true }) =>
    ok(bed.post('admin', '/eOrder/eOrder/auditOrder', { ids: [id], ...body }));
  const coins = () => coinBalanceOf(db(), 'A01', goods.outletId);
  const detail = (id: string) => ok(bed.get<OrderDetail>('admin', `/eOrder/eOrder/queryById?id=${id}`));

  beforeAll(async () => {
    bed = await openBusinessTestbed(backend);
    goods = await orderableGoods(bed, 'admin', 'COIN', 'A01A02A01');
    const other = await ok(
      bed.post<{ id: string }>('admin', '/eCustomer/add', {
        name: 'COIN第二便利店',
        customerType: 'OUTLET',
        orgCode: 'A01A02A01',
      }),
    );
    await ok(bed.post('admin', '/eCustomer/audit', { id: other.id, action: 'APPROVE' }));
    otherOutletId = other.id;
    const outlet = await db()
      .selectFrom('customers')
      .select('serving_dealer_id')
      .where('id', '=', goods.outletId)
      .executeTakeFirstOrThrow();
    dealerId = outlet.serving_dealer_id!;
    // 1000 coins (¥10.00) earned by the outlet.
    await earnCoins(bed, goods.outletId, 1000, `ZX-COIN-${backend}`);
    await addQueueingErpConnection(bed, connectionId, '金币测试金蝶');
    // The first test database of a run builds the seeded fixture: minutes on a busy machine.
  }, 300_000);
  afterAll(async () => {
    await db().deleteFrom('erp_sync_tasks').where('connection_id', '=', connectionId).execute();
    await db().deleteFrom('erp_connections').where('id', '=', connectionId).execute();
    await bed.close();
  });

  it('previews, freezes at submit, refuses what is short or over the cap, spends at the audit', async () => {
    // 2 cases = 96.00: 20% of it is 19.20, 1920 coins; the outlet has 1000.
    const preview = await ok(
      bed.post<PromotionPreview>('admin', '/eOrder/eOrder/pricePreview', {
        buyerId: goods.outletId,
        lines: [{ skuId: goods.skuId, cases: 2 }],
        coinDeductCoins: 1500,
      }),
    );
    expect(preview.coins).toEqual<CoinDeduction>({
      available: 1000,
      maxCoins: 1000,
      coins: 1000,
      amount: '10.00',
      coinValueYuan: 0.01,
      maxDeductRatioPerOrder: 0.2,
      reason: null,
    });
    expect(preview.payableAmount).toBe('86.00');

    // More than the outlet has: 409, nothing frozen.
    const short = await place(1001, 10);
    expect(short.body).toMatchObject({ success: false, code: 409 });
    expect(short.body.message).toContain('门店可用金币不足：可用 1000 金币');
    // 1 case = 48.00: at most 960 coins.
    const over = await place(961, 1);
    expect(over.body).toMatchObject({ success: false, code: 400 });
    expect(over.body.message).toContain('金币抵扣最多 960 金币');
    expect(await coins()).toEqual({ balance: 1000, frozen: 0, available: 1000 });

    const first = await ok(place(600));
    expect(first.payableAmount).toBe('90.00');
    expect(await coins()).toEqual({ balance: 1000, frozen: 600, available: 400 });
    // What the first order holds is not there for the next.
    expect((await place(401)).body).toMatchObject({ success: false, code: 409 });
    expect((await detail(first.id)).amounts).toMatchObject({
      goodsAmount: '96.00',
      coinDeductAmount: '6.00',
      payableAmount: '90.00',
    });

    await audit(first.id);
    expect(await coins()).toEqual({ balance: 400, frozen: 0, available: 400 });
    // The ERP's sales order: the 6.00 on its one line, receivable 90.00.
    const task = await db()
      .selectFrom('erp_sync_tasks')
      .select('document')
      .where('biz_id', '=', first.id)
      .where('operation', '=', 'SAVE')
      .executeTakeFirstOrThrow();
    const lines = (task.document as { lines: ErpDocumentLine[] }).lines;
    expect(lines.map(({ amount, coinAmount }) => ({ amount, coinAmount }))).toEqual([
      { amount: 96, coinAmount: 6 },
    ]);

    // Rejected, the coins are unfrozen; 修改重提 freezes them again; cancelled, unfrozen again.
    const second = await ok(place(300));
    await audit(second.id, { pass: false, reason: '数量有误' });
    expect(await coins()).toEqual({ balance: 400, frozen: 0, available: 400 });
    await ok(
      bed.post('admin', '/eOrder/eOrder/resubmitOrder', {
        id: second.id,
        paymentMethod: 'COD',
        lines: [{ skuId: goods.skuId, cases: 3 }],
        coinDeductCoins: 400,
      }),
    );
    expect(await coins()).toEqual({ balance: 400, frozen: 400, available: 0 });
    expect((await detail(second.id)).amounts).toMatchObject({
      coinDeductAmount: '4.00',
      payableAmount: '140.00',
    });
    await ok(bed.post('admin', '/eOrder/eOrder/cancelOrder', { id: second.id, reason: '客户取消' }));
    expect(await coins()).toEqual({ balance: 400, frozen: 0, available: 400 });

    // The audited order invalidated: the coins it spent come back.
    await ok(bed.post('admin', '/eOrder/eOrder/orderInvalid', { id: first.id, reason: '录入错误' }));
    expect(await coins()).toEqual({ balance: 1000, frozen: 0, available: 1000 });

    const ledger = await ok(
      bed.get<Page<{ entryType: string; amount: number; frozenChange: number }>>(
        'admin',
        `/eVisit/coin/ledger?customerId=${goods.outletId}&pageSize=50`,
      ),
    );
    expect(
      ledger.records
        .map(({ entryType, amount, frozenChange }) => [entryType, amount, frozenChange])
        .reverse(),
    ).toEqual([
      ['EARN_EXECUTION', 1000, 0],
      ['FREEZE', 0, 600],
      ['ORDER_DEDUCT', -600, -600],
      ['FREEZE', 0, 300],
      ['UNFREEZE', 0, -300],
      ['FREEZE', 0, 400],
      ['UNFREEZE', 0, -400],
      ['ORDER_RETURN_BACK', 600, 0],
    ]);
    const coinSums = (await ledgerSums(db(), 'A01', goods.outletId)).find(
      (sum) => sum.account_type === 'COIN',
    )!;
    expect([Number(coinSums.balance), Number(coinSums.frozen)]).toEqual([1000, 0]);
  }, 120_000);

  it('lets no other outlet, no dealer and no other tenant use the coins', async () => {
    // Another outlet of the tenant has none of them.
    const other = await place(100, 2, otherOutletId);
    expect(other.body).toMatchObject({ success: false, code: 409 });
    expect(other.body.message).toContain('可用 0 金币');
    const dealer = await bed.post('admin', '/eOrder/eOrder/pricePreview', {
      buyerId: dealerId,
      orderType: 'REP_PROXY',
      lines: [{ skuId: goods.skuId, cases: 2 }],
      coinDeductCoins: 100,
    });
    expect(dealer.body).toMatchObject({ success: true });
    expect((dealer.body.result as PromotionPreview).coins).toMatchObject({
      maxCoins: 0,
      coins: 0,
      reason: '只有门店可以使用金币抵扣',
    });
    // Another tenant does not find the outlet.
    expect((await place(100, 2, goods.outletId, 't2admin')).body).toMatchObject({
      success: false,
      code: 404,
    });
    expect(await coins()).toEqual({ balance: 1000, frozen: 0, available: 1000 });
  }, 60_000);
});
