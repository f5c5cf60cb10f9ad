// Demo data of the mall and the employee-price programme (issue #22, DOMAIN §1.16): an employee price list over
// six SKUs of the employee mall with monthly limits on three, three pickup points, eight employee buyers with
// quotas, employee orders in each state (placed through the shop's own command), a demo outlet buyer mobile
// (DEMO_OUTLET_BUYER_MOBILE, the first approved outlet's boss) with two mall orders. Deterministic.
import { sql } from 'kysely';
import type { BuyerSession } from '../../modules/mall/buyerAccounts';
import { placeEmployeeOrder } from '../../modules/mall/employeeOrders';
import { placeOutletOrder } from '../../modules/mall/outletOrders';
import { insertPriceList } from '../../modules/products/priceLists';
import { stableId } from '../ids';
import { demoUserId } from './ids';
import type { SeedStep } from './index';

/** The demo outlet buyer's mobile: sign in to /mall with it (the SMS code is in the simulator's outbox). */
export const DEMO_OUTLET_BUYER_MOBILE = '13700000009';
/** The first demo employee buyer's mobile. */
export const DEMO_EMPLOYEE_MOBILE = '13700000001';

const TENANT = 'A01';

const EMPLOYEES: Array<[no: string, name: string, quota: number, cases: number | null]> = [
  ['E1001', '陈晓华', 800, 20],
  ['E1002', '李明', 500, 12],
  ['E1003', '王丽娟', 500, 12],
  ['E1004', '赵强', 500, null],
  ['E1005', '孙悦', 300, 8],
  ['E1006', '周杰', 300, 8],
  ['E1007', '吴敏', 1000, 30],
  ['E1008', '郑浩', 500, 12],
];

const POINTS: Array<[name: string, address: string, hours: string, contact: string]> = [
  [
    '总部员工自提点',
    '广州市天河区珠江新城华夏路 16 号 B1 仓库',
    '工作日 11:30-13:30, 17:30-19:00',
    '仓管 刘师傅 13800001111',
  ],
  [
    '从化工厂自提点',
    '广州市从化区太平镇工业大道 88 号 成品仓',
    '周一至周六 8:30-17:00',
    '仓管 黄师傅 13800002222',
  ],
  ['佛山配送中心自提点', '佛山市南海区桂城街道物流园 3 号', '工作日 9:00-18:00', '仓管 何师傅 13800003333'],
];

const employeeSession = (employeeId: string, name: string, mobile: string): BuyerSession => ({
  sessionId: 'seed',
  tenantId: TENANT,
  kind: 'EMPLOYEE',
  buyerId: employeeId,
  name,
  mobile,
});

