// Seed step of the dealer workspaces (issue #22): every dealer of A01 gets its 经销商档案; the two dealers with
// the most outlet orders addressed to them get accounts — an administrator (经销商管理员) and a warehouse keeper
// (经销商仓管) each — and the first keeps its books in 畅捷通T+ (this server's simulator), so its outlet orders
// sync there instead of to the brand's Kingdee; one of its outlets orders in the web mall with
// DEMO_TPLUS_OUTLET_MOBILE. README "演示账号" lists the accounts.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../schema';
import { SIMULATED_BASE_URLS, SIMULATED_ERP_CREDENTIALS } from '../../integrations/erp/simulator';
import { hashPassword } from '../../modules/auth/passwords';
import { insertRole, type RoleDefinition } from '../../modules/auth/tenantOrganisation';
import { mappingsFromMasterData } from '../../modules/erpSync/connections';
import { mapDemoSettleTypes } from './erp';
import { stableId } from '../ids';
import { demoRoleId, demoUserId } from './ids';
import type { SeedStep } from './index';
import { DEMO_OUTLET_BUYER_MOBILE } from './mall';

/** The mall buyer mobile of an outlet of the T+ dealer (/mall 门店订货; its orders are that dealer's to ship). */
export const DEMO_TPLUS_OUTLET_MOBILE = '13700000019';

/** What the brand grants dealer accounts (within the dealer ceiling of shared/dealerScope.ts). */
export const DEALER_ROLES: RoleDefinition[] = [
  {
    code: 'dealer_admin',
    name: '经销商管理员',
    level: 5,
    grants: [
      '/dashboard/analysis',
      '/eOrder',
      '/eOrder/eOrder',
      'order:list',
      'order:audit',
      'order:deliver',
      'order:sign',
      'order:invalid',
      'order:print',
      'payment:list',
      'payment:add',
      '/eprod',
      '/eprod/stock',
      '/eprod/movement',
      'stock:list',
      'stock:in',
      'stock:out',
      'stock:transfer',
      'stock:adjust',
      '/eCustomer',
      '/eCustomer/list',
      'customer:list',
      '/eRebate',
      '/eRebate/account',
      'fund:list',
      '/eStoneKpi',
      '/eStoneKpi/dealerDaily',
      '/eStoneKpi/dealerMonthly',
      'report:dealer',
      '/eDealer',
      '/eDealer/profile',
      '/eDealer/account',
      'dealer:list',
      'dealer:account',
      '/eDownload/list',
      '/isps/userAnnouncement',
    ],
  },
  {
    code: 'dealer_keeper',
    name: '经销商仓管',
    level: 5,
    grants: [
      '/dashboard/analysis',
      '/eOrder',
      '/eOrder/eOrder',
      'order:list',
      'order:deliver',
      'order:print',
      '/eprod',
      '/eprod/stock',
      'stock:list',
      'stock:in',
      'stock:out',
      'stock:transfer',
      '/isps/userAnnouncement',
    ],
  },
];

/** The demo dealer accounts: [dealer index (by orders addressed to it), username, name, role]. */
export const DEMO_DEALER_USERS = [
  { dealer: 0, username: 'dealer1', realname: '陈经理', phone: '13800000021', role: 'dealer_admin' },
  { dealer: 0, username: 'dealer1wh', realname: '李仓管', phone: '13800000022', role: 'dealer_keeper' },
  { dealer: 1, username: 'dealer2', realname: '黄经理', phone: '13800000023', role: 'dealer_admin' },
  { dealer: 1, username: 'dealer2wh', realname: '周仓管', phone: '13800000024', role: 'dealer_keeper' },
] as const;

const BANKS = ['中国工商银行', '中国建设银行', '招商银行', '中国农业银行'];

