// Payments and refunds reach the ERP (issue #22 Money: "amounts are reconciled on the ERP side as receipts"), on
// both back ends, against the ERP simulators over real HTTP: a payment recorded by hand or paid online queues its
// receipt in the recording transaction (once, however often the notify comes), which the worker saves, submits
// and audits as a Kingdee 收款单 with the customer's code, the amount and the mapped 结算方式; a refund that
// succeeded becomes a 收款退款单; an unmapped 结算方式 fails the task with the reason until the mapping is fixed; a
// dealer's order's money goes to the dealer's T+ as receipts (a refund negative); failures are listed as 收款 /
// 退款, retried, and the order's record and log follow; another tenant sees none of it.
import type { Page } from '../../common/contract';
import type { ErpSystemType } from '../db/schema';
import type { ErpRuntime } from '../integrations/erp';
import type { SimulatorControl } from '../integrations/erp/simulator';
import { runDueSyncTasks } from '../modules/erpSync/worker';
import { newId } from '../db/ids';
import { ok, orderableGoods, type BusinessTestbed, type Caller } from './support/business';
import { testBackends } from './support/database';
import {
  controlErpSimulator,
  expectTaskHidden,
  openErpTestbed,
  simulatedBills,
  type SyncTaskRecord,
} from './support/erpSimulator';
import { until } from './support/until';
import { replayPaidNotifies } from './support/wechatPay';

const CUSTOMER_CODE = 'C-RECEIPT-01';

