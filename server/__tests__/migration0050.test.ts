import { Migrator } from 'kysely';
import { migrations } from '../db/migrations';
import { backfillPayrollPayments } from '../db/migrations/0050_payroll_payments';
import { newId } from '../db/ids';
import { openSeededDatabase } from './support/auth';
import { testBackends, type TestDatabase } from './support/database';

describe.each(testBackends())(
  'migration 0050 on a database with employee orders before it, on %s',
  (backend) => {
    let testDatabase: TestDatabase;
    beforeAll(async () => {
      testDatabase = await openSeededDatabase(backend, { businessData: true });
    }, 180_000);
    afterAll(() => testDatabase?.dispose());

    const payrollPayments = () =>
      testDatabase.database.db
        .selectFrom('payments as p')
        .innerJoin('employee_orders as o', 'o.id', 'p.employee_order_id')
        .select([
          'o.order_no as orderNo',
          'o.payable_amount as payable',
          'o.payment_ref as paymentRef',
          'p.payment_no as paymentNo',
          'p.amount',
          'p.refunded_amount as refunded',
          'p.channel',
          'p.source',
          'p.order_id as salesOrderId',
        ])
        .orderBy('o.order_no')
        .execute();
    const refundsOf = (orderNo: string) =>
      testDatabase.database.db
        .selectFrom('refunds as r')
        .innerJoin('payments as p', 'p.id', 'r.payment_id')
        .select([
          'r.amount',
          'r.method',
          'r.status',
          'r.cause',
          'r.channel',
          'r.reason',
          'r.biz_type as bizType',
        ])
        .where('r.biz_no', '=', orderNo)
        .execute();

    it('gives every payroll employee order its 工资代扣 payment, a refunded one its recorded refund, once', async () => {
      const { db } = testDatabase.database;
      // The demo's two 工资代扣 orders were placed through the shop: their payments were written then.
      const placed = await payrollPayments();
      expect(placed).toHaveLength(2);
      for (const row of placed) {
        expect(row).toMatchObject({
          amount: row.payable,
          refunded: '0.00',
          channel: 'PAYROLL',
          source: 'MANUAL',
        });
        expect(row.salesOrderId).toBeNull();
        expect(row.paymentRef).toBe(row.paymentNo);
      }

      // Back to the schema before 0050: employee orders have no payments. One of them was refunded meanwhile.
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      const down = await migrator.migrateTo('0049_visit_observations');
      expect(down.error).toBeUndefined();
      expect(await payrollPayments().catch((error: Error) => error.message)).toMatch(/employee_order_id/);
      const [kept, refunded] = placed.map((row) => row.orderNo);
      await db
        .updateTable('employee_orders')
        .set({ status: 'REFUNDED', refund_reason: '员工离职', refunded_at: new Date(), payment_ref: null })
        .where('order_no', '=', refunded)
        .execute();
      await db
        .updateTable('employee_orders')
        .set({ payment_ref: null })
        .where('order_no', '=', kept)
        .execute();

      const up = await migrator.migrateToLatest();
      expect(up.error).toBeUndefined();
      // Later migrations come back up too; 0050 is among them.
      expect(up.results?.map((result) => result.migrationName)).toContain('0050_payroll_payments');
      const backfilled = await payrollPayments();
      expect(backfilled).toEqual([
        expect.objectContaining({
          orderNo: kept,
          amount: placed[0].amount,
          refunded: '0.00',
          channel: 'PAYROLL',
        }),
        expect.objectContaining({
          orderNo: refunded,
          amount: placed[1].amount,
          refunded: placed[1].amount,
          channel: 'PAYROLL',
        }),
      ]);
      for (const row of backfilled) expect(row.paymentRef).toBe(row.paymentNo);
      expect(await refundsOf(kept)).toEqual([]);
      expect(await refundsOf(refunded)).toEqual([
        {
          amount: placed[1].amount,
          method: 'OFFLINE',
          status: 'SUCCESS',
          cause: 'MANUAL',
          channel: 'PAYROLL',
          reason: '员工离职',
          bizType: 'EMPLOYEE_ORDER',
        },
      ]);
      // Online orders have their transactions, no payment; running it again adds nothing.
      expect(await backfillPayrollPayments(db)).toBe(0);
      expect(await payrollPayments()).toEqual(backfilled);
    });

    it('holds a payment to exactly one document and an employee order to one 工资代扣 payment', async () => {
      const { db } = testDatabase.database;
      const order = await db
        .selectFrom('employee_orders')
        .select(['id', 'tenant_id'])
        .where('payment_method', '=', 'PAYROLL')
        .executeTakeFirstOrThrow();
      const salesOrder = await db
        .selectFrom('sales_orders')
        .select('id')
        .where('tenant_id', '=', order.tenant_id)
        .executeTakeFirstOrThrow();
      const attempt = (values: {
        order_id?: string;
        employee_order_id?: string;
        channel: 'PAYROLL' | 'CASH';
      }) =>
        db
          .insertInto('payments')
          .values({
            id: newId(),
            tenant_id: order.tenant_id,
            payment_no: `T${newId()}`,
            amount: '1',
            ...values,
          })
          .execute()
          .then(
            () => 'inserted',
            (error: Error) => error.message,
          );
      expect(await attempt({ channel: 'CASH' })).toMatch(/payments_document_check/);
      expect(
        await attempt({ order_id: salesOrder.id, employee_order_id: order.id, channel: 'CASH' }),
      ).toMatch(/payments_document_check/);
      expect(await attempt({ employee_order_id: order.id, channel: 'PAYROLL' })).toMatch(
        /payments_payroll_uq/,
      );
    });
  },
);