export const seedMall: SeedStep = async (trx) => {
  const userId = demoUserId('admin');
  const skus = await trx
    .selectFrom('skus')
    .select(['id', 'sku_code', 'units_per_case'])
    .where('tenant_id', '=', TENANT)
    .where('status', '=', 'ON_SALE')
    .orderBy('sku_code')
    .limit(6)
    .execute();
  if (skus.length === 0) return;
  await trx
    .updateTable('skus')
    .set({ employee_mall_visible: true })
    .where(
      'id',
      'in',
      skus.map((sku) => sku.id),
    )
    .execute();
  const supply = await trx
    .selectFrom('price_list_items as i')
    .innerJoin('price_lists as l', 'l.id', 'i.price_list_id')
    .select(['i.sku_id', 'i.price'])
    .where('l.tenant_id', '=', TENANT)
    .where('l.price_type', '=', 'SUPPLY')
    .where('l.status', '=', 'ACTIVE')
    .where('i.unit', '=', 'CASE')
    .execute();
  const year = new Date().getFullYear();
  await insertPriceList(
    trx,
    TENANT,
    userId,
    {
      code: `PL-E-${year}`,
      name: `${year}年员工内购价`,
      priceType: 'EMPLOYEE',
      validFrom: `${year}-01-01`,
      scopes: [],
      items: skus.map((sku) => {
        const base = Number(supply.find((each) => each.sku_id === sku.id)?.price ?? 60);
        return { skuId: sku.id, unit: 'CASE' as const, price: Math.round(base * 70) / 100 };
      }),
    },
    'ACTIVE',
  );
  for (const [index, sku] of skus.slice(0, 3).entries()) {
    await trx
      .insertInto('employee_sku_limits')
      .values({
        id: stableId('employee-limit', TENANT, sku.sku_code),
        tenant_id: TENANT,
        sku_id: sku.id,
        per_month_limit_qty: [4, 6, 10][index],
        created_by: userId,
        updated_by: userId,
      })
      .execute();
  }
  const points: string[] = [];
  for (const [name, address, hours, contact] of POINTS) {
    const id = stableId('pickup-point', TENANT, name);
    points.push(id);
    await trx
      .insertInto('pickup_points')
      .values({
        id,
        tenant_id: TENANT,
        name,
        address,
        open_hours: hours,
        contact,
        created_by: userId,
        updated_by: userId,
      })
      .execute();
  }
  const employees: Array<{ id: string; name: string; mobile: string }> = [];
  for (const [index, [no, name, quota, cases]] of EMPLOYEES.entries()) {
    const id = stableId('employee-buyer', TENANT, no);
    const mobile = `1370000000${index + 1}`.slice(0, 11);
    employees.push({ id, name, mobile });
    await trx
      .insertInto('employee_buyers')
      .values({
        id,
        tenant_id: TENANT,
        employee_no: no,
        name,
        mobile,
        company_name: '华饮酒业集团',
        monthly_quota_amount: quota,
        monthly_quota_cases: cases,
        created_by: userId,
        updated_by: userId,
      })
      .execute();
  }
  // Employee orders in each state, through the shop's own command (quota and limits apply).
  const place = async (
    who: number,
    point: number,
    lines: Array<[sku: number, cases: number]>,
    method: 'ONLINE' | 'PAYROLL',
  ) =>
    placeEmployeeOrder(trx, employeeSession(employees[who].id, employees[who].name, employees[who].mobile), {
      pickupPointId: points[point],
      paymentMethod: method,
      lines: lines.map(([sku, cases]) => ({ skuId: skus[sku % skus.length].id, cases })),
    });
  const paid = await place(
    0,
    0,
    [
      [0, 2],
      [3, 1],
    ],
    'ONLINE',
  );
  // Paid before the demo: no transaction of the simulator's (which starts empty) is behind it, so a refund of
  // it is recorded at once.
  await trx
    .updateTable('employee_orders')
    .set({
      status: 'PAID',
      paid_amount: paid.payableAmount,
      paid_at: sql<Date>`now()`,
      payment_ref: 'SEED-WXPAY-0001',
    })
    .where('id', '=', paid.id)
    .execute();
  const ready = await place(1, 0, [[1, 2]], 'PAYROLL');
  await trx
    .updateTable('employee_orders')
    .set({ status: 'READY_FOR_PICKUP' })
    .where('id', '=', ready.id)
    .execute();
  const picked = await place(2, 1, [[2, 3]], 'PAYROLL');
  await trx
    .updateTable('employee_orders')
    .set({ status: 'PICKED_UP', picked_up_at: sql<Date>`now()`, picked_up_by: demoUserId('admin') })
    .where('id', '=', picked.id)
    .execute();
  await place(3, 2, [[4, 1]], 'ONLINE'); // waiting for payment
  const late = await place(4, 1, [[5, 1]], 'ONLINE');
  await trx
    .updateTable('employee_orders')
    .set({
      status: 'CANCELLED',
      cancelled_at: sql<Date>`now()`,
      cancel_reason: '超过 30 分钟未支付，系统自动取消',
    })
    .where('id', '=', late.id)
    .execute();

  // The demo outlet buyer: the first approved outlet with a dealer, signing in with DEMO_OUTLET_BUYER_MOBILE.
  const outlet = await trx
    .selectFrom('customers')
    .select(['id', 'name'])
    .where('tenant_id', '=', TENANT)
    .where('customer_type', '=', 'OUTLET')
    .where('status', '=', 'ACTIVE')
    .where('audit_status', '=', 'APPROVED')
    .where('serving_dealer_id', 'is not', null)
    .orderBy('customer_code')
    .executeTakeFirst();
  if (!outlet) return;
  await trx
    .updateTable('customers')
    .set({ boss_mobile: DEMO_OUTLET_BUYER_MOBILE })
    .where('id', '=', outlet.id)
    .execute();
  const buyer: BuyerSession = {
    sessionId: 'seed',
    tenantId: TENANT,
    kind: 'OUTLET',
    buyerId: outlet.id,
    name: outlet.name,
    mobile: DEMO_OUTLET_BUYER_MOBILE,
  };
  for (const lines of [
    [{ skuId: skus[0].id, cases: 5 }],
    [
      { skuId: skus[1].id, cases: 3 },
      { skuId: skus[2].id, cases: 2 },
    ],
  ]) {
    try {
      await placeOutletOrder(trx, buyer, { paymentMethod: 'COD', lines, buyerRemark: '商城下单' });
    } catch {
      // An outlet the demo prices do not reach simply has no mall order.
    }
  }
};