describe.each(testBackends())('ERP receipts and refunds on %s', (backend) => {
  let bed: BusinessTestbed;
  let runtime: ErpRuntime;
  let kingdeeId: string;
  let outletId: string;
  let skuId: string;
  const db = () => bed.testDatabase.database.db;
  const post = <T>(caller: Caller, path: string, body: unknown) => ok(bed.post<T>(caller, path, body));
  const get = <T>(caller: Caller, path: string) => ok(bed.get<T>(caller, path));

  beforeAll(async () => {
    ({ bed, runtime, brandConnectionId: kingdeeId } = await openErpTestbed(backend));
    const goods = await orderableGoods(bed, 'admin', `RC${backend}`, 'A01A01');
    outletId = goods.outletId;
    skuId = goods.skuId;
    // The new outlet has its code in the brand's Kingdee, as the master data's customers do.
    await mapCustomer(kingdeeId, CUSTOMER_CODE);
  }, 180_000);
  afterAll(() => bed?.close());
  beforeEach(() => control({ action: 'reset' }));

  async function mapCustomer(connectionId: string, erpCode: string) {
    const outlet = await db()
      .selectFrom('customers')
      .select(['customer_code', 'name'])
      .where('id', '=', outletId)
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('erp_mappings')
      .values({
        id: newId(),
        tenant_id: 'A01',
        connection_id: connectionId,
        entity_type: 'CUSTOMER',
        local_id: outletId,
        local_code: outlet.customer_code,
        local_name: outlet.name,
        erp_code: erpCode,
        status: 'OK',
      })
      .execute();
  }

  const control = (body: SimulatorControl) => controlErpSimulator(bed.server.baseUrl, body);
  const billsOf = (system: ErpSystemType) => simulatedBills(bed.server.baseUrl, system);

  const place = () =>
    post<{ id: string; orderNo: string; payableAmount: string }>('admin', '/eOrder/eOrder/add', {
      buyerId: outletId,
      paymentMethod: 'ONLINE',
      lines: [{ skuId, cases: 2 }],
    });
  const pay = (orderId: string, amount: number, channel: string) =>
    post<{ paymentNo: string }>('admin', '/payment/add', {
      orderId,
      amount,
      channel,
      referenceNo: 'BANK-0001',
    });
  const refund = (orderId: string, amount: number) =>
    post<{ refunds: Array<{ refundNo: string; status: string }> }>('admin', '/payment/refund/add', {
      orderId,
      amount,
      reason: '少发货退款',
    });
  /** The sync tasks of one business document of A01 (a payment's, a refund's: by its number). */
  const tasksOf = (bizNo: string) =>
    db()
      .selectFrom('erp_sync_tasks')
      .select(['id', 'biz_type', 'connection_id', 'erp_form_id', 'status', 'document'])
      .where('tenant_id', '=', 'A01')
      .where('biz_no', '=', bizNo)
      .execute();
  const run = (taskIds: string[]) => runDueSyncTasks(db(), runtime, { tenantId: 'A01', taskIds });
  const logsOf = async (orderId: string) =>
    (
      await db()
        .selectFrom('order_operation_logs')
        .select(['action', 'comment'])
        .where('order_id', '=', orderId)
        .execute()
    ).map((log) => `${log.action} ${log.comment}`);

  it('saves, submits and audits a recorded payment as a 收款单 and a refund as a 收款退款单', async () => {
    const placed = await place();
    const { paymentNo } = await pay(placed.id, 30, 'CASH');
    const [receipt] = await tasksOf(paymentNo);
    expect(receipt).toMatchObject({
      biz_type: 'RECEIPT',
      connection_id: kingdeeId,
      erp_form_id: 'AR_RECEIVEBILL',
      status: 'PENDING',
      document: expect.objectContaining({
        customer: expect.objectContaining({ id: outletId }),
        settleType: { id: 'CASH', code: 'CASH', name: '现金' },
        amount: 30,
        sourceBizNo: placed.orderNo,
      }),
    });
    expect(await run([receipt.id])).toMatchObject([{ status: 'SUCCESS', erpBillNo: paymentNo }]);

    const { refunds } = await refund(placed.id, 12.5);
    const [refundTask] = await tasksOf(refunds[0].refundNo);
    expect(refundTask).toMatchObject({
      biz_type: 'REFUND',
      connection_id: kingdeeId,
      erp_form_id: 'AR_REFUNDBILL',
      document: expect.objectContaining({
        amount: 12.5,
        settleType: expect.objectContaining({ id: 'CASH' }),
      }),
    });
    expect(await run([refundTask.id])).toMatchObject([{ status: 'SUCCESS' }]);

    const bills = await billsOf('KINGDEE_K3CLOUD');
    expect(bills.find((bill) => bill.number === paymentNo)).toMatchObject({
      formId: 'AR_RECEIVEBILL',
      documentStatus: 'C',
      customerCode: CUSTOMER_CODE,
      settleTypeCode: 'JSFS01_SYS',
      amount: 30,
    });
    expect(bills.find((bill) => bill.number === refunds[0].refundNo)).toMatchObject({
      formId: 'AR_REFUNDBILL',
      documentStatus: 'C',
      customerCode: CUSTOMER_CODE,
      settleTypeCode: 'JSFS01_SYS',
      amount: 12.5,
    });

    // The order's 同步记录 lists them under their own labels; its log says they reached the ERP.
    const record = await get<SyncTaskRecord[]>('admin', `/eOrder/eOrder/getOrderSyncRecord?id=${placed.id}`);
    expect(record.map((task) => [task.bizType_dictText, task.bizNo, task.status]).sort()).toEqual([
      ['收款', paymentNo, 'SUCCESS'],
      ['退款', refunds[0].refundNo, 'SUCCESS'],
    ]);
    expect(await logsOf(placed.id)).toEqual(
      expect.arrayContaining([
        `SYNC_OK 收款单 ${paymentNo} 已同步到ERP（ERP单号 ${paymentNo}）`,
        `SYNC_OK 退款单 ${refunds[0].refundNo} 已同步到ERP（ERP单号 ${refunds[0].refundNo}）`,
      ]),
    );
  });

  it('queues an online payment once however often its notify comes, and its refund once it succeeded', async () => {
    const placed = await place();
    const prepay = await post<{ payNo: string; simulatorPayUrl: string }>('admin', '/payment/prepay', {
      orderId: placed.id,
    });
    await fetch(`${bed.server.baseUrl}/sim/wechatpay/cashier/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        prepay_id: new URL(prepay.simulatorPayUrl, 'http://x').searchParams.get('prepay_id'),
      }),
    });
    // The same notify again (a replay), and a second one the platform sends of the same payment; and a query.
    expect(await replayPaidNotifies(db(), bed.server.baseUrl, 'A01', prepay.payNo)).toEqual([204, 204]);
    await post('admin', '/payment/query', { payNo: prepay.payNo });

    const payments = await db()
      .selectFrom('payments')
      .select('payment_no')
      .where('order_id', '=', placed.id)
      .execute();
    expect(payments).toHaveLength(1);
    const receipts = await tasksOf(payments[0].payment_no);
    expect(receipts).toEqual([
      expect.objectContaining({
        biz_type: 'RECEIPT',
        document: expect.objectContaining({
          settleType: expect.objectContaining({ id: 'WECHAT' }),
          amount: Number(placed.payableAmount),
        }),
      }),
    ]);
    expect(await run([receipts[0].id])).toMatchObject([{ status: 'SUCCESS' }]);
    expect(
      (await billsOf('KINGDEE_K3CLOUD')).find((bill) => bill.number === payments[0].payment_no),
    ).toMatchObject({ settleTypeCode: 'JSFS31_SYS', amount: Number(placed.payableAmount) });

    // Refunded by the original route: nothing for the ERP until WeChat Pay says it succeeded.
    const { refunds } = await refund(placed.id, 10);
    const refundNo = refunds[0].refundNo;
    await until(
      () => tasksOf(refundNo),
      (tasks) => tasks.length === 1,
      'the refund notify',
    );
    const [refundTask] = await tasksOf(refundNo);
    expect(refundTask).toMatchObject({
      biz_type: 'REFUND',
      document: expect.objectContaining({
        amount: 10,
        settleType: expect.objectContaining({ id: 'WECHAT' }),
      }),
    });
  });

  it('fails a payment of an unmapped 收款方式 with the reason, listed as 收款, until the mapping is fixed', async () => {
    await db()
      .updateTable('erp_mappings')
      .set({ erp_code: null, status: 'MISSING' })
      .where('connection_id', '=', kingdeeId)
      .where('entity_type', '=', 'SETTLE_TYPE')
      .where('local_id', '=', 'ALIPAY')
      .execute();
    const placed = await place();
    const { paymentNo } = await pay(placed.id, 20, 'ALIPAY');
    const [task] = await tasksOf(paymentNo);
    expect(await run([task.id])).toMatchObject([
      { status: 'FAILED', errorCategory: 'MAPPING', lastErrorMessage: '编码未映射：结算方式 ALIPAY 支付宝' },
    ]);
    const failures = await get<Page<SyncTaskRecord>>(
      'admin',
      '/kingdee/sync/orders/list?record=ORDER&bizType=RECEIPT',
    );
    expect(failures.records).toEqual([
      expect.objectContaining({
        id: task.id,
        bizType_dictText: '收款',
        bizNo: paymentNo,
        erpFormId: 'AR_RECEIVEBILL',
      }),
    ]);
    expect(await logsOf(placed.id)).toContain(
      `SYNC_FAIL 收款单 ${paymentNo} 同步失败：编码未映射：结算方式 ALIPAY 支付宝`,
    );
    const detail = await get<{
      missingMappings: Array<{ id: string; entityType_dictText: string; localCode: string }>;
    }>('admin', `/kingdee/sync/orders/detail?id=${task.id}`);
    expect(detail.missingMappings).toEqual([
      expect.objectContaining({ entityType_dictText: '结算方式', localCode: 'ALIPAY' }),
    ]);
    const unmapped = await get<Page<{ id: string }>>(
      'admin',
      `/eErpConfig/mapping/list?connectionId=${kingdeeId}&entityType=SETTLE_TYPE&unmappedOnly=true`,
    );
    expect(unmapped.records.map((row) => row.id)).toEqual([detail.missingMappings[0].id]);

    // Mapped: the task is due again; a retry gets it through.
    const fixed = await ok(
      bed.put<{ requeued: number }>('admin', '/eErpConfig/mapping/edit', {
        id: detail.missingMappings[0].id,
        erpCode: 'JSFS32_SYS',
        erpName: '支付宝',
      }),
    );
    expect(fixed.requeued).toBe(1);
    const retried = await post<{ success: number }>('admin', '/kingdee/sync/orders/retry', {
      ids: [task.id],
    });
    expect(retried.success).toBe(1);
    expect((await billsOf('KINGDEE_K3CLOUD')).find((bill) => bill.number === paymentNo)).toMatchObject({
      settleTypeCode: 'JSFS32_SYS',
      amount: 20,
    });
  });

  it('lists a refund the ERP refused as 退款, retryable like the others', async () => {
    const placed = await place();
    await pay(placed.id, 15, 'BANK_TRANSFER');
    const { refunds } = await refund(placed.id, 15);
    const [task] = await tasksOf(refunds[0].refundNo);
    await control({
      action: 'failNext',
      formId: 'AR_REFUNDBILL',
      message: '收款退款单的源单已关闭，不允许保存',
    });
    expect(await run([task.id])).toMatchObject([
      {
        status: 'FAILED',
        errorCategory: 'BUSINESS',
        lastErrorMessage: '收款退款单的源单已关闭，不允许保存',
      },
    ]);
    expect((await billsOf('KINGDEE_K3CLOUD')).some((bill) => bill.number === refunds[0].refundNo)).toBe(
      false,
    );
    const failures = await get<Page<SyncTaskRecord>>('admin', '/kingdee/sync/orders/list?bizType=REFUND');
    expect(failures.records).toEqual([
      expect.objectContaining({ id: task.id, bizType_dictText: '退款', erpFormId: 'AR_REFUNDBILL' }),
    ]);
    // The order's resync takes its failed refund too.
    const resync = await post<{ success: number }>('admin', '/eOrder/eOrder/resync', { id: placed.id });
    expect(resync.success).toBe(1);
    expect(
      (await billsOf('KINGDEE_K3CLOUD')).find((bill) => bill.number === refunds[0].refundNo),
    ).toMatchObject({ formId: 'AR_REFUNDBILL', settleTypeCode: 'JSFS04_SYS', amount: 15 });
  });

  it("sends a dealer's order's money to the dealer's T+: receipts, a refund negative", async () => {
    const outlet = await db()
      .selectFrom('customers')
      .select('serving_dealer_id')
      .where('id', '=', outletId)
      .executeTakeFirstOrThrow();
    const tplusId = newId();
    await db()
      .insertInto('erp_connections')
      .values({
        id: tplusId,
        tenant_id: 'A01',
        name: `RC${backend}经销商T+`,
        system_type: 'CHANJET_TPLUS',
        owner_type: 'DEALER',
        owner_id: outlet.serving_dealer_id,
        base_url: '/sim/erp/tplus',
        acct_id: 'SIM-RC',
        app_id: 'sim-erp-app',
        app_secret: 'sim-erp-secret',
        user_name: 'administrator',
      })
      .execute();
    await mapCustomer(tplusId, 'TP-RC-01');
    await db()
      .insertInto('erp_mappings')
      .values({
        id: newId(),
        tenant_id: 'A01',
        connection_id: tplusId,
        entity_type: 'SETTLE_TYPE',
        local_id: 'CASH',
        local_code: 'CASH',
        local_name: '现金',
        erp_code: '01',
        status: 'OK',
      })
      .execute();
    try {
      const placed = await place();
      const { paymentNo } = await pay(placed.id, 40, 'CASH');
      const { refunds } = await refund(placed.id, 15);
      const tasks = [...(await tasksOf(paymentNo)), ...(await tasksOf(refunds[0].refundNo))];
      expect(tasks.map((task) => [task.biz_type, task.connection_id, task.erp_form_id])).toEqual([
        ['RECEIPT', tplusId, 'ReceiveVoucher'],
        ['REFUND', tplusId, 'ReceiveVoucher'],
      ]);
      expect(await run(tasks.map((task) => task.id))).toMatchObject([
        { status: 'SUCCESS' },
        { status: 'SUCCESS' },
      ]);
      const bills = await billsOf('CHANJET_TPLUS');
      expect(bills.find((bill) => bill.number === paymentNo)).toMatchObject({
        formId: 'ReceiveVoucher',
        externalCode: `${paymentNo}-SAVE`,
        customerCode: 'TP-RC-01',
        settleTypeCode: '01',
        amount: 40,
      });
      expect(bills.find((bill) => bill.number === refunds[0].refundNo)).toMatchObject({
        formId: 'ReceiveVoucher',
        customerCode: 'TP-RC-01',
        settleTypeCode: '01',
        amount: -15,
      });
      // The brand's Kingdee got none of them.
      expect((await billsOf('KINGDEE_K3CLOUD')).filter((bill) => bill.number === paymentNo)).toEqual([]);
    } finally {
      // The other cases' orders go to the brand's Kingdee again.
      await db()
        .updateTable('erp_connections')
        .set({ status: 'DISABLED' })
        .where('id', '=', tplusId)
        .execute();
    }
  });

  it("keeps another tenant's payments out of this ERP and this tenant's receipts out of its sight", async () => {
    const placed = await place();
    const { paymentNo } = await pay(placed.id, 5, 'CASH');
    const [task] = await tasksOf(paymentNo);
    await control({ action: 'failNext', formId: 'AR_RECEIVEBILL' });
    await run([task.id]);
    await expectTaskHidden(bed, 't2admin', task.id, placed.id);
    expect((await get<Page<unknown>>('t2admin', '/kingdee/sync/orders/list?bizType=RECEIPT')).total).toBe(0);

    // B01 has no ERP: its payments queue nothing, in its books or in A01's.
    const order = await db()
      .selectFrom('sales_orders')
      .select('id')
      .where('tenant_id', '=', 'B01')
      .where('status', 'in', ['PENDING_AUDIT', 'PENDING_SHIPMENT', 'SHIPPED'])
      .where('payment_status', '=', 'UNPAID')
      .orderBy('order_no')
      .executeTakeFirstOrThrow();
    const other = await post<{ paymentNo: string }>('t2admin', '/payment/add', {
      orderId: order.id,
      amount: 1,
      channel: 'CASH',
    });
    const payment = await db()
      .selectFrom('payments')
      .select('id')
      .where('tenant_id', '=', 'B01')
      .where('payment_no', '=', other.paymentNo)
      .executeTakeFirstOrThrow();
    expect(
      await db().selectFrom('erp_sync_tasks').select('id').where('biz_id', '=', payment.id).execute(),
    ).toEqual([]);
  });
});