export const seedDealers: SeedStep = async (trx, { adminPassword }) => {
  const tenantId = 'A01';
  const dealers = await trx
    .selectFrom('customers')
    .select([
      'id',
      'customer_code',
      'name',
      'boss_name',
      'province_code',
      'city_code',
      'business_license_no',
      sql<number>`(select count(*)::integer from sales_orders o where o.seller_id = customers.id)`.as(
        'orders',
      ),
    ])
    .where('tenant_id', '=', tenantId)
    .where('customer_type', '=', 'DEALER')
    .orderBy('customer_code')
    .execute();
  for (const [index, dealer] of dealers.entries()) {
    const number = Number(dealer.customer_code.slice(1));
    await trx
      .insertInto('dealer_profiles')
      .values({
        id: dealer.id,
        tenant_id: tenantId,
        customer_id: dealer.id,
        legal_person: dealer.boss_name,
        tax_no: dealer.business_license_no,
        invoice_title: dealer.name,
        bank_name: BANKS[index % BANKS.length],
        bank_account: `6222${String(number).padStart(4, '0')}${String(1000_0000 + number * 7919).slice(-8)}`,
        license_no: dealer.business_license_no,
        authorized_area_codes: JSON.stringify([dealer.city_code ?? dealer.province_code].filter(Boolean)),
        authorized_channels: JSON.stringify(['TT', 'CATERING']),
        contract_no: `HT2026${String(number).padStart(4, '0')}`,
        contract_start: '2026-01-01',
        contract_end: '2026-12-31',
        deposit_amount: 50_000 + (number % 5) * 10_000,
        annual_target_cases: 20_000 + (number % 7) * 2_500,
        dms_enabled: index % 3 !== 2,
      })
      .execute();
  }

  const permissions = await trx
    .selectFrom('permissions')
    .select(['id', 'tenant_id', 'menu_type', 'perms', 'url', 'name'])
    .where('tenant_id', '=', tenantId)
    .execute();
  for (const role of DEALER_ROLES) {
    const id = demoRoleId(tenantId, role.code);
    await insertRole(trx, { ...role, id, tenantId }, permissions);
    await trx.updateTable('roles').set({ for_dealers: true }).where('id', '=', id).execute();
  }

  const busiest = [...dealers].sort(
    (a, b) => b.orders - a.orders || a.customer_code.localeCompare(b.customer_code),
  );
  const hash = await hashPassword(adminPassword);
  for (const user of DEMO_DEALER_USERS) {
    const id = demoUserId(user.username);
    await trx
      .insertInto('users')
      .values({
        id,
        tenant_id: tenantId,
        username: user.username,
        realname: user.realname,
        phone: user.phone,
        email: `${user.username}@example.com`,
        avatar: null,
        sex: 1,
        org_code: null,
        role_enum: null,
        locked_until: null,
        birthday: null,
        password_hash: hash,
        dealer_id: busiest[user.dealer].id,
      })
      .execute();
    await trx
      .insertInto('user_roles')
      .values({ tenant_id: tenantId, user_id: id, role_id: demoRoleId(tenantId, user.role) })
      .execute();
  }

  // The first dealer keeps its books in T+: its outlet orders go there.
  const onTplus = busiest[0];
  const connectionId = stableId('erp-connection', tenantId, 'dealer-tplus');
  await trx
    .insertInto('erp_connections')
    .values({
      id: connectionId,
      tenant_id: tenantId,
      name: `${onTplus.name}·畅捷通T+（本机模拟器）`,
      system_type: 'CHANJET_TPLUS',
      owner_type: 'DEALER',
      owner_id: onTplus.id,
      base_url: SIMULATED_BASE_URLS.CHANJET_TPLUS,
      acct_id: `SIM-${onTplus.customer_code}`,
      app_id: SIMULATED_ERP_CREDENTIALS.appId,
      app_secret: SIMULATED_ERP_CREDENTIALS.appSecret,
      user_name: SIMULATED_ERP_CREDENTIALS.userName,
    })
    .execute();
  await mappingsFromMasterData(trx, tenantId, connectionId, 'CHANJET_TPLUS');
  await mapDemoSettleTypes(trx, connectionId, 'CHANJET_TPLUS');
  await mapDealerBooks(trx, tenantId, connectionId, onTplus.id);
  const mallOutlet = await trx
    .selectFrom('customers')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('customer_type', '=', 'OUTLET')
    .where('serving_dealer_id', '=', onTplus.id)
    .where('status', '=', 'ACTIVE')
    .where('audit_status', '=', 'APPROVED')
    .where((eb) => eb.or([eb('boss_mobile', 'is', null), eb('boss_mobile', '!=', DEMO_OUTLET_BUYER_MOBILE)]))
    .orderBy('customer_code')
    .executeTakeFirst();
  if (mallOutlet)
    await trx
      .updateTable('customers')
      .set({ boss_mobile: DEMO_TPLUS_OUTLET_MOBILE })
      .where('id', '=', mallOutlet.id)
      .execute();
  await trx
    .updateTable('customers')
    .set({ erp_type: 'CHANJET_TPLUS' })
    .where('id', '=', onTplus.id)
    .execute();
};

