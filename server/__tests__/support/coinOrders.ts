// Set-up shared by the tests of what returns and exchanges give back of an order's deductions: a testbed whose
// outlet has earned 5000 coins, with two SKUs to order (48.00 a case of 24 bottles), its orders paid partly with
// coins and shipped, and the ledger entries that gave coins back. Call it inside a describe: it registers the
// beforeAll that opens the testbed and the afterAll that closes it.
import type { OrderDetail } from '../../../common/orders';
import type { DatabaseKind } from '../../db';
import { coinBalanceOf } from '../../modules/funds/ledger';
import {
  type BusinessTestbed,
  earnCoins,
  ok,
  openBusinessTestbed,
  orderableGoods,
  type OrderableGoods,
} from './business';

export function coinOrders(backend: DatabaseKind, prefix: string) {
  let bed: BusinessTestbed;
  let goods: OrderableGoods;
  beforeAll(async () => {
    bed = await openBusinessTestbed(backend);
    goods = await orderableGoods(bed, 'admin', prefix, 'A01A02A01', 2);
    await earnCoins(bed, goods.outletId, 5000, `ZX-${prefix}-${backend}`);
    // The first test database of a run builds the seeded fixture: minutes on a busy machine.
  }, 300_000);
  afterAll(() => bed.close());

  const db = () => bed.testDatabase.database.db;
  const detail = (id: string) => ok(bed.get<OrderDetail>('admin', `/eOrder/eOrder/queryById?id=${id}`));
  return {
    get bed() {
      return bed;
    },
    get goods() {
      return goods;
    },
    db,
    detail,
    /** The outlet's coin balance. */
    coins: async () => (await coinBalanceOf(db(), 'A01', goods.outletId)).balance,
    /** An order of the outlet for `cases` of each SKU (0: none of it), `coinDeductCoins` paid with coins, audited and shipped. */
    async shippedOrder(cases: number[], coinDeductCoins: number) {
      const placed = await ok(
        bed.post<{ id: string }>('admin', '/eOrder/eOrder/add', {
          buyerId: goods.outletId,
          paymentMethod: 'COD',
          lines: cases
            .map((each, index) => ({ skuId: goods.skuIds[index], cases: each }))
            .filter((line) => line.cases > 0),
          coinDeductCoins,
        }),
      );
      await ok(bed.post('admin', '/eOrder/eOrder/auditOrder', { ids: [placed.id], pass: true }));
      await ok(bed.post('admin', '/eOrder/eOrder/saveOrderDeliver', { id: placed.id }));
      return detail(placed.id);
    },
    /** The order's coin entries that gave coins back, and the return or exchange each is remembered on. */
    givenBack: (order: OrderDetail) =>
      db()
        .selectFrom('fund_ledger')
        .leftJoin('exchange_orders', 'exchange_orders.coin_back_entry_id', 'fund_ledger.id')
        .leftJoin('return_orders', 'return_orders.coin_back_entry_id', 'fund_ledger.id')
        .select([
          'fund_ledger.amount',
          'fund_ledger.remark',
          'exchange_orders.id as exchangeId',
          'return_orders.id as returnId',
        ])
        .where('fund_ledger.source_id', '=', order.id)
        .where('fund_ledger.account_type', '=', 'COIN')
        .where('fund_ledger.entry_type', '=', 'ORDER_RETURN_BACK')
        .orderBy('fund_ledger.seq')
        .execute(),
  };
}
