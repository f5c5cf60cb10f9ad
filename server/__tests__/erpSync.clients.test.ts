// The two ERP clients against the simulator over real HTTP: a bill goes through (a sale, a receipt, a refund), a
// repeat makes no second bill, an expired session is renewed once, a late answer is retried, and every failure has its category.
import type { ErpSystemType } from '../db/schema';
import { createErpClient, ErpCallError, type ErpBill, type ErpClient } from '../integrations/erp';
import { ERP_FORM_IDS } from '../modules/erpSync/tasks';
import {
  SIMULATED_BASE_URLS,
  SIMULATED_ERP_CREDENTIALS,
  type SimulatorControl,
} from '../integrations/erp/simulator';
import { startTestServer, type TestServer } from './support/server';
import { openSeededDatabase } from './support/auth';
import type { TestDatabase } from './support/database';
import { controlErpSimulator, simulatedBills } from './support/erpSimulator';

const FORMS: Record<ErpSystemType, string> = { KINGDEE_K3CLOUD: 'SAL_SaleOrder', CHANJET_TPLUS: 'SaleOrder' };

let testDatabase: TestDatabase;
let server: TestServer;
let serial = 0;

beforeAll(async () => {
  testDatabase = await openSeededDatabase('pglite');
  server = await startTestServer({ database: testDatabase.database });
});
afterAll(async () => {
  await server.close();
  await testDatabase.dispose();
});

const control = (body: SimulatorControl) => controlErpSimulator(server.baseUrl, body);
const simulatorBills = (system: ErpSystemType) => simulatedBills(server.baseUrl, system);