/**
 * The dealer's T+ was set up from the brand's master data: its outlets (served by it or buying from it), the
 * sales reps of its orders and of its outlets, and every material and warehouse carry the local codes there. Without these the
 * outbounds of its orders would wait on 编码未映射 instead of reaching its T+.
 */
async function mapDealerBooks(
  trx: Transaction<DB>,
  tenantId: string,
  connectionId: string,
  dealerId: string,
) {
  const outlets = await trx
    .selectFrom('customers')
    .select(['id', 'customer_code as code', 'name'])
    .where('tenant_id', '=', tenantId)
    .where((eb) =>
      eb.or([
        eb('serving_dealer_id', '=', dealerId),
        eb('id', 'in', eb.selectFrom('sales_orders').select('buyer_id').where('seller_id', '=', dealerId)),
      ]),
    )
    .execute();
  const reps = await trx
    .selectFrom('users')
    .select(['id', 'username as code', 'realname as name'])
    .where('tenant_id', '=', tenantId)
    // The reps of its orders, and the owners of its outlets (the rep of an order its outlets place in the mall).
    .where((eb) =>
      eb.or([
        eb('id', 'in', (sub) =>
          sub
            .selectFrom('sales_orders')
            .select('sales_rep_id')
            .where('seller_id', '=', dealerId)
            .where('sales_rep_id', 'is not', null)
            .$narrowType<{ sales_rep_id: string }>(),
        ),
        eb('id', 'in', (sub) =>
          sub
            .selectFrom('customers')
            .select('owner_user_id')
            .where('serving_dealer_id', '=', dealerId)
            .where('owner_user_id', 'is not', null)
            .$narrowType<{ owner_user_id: string }>(),
        ),
      ]),
    )
    .execute();
  const rows = [
    ...outlets.map((row) => ({ type: 'CUSTOMER' as const, ...row })),
    ...reps.map((row) => ({ type: 'EMPLOYEE' as const, ...row })),
  ];
  if (rows.length > 0)
    await trx
      .insertInto('erp_mappings')
      .values(
        rows.map((row) => ({
          id: stableId('erp-mapping', connectionId, row.type, row.id),
          tenant_id: tenantId,
          connection_id: connectionId,
          entity_type: row.type,
          local_id: row.id,
          local_code: row.code,
          local_name: row.name,
          erp_code: row.code,
          status: 'OK' as const,
        })),
      )
      .onConflict((conflict) =>
        conflict.columns(['connection_id', 'entity_type', 'local_id']).doUpdateSet((eb) => ({
          erp_code: eb.ref('excluded.erp_code'),
          status: 'OK',
        })),
      )
      .execute();
  await trx
    .updateTable('erp_mappings')
    .set((eb) => ({ erp_code: eb.ref('local_code'), status: 'OK' }))
    .where('connection_id', '=', connectionId)
    .where('status', '!=', 'OK')
    .execute();
}
