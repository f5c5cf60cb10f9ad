import { backfillReturnedAmounts } from '../db/migrations/0058_order_returned_amount';
import { newId } from '../db/ids';
import { openSeededDatabase } from './support/auth';
import { testBackends, type TestDatabase } from './support/database';

describe.each(testBackends())(
  'migration 0058 on a database with received returns before it, on %s',
  (backend) => {
    let testDatabase: TestDatabase;
    beforeAll(async () => {
      testDatabase = await openSeededDatabase(backend, { businessData: true });
    }, 180_000);
    afterAll(() => testDatabase?.dispose());

    it('sums the received returns of each order and settles the 部分支付 ones they cover, once', async () => {
      const { db } = testDatabase.database;
      const [covered, short] = await db
        .selectFrom('sales_orders')
        .select(['id', 'tenant_id', 'buyer_id', 'payable_amount'])
        .where('status', '=', 'SIGNED')
        .where('payable_amount', '>', '100')
        .orderBy('order_no')
        .limit(2)
        .execute();
      // Both paid all but ¥30 before the column existed; returns of ¥30 (two, one still open) and ¥10 came back.
      for (const order of [covered, short])
        await db
          .updateTable('sales_orders')
          .set({ paid_amount: (Number(order.payable_amount) - 30).toFixed(2), payment_status: 'PARTIAL' })
          .where('id', '=', order.id)
          .execute();
      const returnOf = (orderId: string, amount: string, status: 'RECEIVED' | 'APPROVED') => ({
        id: newId(),
        tenant_id: covered.tenant_id,
        return_no: `RT-M58-${newId()}`,
        original_order_id: orderId,
        customer_id: covered.buyer_id,
        org_code: 'A01',
        reason: 'QUALITY' as const,
        refund_method: 'OFFSET_AR' as const,
        amount,
        status,
      });
      await db
        .insertInto('return_orders')
        .values([
          returnOf(covered.id, '20.00', 'RECEIVED'),
          returnOf(covered.id, '10.00', 'RECEIVED'),
          returnOf(covered.id, '50.00', 'APPROVED'),
          returnOf(short.id, '10.00', 'RECEIVED'),
        ])
        .execute();

      await backfillReturnedAmounts(db);
      await backfillReturnedAmounts(db);
      const after = await db
        .selectFrom('sales_orders')
        .select(['id', 'returned_amount', 'payment_status'])
        .where('id', 'in', [covered.id, short.id])
        .execute();
      expect(after.find((row) => row.id === covered.id)).toMatchObject({
        returned_amount: '30.00',
        payment_status: 'PAID',
      });
      expect(after.find((row) => row.id === short.id)).toMatchObject({
        returned_amount: '10.00',
        payment_status: 'PARTIAL',
      });
    });
  },
);