describe.each<ErpSystemType>(['KINGDEE_K3CLOUD', 'CHANJET_TPLUS'])('the %s client', (systemType) => {
  const client = (
    overrides: { appSecret?: string; timeoutMs?: number; networkRetries?: number } = {},
  ): ErpClient =>
    createErpClient(
      {
        systemType,
        baseUrl: SIMULATED_BASE_URLS[systemType],
        acctId: 'SIM-TEST',
        appId: SIMULATED_ERP_CREDENTIALS.appId,
        appSecret: overrides.appSecret ?? SIMULATED_ERP_CREDENTIALS.appSecret,
        userName: SIMULATED_ERP_CREDENTIALS.userName,
        timeoutMs: overrides.timeoutMs ?? 5000,
        networkRetries: overrides.networkRetries ?? 2,
      },
      { selfOrigin: () => server.baseUrl, retryDelayMs: () => 10 },
    );

  const bill = (): ErpBill => {
    serial += 1;
    const bizNo = `SO2026112100${String(serial).padStart(2, '0')}`;
    return {
      bizType: 'SALES_ORDER',
      formId: FORMS[systemType],
      operation: 'SAVE',
      bizNo,
      externalCode: `${bizNo}-SAVE`,
      date: '2026-11-21',
      customerCode: 'C00001',
      warehouseCode: 'CK0001',
      saleOrgCode: '100',
      lines: [
        {
          lineNo: 1,
          materialCode: 'MAT000001',
          unit: '箱',
          qty: 3,
          price: 48,
          taxRate: 0.13,
          amount: 144,
          isGift: false,
        },
      ],
    };
  };

  beforeEach(async () => {
    await control({ action: 'reset' });
  });

  async function failure(promise: Promise<unknown>): Promise<ErpCallError> {
    try {
      await promise;
    } catch (error) {
      if (error instanceof ErpCallError) return error;
      throw error;
    }
    throw new Error('expected an ErpCallError');
  }

  it('pushes a bill through, audited, and never records the secret', async () => {
    const sent = bill();
    const result = await client().push(sent);
    expect(result.billNo).toBe(sent.bizNo);
    expect(result.billId).not.toBe('');
    const bills = await simulatorBills(systemType);
    expect(bills).toEqual([expect.objectContaining({ number: sent.bizNo, documentStatus: 'C' })]);
    if (systemType === 'KINGDEE_K3CLOUD') {
      expect(result.exchanges.map((exchange) => exchange.call)).toEqual([
        'LoginByAppSecret',
        'Save',
        'Submit',
        'Audit',
      ]);
    }
    expect(JSON.stringify(result.exchanges)).not.toContain(SIMULATED_ERP_CREDENTIALS.appSecret);
  });

  it('makes no second bill when the same document is pushed again', async () => {
    const sent = bill();
    const first = await client().push(sent);
    const again = await client().push(sent);
    expect(again.billId).toBe(first.billId);
    expect(again.billNo).toBe(first.billNo);
    expect(await simulatorBills(systemType)).toHaveLength(1);
  });

  it('pushes a receipt and a refund with their 结算方式 (a T+ refund is a negative receipt), once each', async () => {
    const money = (bizType: 'RECEIPT' | 'REFUND', bizNo: string, settleTypeCode?: string): ErpBill => ({
      bizType,
      formId: ERP_FORM_IDS[systemType][bizType],
      operation: 'SAVE',
      bizNo,
      externalCode: `${bizNo}-SAVE`,
      date: '2026-11-21',
      customerCode: 'C00001',
      saleOrgCode: '100',
      settleTypeCode,
      amount: 88.5,
      sourceBizNo: 'SO202611210001',
      lines: [],
    });
    await client().push(money('RECEIPT', 'SK202611210001', 'JS01'));
    await client().push(money('REFUND', 'TK202611210001AB01', 'JS01'));
    await client().push(money('RECEIPT', 'SK202611210001', 'JS01'));
    const refund =
      systemType === 'KINGDEE_K3CLOUD' ? { formId: 'AR_REFUNDBILL', amount: 88.5 } : { amount: -88.5 };
    expect(await simulatorBills(systemType)).toEqual([
      expect.objectContaining({
        formId: ERP_FORM_IDS[systemType].RECEIPT,
        number: 'SK202611210001',
        documentStatus: 'C',
        customerCode: 'C00001',
        settleTypeCode: 'JS01',
        amount: 88.5,
      }),
      expect.objectContaining({ number: 'TK202611210001AB01', settleTypeCode: 'JS01', ...refund }),
    ]);
    // Without a 结算方式 the ERP will not save it.
    const refused = await failure(client().push(money('RECEIPT', 'SK202611210002')));
    expect(refused).toMatchObject({ category: 'BUSINESS', message: '第1行明细的结算方式不能为空' });
  });

  it('signs in again once when the session expired', async () => {
    await client().push(bill());
    await control({ action: 'expireSessions' });
    const result = await client().push(bill());
    const calls = result.exchanges.map((exchange) => exchange.call);
    expect(
      calls.filter((call) => call === (systemType === 'KINGDEE_K3CLOUD' ? 'LoginByAppSecret' : 'token')),
    ).toHaveLength(1);
    expect(calls[0]).toBe(systemType === 'KINGDEE_K3CLOUD' ? 'Save' : 'Create');
  });

  it('retries a call that was not answered in time', async () => {
    await client().push(bill());
    await control({ action: 'timeoutNext', count: 1, delayMs: 1500 });
    const result = await client({ timeoutMs: 500, networkRetries: 1 }).push(bill());
    expect(result.exchanges[0]).toMatchObject({ httpStatus: null });
    expect(await simulatorBills(systemType)).toHaveLength(2);
  });

  it('gives up on the network after its retries', async () => {
    await control({ action: 'failNext', category: 'NETWORK', count: 3 });
    const error = await failure(client({ networkRetries: 2 }).push(bill()));
    expect(error.category).toBe('NETWORK');
    expect(error.exchanges).toHaveLength(3);
  });

  it('refuses wrong credentials as AUTH', async () => {
    const error = await failure(client({ appSecret: 'wrong' }).testConnection());
    expect(error.category).toBe('AUTH');
    expect(JSON.stringify(error.exchanges)).not.toContain('wrong');
    await expect(client().testConnection()).resolves.toMatchObject({ message: expect.any(String) });
  });

  it('reports an injected AUTH failure on sign-in', async () => {
    await control({ action: 'failNext', category: 'AUTH' });
    expect((await failure(client().push(bill()))).category).toBe('AUTH');
  });

  it.each(['MAPPING', 'MASTER_DATA', 'PRICE', 'STOCK', 'BUSINESS', 'DUPLICATE'] as const)(
    'categorises an ERP refusal as %s',
    async (category) => {
      await client().testConnection();
      await control({ action: 'failNext', category });
      const error = await failure(client().push(bill()));
      expect(error.category).toBe(category);
      expect(error.message).not.toBe('');
    },
  );

  it('refuses a disabled customer as MASTER_DATA', async () => {
    await control({ action: 'disableCustomer', code: 'C00001' });
    const error = await failure(client().push(bill()));
    expect(error).toMatchObject({ category: 'MASTER_DATA', message: expect.stringContaining('C00001') });
    await control({ action: 'enableCustomer', code: 'C00001' });
    await expect(client().push(bill())).resolves.toMatchObject({ billId: expect.any(String) });
  });

  it('carries the promotions and the allocated rebate as the line discount, and the ERP checks the sum', async () => {
    // 6 bottles listed at 8.00 = 48.00; promotions took 6.00 off, the order's rebate 2.00 of what was left.
    const sent = bill();
    sent.lines = [
      { ...sent.lines[0], qty: 6, price: 7, amount: 42, listPrice: 8, discountAmount: 6, rebateAmount: 2 },
      { ...sent.lines[0], lineNo: 2, qty: 1, price: 0, amount: 0, isGift: true },
    ];
    await client().push(sent);
    const [stored] = await simulatorBills(systemType);
    if (systemType === 'KINGDEE_K3CLOUD') {
      expect((stored.model as { FSaleOrderEntry: unknown[] }).FSaleOrderEntry).toEqual([
        expect.objectContaining({
          FQty: 6,
          FTaxPrice: 8,
          FDiscount: 8,
          FDiscountRate: 16.67,
          FAllAmount: 40,
          FEntryNote: '促销优惠6.00；返利抵扣2.00',
        }),
        expect.objectContaining({ FIsFree: true, FTaxPrice: 0 }),
      ]);
      expect((stored.model as { FSaleOrderEntry: object[] }).FSaleOrderEntry[1]).not.toHaveProperty(
        'FDiscount',
      );
    } else {
      expect((stored.model as { SaleOrderDetails: unknown[] }).SaleOrderDetails).toEqual([
        expect.objectContaining({
          Quantity: 6,
          OrigPrice: 8,
          OrigTaxPrice: 6.67,
          OrigTaxAmount: 40,
          OrigDiscount: 8,
          DiscountRate: 0.8333,
          Memo: '促销优惠6.00；返利抵扣2.00',
        }),
        expect.objectContaining({ IsPresent: true, OrigTaxAmount: 0 }),
      ]);
    }
    // A list price that does not add up with the discount is refused as a price error.
    const wrong = bill();
    wrong.lines = [{ ...wrong.lines[0], qty: 6, price: 7, amount: 42, listPrice: 10, discountAmount: 6 }];
    const error = await failure(client().push(wrong));
    expect(error.category).toBe('PRICE');
    expect(error.message).toMatch(/第1行.*不符/);
  });

  it('withdraws a bill with DELETE, and a missing one is already withdrawn', async () => {
    const sent = bill();
    await client().push(sent);
    await client().push({ ...sent, operation: 'DELETE', externalCode: `${sent.bizNo}-DELETE` });
    expect(await simulatorBills(systemType)).toHaveLength(0);
    await expect(
      client().push({ ...sent, operation: 'DELETE', externalCode: `${sent.bizNo}-DELETE` }),
    ).resolves.toBeDefined();
  });
});
